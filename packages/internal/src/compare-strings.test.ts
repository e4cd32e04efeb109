import { describe, expect, it } from 'vitest';
import { compareStrings } from './compare-strings.js';

describe('compareStrings', () => {
  it('orders by code units, as the default sort does, whatever the locale', () => {
    const words = ['b', 'B', 'a', 'ä', 'A', '', 'a'];
    expect([...words].sort(compareStrings)).toEqual([...words].sort());
    expect(compareStrings('a', 'a')).toBe(0);
  });
});
