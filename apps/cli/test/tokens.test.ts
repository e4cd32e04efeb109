import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, parseJson, runCli, STACK_FRAME } from './run-cli.js';

describe('ctxkit tokens', () => {
  let directory: string;
  beforeAll(() => {
    directory = makeTempDirectory('tokens');
    writeFileSync(join(directory, 'a.txt'), 'hello world\n');
    writeFileSync(join(directory, 'b.txt'), 'The quick brown fox jumps over the lazy dog.\n');
  });

  it('counts a file for people', async () => {
    const result = await runCli(['tokens', 'a.txt'], { cwd: directory });
    expect(result).toMatchObject({ code: 0, stdout: '3  a.txt\n', stderr: '' });
  });

  it('counts several files with a total as one JSON document', async () => {
    const result = await runCli(['tokens', 'a.txt', 'b.txt', '--json'], { cwd: directory });
    expect(result.code).toBe(0);
    expect(parseJson(result)).toEqual({
      encoding: 'o200k_base',
      tokens: 13,
      bytes: 57,
      files: [
        { path: 'a.txt', tokens: 3, bytes: 12 },
        { path: 'b.txt', tokens: 10, bytes: 45 },
      ],
    });
  });

  it('counts standard input', async () => {
    const result = await runCli(['--json', 'tokens', '-'], { input: 'hello world' });
    expect(parseJson(result)).toEqual({ encoding: 'o200k_base', tokens: 2, bytes: 11 });
  });

  it('exits 2 with one line for a missing file', async () => {
    const result = await runCli(['tokens', 'missing.txt', '--json'], { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('ctxkit: no such file: missing.txt\n');
  });

  it('exits 2 for an unknown encoding, listing the choices', async () => {
    const result = await runCli(['tokens', 'a.txt', '--encoding', 'p50k_base'], { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "argument 'p50k_base' is invalid. Allowed choices are o200k_base, cl100k_base, estimate",
    );
    expect(result.stderr).not.toMatch(STACK_FRAME);
  });

  it('exits 2 for a directory', async () => {
    const result = await runCli(['tokens', '.'], { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('ctxkit: is a directory, expected a file: .\n');
  });
});
