import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';
import { requireOneOutputMode } from './output-modes.js';

const root = mkdtempSync(join(tmpdir(), 'ctxkit-output-modes-'));
writeFileSync(join(root, 'MEMORY.md'), '# Invoices\n\nTotals are rounded per line item.\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('requireOneOutputMode', () => {
  it('accepts none or one output flag and refuses two in one line', () => {
    expect(() => requireOneOutputMode({ '--json': false, '--text': undefined })).not.toThrow();
    expect(() => requireOneOutputMode({ '--json': true, '--text': false })).not.toThrow();
    expect(() => requireOneOutputMode({ '--json': true, '--text': true })).toThrow(
      '--json and --text cannot be used together; choose one output',
    );
  });
});

describe('two output modes on the command line', () => {
  it('is a usage error for pack, wherever --json is given', async () => {
    for (const argv of [
      ['pack', '--task', 't', '--json', '--text'],
      ['--json', 'pack', '--task', 't', '--text'],
    ]) {
      expect(await runInProcess(argv, root)).toEqual({
        code: 2,
        stdout: '',
        stderr: 'ctxkit: --json and --text cannot be used together; choose one output\n',
      });
    }
  });

  it('is a usage error for retrieve --block with --json or --explain', async () => {
    const json = await runInProcess(['retrieve', '-q', 'invoices', '--block', '--json'], root);
    expect(json).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ctxkit: --json and --block cannot be used together; choose one output\n',
    });
    const explain = await runInProcess(['retrieve', '-q', 'invoices', '--block', '--explain'], root);
    expect(explain.code).toBe(2);
    expect(explain.stderr).toBe('ctxkit: --block and --explain cannot be used together; choose one output\n');
  });
});
