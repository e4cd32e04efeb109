import { describe, expect, it } from 'vitest';
import {
  type CountableMessage,
  countAttachmentTokens,
  countPromptTokens,
  DOCUMENT_TOKENS,
  DOCUMENT_TOKENS_PER_PAGE,
  MAX_IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  REPLY_PRIMING_TOKENS,
  TOOL_CALL_OVERHEAD_TOKENS,
  TOOL_RESULT_OVERHEAD_TOKENS,
} from './messages.js';
import { createTokenizer } from './tokenizer.js';

// One token per character makes every expected figure readable.
const perCharacter = (text: string) => text.length;

describe('countAttachmentTokens', () => {
  it('prices images by area, capped, and at the cap when dimensions are unknown', () => {
    expect(countAttachmentTokens({ type: 'image', width: 100, height: 75 })).toBe(10);
    expect(countAttachmentTokens({ type: 'image', width: 101, height: 75 })).toBe(11);
    expect(countAttachmentTokens({ type: 'image', width: 4000, height: 3000 })).toBe(MAX_IMAGE_TOKENS);
    expect(countAttachmentTokens({ type: 'image' })).toBe(MAX_IMAGE_TOKENS);
    expect(countAttachmentTokens({ type: 'image', width: 0, height: 10 })).toBe(MAX_IMAGE_TOKENS);
    expect(countAttachmentTokens({ type: 'image', width: Number.NaN, height: 10 })).toBe(MAX_IMAGE_TOKENS);
  });

  it('prices documents per page when the page count is known', () => {
    expect(countAttachmentTokens({ type: 'document' })).toBe(DOCUMENT_TOKENS);
    expect(countAttachmentTokens({ type: 'document', pages: 3 })).toBe(3 * DOCUMENT_TOKENS_PER_PAGE);
    expect(countAttachmentTokens({ type: 'document', pages: 0 })).toBe(DOCUMENT_TOKENS);
  });
});

