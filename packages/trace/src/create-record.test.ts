import { describe, expect, it } from 'vitest';
import { createTraceRecord, hashMessage, sharedPrefix, type TraceInput } from './create-record.js';
import { formatTraceLine } from './format-line.js';

function input(texts: string[]): TraceInput {
  return {
    source: 'test',
    kind: 'chat',
    model: { name: 'tiny', window: 1000 },
    tokenizer: { name: 'estimate', exact: false },
    budget: { window: 1000, available: 800, used: texts.length * 10 },
    messages: texts.map((text, index) => ({ role: index === 0 ? 'system' : 'user', text, tokens: 10 })),
    sections: [
      { kind: 'history', tokens: (texts.length - 1) * 10 },
      { kind: 'system', tokens: 10 },
    ],
  };
}

describe('createTraceRecord', () => {
  it('hashes messages, totals their tokens and puts sections in prompt order', () => {
    const record = createTraceRecord(input(['be brief', 'hello']));
    expect(record.version).toBe(1);
    expect(record.seq).toBe(0);
    expect(record.tokens).toBe(20);
    expect(record.sections.map((section) => section.kind)).toEqual(['system', 'history']);
    expect(record.messages[1]).toEqual({
      role: 'user',
      tokens: 10,
      hash: hashMessage({ role: 'user', text: 'hello' }),
      text: 'hello',
    });
    expect(record.prefix).toEqual({ previous: null, messages: 0, tokens: 0, brokeAt: null });
  });

  it('keeps hashes, roles and tokens but no text when redacting', () => {
    const plain = createTraceRecord(input(['be brief', 'secret']));
    const redacted = createTraceRecord(input(['be brief', 'secret']), { redact: true });
    expect(redacted.redacted).toBe(true);
    expect(formatTraceLine(redacted)).not.toContain('secret');
    expect(redacted.messages.map((message) => message.hash)).toEqual(
      plain.messages.map((message) => message.hash),
    );
  });

  it('measures the prefix shared with the previous record and where it broke', () => {
    const first = createTraceRecord(input(['be brief', 'a', 'b']));
    const appended = createTraceRecord(input(['be brief', 'a', 'b', 'c']), { previous: first });
    expect(appended.seq).toBe(1);
    expect(appended.prefix).toEqual({ previous: 0, messages: 3, tokens: 30, brokeAt: null });
    const rewritten = createTraceRecord(input(['be brief', 'summary', 'c']), { previous: appended });
    expect(rewritten.prefix).toEqual({ previous: 1, messages: 1, tokens: 10, brokeAt: 1 });
  });

  it('writes the same bytes for the same input', () => {
    expect(formatTraceLine(createTraceRecord(input(['x', 'y'])))).toBe(
      formatTraceLine(createTraceRecord(input(['x', 'y']))),
    );
    expect(formatTraceLine(createTraceRecord(input(['x'])))).toMatch(/^\{"budget":.*\}\n$/);
  });
});

describe('sharedPrefix', () => {
  it('counts a shorter request that repeats the previous start as broken where the previous went on', () => {
    const previous = {
      seq: 4,
      messages: [
        { hash: 'a', tokens: 1 },
        { hash: 'b', tokens: 2 },
      ],
    } as never;
    expect(sharedPrefix([{ hash: 'a', tokens: 1 }], previous)).toEqual({
      previous: 4,
      messages: 1,
      tokens: 1,
      brokeAt: 1,
    });
  });
});
