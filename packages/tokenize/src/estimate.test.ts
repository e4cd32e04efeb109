import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ESTIMATE_CHARS_PER_TOKEN, estimateTokens } from './estimate.js';

describe('estimateTokens', () => {
  it('is chars/4 rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('is deterministic and additive within one token per part', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (left, right) => {
        expect(estimateTokens(left + right)).toBe(estimateTokens(left + right));
        expect(estimateTokens(left + right)).toBeLessThanOrEqual(
          estimateTokens(left) + estimateTokens(right),
        );
        expect(estimateTokens(left)).toBe(Math.ceil(left.length / ESTIMATE_CHARS_PER_TOKEN));
      }),
    );
  });
});
