import { describe, expect, it } from 'vitest';
import { compact } from './compact.js';
import { OLD_RESULT_BYTES, SUMMARY_HEADER, SUPERSEDED_MARKER, TRUNCATION_MARKER } from './constants.js';
import type { Message } from './types.js';
import { validate } from './validate.js';

const big = 'line of output\n'.repeat(400);
const step = (id: string, name: string, input: unknown, content: string): Message[] => [
  { role: 'assistant', toolCalls: [{ id, name, input }] },
  { role: 'tool', toolResult: { callId: id, content } },
];
// One long agent turn: enough model turns that the early ones fall outside the recency window.
const agentRun: Message[] = [
  { role: 'system', text: 'You are a coding agent.' },
  { role: 'user', text: 'Fix the bug in src/a.ts' },
  ...step('1', 'read_file', { path: 'src/a.ts' }, big),
  ...step('2', 'bash', { command: 'make test' }, big),
  ...step('3', 'read_file', { path: 'src/a.ts' }, big),
  ...step('4', 'bash', { command: 'make test' }, big),
  ...step('5', 'grep', { pattern: 'TODO' }, 'src/a.ts:1'),
  ...step('6', 'grep', { pattern: 'TODO' }, 'src/a.ts:1'),
  { role: 'assistant', text: 'Done.' },
];

