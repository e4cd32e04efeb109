import { countTranscriptTokens, ELIDED_MARKER, validate } from '@ctxkit/compact';
import { keyOf } from '@ctxkit/dropin-core';
import { loadTrajectories, type Trajectory } from '@ctxkit/dropin-core/testing/trajectories';
import { createCalibration, createTokenizer } from '@ctxkit/tokenize';
import type { TraceRecord } from '@ctxkit/trace';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool } from '@langchain/core/tools';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ContextReport, contextMiddleware, prepareContext, readMessages } from './index.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const countTokens = (text: string) => tokenizer.count(text);
const trajectories = loadTrajectories();

/** A fake chat model that answers step n with the recorded turn n, then "done". */
function replayModel(trajectory: Trajectory, inputTokens?: (messages: BaseMessage[]) => number) {
  const model = fakeModel();
  for (const step of [...trajectory.steps, undefined]) {
    model.respond((messages) => {
      const usage = inputTokens
        ? { usage_metadata: { input_tokens: inputTokens(messages), output_tokens: 10, total_tokens: 10 } }
        : {};
      if (!step) return new AIMessage({ content: 'done', ...usage });
      return new AIMessage({
        content: step.text,
        tool_calls: step.calls.map((call) => ({
          id: call.id,
          name: call.name,
          args: call.input,
          type: 'tool_call' as const,
        })),
        ...usage,
      });
    });
  }
  return model;
}

