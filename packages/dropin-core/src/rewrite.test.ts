import { type Message, SUMMARY_HEADER, TASK_SUMMARY_HEADER } from '@ctxkit/compact';
import { describe, expect, it } from 'vitest';
import { type MessageCodec, writeBack } from './rewrite.js';

// A framework whose messages hold several neutral messages (a tool message with results) or none (an approval).
type Framework = { id: string; parts: Message[] };
const codec: MessageCodec<Framework> = {
  read: (source) => ({
    messages: source.flatMap((message) => message.parts),
    owners: source.flatMap((message, index) => message.parts.map(() => index)),
  }),
  rewrite: (message, _before, after) => ({ id: `${message.id}*`, parts: [...after] }),
  systemMessage: (text) => ({ id: 'summary', parts: [{ role: 'system', text }] }),
  reminderMessage: (text) => ({ id: 'reminder', parts: [{ role: 'user', text, reminder: true }] }),
  key: (message) => JSON.stringify(message),
};

const source: Framework[] = [
  { id: 'system', parts: [{ role: 'system', text: 's' }] },
  { id: 'user', parts: [{ role: 'user', text: 'task' }] },
  {
    id: 'calls',
    parts: [
      {
        role: 'assistant',
        toolCalls: [
          { id: 'a', name: 'bash', input: {} },
          { id: 'b', name: 'bash', input: {} },
        ],
      },
    ],
  },
  {
    id: 'results',
    parts: [
      { role: 'tool', toolResult: { callId: 'a', content: 'A' } },
      { role: 'tool', toolResult: { callId: 'b', content: 'B' } },
    ],
  },
  { id: 'approval', parts: [] },
  { id: 'next', parts: [{ role: 'user', text: 'next task' }] },
];

describe('writeBack', () => {
  it('passes unchanged messages through as the same objects and rebuilds a changed one', () => {
    const read = codec.read(source);
    const output = [...read.messages];
    output[4] = { role: 'tool', toolResult: { callId: 'b', content: 'elided' } };
    const out = writeBack(source, read, output, codec);
    expect(out.map((message) => message.id)).toEqual([
      'system',
      'user',
      'calls',
      'results*',
      'approval',
      'next',
    ]);
    expect(out[3]?.parts[0]).toBe(read.messages[3]);
    expect(out[3]?.parts[1]?.toolResult?.content).toBe('elided');
    for (const index of [0, 1, 2, 4, 5]) expect(out[index]).toBe(source[index]);
  });

  it('replaces a cut range, with the messages inside it that have no neutral form, by one summary', () => {
    const read = codec.read(source);
    const output = [
      read.messages[0] as Message,
      { role: 'system' as const, text: `${SUMMARY_HEADER}\nsummary` },
      read.messages[5] as Message,
    ];
    const out = writeBack(source, read, output, codec, new Set([1, 2, 3, 4]));
    expect(out.map((message) => message.id)).toEqual(['system', 'summary', 'next']);
  });

  it('refuses a cut that would split a framework message', () => {
    const read = codec.read(source);
    const output = [
      ...read.messages.slice(0, 4),
      { role: 'system' as const, text: `${SUMMARY_HEADER}\nsummary` },
      read.messages[5] as Message,
    ];
    expect(() => writeBack(source, read, output, codec, new Set([4]))).toThrow(/splits a framework message/);
  });

  it('puts a cut inside the task right after the task message, as the codec’s reminder', () => {
    const task: Framework[] = [
      source[0] as Framework,
      source[1] as Framework,
      source[2] as Framework,
      source[3] as Framework,
      source[4] as Framework,
      { id: 'last', parts: [{ role: 'assistant', text: 'done' }] },
    ];
    const read = codec.read(task);
    const reminder: Message = { role: 'user', text: `${TASK_SUMMARY_HEADER}\nran a and b`, reminder: true };
    const output = [read.messages[0], read.messages[1], reminder, read.messages[5]] as Message[];
    const out = writeBack(task, read, output, codec, new Set([2, 3, 4]));
    expect(out.map((message) => message.id)).toEqual(['system', 'user', 'reminder', 'last']);
    expect(out[1]).toBe(task[1]);
    expect(out[2]?.parts[0]?.text).toBe(reminder.text);
  });

  it('writes back two cuts of one compaction, and one summary that folded an earlier one in', () => {
    const longer: Framework[] = [
      ...source,
      { id: 'calls2', parts: [{ role: 'assistant', toolCalls: [{ id: 'c', name: 'bash', input: {} }] }] },
      { id: 'results2', parts: [{ role: 'tool', toolResult: { callId: 'c', content: 'C' } }] },
      { id: 'last', parts: [{ role: 'assistant', text: 'done' }] },
    ];
    const read = codec.read(longer);
    const summary: Message = { role: 'system', text: `${SUMMARY_HEADER}\nearlier` };
    const reminder: Message = { role: 'user', text: `${TASK_SUMMARY_HEADER}\nsteps`, reminder: true };
    // A prefix cut of the first user turn, then a cut inside the next task.
    const [system, , , , , next, , , last] = read.messages as Message[];
    const two = writeBack(
      longer,
      read,
      [system, summary, next, reminder, last] as Message[],
      codec,
      new Set([1, 2, 3, 4, 6, 7]),
    );
    expect(two.map((message) => message.id)).toEqual(['system', 'summary', 'next', 'reminder', 'last']);
    // Two prefix cuts, the second folding the first one's summary into its own: one summary stands.
    const folded = writeBack(
      longer,
      read,
      [system, summary, next, ...read.messages.slice(6)] as Message[],
      codec,
      new Set([1, 2, 3, 4]),
    );
    expect(folded.map((message) => message.id)).toEqual([
      'system',
      'summary',
      'next',
      'calls2',
      'results2',
      'last',
    ]);
    expect(() =>
      writeBack(longer, read, [system, summary, next, last] as Message[], codec, new Set([1, 2, 3, 4])),
    ).toThrow(/internal error/);
  });

  it('rebuilds the messages that belong with a changed one when the codec asks to', () => {
    const attached: MessageCodec<Framework> = {
      ...codec,
      rewriteAttached: (message, before, after) => ({
        id: `${message.id}+${before.length}${after.length}`,
        parts: [],
      }),
    };
    const read = attached.read(source);
    const output = [...read.messages];
    output[4] = { role: 'tool', toolResult: { callId: 'b', content: 'elided' } };
    const out = writeBack(source, read, output, attached);
    expect(out.map((message) => message.id)).toEqual([
      'system',
      'user',
      'calls',
      'results*',
      'approval+22',
      'next',
    ]);
    // Unchanged: the approval passes through as the same object.
    expect(writeBack(source, read, [...read.messages], attached)[4]).toBe(source[4]);
  });
});
