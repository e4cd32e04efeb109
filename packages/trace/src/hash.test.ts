import { describe, expect, it } from 'vitest';
import { hashText } from './hash.js';

describe('hashText', () => {
  it('is 16 hex digits, equal for equal text and different for different text', () => {
    expect(hashText('user\nhello')).toMatch(/^[0-9a-f]{16}$/);
    expect(hashText('user\nhello')).toBe(hashText('user\nhello'));
    expect(hashText('user\nhello')).not.toBe(hashText('user\nhellp'));
    expect(hashText('')).not.toBe(hashText(' '));
  });

  it('gives the same bytes on every run', () => {
    expect(hashText('system\nYou are a coding agent.')).toMatchInlineSnapshot(`"e8accf3fe25d9a5d"`);
  });
});
