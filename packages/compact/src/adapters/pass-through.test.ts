import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact } from '../compact.js';
import { transcript } from '../testing/arbitraries.js';
import type { Message } from '../types.js';
import { validate } from '../validate.js';
import { fromAiSdk, toAiSdk } from './ai-sdk.js';
import { fromAnthropic, toAnthropic } from './anthropic.js';
import { fromOpenAI, toOpenAI } from './openai.js';

// A provider message that compaction did not touch is written back as it was read: every field,
// including those the neutral model does not carry. Changed messages are converted as before.

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('untouched messages pass through', () => {
  it('keeps OpenAI fields the neutral model does not carry', () => {
    const input = [
      { role: 'developer', content: 'Be terse.' },
      {
        role: 'user',
        name: 'ana',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: 'https://x/a.png', detail: 'low' } },
          { type: 'text', text: 'and this' },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
        x_vendor: 1,
      },
      { role: 'tool', tool_call_id: 'c1', content: [{ type: 'text', text: 'a.ts' }] },
    ];
    const snapshot = viaJson(input);
    expect(toOpenAI(fromOpenAI(input))).toEqual(snapshot);
    expect(input).toEqual(snapshot);
  });

  it('keeps Anthropic cache_control on system and message blocks', () => {
    const input = {
      system: [{ type: 'text', text: 'You are careful.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'list files', cache_control: { type: 'ephemeral' } }],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'ls', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: 'a.ts' },
            { type: 'text', text: 'now read it' },
          ],
        },
      ],
    };
    const snapshot = viaJson(input);
    expect(toAnthropic(fromAnthropic(input))).toEqual(snapshot);
    expect(input).toEqual(snapshot);
  });

  it('keeps AI SDK provider options and provider-executed calls', () => {
    const input = [
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'search',
            providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } },
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'w1',
            toolName: 'web_search',
            input: { q: 'x' },
            providerExecuted: true,
          },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'read', input: { path: 'a' } },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'c1', toolName: 'read', output: { type: 'text', value: 'A' } },
        ],
      },
    ];
    const snapshot = viaJson(input);
    expect(toAiSdk(fromAiSdk(input))).toEqual(snapshot);
  });

  it('writes every provider transcript back unchanged when nothing changed', () => {
    const cases = [
      [
        transcript('openai'),
        (messages: Message[]) => viaJson(toOpenAI(messages)),
        (json: unknown) => toOpenAI(fromOpenAI(json)),
      ],
      [
        transcript('anthropic'),
        (messages: Message[]) => viaJson(toAnthropic(messages)),
        (json: unknown) => toAnthropic(fromAnthropic(json)),
      ],
      [
        transcript('ai-sdk'),
        (messages: Message[]) => viaJson(toAiSdk(messages)),
        (json: unknown) => toAiSdk(fromAiSdk(json)),
      ],
    ] as const;
    for (const [arbitrary, write, roundTrip] of cases) {
      fc.assert(
        fc.property(arbitrary, (messages) => {
          const payload = write(messages);
          expect(roundTrip(payload)).toEqual(payload);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('writes a message the caller edited in place as edited, not as it was read', () => {
    const read = fromOpenAI([
      { role: 'user', name: 'ana', content: 'my password is hunter2' },
      { role: 'assistant', content: 'noted' },
    ]);
    read[0]!.text = 'my password is [REDACTED]';
    const written = toOpenAI(read);
    expect(JSON.stringify(written)).not.toContain('hunter2');
    expect(written[0]).toEqual({ role: 'user', content: 'my password is [REDACTED]' });
    expect(written[1]).toEqual({ role: 'assistant', content: 'noted' });
  });

  it("never hands back the caller's own objects", () => {
    const history = {
      system: [{ type: 'text', text: 'sys', cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    };
    const request = toAnthropic(fromAnthropic(history));
    expect(request).toEqual(history);
    expect(request.messages[0]).not.toBe(history.messages[0]);
    expect(request.system).not.toBe(history.system);
  });

  it('after compaction: untouched messages are written as read, the result is valid, the input is unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(
        transcript('anthropic', 8),
        fc.integer({ min: 40, max: 400 }),
        async (messages, budget) => {
          const payload = viaJson(toAnthropic(messages));
          const snapshot = viaJson(payload);
          const read = fromAnthropic(payload);
          const result = await compact(read, { budget, countTokens: (text) => Math.ceil(text.length / 4) });
          const written = toAnthropic(result.messages);
          expect(validate(fromAnthropic(viaJson(written)), 'anthropic')).toEqual([]);
          written.messages.forEach((message, index) => {
            expect(message.role).toBe(index % 2 === 0 ? 'user' : 'assistant');
          });
          expect(payload).toEqual(snapshot);
          // Nothing of the caller's input is shared with the output.
          const originals = new Set<unknown>(payload.messages);
          expect(written.messages.some((message) => originals.has(message))).toBe(false);
          const kept = result.messages.filter((message) => read.includes(message)).length;
          if (kept === read.length) expect(written).toEqual(payload);
        },
      ),
      { numRuns: 300 },
    );
  });
});
