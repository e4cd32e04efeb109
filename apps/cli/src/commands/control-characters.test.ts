import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../config/resolve.js';
import { renderRepoMap } from '../mcp/tools/repo-map.js';
import { runInProcess } from './command-test-io.js';

// A file name a hostile repository can hold: a newline to split an entry, a C0 control and a
// terminal escape that would turn the rest red.
const HOSTILE = 'ctl\nname\x01\x1b[31mred';
const SHOWN = 'ctl\\nname\\x01\\x1b[31mred';
/** Any control character but the newlines that end lines. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ctxkit-control-'));
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'notes'));
  writeFileSync(
    join(root, 'src', `${HOSTILE}.ts`),
    'export function paintRed(): string {\n  return "red";\n}\n',
  );
  writeFileSync(join(root, 'src', 'plain.ts'), 'export function plain(): number {\n  return 1;\n}\n');
  writeFileSync(
    join(root, 'notes', `${HOSTILE}.md`),
    '# Painting\n\nThe paintRed helper paints things red.\n',
  );
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('control characters in file names', () => {
  it('ctxkit map shows the path escaped on one line; --json keeps the real path', async () => {
    const human = await runInProcess(['map', root, '--no-cache'], root);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`src/${SHOWN}.ts:\n  1: export function paintRed(): string\n`);
    expect(human.stdout).toContain('src/plain.ts:\n');
    expect(human.stdout).not.toMatch(RAW_CONTROL);
    const json = await runInProcess(['map', root, '--no-cache', '--json'], root);
    const document = JSON.parse(json.stdout) as { ranking: { path: string }[] };
    expect(document.ranking.map((entry) => entry.path)).toContain(`src/${HOSTILE}.ts`);
  });

  it('MCP repo_map shows the path escaped', async () => {
    const output = await renderRepoMap({}, { root, config: resolveConfig({ root, config: {} }, {}) });
    expect(output.text).toContain(`src/${SHOWN}.ts:\n`);
    expect(output.text).not.toMatch(RAW_CONTROL);
  });

  it('ctxkit symbols and ctxkit tokens show the path escaped', async () => {
    const symbols = await runInProcess(['symbols', 'src', '--no-cache'], root);
    expect(symbols.stdout).toContain(`src/${SHOWN}.ts:1  function paintRed\n`);
    expect(symbols.stdout).not.toMatch(RAW_CONTROL);
    const tokens = await runInProcess(['tokens', `src/${HOSTILE}.ts`, 'src/plain.ts'], root);
    expect(tokens.code).toBe(0);
    expect(tokens.stdout).toContain(`src/${SHOWN}.ts\n`);
    expect(tokens.stdout).not.toMatch(RAW_CONTROL);
  });

  it('ctxkit retrieve --block and its human output show the path escaped', async () => {
    const block = await runInProcess(['retrieve', 'notes', '-q', 'paintRed paints red', '--block'], root);
    expect(block.code).toBe(0);
    expect(block.stdout).toContain(`### notes/${SHOWN}.md:`);
    expect(block.stdout).not.toMatch(RAW_CONTROL);
    const human = await runInProcess(['retrieve', 'notes', '-q', 'paintRed paints red'], root);
    expect(human.stdout).toContain(`notes/${SHOWN}.md:`);
    expect(human.stdout).not.toMatch(RAW_CONTROL);
  });

  it('a one-line error names the path escaped, not cut at its newline', async () => {
    const missing = await runInProcess(['tokens', `gone${HOSTILE}.ts`], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`ctxkit: no such file: gone${SHOWN}.ts\n`);
  });
});
