import type { Message } from '@ctxkit/compact';
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
      { role: 'system' as const, text: 'summary' },
      read.messages[5] as Message,
    ];
    const out = writeBack(source, read, output, codec, { from: 1, to: 5 });
    expect(out.map((message) => message.id)).toEqual(['system', 'summary', 'next']);
  });

  it('refuses a cut that would split a framework message', () => {
    const read = codec.read(source);
    const output = [
      ...read.messages.slice(0, 4),
      { role: 'system' as const, text: 'summary' },
      read.messages[5] as Message,
    ];
    expect(() => writeBack(source, read, output, codec, { from: 4, to: 5 })).toThrow(
      /splits a framework message/,
    );
  });
});
