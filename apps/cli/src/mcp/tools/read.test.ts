import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, MAX_READ_LIMIT, readFileLines } from './read.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-read-')));
writeFileSync(join(root, 'empty.txt'), '');
writeFileSync(join(root, 'no-newline.txt'), 'one\ntwo');
writeFileSync(join(root, 'long-line.txt'), `${'x'.repeat(MAX_LINE_CHARS + 5)}\n`);
writeFileSync(
  join(root, 'many.txt'),
  `${Array.from({ length: MAX_READ_LIMIT + 10 }, (_, index) => index + 1).join('\n')}\n`,
);

writeFileSync(join(root, 'ctl\nname\x01\x1b[31mred.ts'), 'red\n');

describe('readFileLines', () => {
  it('names a file with control characters escaped, and opens it by its escaped name too', () => {
    const expected = 'ctl\\nname\\x01\\x1b[31mred.ts lines 1-1 of 1\n1\tred\n';
    expect(readFileLines(root, { path: 'ctl\nname\x01\x1b[31mred.ts' })).toBe(expected);
    expect(readFileLines(root, { path: 'ctl\\nname\\x01\\x1b[31mred.ts' })).toBe(expected);
    expect(() => readFileLines(root, { path: 'gone\x1b.ts' })).toThrow('no such file: gone\x1b.ts');
  });

  it('numbers the last line of a file without a final newline', () => {
    expect(readFileLines(root, { path: 'no-newline.txt' })).toBe(
      'no-newline.txt lines 1-2 of 2\n1\tone\n2\ttwo\n',
    );
  });

  it('says an empty file is empty instead of failing', () => {
    expect(readFileLines(root, { path: 'empty.txt' })).toBe('empty.txt is empty\n');
  });

  it('cuts an overlong line and says by how much', () => {
    expect(readFileLines(root, { path: 'long-line.txt' })).toBe(
      `long-line.txt lines 1-1 of 1\n1\t${'x'.repeat(MAX_LINE_CHARS)} [line cut at ${MAX_LINE_CHARS} of ${MAX_LINE_CHARS + 5} characters]\n`,
    );
  });

  it('never returns more than the maximum number of lines, and says where to continue', () => {
    const text = readFileLines(root, { path: 'many.txt', limit: MAX_READ_LIMIT + 10 });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(`many.txt lines 1-${MAX_READ_LIMIT} of ${MAX_READ_LIMIT + 10}`);
    expect(lines).toHaveLength(MAX_READ_LIMIT + 2);
    expect(lines.at(-1)).toBe(`[10 more lines; call read with offset ${MAX_READ_LIMIT + 1}]`);
  });

  it('pads line numbers to the widest one shown', () => {
    expect(readFileLines(root, { path: 'many.txt', offset: 8, limit: 3 })).toBe(
      'many.txt lines 8-10 of 2010\n 8\t8\n 9\t9\n10\t10\n[2000 more lines; call read with offset 11]\n',
    );
  });
});
