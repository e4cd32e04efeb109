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
});
