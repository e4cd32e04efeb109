import {
  DEFAULT_KEEP_LAST_RESULTS,
  DEFAULT_TARGET,
  DEFAULT_TRIGGER,
  ELIDED_MARKER,
  findLatestUserIndex,
  type Message,
  SUMMARY_HEADER,
  TASK_SUMMARY_HEADER,
  validate,
} from '@ctxkit/compact';
import { estimateTokens } from '@ctxkit/tokenize';
import { describe, expect, it } from 'vitest';
import { ContextBudgetError } from './options.js';
import { planElision, prepareMessages } from './prepare.js';
import type { MessageCodec } from './rewrite.js';

// The neutral model as its own "framework": what the drop-ins do, without a framework's shapes.
const neutral: MessageCodec<Message> = {
  read: (source) => ({ messages: [...source], owners: source.map((_message, index) => index) }),
  rewrite: (_message, _before, after) => after[0] as Message,
  systemMessage: (text) => ({ role: 'system', text }),
  reminderMessage: (text) => ({ role: 'user', text, reminder: true }),
  key: (message) => JSON.stringify(message),
};

const big = (label: string, lines = 80) => `${label}\n${'output line of a tool\n'.repeat(lines)}`;

/** `turns` user turns, each with `steps` tool calls and results of `lines` lines. */
function conversation(turns: number, steps: number, lines = 80): Message[] {
  const out: Message[] = [{ role: 'system', text: 'You are a coding agent.' }];
  for (let turn = 0; turn < turns; turn++) {
    out.push({ role: 'user', text: `task ${turn}: fix the date tests` });
    for (let step = 0; step < steps; step++) {
      const id = `call_${turn}_${step}`;
      out.push({
        role: 'assistant',
        toolCalls: [{ id, name: 'bash', input: { command: `pytest -k ${step}` } }],
      });
      out.push({ role: 'tool', toolResult: { callId: id, content: big(id, lines) } });
    }
    out.push({ role: 'assistant', text: `turn ${turn} done` });
  }
  return out;
}