describe('compact', () => {
  it('rejects a budget or fractions that would silently switch compaction off', async () => {
    await expect(compact(agentRun, { budget: Number.NaN })).rejects.toThrow(
      'compact: budget must be a positive number of tokens, found NaN',
    );
    await expect(compact(agentRun, { budget: -5 })).rejects.toThrow(RangeError);
    await expect(compact(agentRun, { budget: 0 })).rejects.toThrow(RangeError);
    await expect(compact(agentRun, { budget: 1000, trigger: Number.NaN })).rejects.toThrow(
      'compact: trigger must be a fraction between 0 and 1, found NaN',
    );
    await expect(compact(agentRun, { budget: 1000, target: 1.5 })).rejects.toThrow(RangeError);
  });

  it('does nothing below the trigger', async () => {
    const result = await compact(agentRun, { budget: 1_000_000 });
    expect(result).toMatchObject({ skipped: 'below-trigger', stages: [] });
    expect(result.messages).toBe(agentRun);
  });

  it('supersedes an earlier identical read, never a repeated shell command', async () => {
    const result = await compact(agentRun, { budget: 7000, target: 0.75 });
    expect(result.stages[0]).toMatchObject({ stage: 'supersede', indices: [3] });
    expect(result.messages[3]?.toolResult?.content).toBe(SUPERSEDED_MARKER);
    expect(result.messages[5]?.toolResult?.content).toBe(big);
    expect(result.after).toBeLessThanOrEqual(0.75 * 7000);
  });

  it('shortens stale results outside the recency window, oldest first, stopping at target', async () => {
    const result = await compact(agentRun, { budget: 7000 });
    expect(result.stages.map((stage) => stage.stage)).toEqual(['supersede', 'shorten']);
    const shortened = result.messages[5]?.toolResult?.content ?? '';
    expect(Buffer.byteLength(shortened)).toBeLessThanOrEqual(OLD_RESULT_BYTES);
    expect(shortened).toContain(TRUNCATION_MARKER);
    // Head and tail: the last line of a shell result (its exit status) survives.
    expect(shortened.startsWith('line of output\n')).toBe(true);
    expect(shortened.endsWith('line of output\n')).toBe(true);
    // The last three model turns are untouched.
    expect(result.messages.slice(-5)).toEqual(agentRun.slice(-5));
    expect(validate(result.messages, 'anthropic')).toEqual([]);
  });

  it('replaces attachments of finished turns with a marker naming the file', async () => {
    const messages: Message[] = [
      {
        role: 'user',
        text: 'What is in this?',
        attachments: [{ type: 'document', mediaType: 'application/pdf', data: 'JVBERi0=', name: 'spec.pdf' }],
      },
      { role: 'assistant', text: 'A spec.' },
      { role: 'user', text: 'Thanks. Next question?' },
      { role: 'assistant', text: 'Sure.' },
      { role: 'user', text: 'And another?' },
      { role: 'assistant', text: 'Yes.' },
      { role: 'user', text: 'Last one?' },
      { role: 'assistant', text: 'No.' },
    ];
    const result = await compact(messages, { budget: 6000, target: 0.8 });
    expect(result.stages.map((stage) => stage.stage)).toEqual(['attachments']);
    expect(result.messages[0]).toEqual({
      role: 'user',
      text: 'What is in this?\n[document spec.pdf removed to stay within the context window; mention it again to re-attach it]',
    });
  });

  it('replaces an image a tool returned once it is outside the recency window', async () => {
    const screenshot = {
      type: 'image' as const,
      mediaType: 'image/png',
      data: 'iVBORw0KGgo=',
      name: 'page.png',
    };
    const messages: Message[] = [
      { role: 'user', text: 'Check the page' },
      { role: 'assistant', toolCalls: [{ id: 's', name: 'screenshot', input: {} }] },
      { role: 'tool', toolResult: { callId: 's', content: 'captured', attachments: [screenshot] } },
      ...step('2', 'bash', { command: 'ls' }, 'a'),
      ...step('3', 'bash', { command: 'ls' }, 'b'),
      { role: 'assistant', text: 'The page renders.' },
    ];
    const result = await compact(messages, { budget: 1800 });
    expect(result.stages.map((stage) => stage.stage)).toEqual(['attachments']);
    expect(result.messages[2]).toEqual({
      role: 'tool',
      toolResult: {
        callId: 's',
        content:
          'captured\n[image page.png removed to stay within the context window; mention it again to re-attach it]',
      },
    });
  });

  it('cuts a prefix at a user message and inserts the digest as a system summary (golden)', async () => {
    const turns: Message[] = [{ role: 'system', text: 'You are a coding agent.' }];
    for (const label of ['one', 'two', 'three', 'four']) {
      turns.push(
        { role: 'user', text: `Task ${label}` },
        ...step(label, 'Read', { file_path: `src/${label}.ts` }, 'x'.repeat(300)),
      );
      turns.push({
        role: 'assistant',
        text: `I will edit src/${label}.ts because it is wrong. ${'Filler. '.repeat(250)}`,
      });
    }
    const result = await compact(turns, { budget: 2500, keepTurns: 1 });
    expect(result.stages.at(-1)).toMatchObject({ stage: 'cut', indices: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(result.messages[0]).toEqual(turns[0]);
    expect(result.messages[1]?.role).toBe('system');
    expect(result.messages[2]).toEqual(turns[9]);
    expect(result.digest?.filesRead).toEqual(['src/one.ts', 'src/two.ts']);
    await expect(result.messages[1]?.text).toMatchFileSnapshot('__goldens__/compact-summary.txt');
    expect(validate(result.messages, 'anthropic')).toEqual([]);

    // A second compaction folds the first summary into the new one instead of stacking summaries.
    const grown = [
      ...result.messages,
      { role: 'user' as const, text: 'Task five' },
      { role: 'assistant' as const, text: 'ok' },
    ];
    const again = await compact(grown, { budget: 1500, keepTurns: 1 });
    expect(again.messages.filter((message) => message.text?.startsWith(SUMMARY_HEADER))).toHaveLength(1);
    expect(again.digest?.filesRead.slice(0, 2)).toEqual(['src/one.ts', 'src/two.ts']);
  });

  it('uses the summarize callback with the dropped messages and their digest', async () => {
    const turns: Message[] = [];
    for (const label of ['a', 'b', 'c', 'd'])
      turns.push({ role: 'user', text: `${label} ${'y'.repeat(400)}` }, { role: 'assistant', text: 'ok' });
    const seen: number[] = [];
    const result = await compact(turns, {
      budget: 500,
      keepTurns: 0,
      summarize: async (dropped, digest) => {
        seen.push(dropped.length, digest.droppedMessages);
        return 'They talked about letters.';
      },
    });
    expect(seen[0]).toBe(seen[1]);
    expect(result.messages[0]).toEqual({
      role: 'system',
      text: `${SUMMARY_HEADER}\nThey talked about letters.`,
    });
  });

  it('pauses auto-compaction when it cannot open 5 points of headroom, and says so', async () => {
    // Everything is inside the current turn and the recency window: nothing can be removed.
    const stuck: Message[] = [
      { role: 'user', text: 'z'.repeat(3400) },
      { role: 'assistant', text: 'ok' },
    ];
    const first = await compact(stuck, { budget: 1000 });
    expect(first.state).toEqual({ paused: true, resumeAt: Math.ceil(first.after + 50) });
    const second = await compact(stuck, { budget: 1000, state: first.state });
    expect(second.skipped).toBe('paused');
    expect(second.shortfall?.reason).toMatch(/^auto-compaction is paused until \d+ tokens/);
    const grown = [...stuck, { role: 'user' as const, text: 'w'.repeat(400) }];
    const third = await compact(grown, { budget: 1000, state: first.state });
    expect(third.skipped).not.toBe('paused');
  });

  it('never stays paused past the budget itself', async () => {
    const over: Message[] = [
      { role: 'user', text: 'z'.repeat(4400) },
      { role: 'assistant', text: 'ok' },
    ];
    const result = await compact(over, { budget: 1000, state: { paused: true, resumeAt: 5000 } });
    expect(result.skipped).toBe('no-change');
  });
});
