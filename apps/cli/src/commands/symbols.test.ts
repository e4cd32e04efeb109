import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const root = mkdtempSync(join(tmpdir(), 'ctxkit-symbols-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ctxkit symbols FILE', () => {
  it('lists the definitions of one file', async () => {
    writeFileSync(join(root, 'tool.py'), 'def parse_args(argv):\n    return argv\n');
    const result = await runInProcess(['symbols', 'tool.py'], root);
    expect(result).toEqual({ code: 0, stdout: 'tool.py:1  function parse_args\n', stderr: '' });
  });

  it('says why a file it cannot read as source is left out, as a tree scan would', async () => {
    writeFileSync(join(root, 'blob.py'), Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01]));
    writeFileSync(join(root, 'latin.py'), Buffer.from('def caf\xe9():\n    pass\n', 'latin1'));
    expect(await runInProcess(['symbols', 'blob.py'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ctxkit: cannot read symbols from blob.py: binary file\n',
    });
    expect((await runInProcess(['symbols', 'latin.py'], root)).stderr).toBe(
      'ctxkit: cannot read symbols from latin.py: not valid UTF-8 text\n',
    );
  });
});