describe('prepareMessages', () => {
  it('below the trigger sends the same objects and does nothing else', async () => {
    const input = conversation(1, 2, 5);
    const result = await prepareMessages(input, neutral, { budget: 100_000 });
    expect(result.messages).toHaveLength(input.length);
    for (const [index, message] of result.messages.entries()) expect(message).toBe(input[index]);
    expect(result.report).toMatchObject({
      stages: [],
      elidedResults: 0,
      withinBudget: true,
      reusedMessages: 0,
    });
  });

  it('cuts finished turns into one summary right after the system prompt, and reuses it on the next call', async () => {
    const input = conversation(6, 3);
    const first = await prepareMessages(input, neutral, { budget: 6000 });
    expect(first.report.stages.map((stage) => stage.stage)).toContain('cut');
    expect(first.messages[0]).toBe(input[0]);
    expect(first.messages[1]?.role).toBe('system');
    expect(first.messages[1]?.text?.startsWith(SUMMARY_HEADER)).toBe(true);
    expect(validate(first.messages, 'anthropic')).toEqual([]);
    expect(first.report.tokensOut).toBeLessThanOrEqual(6000);
    // The task (the latest user message) is there, unchanged.
    expect(first.messages).toContain(input[findLatestUserIndex(input)]);

    const grown = [...input, { role: 'user' as const, text: 'one more thing' }];
    const second = await prepareMessages(grown, neutral, { budget: 6000 }, first.state);
    expect(second.report.reusedMessages).toBe(first.state.messages.length);
    expect(second.messages.slice(0, 2)).toEqual(first.messages.slice(0, 2));
    expect(second.messages[second.messages.length - 1]).toBe(grown[grown.length - 1]);
  });

  it('starts afresh when the messages no longer start with the stored conversation', async () => {
    const input = conversation(6, 3);
    const first = await prepareMessages(input, neutral, { budget: 6000 });
    const other = [{ role: 'system' as const, text: 'A different agent.' }, ...input.slice(1)];
    const second = await prepareMessages(other, neutral, { budget: 6000 }, first.state);
    expect(second.report.reusedMessages).toBe(0);
    expect(second.messages[0]).toBe(other[0]);
  });

  it('elides old results within one task where compaction cannot reach, keeping fewer than keepLastResults only to fit', async () => {
    // The latest results are in the recency window, which compaction (and its cut inside the task) never touches.
    const input = conversation(1, 4, 200);
    const result = await prepareMessages(input, neutral, { budget: 2000, keepLastResults: 5 });
    expect(result.report.elidedResults).toBeGreaterThan(0);
    expect(result.report.tokensOut).toBeLessThanOrEqual(2000);
    expect(validate(result.messages, 'openai')).toEqual([]);
    const kept = result.messages.filter(
      (message) => message.toolResult && message.toolResult.content !== ELIDED_MARKER,
    );
    expect(kept.length).toBe(result.report.keptResults);
    // The input is untouched.
    expect(input.filter((message) => message.toolResult?.content === ELIDED_MARKER)).toEqual([]);
  });

  it('puts the system context first and counts it', async () => {
    const input = conversation(1, 1, 2);
    const result = await prepareMessages(input, neutral, { budget: 10_000, system: 'repo map' });
    expect(result.messages[0]).toEqual({ role: 'system', text: 'repo map' });
    expect(result.messages[1]).toBe(input[0]);
    expect(result.report.systemTokens).toBeGreaterThan(0);
  });

  it('over the budget: a ContextBudgetError by default, sent with the report when asked', async () => {
    const input: Message[] = [{ role: 'user', text: 'word '.repeat(2000) }];
    await expect(prepareMessages(input, neutral, { budget: 500 })).rejects.toBeInstanceOf(ContextBudgetError);
    const sent = await prepareMessages(input, neutral, { budget: 500, overBudget: 'send' });
    expect(sent.report.withinBudget).toBe(false);
    expect(sent.messages[0]).toBe(input[0]);
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const input = conversation(5, 4);
    const one = await prepareMessages(input, neutral, { budget: 5000 });
    const two = await prepareMessages(input, neutral, { budget: 5000 });
    expect(JSON.stringify(two.messages)).toBe(JSON.stringify(one.messages));
    expect(two.state.fingerprint).toBe(one.state.fingerprint);
  });

  it('moves the elision boundary in jumps, so the prompt stays the same between them', () => {
    // planElision over the requests of one growing task, as prepareMessages calls it when no compaction
    // ran in between (a cut inside the task would reset the boundary and, on these messages, run first).
    const full = conversation(1, 30, 40);
    const budget = 4000;
    let previousElided = 0;
    const boundaries: number[] = [];
    for (let end = 3; end <= full.length; end += 2) {
      const { elision, elided } = planElision(full.slice(0, end), {
        budget,
        trigger: DEFAULT_TRIGGER,
        target: DEFAULT_TARGET,
        keepLastResults: DEFAULT_KEEP_LAST_RESULTS,
        previousElided,
        countTokens: estimateTokens,
      });
      expect(elision.tokensAfter).toBeLessThanOrEqual(budget);
      previousElided = elided;
      boundaries.push(elided);
    }
    const moves = boundaries.filter((value, at) => at > 0 && value !== boundaries[at - 1]).length;
    expect(Math.max(...boundaries)).toBeGreaterThan(10);
    // A sliding window would move on nearly every request once past the trigger.
    expect(moves).toBeLessThan(boundaries.filter((value) => value > 0).length / 3);
  });

  it('cuts inside one long task: the summary a reminder right after the task, recognised on the next call', async () => {
    // An agent loop's requests: each ends with the latest tool result.
    const input = conversation(1, 30, 40).slice(0, -1);
    const first = await prepareMessages(input, neutral, { budget: 4000 });
    expect(first.report.stages.map((stage) => stage.stage)).toContain('cut-in-task');
    expect(first.messages[1]).toBe(input[1]);
    expect(first.messages[2]).toMatchObject({ role: 'user', reminder: true });
    expect(first.messages[2]?.text?.startsWith(TASK_SUMMARY_HEADER)).toBe(true);
    expect(validate(first.messages, 'anthropic')).toEqual([]);
    expect(validate(first.messages, 'openai')).toEqual([]);
    expect(first.report.tokensOut).toBeLessThanOrEqual(4000);
    // The task goes on: the stored summary is folded into the next one, never kept as a second task.
    const grown = conversation(1, 60, 40).slice(0, -1);
    expect(grown.slice(0, input.length)).toEqual(input);
    const second = await prepareMessages(grown, neutral, { budget: 4000 }, first.state);
    expect(second.report.reusedMessages).toBe(first.state.messages.length);
    expect(second.report.stages.map((stage) => stage.stage)).toContain('cut-in-task');
    expect(second.messages[1]).toBe(input[1]);
    expect(second.messages.filter((message) => message.reminder)).toHaveLength(1);
    expect(validate(second.messages, 'anthropic')).toEqual([]);
  });
});