describe('countPromptTokens', () => {
  it('is zero for no messages', () => {
    expect(countPromptTokens([], perCharacter)).toBe(0);
  });

  it('adds framing, text, tool calls, results, reasoning signatures and attachments', () => {
    const messages: CountableMessage[] = [
      { role: 'user', text: 'hello' },
      {
        role: 'assistant',
        text: 'ok',
        reasoning: { text: 'think', signature: 'SIG123' },
        toolCalls: [{ id: 'c1', name: 'read', input: { path: 'a.ts' } }],
      },
      { role: 'tool', toolResult: { callId: 'c1', content: 'file body' } },
      {
        role: 'user',
        attachments: [
          { type: 'image', width: 750, height: 10 },
          { type: 'document', pages: 1 },
        ],
      },
    ];
    const expected =
      REPLY_PRIMING_TOKENS +
      4 * MESSAGE_OVERHEAD_TOKENS +
      'hello'.length +
      'ok'.length +
      'think'.length +
      'SIG123'.length +
      TOOL_CALL_OVERHEAD_TOKENS +
      'read'.length +
      '{"path":"a.ts"}'.length +
      'c1'.length +
      TOOL_RESULT_OVERHEAD_TOKENS +
      'file body'.length +
      'c1'.length +
      10 +
      DOCUMENT_TOKENS_PER_PAGE;
    expect(countPromptTokens(messages, perCharacter)).toBe(expected);
  });

  it('counts every reasoning block and the attachments a tool returned', () => {
    const base = countPromptTokens(
      [{ role: 'tool', toolResult: { callId: 'c', content: 'x' } }],
      perCharacter,
    );
    const withImage = countPromptTokens(
      [
        {
          role: 'tool',
          toolResult: { callId: 'c', content: 'x', attachments: [{ type: 'image', width: 750, height: 4 }] },
        },
      ],
      perCharacter,
    );
    expect(withImage - base).toBe(4);
    const oneBlock = countPromptTokens(
      [{ role: 'assistant', reasoning: { text: 'ab', signature: 'S' } }],
      perCharacter,
    );
    const threeBlocks = countPromptTokens(
      [
        {
          role: 'assistant',
          reasoning: { text: 'ab', signature: 'S' },
          additionalReasoning: [{ text: 'cde' }, { text: '', signature: 'REDACTED' }],
        },
      ],
      perCharacter,
    );
    expect(threeBlocks - oneBlock).toBe('cde'.length + 'REDACTED'.length);
  });

  it('counts raw JSON argument text as given', () => {
    const raw = countPromptTokens(
      [{ role: 'assistant', toolCalls: [{ name: 'f', input: '{"a":1}' }] }],
      perCharacter,
    );
    const parsed = countPromptTokens(
      [{ role: 'assistant', toolCalls: [{ name: 'f', input: { a: 1 } }] }],
      perCharacter,
    );
    expect(raw).toBe(parsed);
  });

  it('is what a tokenizer’s countMessages returns, exact or estimated', () => {
    const messages: CountableMessage[] = [{ role: 'user', text: 'Count <|endoftext|> as text.' }];
    for (const encoding of ['o200k_base', 'cl100k_base', 'estimate'] as const) {
      const tokenizer = createTokenizer({ encoding });
      expect(tokenizer.countMessages(messages)).toBe(
        REPLY_PRIMING_TOKENS + MESSAGE_OVERHEAD_TOKENS + tokenizer.count(messages[0]?.text ?? ''),
      );
    }
  });

  it('names the message index and field of a malformed message instead of miscounting it', () => {
    const tokenizer = createTokenizer();
    const cases: [unknown, string][] = [
      [[{ role: 'user', text: 5 }], 'messages[0].text must be a string, found 5'],
      [
        [{ role: 'user' }, { role: 'assistant', toolCalls: [{ input: {} }] }],
        'messages[1].toolCalls[0].name must be a string, found undefined',
      ],
      [
        [{ role: 'assistant', toolCalls: [{ name: 'f', id: 7, input: {} }] }],
        'messages[0].toolCalls[0].id must be a string, found 7',
      ],
      [
        [{ role: 'assistant', toolCalls: { name: 'f' } }],
        'messages[0].toolCalls must be an array, found an object',
      ],
      [
        [{ role: 'tool', toolResult: { callId: 'c' } }],
        'messages[0].toolResult.content must be a string, found undefined',
      ],
      [
        [{ role: 'assistant', reasoning: { signature: 'S' } }],
        'messages[0].reasoning.text must be a string, found undefined',
      ],
      [
        [{ role: 'assistant', additionalReasoning: [{ text: 'a', signature: 1 }] }],
        'messages[0].additionalReasoning[0].signature must be a string, found 1',
      ],
      [
        [{ role: 'user', attachments: [{ type: 'video' }] }],
        'messages[0].attachments[0].type must be "image" or "document", found the string "video"',
      ],
      [[null], 'messages[0] must be an object, found null'],
      [[{ text: 'hi' }], 'messages[0].role must be a string, found undefined'],
      [{ role: 'user', text: 'hi' }, 'messages must be an array, found an object'],
    ];
    for (const [messages, message] of cases) {
      expect(() => tokenizer.countMessages(messages as never)).toThrow(
        new TypeError(`countMessages: ${message}`),
      );
      expect(() => countPromptTokens(messages as never, perCharacter)).toThrow(
        new TypeError(`countPromptTokens: ${message}`),
      );
    }
    expect(() => countAttachmentTokens(undefined as never)).toThrow(
      new TypeError('countAttachmentTokens: attachment must be an object, found undefined'),
    );
    // Absent optional fields may be null, as JSON transcripts write them.
    expect(countPromptTokens([{ role: 'user', text: null, toolCalls: null } as never], perCharacter)).toBe(
      REPLY_PRIMING_TOKENS + MESSAGE_OVERHEAD_TOKENS,
    );
  });
});

describe('countMessageTokens (deprecated)', () => {
  it('is countPromptTokens under its old name', async () => {
    const { countMessageTokens } = await import('./index.js');
    expect(countMessageTokens).toBe(countPromptTokens);
  });
});