/** Tools that return the recorded observation of each call. */
function replayTools(trajectory: Trajectory) {
  const results = Object.assign({}, ...trajectory.steps.map((step) => step.results)) as Record<
    string,
    string
  >;
  return trajectory.tools.map((name) =>
    tool(
      async (_input, config) => results[(config as { toolCall?: { id?: string } }).toolCall?.id ?? ''] ?? '',
      {
        name,
        description: `replayed ${name}`,
        schema: z.object({}).passthrough(),
      },
    ),
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

function pairingProblems(messages: readonly BaseMessage[]): string[] {
  const problems: string[] = [];
  messages.forEach((message, index) => {
    if (!AIMessage.isInstance(message)) return;
    const block: ToolMessage[] = [];
    for (let next = index + 1; next < messages.length && ToolMessage.isInstance(messages[next]); next++)
      block.push(messages[next] as ToolMessage);
    for (const call of message.tool_calls ?? []) {
      const answers = block.filter((result) => result.tool_call_id === call.id).length;
      if (answers !== 1) problems.push(`${index}: ${call.id} answered ${answers} times`);
    }
  });
  messages.forEach((message, index) => {
    if (!ToolMessage.isInstance(message)) return;
    let at = index - 1;
    while (at >= 0 && ToolMessage.isInstance(messages[at])) at--;
    const owner = messages[at];
    if (
      !owner ||
      !AIMessage.isInstance(owner) ||
      !owner.tool_calls?.some((call) => call.id === message.tool_call_id)
    )
      problems.push(`${index}: orphaned ${message.tool_call_id}`);
  });
  return problems;
}

describe('contextMiddleware in a real createAgent loop over SWE-agent runs', () => {
  for (const trajectory of trajectories) {
    it(`${trajectory.name}: every model call valid, within budget, task kept, the agent's state whole`, async () => {
      const budget = budgetFor(trajectory);
      const reports: ContextReport[] = [];
      const records: TraceRecord[] = [];
      const model = replayModel(trajectory);
      const agent = createAgent({
        model,
        tools: replayTools(trajectory),
        systemPrompt: trajectory.system,
        middleware: [
          contextMiddleware({
            budget,
            countTokens,
            onReport: (report) => reports.push(report),
            onTrace: (record) => records.push(record),
          }),
        ],
      });
      const input = trajectory.task.map((text) => new HumanMessage(text));
      const result = await agent.invoke(
        { messages: input },
        { recursionLimit: 4 * trajectory.steps.length + 10 },
      );
      const calls = model.calls.map((call) => call.messages);
      expect(calls.length).toBe(trajectory.steps.length + 1);
      // One trace record per model call, agreeing with its report.
      expect(records.map((record) => [record.source, record.budget.used])).toEqual(
        reports.map((report) => ['@ctxkit/langchain', report.tokensOut]),
      );
      let cutInTask = false;
      for (const [at, messages] of calls.entries()) {
        expect(pairingProblems(messages)).toEqual([]);
        const neutral = readMessages(messages).messages;
        expect(validate(neutral, 'openai')).toEqual([]);
        expect(validate(neutral, 'anthropic')).toEqual([]);
        // A cut inside the task leaves one summary, a user reminder right after the task message.
        const reminders = neutral.filter((message) => message.reminder);
        // Once a cut inside the task ran, every later request carries its summary (read back as one).
        if (reports[at]?.stages.some((stage) => stage.stage === 'cut-in-task')) cutInTask = true;
        expect(reminders.length).toBe(cutInTask ? 1 : 0);
        if (reminders.length > 0) expect(neutral[1 + trajectory.task.length]).toBe(reminders[0]);
        expect(countTranscriptTokens(neutral, countTokens)).toBeLessThanOrEqual(budget);
        expect(reports[at]?.withinBudget).toBe(true);
        // One system message, first; the task right after it, byte for byte.
        expect(SystemMessage.isInstance(messages[0])).toBe(true);
        expect(messages.slice(1).some((message) => SystemMessage.isInstance(message))).toBe(false);
        expect(messages.slice(0, 1 + trajectory.task.length).map(keyOf)).toEqual(
          calls[0]?.slice(0, 1 + trajectory.task.length).map(keyOf),
        );
      }
      expect(Math.max(...reports.map((report) => report.tokensIn))).toBeGreaterThan(budget);
      // The run needed the cut inside the task, and the drop-in wrote it back.
      expect(cutInTask).toBe(true);
      // The agent's own state keeps every full result; the caller's input is untouched.
      const state = result.messages as BaseMessage[];
      expect(
        state
          .filter((message) => ToolMessage.isInstance(message))
          .some((message) => message.content === ELIDED_MARKER),
      ).toBe(false);
      expect(input.map((message) => message.content)).toEqual(trajectory.task);
    });
  }

  it('the injected system context comes first in the one system message, and calibration follows usage', async () => {
    const trajectory = trajectories.find(
      (entry) => entry.name === 'marshmallow-1867-str-replace',
    ) as Trajectory;
    const calibration = createCalibration();
    const estimate = (text: string) => Math.ceil(text.length / 4);
    const model = replayModel(trajectory, (messages) =>
      Math.round(1.5 * countTranscriptTokens(readMessages(messages).messages, estimate)),
    );
    const repoMap = 'src/marshmallow/fields.py\n  class TimeDelta(Field)';
    const agent = createAgent({
      model,
      tools: replayTools(trajectory),
      systemPrompt: trajectory.system,
      middleware: [contextMiddleware({ budget: 50_000, system: repoMap, calibration })],
    });
    await agent.invoke(
      { messages: trajectory.task.map((text) => new HumanMessage(text)) },
      { recursionLimit: 100 },
    );
    for (const call of model.calls) expect(call.messages[0]?.text).toBe(`${repoMap}\n\n${trajectory.system}`);
    expect(calibration.ratio).toBeGreaterThan(1.4);
  });
});

describe('prepareContext (LangGraph and hand-written loops)', () => {
  it('keeps pairs whole, stays within budget and passes unchanged messages through as the same objects', async () => {
    const trajectory = trajectories.find((entry) => entry.name === 'pydicom-1458-text-actions') as Trajectory;
    const budget = budgetFor(trajectory);
    const history: BaseMessage[] = [
      new SystemMessage(trajectory.system),
      ...trajectory.task.map((text) => new HumanMessage(text)),
    ];
    let state: Awaited<ReturnType<typeof prepareContext>>['state'] | undefined;
    let previous: BaseMessage[] = [];
    for (const step of trajectory.steps) {
      const prepared = await prepareContext(history, { budget, countTokens, state });
      state = prepared.state;
      expect(pairingProblems(prepared.messages)).toEqual([]);
      expect(prepared.report.tokensOut).toBeLessThanOrEqual(budget);
      expect(prepared.messages[1]).toBe(history[1]);
      if (prepared.report.stages.length === 0 && previous.length > 0) {
        // Without a new compaction, what changes from one call to the next are only results elided.
        for (let index = 0; index < previous.length; index++) {
          if (keyOf(previous[index]) === keyOf(prepared.messages[index])) continue;
          expect((prepared.messages[index] as ToolMessage).content).toBe(ELIDED_MARKER);
        }
      }
      previous = prepared.messages;
      history.push(
        new AIMessage({
          content: step.text,
          tool_calls: step.calls.map((call) => ({ id: call.id, name: call.name, args: call.input })),
        }),
        ...step.calls.map(
          (call) => new ToolMessage({ content: step.results[call.id] ?? '', tool_call_id: call.id }),
        ),
      );
    }
  });

  it('rejects what is not a LangChain message, naming its index', async () => {
    await expect(
      prepareContext([new HumanMessage('hi'), { role: 'user' } as unknown as BaseMessage], { budget: 1000 }),
    ).rejects.toThrow(
      '@ctxkit/langchain: message 1 is not a LangChain message; expected a SystemMessage, HumanMessage, AIMessage or ToolMessage',
    );
    await expect(prepareContext([], { budget: 0 })).rejects.toThrow(
      'prepareContext: budget must be a positive number of tokens, found 0',
    );
  });
});
