import { countTranscriptTokens, ELIDED_MARKER, validate } from '@ctxkit/compact';
import { keyOf } from '@ctxkit/dropin-core';
import { loadTrajectories, type Trajectory } from '@ctxkit/dropin-core/testing/trajectories';
import { createCalibration, createTokenizer } from '@ctxkit/tokenize';
import type { TraceRecord } from '@ctxkit/trace';
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  stepCountIs,
  streamText,
  ToolLoopAgent,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { type ContextReport, contextMiddleware, REPORT_METADATA_KEY } from './index.js';
import { readPrompt } from './prompt-codec.js';
import type { Prompt } from './types.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const countTokens = (text: string) => tokenizer.count(text);
const trajectories = loadTrajectories();

const usage = (input: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 10, text: 10, reasoning: 0 },
});

/** A mock model that replays `trajectory`: step n answers with the recorded calls of turn n. */
function replayModel(trajectory: Trajectory, reportInput: (prompt: Prompt) => number = () => 100) {
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async (options) => {
      const step = trajectory.steps[model.doGenerateCalls.length - 1];
      if (!step) {
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: usage(reportInput(options.prompt)),
          warnings: [],
        };
      }
      return {
        content: [
          ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
          ...step.calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: JSON.stringify(call.input),
          })),
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: usage(reportInput(options.prompt)),
        warnings: [],
      };
    },
  });
  return model;
}

/** Tools that return the recorded observation for each call id. */
function replayTools(trajectory: Trajectory): ToolSet {
  const results = Object.assign({}, ...trajectory.steps.map((step) => step.results)) as Record<
    string,
    string
  >;
  return Object.fromEntries(
    trajectory.tools.map((name) => [
      name,
      tool({
        description: `replayed ${name}`,
        inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', additionalProperties: true }),
        execute: async (_input, { toolCallId }) => results[toolCallId] ?? '',
      }),
    ]),
  );
}

function initialMessages(trajectory: Trajectory): ModelMessage[] {
  return trajectory.task.map((text) => ({ role: 'user' as const, content: text }));
}

/**
 * Half of each transcript, as the compact bench does — but never below what elision cannot remove (the
 * system prompt, the task and the model's own turns, every result as the marker) plus 10%: within a
 * single task the cut inside it keeps the task and the recency window whole, so a smaller budget
 * can be a budget error (tested below).
 */
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

/** Tokens of the tool definitions the SDK sends with each call, seen by a dry run. */
async function toolTokens(trajectory: Trajectory): Promise<number> {
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usage(1),
      warnings: [],
    },
  });
  await generateText({ model, prompt: 'dry run', tools: replayTools(trajectory) });
  return countTokens(JSON.stringify(model.doGenerateCalls[0]?.tools ?? []));
}

/** Every tool call answered by exactly one result in the tool message right after it, and no stray results. */
function pairingProblems(prompt: Prompt): string[] {
  const problems: string[] = [];
  prompt.forEach((message, index) => {
    if (message.role === 'tool') {
      const previous = prompt[index - 1];
      const calls = new Set(
        previous?.role === 'assistant'
          ? previous.content.filter((part) => part.type === 'tool-call').map((part) => part.toolCallId)
          : [],
      );
      for (const part of message.content)
        if (part.type === 'tool-result' && !calls.has(part.toolCallId))
          problems.push(`${index}: orphaned ${part.toolCallId}`);
    }
    if (message.role !== 'assistant') return;
    const next = prompt[index + 1];
    for (const part of message.content) {
      if (part.type !== 'tool-call') continue;
      const answers =
        next?.role === 'tool'
          ? next.content.filter(
              (result) => result.type === 'tool-result' && result.toolCallId === part.toolCallId,
            ).length
          : 0;
      if (answers !== 1) problems.push(`${index}: ${part.toolCallId} answered ${answers} times`);
    }
  });
  return problems;
}

/** Length of the leading run of identical messages. */
function commonPrefix(left: Prompt, right: Prompt): number {
  let index = 0;
  while (index < left.length && index < right.length && keyOf(left[index]) === keyOf(right[index])) index++;
  return index;
}

