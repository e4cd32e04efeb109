import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './commands/command-test-io.js';
import { checkFocusFiles } from './focus-files.js';

const root = mkdtempSync(join(tmpdir(), 'ctxkit-focus-'));
mkdirSync(join(root, 'repo', 'src'), { recursive: true });
writeFileSync(join(root, 'repo', 'src', 'app.ts'), 'export function start(): void {}\n');
writeFileSync(join(root, 'outside.ts'), 'export const x = 1;\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('checkFocusFiles', () => {
  it('resolves files inside the root and refuses missing ones and ones outside', () => {
    const repo = join(root, 'repo');
    expect(checkFocusFiles(repo, repo, ['src/app.ts'], '--focus')).toEqual([join(repo, 'src', 'app.ts')]);
    expect(() => checkFocusFiles(repo, repo, ['src/nope.ts'], '--focus')).toThrow(
      '--focus: no such file: src/nope.ts',
    );
    expect(() => checkFocusFiles(repo, repo, ['../outside.ts'], '--focus')).toThrow(
      `--focus ../outside.ts is outside the mapped directory ${repo}`,
    );
  });
});

describe('ctxkit map --focus', () => {
  it('is a one-line error for a file outside the mapped directory or one that does not exist', async () => {
    const outside = await runInProcess(['map', 'repo', '--focus', 'outside.ts', '--no-cache'], root);
    expect(outside).toEqual({
      code: 2,
      stdout: '',
      stderr: `ctxkit: --focus outside.ts is outside the mapped directory ${join(root, 'repo')}\n`,
    });
    const missing = await runInProcess(['map', 'repo', '--focus', 'repo/src/nope.ts', '--no-cache'], root);
    expect(missing.stderr).toBe('ctxkit: --focus: no such file: repo/src/nope.ts\n');
    const inside = await runInProcess(['map', 'repo', '--focus', 'repo/src/app.ts', '--no-cache'], root);
    expect(inside.code).toBe(0);
  });
});
