import { describe, expect, it } from 'vitest';
import { referenceEncode } from './__fixtures__/reference.js';
import { bytePairEncoder } from './byte-pair-encoder.js';
import { CharacterClass, characterClassTable } from './character-classes.js';

// Contexts in which a code point's class decides the split: after a letter, before a contraction, after
// a digit, after punctuation, after a no-break space, before a newline.
function probe(character: string): string {
  return `a${character}b${character}'s ${character}1${character}2 !${character}A${character}\u00a0${character}\n${character} `;
}

/** Every `step`-th code point (surrogates excluded), plus the ones the tables single out. */
function sampledCodePoints(step: number): number[] {
  const codes = new Set<number>([
    0x85, 0xa0, 0xfeff, 0x180e, 0x200b, 0x2028, 0x17f, 0x295, 0x2ebf0, 0x2ee5d, 0x31350,
  ]);
  for (let code = 0; code <= 0x10ffff; code += step) if (code < 0xd800 || code > 0xdfff) codes.add(code);
  return [...codes].sort((left, right) => left - right);
}

describe('character classes', () => {
  it('follow Rust: NEL is whitespace, BOM is not; U+0295 is still Ll (Unicode 15.1)', () => {
    const table = characterClassTable();
    expect(table[0x85]).toBe(CharacterClass.space);
    expect(table[0xfeff]).toBe(CharacterClass.other);
    expect(table[0x0a]).toBe(CharacterClass.newline);
    expect(table[0x295]).toBe(CharacterClass.lower);
    expect(table[0x2ebf0]).toBe(CharacterClass.letterOther);
  });

  it.each(['cl100k_base', 'o200k_base'] as const)(
    'split every sampled code point like the reference (%s)',
    (encoding) => {
      const encoder = bytePairEncoder(encoding);
      const codes = sampledCodePoints(41);
      // Batches keep a mismatch findable without encoding each code point on its own.
      for (let start = 0; start < codes.length; start += 512) {
        const batch = codes.slice(start, start + 512);
        const text = batch.map((code) => probe(String.fromCodePoint(code))).join('');
        if (encoder.encode(text).join() === referenceEncode(encoding, text).join()) continue;
        const wrong = batch.filter((code) => {
          const sample = probe(String.fromCodePoint(code));
          return encoder.encode(sample).join() !== referenceEncode(encoding, sample).join();
        });
        expect(wrong.map((code) => code.toString(16))).toEqual([]);
      }
    },
  );
});
