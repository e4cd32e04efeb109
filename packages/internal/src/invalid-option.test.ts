import { describe, expect, it } from 'vitest';
import { assertOneOf, assertStringArray, assertWholeNumber } from './check-options.js';
import { failRange, invalidOption, invalidOptionDetail, isInvalidOptionError } from './invalid-option.js';

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('InvalidOptionError', () => {
  it('is a TypeError for the wrong kind and a RangeError out of range, with the same fields', () => {
    const wrongKind = thrown(() => assertWholeNumber('chunk', 'maxTokens', '5'));
    const outOfRange = thrown(() => assertWholeNumber('chunk', 'maxTokens', -1, 1));
    expect(wrongKind).toBeInstanceOf(TypeError);
    expect(outOfRange).toBeInstanceOf(RangeError);
    expect(wrongKind).toMatchObject({
      where: 'chunk',
      parameter: 'maxTokens',
      expected: 'a whole number ≥ 0',
      found: 'the string "5"',
      message: 'chunk: maxTokens must be a whole number ≥ 0, found the string "5"',
    });
    expect(outOfRange).toMatchObject({ expected: 'a whole number ≥ 1', found: '-1' });
  });

  it('names the entry of a list and the choices of an enumeration', () => {
    expect(thrown(() => assertStringArray('discover', 'names', ['a', 3]))).toMatchObject({
      parameter: 'names[1]',
      expected: 'a string',
    });
    expect(thrown(() => assertOneOf('chunk', 'mode', 'x', ['lines', 'words']))).toMatchObject({
      expected: '"lines" or "words"',
      found: 'the string "x"',
    });
  });

  it('is recognised by its marker, not by class identity, and reads without its place', () => {
    const error = invalidOption('range', 'budget', 'slackPercent', 'between 0 and 100', 150);
    expect(isInvalidOptionError(error)).toBe(true);
    expect(isInvalidOptionError(new RangeError('budget: slackPercent'))).toBe(false);
    expect(isInvalidOptionError('text')).toBe(false);
    expect(invalidOptionDetail(error)).toBe('slackPercent must be between 0 and 100, found 150');
    expect(() => failRange('', 'x', 'y', 1)).toThrow(/^x must be y, found 1$/);
  });
});
