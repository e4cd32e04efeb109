import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace, type TraceInput } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { appendTraceRecord, readLastLine, traceTarget } from './trace-file.js';

const input = (text: string): TraceInput => ({
  source: 'test',
  kind: 'chat',
  model: { name: 'tiny' },
  tokenizer: { name: 'estimate', exact: false },
  budget: { window: 100, available: 80, used: 1 },
  messages: [{ role: 'user', text, tokens: 1 }],
  sections: [{ kind: 'history', tokens: 1 }],
});

describe('readLastLine', () => {
  it('finds the last line of a file whose last line is longer than one read', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'ctxkit-trace-')), 't.jsonl');
    expect(readLastLine(path)).toBeUndefined();
    const long = 'é'.repeat(100_000);
    writeFileSync(path, `first\n${long}\n\n`);
    expect(readLastLine(path)).toBe(long);
    writeFileSync(path, 'only');
    expect(readLastLine(path)).toBe('only');
  });
});

describe('appendTraceRecord', () => {
  it('numbers each record after the last and stamps the time the shell gives', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-trace-'));
    const target = traceTarget(directory, { trace: 't.jsonl' })!;
    const time = new Date('2026-01-02T03:04:05.000Z');
    appendTraceRecord(target, input('a'), time);
    appendTraceRecord(target, input('b'), time);
    const { records } = parseTrace(readFileSync(join(directory, 't.jsonl'), 'utf8'));
    expect(records.map((record) => [record.seq, record.time, record.prefix.brokeAt])).toEqual([
      [0, '2026-01-02T03:04:05.000Z', null],
      [1, '2026-01-02T03:04:05.000Z', 0],
    ]);
  });

  it('starts over after a last line that is not a record, and says so for a path it cannot write', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-trace-'));
    appendFileSync(join(directory, 't.jsonl'), '{"cut off');
    const target = traceTarget(directory, { trace: 't.jsonl' })!;
    expect(appendTraceRecord(target, input('a'), new Date(0)).seq).toBe(0);
    const parsed = parseTrace(readFileSync(join(directory, 't.jsonl'), 'utf8'));
    expect([parsed.records.length, parsed.problems.map((problem) => problem.line)]).toEqual([1, [1]]);
    const missing = traceTarget(directory, { trace: 'no/such/dir/t.jsonl' })!;
    expect(() => appendTraceRecord(missing, input('a'), new Date(0))).toThrow(
      'no such file: no/such/dir/t.jsonl',
    );
  });
});
