import { describe, expect, it } from 'vitest';
import { referenceEncode } from './__fixtures__/reference.js';
import { createTokenizer, ENCODINGS, estimateTokens } from './index.js';

describe('createTokenizer', () => {
  it('defaults to o200k_base and counts exactly', () => {
    const tokenizer = createTokenizer();
    expect(tokenizer.encoding).toBe('o200k_base');
    expect(tokenizer.exact).toBe(true);
    expect(tokenizer.count('Hello, world!')).toBe(referenceEncode('o200k_base', 'Hello, world!').length);
  });

  it('counts special-token strings as ordinary text unless allowed', () => {
    const tokenizer = createTokenizer({ encoding: 'o200k_base' });
    const text = 'log: <|endoftext|>';
    expect(tokenizer.count(text)).toBe(referenceEncode('o200k_base', text).length);
    expect(tokenizer.count(text)).toBeGreaterThan(tokenizer.count(text, { allowedSpecial: 'all' }));
    expect(tokenizer.encode(text, { allowedSpecial: ['<|endoftext|>'] }).at(-1)).toBe(199999);
  });

  it('round-trips through decode', () => {
    const tokenizer = createTokenizer({ encoding: 'cl100k_base' });
    expect(tokenizer.decode(tokenizer.encode('\uFEFFfunction f() {}'))).toBe('\uFEFFfunction f() {}');
  });

  it('estimates chars/4 without ids', () => {
    const tokenizer = createTokenizer({ encoding: 'estimate' });
    expect(tokenizer.exact).toBe(false);
    expect(tokenizer.count('abcde')).toBe(2);
    expect(estimateTokens('')).toBe(0);
    expect(() => tokenizer.encode('x')).toThrow(/no token ids/);
    expect(() => tokenizer.decode([1])).toThrow(/no token ids/);
  });

  it('rejects an unknown encoding with the expected names', () => {
    expect(() => createTokenizer({ encoding: 'p50k_base' as never })).toThrow(
      'Unknown encoding "p50k_base"; expected o200k_base, cl100k_base, estimate.',
    );
    expect(ENCODINGS).toEqual(['o200k_base', 'cl100k_base', 'estimate']);
  });

  it('rejects text that is not a string instead of counting it as 0, NaN or crashing', () => {
    for (const encoding of ENCODINGS) {
      const tokenizer = createTokenizer({ encoding });
      expect(() => tokenizer.count(123 as never)).toThrow(
        new TypeError('count: text must be a string, found 123'),
      );
      expect(() => tokenizer.count(undefined as never)).toThrow(
        new TypeError('count: text must be a string, found undefined'),
      );
    }
    const exact = createTokenizer();
    expect(() => exact.encode(null as never)).toThrow(
      new TypeError('encode: text must be a string, found null'),
    );
    expect(() => exact.decode('abc' as never)).toThrow(
      new TypeError('decode: tokens must be an array of token ids, found the string "abc"'),
    );
    expect(exact.decode(Uint32Array.from(exact.encode('hi there')) as never)).toBe('hi there');
    expect(() => estimateTokens(['a'] as never)).toThrow(
      new TypeError('estimateTokens: text must be a string, found an array'),
    );
    expect(() => createTokenizer(null as never)).toThrow(
      new TypeError('createTokenizer: options must be an object such as { encoding }, found null'),
    );
  });

  it('rejects allowedSpecial that is not "all" or an array of strings', () => {
    for (const encoding of ENCODINGS) {
      const tokenizer = createTokenizer({ encoding });
      expect(() => tokenizer.count('a', { allowedSpecial: 'none' as never })).toThrow(
        new TypeError(
          'count: allowedSpecial must be "all" or an array of special-token strings, found the string "none"',
        ),
      );
      expect(() => tokenizer.count('a', { allowedSpecial: ['<|endoftext|>', 5] as never })).toThrow(
        new TypeError('count: allowedSpecial[1] must be a string, found 5'),
      );
      expect(() => tokenizer.count('a', 'all' as never)).toThrow(
        new TypeError('count: options must be an object such as { allowedSpecial }, found the string "all"'),
      );
    }
    const exact = createTokenizer();
    expect(() => exact.encode('a', { allowedSpecial: null as never })).toThrow(
      /^encode: allowedSpecial must be/,
    );
    expect(exact.count('a <|endoftext|>', { allowedSpecial: [] })).toBe(exact.count('a <|endoftext|>'));
  });
});
