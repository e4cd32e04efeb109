import { describe, expect, it } from 'vitest';
import { parseWholeNumber } from './parse-number.js';

describe('parseWholeNumber', () => {
  it('reads digits, with spaces around', () => {
    expect(parseWholeNumber('0')).toBe(0);
    expect(parseWholeNumber(' 4096 ')).toBe(4096);
    expect(parseWholeNumber('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses what is not a whole number, and numbers it cannot hold exactly', () => {
    for (const value of [
      '',
      ' ',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '12a',
      '9007199254740993',
      '99999999999999999999',
    ]) {
      expect(parseWholeNumber(value), value).toBeUndefined();
    }
  });
});
