import { describe, expect, it } from 'vitest';
import { goldenCorpus, minifiedLine, packageFiles } from './__fixtures__/corpus.js';
import { referenceEncode } from './__fixtures__/reference.js';
import { bytePairEncoder } from './byte-pair-encoder.js';

const ENCODINGS = ['cl100k_base', 'o200k_base'] as const;

// Counts the reference (tiktoken 1.0.22 WASM, encode_ordinary) gave for the bench's pathological inputs.
// Its merge is quadratic (820 s and 965 s for the CJK input on the dev machine), so they are recorded
// here rather than recomputed.
const RECORDED_REFERENCE_COUNTS: Record<(typeof ENCODINGS)[number], Record<string, number>> = {
  cl100k_base: { spaces: 783, cjk: 233240 },
  o200k_base: { spaces: 783, cjk: 189955 },
};

function pathologicalCjk(length: number): string {
  return Array.from({ length }, (_, index) => String.fromCharCode(0x4e00 + ((index * 7919) % 20000))).join(
    '',
  );
}

describe.each(ENCODINGS)('%s against the reference tokenizer', (encoding) => {
  const encoder = bytePairEncoder(encoding);

  it.each(goldenCorpus())('$name', ({ text }) => {
    const reference = referenceEncode(encoding, text);
    expect(encoder.encode(text)).toEqual(reference);
    expect(encoder.count(text)).toBe(reference.length);
  });

  it('counts a ~1 MB minified line exactly', () => {
    const text = minifiedLine();
    expect(encoder.count(text)).toBe(referenceEncode(encoding, text).length);
  });

  it('counts this package’s own source files exactly', () => {
    for (const { name, text } of packageFiles()) {
      expect({ name, count: encoder.count(text) }).toEqual({
        name,
        count: referenceEncode(encoding, text).length,
      });
    }
  });

  it('counts the BOM heading as 3 tokens, where JavaScript-regex ports say 4', () => {
    expect(encoder.count('\uFEFF# Title\n')).toBe(3);
  });

  it('counts long pathological pieces (rank-queue merge) exactly', () => {
    for (const text of [
      `${' '.repeat(5000)}x`,
      pathologicalCjk(3000),
      'a'.repeat(4000),
      '🙂'.repeat(700),
      'ab'.repeat(2500),
    ]) {
      expect(encoder.encode(text)).toEqual(referenceEncode(encoding, text));
    }
  });

  it('counts 100k-character pathological pieces as the reference did', () => {
    const recorded = RECORDED_REFERENCE_COUNTS[encoding];
    expect(encoder.count(`${' '.repeat(100_000)}x`)).toBe(recorded.spaces);
    if (recorded.cjk !== undefined) expect(encoder.count(pathologicalCjk(100_000))).toBe(recorded.cjk);
    // After a piece too large to keep scratch for, ordinary merging is unaffected.
    const after = `${' '.repeat(3000)}x ${pathologicalCjk(2000)}`;
    expect(encoder.encode(after)).toEqual(referenceEncode(encoding, after));
  });

  it('treats special-token strings as text unless allowed', () => {
    const text = 'a<|endoftext|>b';
    const special = encoding === 'cl100k_base' ? 100257 : 199999;
    expect(encoder.encode(text)).toEqual(referenceEncode(encoding, text));
    expect(encoder.encode(text, ['<|endoftext|>'])).toEqual([
      ...referenceEncode(encoding, 'a'),
      special,
      ...referenceEncode(encoding, 'b'),
    ]);
    expect(encoder.count(text, 'all')).toBe(3);
    expect(encoder.count('<|endofprompt|><|endoftext|>', 'all')).toBe(2);
    expect(encoder.count(text, ['<|endofprompt|>'])).toBe(encoder.count(text));
  });

  it('decodes back to the text, keeping a leading BOM', () => {
    for (const text of ['\uFEFFhello', 'plain text', '日本語 👨‍👩‍👧']) {
      expect(encoder.decode(encoder.encode(text))).toBe(text);
    }
    expect(encoder.decode(encoder.encode('a\ud800b'))).toBe('a\ufffdb');
    expect(() => encoder.decode([-1])).toThrow(/Unknown token id -1/);
  });

  it('gives the same answer from a warm cache as from a cold one', () => {
    const text = goldenCorpus()
      .map((entry) => entry.text)
      .join('\n');
    const first = encoder.encode(text);
    expect(encoder.encode(text)).toEqual(first);
    expect(encoder.count(text)).toBe(first.length);
  });
});
