import { countTranscriptTokens, ELIDED_MARKER, validate } from '@ctxkit/compact';
import { keyOf } from '@ctxkit/dropin-core';
import { loadTrajectories, type Trajectory } from '@ctxkit/dropin-core/testing/trajectories';
import { createTokenizer } from '@ctxkit/tokenize';
import type { TraceRecord } from '@ctxkit/trace';
import {
  Agent,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  tool,
  Usage,
} from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { type ContextReport, contextInputFilter, readItems } from './index.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const countTokens = (text: string) => tokenizer.count(text);
const trajectories = loadTrajectories();

/** A scripted Model: call n answers with the recorded turn n (its text and function calls), then "done". */
class ReplayModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly trajectory: Trajectory) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const step = this.trajectory.steps[this.requests.length];
    this.requests.push(request);
    const message = (text: string) => ({
      type: 'message' as const,
      role: 'assistant' as const,
      status: 'completed' as const,
      content: [{ type: 'output_text' as const, text }],
    });
    if (!step) return { usage: new Usage(), output: [message('done')] };
    return {
      usage: new Usage(),
      output: [
        ...(step.text ? [message(step.text)] : []),
        ...step.calls.map((call) => ({
          type: 'function_call' as const,
          callId: call.id,
          name: call.name,
          arguments: JSON.stringify(call.input),
          status: 'completed' as const,
        })),
      ],
    };
  }

  // biome-ignore lint/correctness/useYield: the runs here never stream
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('ReplayModel does not stream');
  }
}

function replayTools(trajectory: Trajectory) {
  const results = Object.assign({}, ...trajectory.steps.map((step) => step.results)) as Record<
    string,
    string
  >;
  return trajectory.tools.map((name) =>
    tool({
      name,
      description: `replayed ${name}`,
      strict: false,
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: true },
      execute: async (_input, _context, details) => results[details?.toolCall?.callId ?? ''] ?? '',
    }),
  );
}

/** Half of each transcript, never below what elision cannot remove plus 10% (as in @ctxkit/ai-sdk's tests). */
function budgetFor(trajectory: Trajectory, fraction = 0.5): number {
  const total = countTranscriptTokens(trajectory.messages, countTokens);
  const irreducible = countTranscriptTokens(
    [
      { role: 'system', text: trajectory.system },
      ...trajectory.task.map((text) => ({ role: 'user' as const, text })),
      ...trajectory.steps.flatMap((step) => [
        { role: 'assistant' as const, text: step.text, toolCalls: step.calls },
        ...step.calls.map((call) => ({
          role: 'tool' as const,
          toolResult: { callId: call.id, content: ELIDED_MARKER },
        })),
      ]),
    ],
    countTokens,
  );
  return Math.max(Math.round(irreducible * 1.1), Math.round(total * fraction));
}

function pairingProblems(items: readonly AgentInputItem[]): string[] {
  const problems: string[] = [];
  const raw = items as unknown as Record<string, unknown>[];
  raw.forEach((item, index) => {
    if (item.type === 'function_call') {
      const answers = raw.filter(
        (other, at) => at > index && other.type === 'function_call_result' && other.callId === item.callId,
      ).length;
      if (answers !== 1) problems.push(`${index}: ${item.callId} answered ${answers} times`);
    }
    if (item.type === 'function_call_result') {
      const calls = raw.filter(
        (other, at) => at < index && other.type === 'function_call' && other.callId === item.callId,
      ).length;
      if (calls !== 1) problems.push(`${index}: result for ${item.callId} has ${calls} calls before it`);
    }
  });
  return problems;
}

