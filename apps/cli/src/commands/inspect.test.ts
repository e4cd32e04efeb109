import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { inspectFixtureRepository } from '../inspect/inspect-fixture.js';
import { runInProcess } from './command-test-io.js';

const fixtureRepository = () => inspectFixtureRepository();

describe('ctxkit pack --trace', () => {
  it('appends one record per pack, measuring the prefix the second shares with the first', async () => {
    const root = fixtureRepository();
    for (const task of ['fix parseHeader for empty lines', 'fix parseHeader for long lines']) {
      const result = await runInProcess(
        ['pack', '--task', task, '--model', 'qwen2.5-coder:7b', '--trace', 'trace.jsonl'],
        root,
      );
      expect(result.code).toBe(0);
    }
    const { records, problems } = parseTrace(readFileSync(join(root, 'trace.jsonl'), 'utf8'));
    expect(problems).toEqual([]);
    expect(records.map((record) => [record.seq, record.source, record.kind])).toEqual([
      [0, 'ctxkit pack', 'pack'],
      [1, 'ctxkit pack', 'pack'],
    ]);
    const [first, second] = records as [(typeof records)[0], (typeof records)[0]];
    // One message per block, adding up to the pack's exact tokens.
    expect(first.tokens).toBe(first.budget.used);
    expect(first.messages.at(-1)!.name).toBe('task');
    const header = first.files!.find((file) => file.path === 'src/header.ts')!;
    expect(header).toMatchObject({
      rank: 1,
      matched: ['parseHeader'],
      outcome: 'included',
      lines: '1-3',
      of: 3,
    });
    expect(header.reasons.length).toBeGreaterThan(0);
    // Only the task changed: everything before it is reused, and the cache breaks at the task.
    expect(second.prefix).toEqual({
      previous: 0,
      messages: first.messages.length - 1,
      tokens: first.tokens - first.messages.at(-1)!.tokens,
      brokeAt: first.messages.length - 1,
    });
    expect(typeof second.time).toBe('string');
  });

  it('keeps no text with --trace-redact, and compose records the same request', async () => {
    const root = fixtureRepository();
    const task = 'fix parseHeader for empty lines';
    expect(
      (await runInProcess(['compose', '--task', task, '--trace', 'r.jsonl', '--trace-redact'], root)).code,
    ).toBe(0);
    const text = readFileSync(join(root, 'r.jsonl'), 'utf8');
    expect(text).not.toContain('split');
    expect(parseTrace(text).records[0]).toMatchObject({ source: 'ctxkit compose', redacted: true });
  });

  it('refuses --trace-redact without --trace, in one line', async () => {
    const result = await runInProcess(['pack', '--task', 'x', '--trace-redact'], fixtureRepository());
    expect(result).toMatchObject({ code: 2, stderr: 'ctxkit: --trace-redact needs --trace FILE\n' });
  });
});

describe('ctxkit compact --trace', () => {
  it('records the compacted transcript with its stages', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ctxkit-inspect-'));
    const messages: unknown[] = [{ role: 'system', content: 'agent' }];
    for (let turn = 0; turn < 10; turn++) {
      messages.push({ role: 'user', content: `step ${turn}` });
      messages.push({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: `c${turn}`,
            type: 'function',
            function: { name: 'bash', arguments: `{"command":"make ${turn}"}` },
          },
        ],
      });
      messages.push({
        role: 'tool',
        tool_call_id: `c${turn}`,
        content: `ok\n${'build output line\n'.repeat(200)}`,
      });
    }
    writeFileSync(join(root, 'session.json'), JSON.stringify(messages));
    const result = await runInProcess(
      ['compact', 'session.json', '--format', 'openai', '--window', '8000', '--trace', 't.jsonl'],
      root,
    );
    expect(result.code).toBe(0);
    const [record] = parseTrace(readFileSync(join(root, 't.jsonl'), 'utf8')).records;
    expect(record).toMatchObject({ source: 'ctxkit compact', kind: 'chat', label: 'session.json' });
    expect(record!.compaction!.stages.length).toBeGreaterThan(0);
    expect(record!.compaction!.after).toBe(record!.budget.used);
    expect(record!.tokens).toBe(record!.compaction!.after);
  });
});

describe('ctxkit inspect', () => {
  it('writes one page next to the trace, reporting an unreadable line by number and showing the rest', async () => {
    const root = fixtureRepository();
    await runInProcess(['pack', '--task', 'fix parseHeader', '--trace', 'trace.jsonl'], root);
    appendFileSync(join(root, 'trace.jsonl'), '{"version":1,"seq":\n');
    await runInProcess(['pack', '--task', 'fix readRequest', '--trace', 'trace.jsonl'], root);
    const result = await runInProcess(['inspect', 'trace.jsonl'], root);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^ctxkit: note: trace\.jsonl:2: expected JSON, .* \(line skipped\)\n$/);
    expect(result.stdout).toMatch(/^wrote trace\.html: 2 requests, [\d.]+ KB; 1 line skipped\n$/);
    const page = readFileSync(join(root, 'trace.html'), 'utf8');
    expect(page).toContain('<!doctype html>');
    expect(page).toContain('"line":2');
  });

  it('says in one line what is wrong with the command', async () => {
    const root = fixtureRepository();
    const missing = await runInProcess(['inspect', 'nope.jsonl'], root);
    expect(missing).toMatchObject({ code: 2, stderr: 'ctxkit: no such file: nope.jsonl\n' });
    writeFileSync(join(root, 't.jsonl'), '');
    const port = await runInProcess(['inspect', 't.jsonl', '--serve', '--port', '70000'], root);
    expect(port.code).toBe(2);
    expect(port.stderr).toBe(
      "ctxkit: option '--port <port>' argument '70000' is invalid. expected a port from 0 to 65535, found \"70000\" (see ctxkit inspect --help)\n",
    );
    const alone = await runInProcess(['inspect', 't.jsonl', '--port', '8000'], root);
    expect(alone).toMatchObject({ code: 2, stderr: 'ctxkit: --port needs --serve\n' });
  });
});
