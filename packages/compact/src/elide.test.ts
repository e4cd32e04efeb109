import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ELIDED_MARKER } from './constants.js';
import { elideForRequest } from './elide.js';
import { transcript } from './testing/arbitraries.js';
import { countTranscriptTokens } from './tokens.js';
import type { Message } from './types.js';
import { validate } from './validate.js';

const call = (id: string): Message => ({
  role: 'assistant',
  toolCalls: [{ id, name: 'bash', input: { command: 'ls' } }],
});
const result = (id: string, content: string): Message => ({
  role: 'tool',
  toolResult: { callId: id, content },
});

describe('elideForRequest', () => {
  it('rejects a window, trigger or keep count that would silently switch elision off', () => {
    const messages: Message[] = [{ role: 'user', text: 'hi' }];
    expect(() => elideForRequest(messages, { window: Number.NaN })).toThrow(
      'elideForRequest: window must be a positive number of tokens, found NaN',
    );
    expect(() => elideForRequest(messages, { window: -1 })).toThrow(RangeError);
    expect(() => elideForRequest(messages, { window: 100, triggerFraction: 2 })).toThrow(RangeError);
    expect(() => elideForRequest(messages, { window: 100, keepLastResults: Number.NaN })).toThrow(
      'elideForRequest: keepLastResults must be a whole number ≥ 0, found NaN',
    );
  });

  const messages: Message[] = [
    { role: 'system', text: 'sys' },
    { role: 'user', text: 'go' },
  ];
  for (let index = 0; index < 8; index++)
    messages.push(call(`c${index}`), result(`c${index}`, 'x'.repeat(400)));

  it('does nothing below the trigger and returns the same array', () => {
    const out = elideForRequest(messages, { window: 100_000 });
    expect(out.triggered).toBe(false);
    expect(out.messages).toBe(messages);
  });

  it('elides every result but the last N, keeping calls, ids and other messages', () => {
    const snapshot = JSON.stringify(messages);
    const out = elideForRequest(messages, { window: 500, keepLastResults: 5 });
    expect(out.triggered).toBe(true);
    expect(out.elided).toEqual([3, 5, 7]);
    expect(out.messages.filter((message) => message.toolResult?.content === ELIDED_MARKER)).toHaveLength(3);
    expect(out.messages.map((message) => message.toolResult?.callId ?? message.role)).toEqual(
      messages.map((message) => message.toolResult?.callId ?? message.role),
    );
    expect(out.tokensAfter).toBeLessThan(out.tokensBefore);
    expect(JSON.stringify(messages)).toBe(snapshot);
    // The cache still matches up to the first elided result; from there on it is written again.
    expect(out.cache?.reusedTokens).toBe(countTranscriptTokens(messages.slice(0, 3)));
    expect(out.cache?.invalidatedTokens).toBe(out.tokensAfter - (out.cache?.reusedTokens ?? 0));
    expect(out.cache?.savedTokens).toBe(out.tokensBefore - out.tokensAfter);
  });

  it('keeps the elided prefix byte-identical while a transcript grows, until the keep window slides', () => {
    fc.assert(
      fc.property(
        transcript('mixed', 5),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 6 }),
        (full, divisor, keep) => {
          const window = Math.max(40, Math.floor(countTranscriptTokens(full) / divisor));
          let previous: readonly Message[] | undefined;
          let previousKeepStart = 0;
          for (let length = 1; length <= full.length; length++) {
            const request = elideForRequest(full.slice(0, length), { window, keepLastResults: keep });
            expect(validate(request.messages, 'anthropic')).toEqual(
              validate(full.slice(0, length), 'anthropic'),
            );
            if (previous && request.triggered) {
              // Everything before the first result the previous request kept is byte-identical now.
              const stable = (messages: readonly Message[]) =>
                JSON.stringify(messages.slice(0, previousKeepStart));
              expect(stable(request.messages)).toBe(stable(previous));
            }
            if (request.triggered) {
              const kept = request.messages.findIndex(
                (message, index) => message.role === 'tool' && !request.elided.includes(index),
              );
              previous = request.messages;
              previousKeepStart = kept < 0 ? request.messages.length : kept;
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
