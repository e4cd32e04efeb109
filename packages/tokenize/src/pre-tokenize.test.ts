import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitCl100k, splitO200k, splitPieces } from './pre-tokenize.js';

// The published patterns in JavaScript syntax (case-insensitive contractions spelled out). On ASCII they
// mean exactly what the Rust patterns mean; beyond ASCII JavaScript's \s and Unicode tables differ.
const CONTRACTIONS = "'s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D";
const CL100K_PATTERN = new RegExp(
  `(?:${CONTRACTIONS})|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+`,
  'gu',
);
const O200K_PATTERN = new RegExp(
  [
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?:${CONTRACTIONS})?`,
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?:${CONTRACTIONS})?`,
    '\\p{N}{1,3}',
    ' ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*',
    '\\s*[\\r\\n]+',
    '\\s+(?!\\S)',
    '\\s+',
  ].join('|'),
  'gu',
);

const ASCII_ALPHABET = [...' \t\n\r\u000b\u000cabsdtlmrveSDTLMRVE019\'".,!?/-_(){}#'];

describe('splitCl100k', () => {
  it.each([
    ['Hello world', ['Hello', ' world']],
    ["don't STOP'LL x'ſa", ['don', "'t", ' STOP', "'LL", ' x', "'ſ", 'a']],
    ['\uFEFF# Title\n', ['\uFEFF#', ' Title', '\n']],
    ['a\u0085!b', ['a', '\u0085', '!b']],
    ['12345', ['123', '45']],
    ['a   b', ['a', '  ', ' b']],
    ['x  \n\n  y', ['x', '  \n\n', ' ', ' y']],
    ['end   ', ['end', '   ']],
    ['e\u0301t', ['e', '\u0301t']],
    ['?!\r\n\r\nx', ['?!\r\n\r\n', 'x']],
    ['\ud800abc', ['\ud800abc']],
  ])('%j', (text, pieces) => {
    expect(splitPieces(text, splitCl100k)).toEqual(pieces);
  });

  it('agrees with the published pattern on ASCII text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ASCII_ALPHABET), { maxLength: 40 }), (characters) => {
        const text = characters.join('');
        expect(splitPieces(text, splitCl100k)).toEqual(text.match(CL100K_PATTERN) ?? []);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('splitO200k', () => {
  it.each([
    ["Hello world's", ['Hello', " world's"]],
    ['CamelCaseXMLHttp', ['Camel', 'Case', 'XMLHttp']],
    ['ÉcoleÉ ǅa', ['École', 'É', ' ǅa']],
    ['\uFEFF# Title\n', ['\uFEFF#', ' Title', '\n']],
    ['abc//\n/x', ['abc', '//\n/', 'x']],
    ["x'ſa", ["x'ſ", 'a']],
    ['1234', ['123', '4']],
    ['e\u0301te\u0301', ['e\u0301te\u0301']],
  ])('%j', (text, pieces) => {
    expect(splitPieces(text, splitO200k)).toEqual(pieces);
  });

  it('agrees with the published pattern on ASCII text', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ASCII_ALPHABET), { maxLength: 40 }), (characters) => {
        const text = characters.join('');
        expect(splitPieces(text, splitO200k)).toEqual(text.match(O200K_PATTERN) ?? []);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('long runs', () => {
  it('are covered by pieces without gaps or overlaps (their timing is in pnpm bench tokenize)', () => {
    for (const text of [
      ' '.repeat(100_000),
      `${' '.repeat(50_000)}x`,
      '\n '.repeat(30_000),
      'Aa'.repeat(40_000),
    ]) {
      for (const splitter of [splitCl100k, splitO200k]) {
        const pieces = splitPieces(text, splitter);
        expect(pieces.join('')).toBe(text);
        expect(pieces.every((piece) => piece.length > 0)).toBe(true);
      }
    }
  });
});
