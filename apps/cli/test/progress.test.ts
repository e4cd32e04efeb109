import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory, runCli } from './run-cli.js';

// Progress is drawn on stderr for long work, only on a terminal. The repository is large enough
// that a cold map takes well over the 300 ms delay on any machine (thousands of files, no cache).

const FILES = 3000;

describe('progress on long work', () => {
  let root: string;
  beforeAll(() => {
    root = makeTempDirectory('progress');
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, 'src'));
    for (let index = 0; index < FILES; index++) {
      const body = Array.from(
        { length: 20 },
        (_, line) =>
          `export function f${index}_${line}(a: number): number {\n  return g${(index + 1) % FILES}_${line}(a);\n}\n`,
      ).join('');
      writeFileSync(join(root, 'src', `m${index}.ts`), body);
    }
  });

  const args = ['map', '--no-cache', '--tokens', '128'];

  function runOnTerminal(extra: string[]): string {
    const command = [process.execPath, BIN, ...args, ...extra].map((part) => `'${part}'`).join(' ');
    return execFileSync('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      env: cleanEnvironment(),
      encoding: 'utf8',
    });
  }

  it('is drawn in place on a terminal and erased when done', () => {
    const output = runOnTerminal([]);
    expect(output).toMatch(new RegExp(`\\r\\u001b\\[2Kmapping repository \\d+/${FILES} \\(\\d+%\\)`));
    // The map itself follows a cleared line, not the progress text.
    expect(output).toMatch(/\r\u001b\[2Ksrc\/m\d+\.ts:/);
  });

  it('is not drawn with --quiet', () => {
    expect(runOnTerminal(['--quiet'])).not.toContain('mapping repository');
  });

  it('is never written into a pipe', async () => {
    const result = await runCli(args, { cwd: root });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain('mapping repository');
    expect(result.stderr).not.toContain('\r');
  });
});
