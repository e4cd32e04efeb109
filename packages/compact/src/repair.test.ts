import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTINUATION_MARKER, MISSING_RESULT_MARKER } from './constants.js';
import { repair } from './repair.js';
import { transcript } from './testing/arbitraries.js';
import type { Message, Provider } from './types.js';
import { validate } from './validate.js';

const PROVIDERS: Provider[] = ['openai', 'anthropic', 'ai-sdk'];

// Break a valid transcript the ways real harnesses do: drop, duplicate or move a message.
const broken = transcript('mixed', 4)
  .chain((messages) =>
    fc.record({
      messages: fc.constant(messages),
      edits: fc.array(
        fc.record({ kind: fc.constantFrom('drop', 'duplicate', 'move'), at: fc.nat(), to: fc.nat() }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
  )
  .map(({ messages, edits }) => {
    const out = messages.slice();
    for (const edit of edits) {
      if (out.length === 0) break;
      const at = edit.at % out.length;
      const [message] = out.splice(at, 1);
      if (!message) continue;
      if (edit.kind === 'duplicate') out.splice(at, 0, message, message);
      if (edit.kind === 'move') out.splice(edit.to % (out.length + 1), 0, message);
    }
    return out;
  });

describe('repair', () => {
  it('makes any broken transcript valid for each provider', () => {
    fc.assert(
      fc.property(broken, (messages) => {
        for (const provider of PROVIDERS) {
          const snapshot = JSON.stringify(messages);
          const repaired = repair(messages, provider);
          expect(validate(repaired.messages, provider)).toEqual([]);
          expect(JSON.stringify(messages)).toBe(snapshot);
          if (validate(messages, provider).length > 0) expect(repaired.actions.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('returns a valid transcript unchanged with no actions', () => {
    fc.assert(
      fc.property(transcript('mixed', 4), (messages) => {
        for (const provider of PROVIDERS)
          expect(repair(messages, provider)).toEqual({ messages, actions: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('moves a late result up, inserts a missing one, drops an orphan', () => {
    const messages: Message[] = [
      { role: 'user', text: 'go' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'a', name: 'bash', input: {} },
          { id: 'b', name: 'bash', input: {} },
        ],
      },
      { role: 'user', text: 'interrupt' },
      { role: 'tool', toolResult: { callId: 'a', content: 'late' } },
      { role: 'tool', toolResult: { callId: 'zzz', content: 'orphan' } },
    ];
    const { messages: fixed, actions } = repair(messages, 'openai');
    expect(fixed).toEqual([
      messages[0],
      messages[1],
      messages[3],
      { role: 'tool', toolResult: { callId: 'b', content: MISSING_RESULT_MARKER, isError: true } },
      messages[2],
    ]);
    expect(actions.map((action) => `${action.action}@${action.index}`)).toEqual([
      'moved@3',
      'inserted@1',
      'dropped@4',
    ]);
  });

  it('renames a reused call id together with its result, and fixes Anthropic alternation', () => {
    const messages: Message[] = [
      { role: 'assistant', text: 'hi' },
      { role: 'user', text: 'go' },
      { role: 'assistant', toolCalls: [{ id: 'a', name: 'bash', input: {} }] },
      { role: 'tool', toolResult: { callId: 'a', content: '1' } },
      { role: 'assistant', toolCalls: [{ id: 'a', name: 'bash', input: {} }] },
      { role: 'tool', toolResult: { callId: 'a', content: '2' } },
    ];
    const { messages: fixed, actions } = repair(messages, 'anthropic');
    expect(fixed[0]).toEqual({ role: 'user', text: CONTINUATION_MARKER });
    expect(fixed[5]?.toolCalls?.[0]?.id).toBe('a~2');
    expect(fixed[6]?.toolResult?.callId).toBe('a~2');
    expect(actions.map((action) => action.action)).toEqual(['renamed', 'renamed', 'inserted']);
  });
});

describe('repair of a call id used twice in one message', () => {
  it('renames the second call and the second result with that id, keeping the pairs in order', () => {
    const messages: Message[] = [
      { role: 'user', text: 'go' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'c1', name: 'a', input: {} },
          { id: 'c1', name: 'b', input: {} },
        ],
      },
      { role: 'tool', toolResult: { callId: 'c1', content: 'from a' } },
      { role: 'tool', toolResult: { callId: 'c1', content: 'from b' } },
      { role: 'user', text: 'next' },
    ];
    for (const provider of ['openai', 'anthropic', 'ai-sdk'] as const) {
      const { messages: repaired } = repair(messages, provider);
      expect(validate(repaired, provider)).toEqual([]);
      expect(repaired[1]?.toolCalls?.map((call) => [call.id, call.name])).toEqual([
        ['c1', 'a'],
        ['c1~2', 'b'],
      ]);
      expect(
        repaired.slice(2, 4).map((message) => [message.toolResult?.callId, message.toolResult?.content]),
      ).toEqual([
        ['c1', 'from a'],
        ['c1~2', 'from b'],
      ]);
    }
  });
});