describe('contextMiddleware over real SWE-agent runs (generateText tool loops)', () => {
  for (const trajectory of trajectories) {
    it(`${trajectory.name}: every request valid, within budget, task kept, prefix stable`, async () => {
      const budget = budgetFor(trajectory) + (await toolTokens(trajectory));
      const reports: ContextReport[] = [];
      const mock = replayModel(trajectory);
      const messages = initialMessages(trajectory);
      const frozen = JSON.stringify(messages);
      const result = await generateText({
        model: wrapLanguageModel({
          model: mock,
          middleware: contextMiddleware({ budget, countTokens, onReport: (report) => reports.push(report) }),
        }),
        system: trajectory.system,
        messages,
        tools: replayTools(trajectory),
        stopWhen: stepCountIs(trajectory.steps.length + 1),
      });
      const prompts = mock.doGenerateCalls.map((call) => call.prompt);
      expect(prompts.length).toBe(trajectory.steps.length + 1);
      expect(result.text).toBe('done');
      const tools = JSON.stringify(mock.doGenerateCalls[0]?.tools ?? []);
      let reuse = 0;
      let total = 0;
      let cutInTask = false;
      for (const [at, prompt] of prompts.entries()) {
        const neutral = readPrompt(prompt).messages;
        expect(pairingProblems(prompt)).toEqual([]);
        expect(validate(neutral, 'openai')).toEqual([]);
        expect(validate(neutral, 'anthropic')).toEqual([]);
        // A cut inside the task leaves one summary, a user reminder right after the task message.
        const reminders = neutral.filter((message) => message.reminder);
        // Once a cut inside the task ran, every later request carries its summary (read back as one).
        if (reports[at]?.stages.some((stage) => stage.stage === 'cut-in-task')) cutInTask = true;
        expect(reminders.length).toBe(cutInTask ? 1 : 0);
        if (reminders.length > 0) expect(neutral[1 + trajectory.task.length]).toBe(reminders[0]);
        const tokens = countTranscriptTokens(neutral, countTokens);
        expect(tokens + countTokens(tools)).toBeLessThanOrEqual(budget);
        expect(reports[at]?.tokensOut).toBe(tokens + (reports[at]?.reservedTokens ?? 0));
        // The system prompt and the task are the first messages, byte for byte, every time.
        expect(prompt.slice(0, 1 + trajectory.task.length)).toEqual(
          prompts[0]?.slice(0, 1 + trajectory.task.length),
        );
        if (at === 0) continue;
        const previous = prompts[at - 1] as Prompt;
        const prefix = commonPrefix(previous, prompt);
        // Between steps, the only messages that change are tool results turning into the elision
        // marker (the keep window sliding) — unless staged compaction ran for this request.
        if ((reports[at]?.stages.length ?? 0) === 0) {
          for (let index = prefix; index < previous.length; index++) {
            const before = previous[index];
            const after = prompt[index];
            if (keyOf(before) === keyOf(after)) continue;
            expect(after?.role).toBe('tool');
            const contents = after?.role === 'tool' ? after.content : [];
            for (const part of contents)
              if (part.type === 'tool-result' && part.output.type === 'text' && before?.role === 'tool')
                expect([
                  ELIDED_MARKER,
                  ...before.content.map((old) =>
                    old.type === 'tool-result' && old.output.type === 'text' ? old.output.value : '',
                  ),
                ]).toContain(part.output.value);
          }
        }
        const sizes = prompt.map((message) =>
          countTranscriptTokens(readPrompt([message]).messages, countTokens),
        );
        reuse += sizes.slice(0, prefix).reduce((sum, value) => sum + value, 0);
        total += sizes.reduce((sum, value) => sum + value, 0);
      }
      // The run needed the cut inside the task, and the drop-in wrote it back.
      expect(cutInTask).toBe(true);
      // The caller's messages are untouched, and the SDK's own history keeps every full result.
      expect(JSON.stringify(messages)).toBe(frozen);
      const responseText = JSON.stringify(result.response.messages);
      expect(responseText).not.toContain(ELIDED_MARKER);
      // The run was long enough to need it: the SDK's own history outgrew the budget.
      expect(Math.max(...reports.map((report) => report.tokensIn))).toBeGreaterThan(budget);
      expect(reuse / total).toBeGreaterThan(0.5);
    });
  }
});

