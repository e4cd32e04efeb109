// Invariants of every scanner over generated and adversarial input: no throw (called directly, not
// through scanSource's safety net), same output for the same text, well-formed definitions, and
// completion on large pathological inputs (linear time; no wall-clock assertions).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scanner, ScanResult } from '../types.js';
import { scanC } from './c.js';
import { scanCSharp } from './csharp.js';
import { scanGo } from './go.js';
import { scanJava } from './java.js';
import { scanPhp } from './php.js';
import { scanPython } from './python.js';
import { scanRuby } from './ruby.js';
import { scanRust } from './rust.js';
import { scanJavaScript, scanTypeScript } from './typescript.js';

const SCANNERS: Record<string, Scanner> = {
  typescript: scanTypeScript,
  javascript: scanJavaScript,
  python: scanPython,
  go: scanGo,
  rust: scanRust,
  java: scanJava,
  c: scanC,
  ruby: scanRuby,
  csharp: scanCSharp,
  php: scanPhp,
};

/** Fragments that open and close every construct the lexers track, plus names and odd characters. */
const FRAGMENTS = [
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  '<',
  '>',
  '=>',
  '->',
  ':',
  '::',
  ';',
  ',',
  '.',
  '=',
  '/',
  '*',
  '\\',
  '"',
  "'",
  '`',
  '${',
  '/*',
  '*/',
  '//',
  '#',
  '#[',
  '"""',
  "'''",
  'r#"',
  '"#',
  "'a",
  "'x'",
  'b"',
  '\n',
  '\r\n',
  ' ',
  '\t',
  '    ',
  '@',
  '$',
  '!',
  '?',
  '|',
  '&',
  'def ',
  'class ',
  'fn ',
  'func ',
  'function ',
  'impl ',
  'trait ',
  'struct ',
  'enum ',
  'interface ',
  'type ',
  'const ',
  'let ',
  'var ',
  'static ',
  'mod ',
  'namespace ',
  'record ',
  'macro_rules! ',
  'async ',
  'export ',
  'pub ',
  'public ',
  'x',
  'Name',
  '_private',
  'é',
  '😀',
  '\u2028',
  '0x1F',
  '1.5e3',
];

const sourceText = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 200 }).map((parts) => parts.join(''));

function checkWellFormed(result: ScanResult, text: string): void {
  const lineCount = text.split('\n').length;
  for (const definition of result.definitions) {
    expect(definition.name.length).toBeGreaterThan(0);
    expect(definition.line).toBeGreaterThanOrEqual(1);
    expect(definition.line).toBeLessThanOrEqual(lineCount);
    if (definition.endLine !== undefined) expect(definition.endLine).toBeGreaterThanOrEqual(definition.line);
    expect(definition.signature).not.toMatch(/\n/);
  }
  for (const [name, count] of result.references) {
    expect(name).toMatch(/^\S+$/);
    expect(Number.isInteger(count) && count > 0).toBe(true);
  }
}

describe.each(Object.entries(SCANNERS))('%s scanner', (_language, scan) => {
  it('never throws, is deterministic and well-formed on generated input', () => {
    fc.assert(
      fc.property(sourceText, (text) => {
        const first = scan(text);
        const second = scan(text);
        expect(second).toEqual(first);
        checkWellFormed(first, text);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same result whatever was scanned before (shared buffers leak nothing)', () => {
    fc.assert(
      fc.property(sourceText, sourceText, (before, text) => {
        const alone = scan(text);
        scan(before);
        expect(scan(text)).toEqual(alone);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws on arbitrary unicode', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        checkWellFormed(scan(text), text);
      }),
      { numRuns: 200 },
    );
  });

  it('finishes on large pathological inputs (unbalanced, unterminated, one long line)', () => {
    const size = 200_000;
    const inputs = [
      '('.repeat(size),
      '{'.repeat(size),
      '}'.repeat(size),
      '<'.repeat(size),
      '"'.repeat(size),
      '`${'.repeat(size / 3),
      '/*'.repeat(size / 2),
      "'a ".repeat(size / 3),
      'function f('.repeat(size / 11),
      'class A<'.repeat(size / 8),
      'impl<T> '.repeat(size / 8),
      'def f(\n'.repeat(size / 7),
      ' '.repeat(size) + 'x',
      'x = a / b / c; '.repeat(size / 15),
      Array.from({ length: 2000 }, (_, depth) => `${' '.repeat(depth)}def f${depth}():`).join('\n'),
      `const minified=${'[{a:(b)=>c/d},'.repeat(size / 14)}`,
    ];
    for (const text of inputs) {
      const result = scan(text);
      checkWellFormed(result, text);
    }
  });
});
