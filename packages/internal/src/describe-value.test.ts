import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value.js';

describe('describeValue', () => {
  it('shows numbers, booleans, null and undefined as they print', () => {
    expect([NaN, -1, true, null, undefined, 10n].map(describeValue)).toEqual([
      'NaN',
      '-1',
      'true',
      'null',
      'undefined',
      '10',
    ]);
  });

  it('quotes strings as text, cut to 40 characters', () => {
    expect(describeValue('50')).toBe('the string "50"');
    expect(describeValue('x'.repeat(100))).toBe(`the string "${'x'.repeat(40)}…"`);
  });

  it('names other values by kind', () => {
    expect([[1], { a: 1 }, () => 1, Symbol('s')].map(describeValue)).toEqual([
      'an array',
      'an object',
      'a function',
      'a symbol',
    ]);
  });
});