describe('contextMiddleware with the other entry points', () => {
  const trajectory = trajectories.find(
    (entry) => entry.name === 'marshmallow-1867-str-replace',
  ) as Trajectory;

  it('streamText: every streamed step is within budget and the report rides in providerMetadata', async () => {
    const budget = budgetFor(trajectory);
    let calls = 0;
    const prompts: Prompt[] = [];
    const model = new MockLanguageModelV3({
      doStream: async ({ prompt }) => {
        prompts.push(prompt);
        const step = trajectory.steps[calls++];
        const parts = step
          ? step.calls.map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.name,
              input: JSON.stringify(call.input),
            }))
          : [];
        return {
          stream: convertArrayToReadableStream([
            { type: 'stream-start' as const, warnings: [] },
            ...(step
              ? []
              : [
                  { type: 'text-start' as const, id: 't' },
                  { type: 'text-delta' as const, id: 't', delta: 'done' },
                  { type: 'text-end' as const, id: 't' },
                ]),
            ...parts,
            {
              type: 'finish' as const,
              finishReason: { unified: step ? ('tool-calls' as const) : ('stop' as const), raw: undefined },
              usage: usage(100),
            },
          ]),
        };
      },
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: contextMiddleware({ budget, countTokens }) }),
      system: trajectory.system,
      messages: initialMessages(trajectory),
      tools: replayTools(trajectory),
      stopWhen: stepCountIs(trajectory.steps.length + 1),
    });
    expect(await result.text).toBe('done');
    expect(prompts.length).toBe(trajectory.steps.length + 1);
    for (const prompt of prompts) {
      expect(pairingProblems(prompt)).toEqual([]);
      expect(countTranscriptTokens(readPrompt(prompt).messages, countTokens)).toBeLessThanOrEqual(budget);
    }
    const metadata = (await result.providerMetadata)?.[REPORT_METADATA_KEY] as unknown as ContextReport;
    expect(metadata.withinBudget).toBe(true);
    expect(metadata.budget).toBe(budget);
  });

  it('ToolLoopAgent: the injected system context comes first, unchanged, on every step', async () => {
    const budget = budgetFor(trajectory);
    const mock = replayModel(trajectory);
    const repoMap =
      'src/marshmallow/fields.py\n  class TimeDelta(Field)\n  def _serialize(self, value, attr, obj)';
    const agent = new ToolLoopAgent({
      model: wrapLanguageModel({
        model: mock,
        middleware: contextMiddleware({ budget, countTokens, system: repoMap }),
      }),
      instructions: trajectory.system,
      tools: replayTools(trajectory),
      stopWhen: stepCountIs(trajectory.steps.length + 1),
    });
    const result = await agent.generate({ messages: initialMessages(trajectory) });
    expect(result.text).toBe('done');
    for (const { prompt } of mock.doGenerateCalls) {
      expect(prompt[0]).toEqual({ role: 'system', content: repoMap });
      expect(prompt[1]).toEqual({ role: 'system', content: trajectory.system });
      expect(pairingProblems(prompt)).toEqual([]);
      expect(countTranscriptTokens(readPrompt(prompt).messages, countTokens)).toBeLessThanOrEqual(budget);
    }
  });

  it('calibration follows the prompt tokens the provider reports', async () => {
    const calibration = createCalibration();
    const estimateTimesOneAndAHalf = (prompt: Prompt) =>
      Math.round(
        1.5 * countTranscriptTokens(readPrompt(prompt).messages, (text) => Math.ceil(text.length / 4)),
      );
    const mock = replayModel(trajectory, estimateTimesOneAndAHalf);
    await generateText({
      model: wrapLanguageModel({
        model: mock,
        middleware: contextMiddleware({ budget: 50_000, calibration, countTools: false }),
      }),
      system: trajectory.system,
      messages: initialMessages(trajectory),
      tools: replayTools(trajectory),
      stopWhen: stepCountIs(trajectory.steps.length + 1),
    });
    expect(calibration.ratio).toBeGreaterThan(1.4);
    expect(calibration.ratio).toBeLessThanOrEqual(1.5);
  });

  it('counts the tool definitions against the budget, with the default estimate too', async () => {
    const mock = replayModel({ ...trajectory, steps: [] });
    const reports: ContextReport[] = [];
    await generateText({
      model: wrapLanguageModel({
        model: mock,
        middleware: contextMiddleware({ budget: 100_000, onReport: (report) => reports.push(report) }),
      }),
      system: trajectory.system,
      messages: initialMessages(trajectory),
      tools: replayTools(trajectory),
    });
    const tools = JSON.stringify(mock.doGenerateCalls[0]?.tools);
    expect(reports[0]?.reservedTokens).toBe(Math.ceil(tools.length / 4));
    expect(reports[0]?.tokensOut).toBe(
      countTranscriptTokens(readPrompt(mock.doGenerateCalls[0]?.prompt as Prompt).messages) +
        (reports[0]?.reservedTokens ?? 0),
    );
  });

  it('records every model call with onTrace: the model id, the tools and what the prompt held', async () => {
    const mock = replayModel(trajectory);
    const records: TraceRecord[] = [];
    const reports: ContextReport[] = [];
    await generateText({
      model: wrapLanguageModel({
        model: mock,
        middleware: contextMiddleware({
          budget: 100_000,
          onReport: (report) => reports.push(report),
          onTrace: (record) => records.push(record),
        }),
      }),
      system: trajectory.system,
      messages: initialMessages(trajectory),
      tools: replayTools(trajectory),
      stopWhen: stepCountIs(4),
    });
    expect(records.length).toBe(mock.doGenerateCalls.length);
    expect(records.map((record) => record.seq)).toEqual(records.map((_record, index) => index));
    for (const [index, record] of records.entries()) {
      expect(record).toMatchObject({ source: '@ctxkit/ai-sdk', model: { name: mock.modelId } });
      expect(record.budget.used).toBe(reports[index]!.tokensOut);
      expect(record.sections.find((section) => section.kind === 'tools')?.tokens).toBe(
        reports[index]!.reservedTokens,
      );
    }
    // A tool loop only appends: each call repeats the one before whole.
    expect(records.slice(1).every((record) => record.prefix.brokeAt === null)).toBe(true);
  });

  it('a budget nothing can meet is a clear error before the model is called', async () => {
    const mock = replayModel(trajectory);
    await expect(
      generateText({
        model: wrapLanguageModel({
          model: mock,
          middleware: contextMiddleware({ budget: 300, countTokens }),
        }),
        system: trajectory.system,
        messages: initialMessages(trajectory),
      }),
    ).rejects.toThrow(/over the budget of 300/);
    expect(mock.doGenerateCalls.length).toBe(0);
  });

  it('rejects bad options with one line naming the option', () => {
    expect(() => contextMiddleware({ budget: -1 })).toThrow(
      'contextMiddleware: budget must be a positive number of tokens, found -1',
    );
    expect(() => contextMiddleware({ budget: 1000, trigger: 2 })).toThrow(
      'trigger must be a fraction in (0, 1], found 2',
    );
    // @ts-expect-error: a store needs load and save
    expect(() => contextMiddleware({ budget: 1000, store: {} })).toThrow(
      'expected store to have load() and save(state) methods',
    );
  });

  it('a long multi-task conversation: finished tasks become one summary right after the system prompt', async () => {
    // Three earlier runs as finished user turns, then a new task: the cut needs user-turn boundaries.
    const earlier = trajectories.filter(
      (entry) => entry.name.startsWith('marshmallow') || entry.name === 'pydicom-1458-text-actions',
    );
    const messages: ModelMessage[] = earlier.flatMap((run) => [
      { role: 'user' as const, content: run.task.join('\n') },
      ...run.steps.flatMap((step): ModelMessage[] => [
        {
          role: 'assistant',
          content: step.calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: call.input,
          })),
        },
        {
          role: 'tool',
          content: step.calls.map((call) => ({
            type: 'tool-result' as const,
            toolCallId: call.id,
            toolName: call.name,
            output: { type: 'text' as const, value: step.results[call.id] ?? '' },
          })),
        },
      ]),
      { role: 'assistant' as const, content: 'Done.' },
    ]);
    messages.push({ role: 'user', content: 'Now make the date tests pass.' });
    const summaries: number[] = [];
    const mock = replayModel({ ...trajectory, steps: [] });
    const reports: ContextReport[] = [];
    await generateText({
      model: wrapLanguageModel({
        model: mock,
        middleware: contextMiddleware({
          budget: 6000,
          countTokens,
          onReport: (report) => reports.push(report),
          summarize: async (dropped, digest) => {
            summaries.push(dropped.length);
            return `Earlier: ${digest.filesEdited.length} files edited, ${digest.commands.length} commands run.`;
          },
        }),
      }),
      system: 'You are a coding agent.',
      messages,
      tools: Object.assign({}, ...earlier.map(replayTools)),
    });
    const prompt = mock.doGenerateCalls[0]?.prompt as Prompt;
    expect(reports[0]?.stages.map((stage) => stage.stage)).toContain('cut');
    expect(summaries.length).toBe(1);
    expect(prompt[0]).toEqual({ role: 'system', content: 'You are a coding agent.' });
    expect(prompt[1]?.role).toBe('system');
    expect(prompt[1]?.role === 'system' && prompt[1].content).toMatch(/files edited/);
    // No system message after the first user message (Anthropic and Google reject that), pairs whole.
    expect(prompt.slice(2).some((message) => message.role === 'system')).toBe(false);
    expect(pairingProblems(prompt)).toEqual([]);
    expect(prompt[prompt.length - 1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'Now make the date tests pass.' }],
    });
    expect(countTranscriptTokens(readPrompt(prompt).messages, countTokens)).toBeLessThanOrEqual(6000);
  });
});
