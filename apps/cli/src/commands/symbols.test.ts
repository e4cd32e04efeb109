import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

describe('ctxkit symbols DIR', () => {
  it('prints paths relative to the working directory, as ctxkit symbols DIR/FILE does', async () => {
    const project = mkdtempSync(join(tmpdir(), 'ctxkit-symbols-base-'));
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'app.py'), 'def start():\n    pass\n');
    const directory = await runInProcess(['symbols', 'src', '--no-cache'], project);
    const file = await runInProcess(['symbols', 'src/app.py'], project);
    expect(directory.stdout).toBe('src/app.py:1  function start\n');
    expect(file.stdout).toBe(directory.stdout);
    const json = await runInProcess(['symbols', 'src', '--no-cache', '--json'], project);
    expect(JSON.parse(json.stdout)).toEqual(
      JSON.parse((await runInProcess(['symbols', 'src/app.py', '--json'], project)).stdout),
    );
    expect((await runInProcess(['symbols', '.', '--no-cache'], join(project, 'src'))).stdout).toBe(
      'app.py:1  function start\n',
    );
    rmSync(project, { recursive: true, force: true });
  });
});
