import { describe, expect, it } from 'vitest';
import { createTraceRecord } from './create-record.js';
import { formatTraceLine } from './format-line.js';
import { parseTrace } from './parse-trace.js';

const record = createTraceRecord({
  source: 'test',
  kind: 'chat',
  model: { name: 'tiny' },
  tokenizer: { name: 'estimate', exact: false },
  budget: { window: 100, available: 80, used: 3 },
  messages: [{ role: 'user', text: 'hi', tokens: 3 }],
  sections: [{ kind: 'history', tokens: 3 }],
});

describe('parseTrace', () => {
  it('reads back what formatTraceLine wrote', () => {
    const text = formatTraceLine(record) + formatTraceLine({ ...record, seq: 1 });
    const parsed = parseTrace(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.records).toEqual([record, { ...record, seq: 1 }]);
  });

  it('reports a malformed line with its number and still reads the others', () => {
    const text = `${formatTraceLine(record)}{"version":1,\n\n[1,2]\n${JSON.stringify({ ...record, version: 2 })}\n${formatTraceLine({ ...record, seq: 1 })}`;
    const parsed = parseTrace(text);
    expect(parsed.records.map((entry) => entry.seq)).toEqual([0, 1]);
    expect(parsed.problems.map((problem) => problem.line)).toEqual([2, 4, 5]);
    expect(parsed.problems[0]!.message).toMatch(/^expected JSON, /);
    expect(parsed.problems[1]!.message).toBe('expected a JSON object, found an array');
    expect(parsed.problems[2]!.message).toBe('expected trace version 1, found 2');
  });

  it('names a missing field', () => {
    const { messages: _, ...withoutMessages } = record;
    expect(parseTrace(JSON.stringify(withoutMessages)).problems).toEqual([
      { line: 1, message: 'expected "messages" to be an array, found undefined' },
    ]);
  });

  it('numbers lines from firstLine, for a chunk of a growing file', () => {
    expect(parseTrace('oops\n', 41).problems[0]!.line).toBe(41);
  });
});
