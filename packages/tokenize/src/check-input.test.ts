import { describe, expect, it } from 'vitest';
import { describeValue } from './check-input.js';

describe('describeValue', () => {
  it('shows a value the way an error message needs it', () => {
    expect(describeValue(123)).toBe('123');
    expect(describeValue(Number.NaN)).toBe('NaN');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(null)).toBe('null');
    expect(describeValue('50')).toBe('the string "50"');
    expect(describeValue('x'.repeat(40))).toBe(`the string "${'x'.repeat(30)}…"`);
    expect(describeValue([1])).toBe('an array');
    expect(describeValue({})).toBe('an object');
    expect(describeValue(() => 1)).toBe('a function');
  });
});
