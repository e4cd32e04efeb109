import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerptFile, splitLines } from './excerpt.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');
const python = fixture('tokenizer.py');
const typescript = fixture('server.ts');

// Every numbered line must show the file's real line at that number.
function expectRealLineNumbers(text: string, source: string): void {
  const lines = splitLines(source);
  for (const line of text.split('\n')) {
    const match = /^(\d+)(?:\t(.*))?$/.exec(line);
    if (!match) {
      expect(line).toMatch(/^\.\.\. \((?:lines? \d+(?:-\d+)? not shown|\d+ more definitions not shown)\)$/);
      continue;
    }
    expect((match[2] ?? '').trimEnd()).toBe((lines[Number(match[1]) - 1] ?? '').trimEnd());
  }
}

describe('excerptFile', () => {
  it('windows around a short caller identifier such as `fs`', () => {
    const text =
      "import fs from 'node:fs';\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\nconst e = 5;\nfs.readFileSync(a);\n";
    const excerpt = excerptFile({
      path: 'a.ts',
      text,
      identifiers: ['fs'],
      wholeFileLines: 0,
      contextLines: 0,
    });
    expect(excerpt.matched).toEqual(['fs']);
    expect(excerpt.hitLines).toEqual([1, 7]);
  });

  it('keeps CRLF files and a byte-order mark out of the emitted lines', () => {
    const text = '\uFEFFusing System;\r\nclass Parser {\r\n  void ParseDate() {}\r\n}';
    const excerpt = excerptFile({ path: 'Parser.cs', text, query: 'fix ParseDate' });
    expect(excerpt.text).toBe('1\tusing System;\n2\tclass Parser {\n3\t  void ParseDate() {}\n4\t}');
    expect(excerpt.totalLines).toBe(4);
  });

  it('rejects a NaN cap or line length instead of silently lifting the limit', () => {
    const text = 'const a = 1;\nparseDate(a);\n';
    expect(() => excerptFile({ path: 'a.ts', text, query: 'parseDate', maxTokens: Number.NaN })).toThrow(
      'excerptFile: maxTokens must be a number ≥ 0, found NaN',
    );
    expect(() => excerptFile({ path: 'a.ts', text, query: 'parseDate', maxLineLength: 0 })).toThrow(
      RangeError,
    );
    expect(() => excerptFile({ path: 'a.ts', text, query: 'parseDate', contextLines: Number.NaN })).toThrow(
      RangeError,
    );
    // Negative context still means none, as before.
    expect(excerptFile({ path: 'a.ts', text, query: 'parseDate', contextLines: -1 }).hitLines).toEqual([2]);
  });

  it('windows around task identifiers with enclosing headers and elision markers (golden)', async () => {
    const excerpt = excerptFile({
      path: 'tokenizer.py',
      text: python,
      query: 'make Tokenizer.count ignore punctuation',
    });
    await expect(excerpt.text).toMatchFileSnapshot('__goldens__/excerpt-python.txt');
    expect(excerpt.matched).toEqual(['Tokenizer', 'count']);
    expectRealLineNumbers(excerpt.text, python);
  });

  it('includes the enclosing definition header of a deep hit', async () => {
    const excerpt = excerptFile({
      path: 'server.ts',
      text: typescript,
      query: 'return 404 when `handler` is missing',
      wholeFileLines: 0,
    });
    await expect(excerpt.text).toMatchFileSnapshot('__goldens__/excerpt-typescript.txt');
    // `handle(path: string): string {` (line 14) encloses the hit on line 17; class header line 8.
    expect(excerpt.spans.some((span) => span.start <= 8 && span.end >= 8)).toBe(true);
    expectRealLineNumbers(excerpt.text, typescript);
  });

  it('finds the header of a function whose signature spans several lines', () => {
    const excerpt = excerptFile({
      path: 'server.ts',
      text: typescript,
      identifiers: ['listen'],
      contextLines: 0,
      wholeFileLines: 0,
    });
    expect(excerpt.spans).toEqual([
      { start: 24, end: 24 },
      { start: 32, end: 32 },
    ]);
    expect(excerpt.text).toContain('24\texport function startServer(');
    expect(excerpt.text).toContain('32\t  server.listen(options.port, options.host);');
  });

  it('uses scanner definitions with extents when given', () => {
    const excerpt = excerptFile({
      path: 'tokenizer.py',
      text: python,
      identifiers: ['ValueError'],
      contextLines: 0,
      mergeGap: 0,
      definitions: [
        { name: 'parse_header', line: 37, endLine: 41, signature: 'def parse_header(line: str)' },
      ],
    });
    expect(excerpt.spans).toEqual([
      { start: 37, end: 37 },
      { start: 40, end: 40 },
    ]);
    expect(excerpt.text).toBe(
      [
        '... (lines 1-36 not shown)',
        '37\tdef parse_header(line: str) -> dict[str, str]:',
        '... (lines 38-39 not shown)',
        '40\t        raise ValueError("empty header name")',
        '... (lines 41-46 not shown)',
      ].join('\n'),
    );
  });

  it('falls back to signatures when nothing matches, and in identifier-only mode', async () => {
    const none = excerptFile({ path: 'tokenizer.py', text: python, query: 'unrelated words only' });
    expect(none.mode).toBe('signatures');
    await expect(none.text).toMatchFileSnapshot('__goldens__/excerpt-signatures.txt');
    const signatures = excerptFile({
      path: 'tokenizer.py',
      mode: 'signatures',
      definitions: [
        { name: 'parse_header', line: 37, signature: 'def parse_header(line: str) -> dict[str, str]:' },
        { name: 'Tokenizer', line: 15, signature: 'class Tokenizer:' },
      ],
    });
    expect(signatures.text).toBe('15\tclass Tokenizer:\n37\tdef parse_header(line: str) -> dict[str, str]:');
  });

  it('keeps the most relevant window under a token cap instead of the head of the file', () => {
    const tokenizer = createTokenizer({ encoding: 'o200k_base' });
    const excerpt = excerptFile({
      path: 'tokenizer.py',
      text: python,
      query: 'parse_header rejects an empty name',
      maxTokens: 60,
      tokenizer,
    });
    expect(excerpt.text).toContain('def parse_header');
    expect(excerpt.text).not.toContain('1\t"""A toy tokenizer');
    expect(tokenizer.count(excerpt.text)).toBeLessThanOrEqual(60);
    expectRealLineNumbers(excerpt.text, python);
  });

  it('shows a small file with a hit whole, if it fits the cap', () => {
    const whole = excerptFile({ path: 'server.ts', text: typescript, identifiers: ['listen'] });
    expect(whole.spans).toEqual([{ start: 1, end: 33 }]);
    expect(whole.text).not.toContain('not shown');
    const capped = excerptFile({
      path: 'server.ts',
      text: typescript,
      identifiers: ['listen'],
      maxTokens: 40,
    });
    expect(capped.spans.length).toBeGreaterThan(1);
  });

  it('matches caller identifiers literally, whatever characters they contain', () => {
    const text = 'a = 1\nvalue.size + 2\nb = 3\n';
    const excerpt = excerptFile({
      path: 'f.py',
      text,
      identifiers: [
        { name: 'value.size', strong: true },
        { name: 'x+y', strong: true },
      ],
      contextLines: 0,
    });
    expect(excerpt.hitLines).toEqual([2]);
  });

  it('cuts very long lines with a marker but keeps their number', () => {
    const text = `short\n${'x'.repeat(1000)} needle\nend\n`;
    const excerpt = excerptFile({ path: 'min.js', text, identifiers: ['short'], maxLineLength: 50 });
    expect(excerpt.text.split('\n')[1]).toBe(`2\t${'x'.repeat(50)} ... (957 more characters)`);
  });

  it('shows every hit with real line numbers and accounts for every line, for any file', () => {
    const word = fc.constantFrom(
      'alpha',
      'beta',
      'gamma',
      'delta',
      'def run():',
      '  return beta',
      '',
      '}',
      'class Box:',
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(word, { maxLength: 4 }).map((words) => words.join(' ')),
          { maxLength: 80 },
        ),
        fc.subarray(['alpha', 'gamma', 'Box']),
        fc.integer({ min: 0, max: 4 }),
        (lines, identifiers, contextLines) => {
          const text = lines.join('\n');
          const excerpt = excerptFile({ path: 'f.txt', text, identifiers, contextLines, mode: 'bodies' });
          if (excerpt.mode === 'signatures') {
            expect(excerpt.hitLines).toEqual([]);
            return;
          }
          expectRealLineNumbers(excerpt.text, text);
          const shown = new Set<number>();
          for (const span of excerpt.spans)
            for (let line = span.start; line <= span.end; line += 1) shown.add(line);
          for (const hit of excerpt.hitLines) expect(shown.has(hit)).toBe(true);
          // Shown lines plus the ranges named by markers cover the file exactly once.
          let covered = shown.size;
          for (const match of excerpt.text.matchAll(/\((?:lines (\d+)-(\d+)|line (\d+)) not shown\)/g)) {
            covered += match[3] ? 1 : Number(match[2]) - Number(match[1]) + 1;
          }
          expect(covered).toBe(excerpt.totalLines);
          for (let index = 1; index < excerpt.spans.length; index += 1) {
            expect(excerpt.spans[index]!.start).toBeGreaterThan(excerpt.spans[index - 1]!.end + 1);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});
