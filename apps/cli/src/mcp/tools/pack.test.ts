import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTrace } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../config/resolve.js';
import { renderPack } from './pack.js';

function repository(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-mcp-pack-')));
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'header.ts'), 'export function parseHeader(line: string) {\n  return line;\n}\n');
  return root;
}

describe('the pack tool', () => {
  it('records nothing unless the server was started with --trace', async () => {
    const root = repository();
    await renderPack({ task: 'fix parseHeader' }, { root, config: resolveConfig({ root, config: {} }, {}) });
    expect(existsSync(join(root, 'trace.jsonl'))).toBe(false);
  });

  it('with --trace, appends a record of every pack it returns', async () => {
    const root = repository();
    const trace = { file: 'trace.jsonl', path: join(root, 'trace.jsonl'), redact: false };
    const context = { root, config: resolveConfig({ root, config: {} }, {}), trace };
    const output = await renderPack({ task: 'fix parseHeader' }, context);
    await renderPack({ task: 'fix parseHeader again' }, context);
    const { records } = parseTrace(readFileSync(trace.path, 'utf8'));
    expect(records.map((record) => [record.seq, record.source])).toEqual([
      [0, 'ctxkit mcp'],
      [1, 'ctxkit mcp'],
    ]);
    expect(records[0]!.budget.used).toBe(output.structured!.used);
    // The blocks recorded are the pack the model read, in order.
    expect(output.text).toContain(records[0]!.messages.map((message) => message.text).join('\n\n'));
  });
});
