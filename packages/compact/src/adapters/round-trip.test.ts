import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { transcript } from '../testing/arbitraries.js';
import type { Message } from '../types.js';
import { validate } from '../validate.js';
import { fromAiSdk, toAiSdk } from './ai-sdk.js';
import { fromAnthropic, toAnthropic } from './anthropic.js';
import { fromOpenAI, toOpenAI } from './openai.js';

// JSON round trip as well: what a harness stores and the CLI reads is JSON, not live objects.
const viaJson = <T>(value: T): unknown => JSON.parse(JSON.stringify(value));

describe('adapters round-trip', () => {
  it('fromOpenAI(toOpenAI(x)) equals x for valid transcripts', () => {
    fc.assert(
      fc.property(transcript('openai'), (messages) => {
        expect(fromOpenAI(viaJson(toOpenAI(messages)))).toEqual(messages);
      }),
      { numRuns: 1000 },
    );
  });

  it('fromAnthropic(toAnthropic(x)) equals x for valid transcripts', () => {
    fc.assert(
      fc.property(transcript('anthropic'), (messages) => {
        expect(validate(messages, 'anthropic')).toEqual([]);
        const request = toAnthropic(messages);
        // Strict alternation on the wire: user, assistant, user, … starting with user.
        request.messages.forEach((message, index) => {
          expect(message.role).toBe(index % 2 === 0 ? 'user' : 'assistant');
        });
        expect(fromAnthropic(viaJson(request))).toEqual(messages);
      }),
      { numRuns: 1000 },
    );
  });

  it('writes an assistant turn logged block by block as one Anthropic turn, equal to the whole', () => {
    fc.assert(
      fc.property(transcript('anthropic'), (messages) => {
        // Split every assistant message with text and tool calls into two entries, as harnesses that
        // log each content block separately store them.
        const split = messages.flatMap((message): Message[] => {
          if (message.role !== 'assistant' || message.text === undefined || !message.toolCalls?.length)
            return [message];
          const { toolCalls, ...first } = message;
          return [first, { role: 'assistant', toolCalls }];
        });
        expect(validate(split, 'anthropic')).toEqual([]);
        const request = toAnthropic(split);
        request.messages.forEach((message, index) => {
          expect(message.role).toBe(index % 2 === 0 ? 'user' : 'assistant');
        });
        expect(request).toEqual(toAnthropic(messages));
        expect(fromAnthropic(viaJson(request))).toEqual(messages);
      }),
      { numRuns: 500 },
    );
  });

  it('fromAiSdk(toAiSdk(x)) equals x for valid transcripts', () => {
    fc.assert(
      fc.property(transcript('ai-sdk'), (messages) => {
        expect(fromAiSdk(viaJson(toAiSdk(messages)))).toEqual(messages);
      }),
      { numRuns: 1000 },
    );
  });

  it('provider output converts back to the same provider output (idempotent shape)', () => {
    fc.assert(
      fc.property(transcript('mixed'), (messages) => {
        const openai = toOpenAI(messages);
        expect(toOpenAI(fromOpenAI(viaJson(openai)))).toEqual(openai);
        const anthropic = toAnthropic(messages);
        expect(toAnthropic(fromAnthropic(viaJson(anthropic)))).toEqual(anthropic);
        const aiSdk = toAiSdk(messages);
        expect(toAiSdk(fromAiSdk(viaJson(aiSdk)))).toEqual(aiSdk);
      }),
      { numRuns: 500 },
    );
  });
});
