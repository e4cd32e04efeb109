import { describe, expect, it } from 'vitest';
import { createTokenizer, estimateTokens } from './index.js';

describe('createTokenizer', () => {
  it('counts special-token strings as ordinary text', () => {
    const tokenizer = createTokenizer({ encoding: 'o200k_base' });
    expect(tokenizer.count('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('estimates chars/4 rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcde')).toBe(2);
  });
});