describe('contextInputFilter through the real Runner over SWE-agent runs', () => {
  for (const trajectory of trajectories) {
    it(`${trajectory.name}: every model call valid, within budget, task kept, the run's items whole`, async () => {
      const budget = budgetFor(trajectory);
      const reports: ContextReport[] = [];
      const model = new ReplayModel(trajectory);
      const agent = new Agent({
        name: 'replay',
        instructions: trajectory.system,
        model,
        tools: replayTools(trajectory),
      });
      const runner = new Runner({ tracingDisabled: true });
      const records: TraceRecord[] = [];
      const input: AgentInputItem[] = trajectory.task.map((text) => ({ role: 'user', content: text }));
      const frozen = JSON.stringify(input);
      const result = await runner.run(agent, input, {
        maxTurns: trajectory.steps.length + 2,
        callModelInputFilter: contextInputFilter({
          budget,
          countTokens,
          onReport: (report) => reports.push(report),
          onTrace: (record) => records.push(record),
        }),
      });
      expect(result.finalOutput).toBe('done');
      expect(model.requests.length).toBe(trajectory.steps.length + 1);
      // One trace record per request, agreeing with its report.
      expect(records.map((record) => [record.source, record.budget.used])).toEqual(
        reports.map((report) => ['@ctxkit/openai-agents', report.tokensOut]),
      );
      let cutInTask = false;
      for (const [at, request] of model.requests.entries()) {
        const items = request.input as AgentInputItem[];
        expect(request.systemInstructions).toBe(trajectory.system);
        expect(pairingProblems(items)).toEqual([]);
        const neutral = readItems(items).messages;
        expect(validate(neutral, 'openai')).toEqual([]);
        expect(validate(neutral, 'anthropic')).toEqual([]);
        // A cut inside the task leaves one summary, a user reminder right after the task message.
        const reminders = neutral.filter((message) => message.reminder);
        // Once a cut inside the task ran, every later request carries its summary (read back as one).
        if (reports[at]?.stages.some((stage) => stage.stage === 'cut-in-task')) cutInTask = true;
        expect(reminders.length).toBe(cutInTask ? 1 : 0);
        if (reminders.length > 0) expect(neutral[trajectory.task.length]).toBe(reminders[0]);
        const instructions = countTranscriptTokens(
          [{ role: 'system', text: trajectory.system }],
          countTokens,
        );
        expect(countTranscriptTokens(neutral, countTokens) + instructions).toBeLessThanOrEqual(budget);
        expect(reports[at]?.withinBudget).toBe(true);
        expect(items.slice(0, trajectory.task.length).map(keyOf)).toEqual(input.map(keyOf));
      }
      expect(Math.max(...reports.map((report) => report.tokensIn))).toBeGreaterThan(budget);
      // The run needed the cut inside the task, and the filter wrote it back.
      expect(cutInTask).toBe(true);
      // The run's own history keeps every full result; the caller's input is untouched.
      expect(JSON.stringify(result.history)).not.toContain(ELIDED_MARKER);
      expect(JSON.stringify(input)).toBe(frozen);
    });
  }

  it('puts the system context in front of the instructions, the same on every call', async () => {
    const trajectory = trajectories.find(
      (entry) => entry.name === 'marshmallow-1867-function-calling',
    ) as Trajectory;
    const model = new ReplayModel(trajectory);
    const agent = new Agent({
      name: 'replay',
      instructions: trajectory.system,
      model,
      tools: replayTools(trajectory),
    });
    const repoMap = 'src/marshmallow/fields.py\n  class TimeDelta(Field)';
    await new Runner({ tracingDisabled: true }).run(agent, trajectory.task[0] as string, {
      maxTurns: trajectory.steps.length + 2,
      callModelInputFilter: contextInputFilter({ budget: 50_000, system: repoMap }),
    });
    for (const request of model.requests)
      expect(request.systemInstructions).toBe(`${repoMap}\n\n${trajectory.system}`);
  });

  it('rejects bad options and input with one line', () => {
    expect(() => contextInputFilter({ budget: Number.NaN })).toThrow(
      'contextInputFilter: budget must be a positive number of tokens, found NaN',
    );
    expect(() => readItems([null as unknown as AgentInputItem])).toThrow(
      '@ctxkit/openai-agents: input item 0 is null; expected an object',
    );
  });
});
