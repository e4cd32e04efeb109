import { describe, expect, it } from 'vitest';
import { createTraceRecord, type TraceInput } from '../create-record.js';
import { pageData, scriptJson } from './page-data.js';

const input = (texts: string[]): TraceInput => ({
  source: 'test',
  kind: 'chat',
  model: { name: 'tiny' },
  tokenizer: { name: 'estimate', exact: false },
  budget: { window: 100, available: 80, used: texts.length },
  messages: texts.map((text) => ({ role: 'user', text, tokens: text.length })),
  sections: [{ kind: 'history', tokens: texts.length }],
});

describe('pageData', () => {
  it('keeps each distinct message and text once, and a request as pairs of message and tokens', () => {
    const first = createTraceRecord(input(['aa', 'b']));
    const second = createTraceRecord(input(['aa', 'b', 'ccc']), { previous: first });
    const redacted = createTraceRecord(input(['aa']), { previous: second, redact: true });
    const data = pageData([first, second, redacted], [], 'x');
    expect(data.texts).toEqual(['aa', 'b', 'ccc']);
    expect(data.messages.map(([role, name, , text]) => [role, name, text])).toEqual([
      ['user', null, 0],
      ['user', null, 1],
      ['user', null, 2],
      ['user', null, -1],
    ]);
    expect(data.records.map((record) => record.m)).toEqual([
      [0, 2, 1, 1],
      [0, 2, 1, 1, 2, 3],
      [3, 2],
    ]);
    expect(data.records[1]).not.toHaveProperty('messages');
  });
});

describe('scriptJson', () => {
  it('cannot close the script element it sits in', () => {
    expect(scriptJson({ text: '</script><!-- \u2028' })).toBe('{"text":"\\u003c/script>\\u003c!-- \\u2028"}');
  });
});
