import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toAnthropic } from './adapters/anthropic.js';
import { repair } from './repair.js';
import { transcript } from './testing/arbitraries.js';
import type { Message } from './types.js';
import { validate } from './validate.js';

const assistantCalling = (...ids: string[]): Message => ({
  role: 'assistant',
  toolCalls: ids.map((id) => ({ id, name: 'read_file', input: { path: 'a' } })),
});
const result = (id: string): Message => ({ role: 'tool', toolResult: { callId: id, content: 'ok' } });

describe('validate', () => {
  it('accepts every generated transcript for every provider', () => {
    fc.assert(
      fc.property(transcript('mixed'), (messages) => {
        expect(validate(messages, 'openai')).toEqual([]);
        expect(validate(messages, 'anthropic')).toEqual([]);
        expect(validate(messages, 'ai-sdk')).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('reports every pairing violation with its index', () => {
    const messages: Message[] = [
      { role: 'user', text: 'go' },
      result('ghost'),
      assistantCalling('a', 'b'),
      result('a'),
      result('a'),
      { role: 'user', text: 'next' },
      result('b'),
      assistantCalling('a'),
      result('a'),
    ];
    // OpenAI and the AI SDK pair by position, so reusing "a" in a later message is fine there.
    expect(validate(messages, 'openai').map((violation) => violation.index)).toEqual([1, 2, 4, 6]);
    expect(
      validate(messages, 'anthropic').map(({ kind, index, callId }) => ({ kind, index, callId })),
    ).toEqual([
      { kind: 'orphaned-result', index: 1, callId: 'ghost' },
      { kind: 'missing-result', index: 2, callId: 'b' },
      { kind: 'duplicate-result', index: 4, callId: 'a' },
      { kind: 'orphaned-result', index: 6, callId: 'b' },
      { kind: 'duplicate-call-id', index: 7, callId: 'a' },
      { kind: 'orphaned-result', index: 8, callId: 'a' },
    ]);
  });

  it('names the index in a readable line', () => {
    const [violation] = validate([{ role: 'user', text: 'go' }, result('x')], 'openai');
    expect(violation?.message).toBe(
      'message 1 (tool): tool result for "x" does not follow an assistant message that called it',
    );
  });

  it('checks Anthropic alternation, system placement and empty messages, and only for Anthropic', () => {
    const messages: Message[] = [
      { role: 'system', text: 'sys' },
      { role: 'assistant', text: 'hello' },
      { role: 'assistant', text: 'again', reasoning: { text: 'hm', signature: 's' } },
      { role: 'user', text: '' },
      { role: 'system', text: 'late' },
    ];
    expect(validate(messages, 'anthropic').map(({ kind, index }) => `${kind}@${index}`)).toEqual([
      'alternation@1',
      'alternation@2',
      'empty-message@3',
      'misplaced-system@4',
    ]);
    expect(validate(messages, 'ai-sdk')).toEqual([]);
    expect(validate(messages, 'openai')).toEqual([]);
  });

  it('accepts consecutive assistant messages that form one Anthropic turn, as toAnthropic writes them', () => {
    // Harnesses that log each content block as its own entry store a turn this way.
    const messages: Message[] = [
      { role: 'user', text: 'Read a.ts' },
      { role: 'assistant', text: 'Let me look.' },
      { role: 'assistant', toolCalls: [{ id: 't1', name: 'Read', input: { file_path: 'a.ts' } }] },
      { role: 'tool', toolResult: { callId: 't1', content: 'x' } },
      { role: 'assistant', text: 'Done.' },
    ];
    expect(validate(messages, 'anthropic')).toEqual([]);
    expect(repair(messages, 'anthropic').actions).toEqual([]);
    expect(toAnthropic(messages).messages.map((message) => message.content)).toEqual([
      'Read a.ts',
      [
        { type: 'text', text: 'Let me look.' },
        { type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'a.ts' } },
      ],
      [{ type: 'tool_result', tool_use_id: 't1', content: 'x' }],
      [{ type: 'text', text: 'Done.' }],
    ]);
  });

  it('flags fields on the wrong role', () => {
    const messages: Message[] = [
      { role: 'user', text: 'x', toolCalls: [{ id: 'a', name: 'n', input: {} }] },
      { role: 'tool' },
    ];
    expect(validate(messages, 'ai-sdk').map((violation) => violation.kind)).toEqual([
      'malformed',
      'malformed',
    ]);
  });
});
