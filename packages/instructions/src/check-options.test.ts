import { describe, expect, it } from 'vitest';
import { checkBoolean, checkByteBudget, checkPathList } from './check-options.js';

describe('option checks', () => {
  it('accept absent values and the valid ones', () => {
    for (const value of [undefined, null, 0, 12_000]) checkByteBudget('f', 'maxTotalBytes', value);
    for (const value of [undefined, [], ['a.md']]) checkPathList('f', 'files', value, true);
    for (const value of [undefined, true, false]) checkBoolean('f', 'includeReadme', value);
  });

  it('name the option and show what was found', () => {
    expect(() => checkByteBudget('f', 'maxFileBytes', Number.POSITIVE_INFINITY)).toThrow(
      new RangeError('f: maxFileBytes must be a whole number ≥ 0, found Infinity'),
    );
    expect(() => checkPathList('f', 'scope', ['a', null])).toThrow(
      new TypeError('f: scope[1] must be a path, found null'),
    );
    expect(() => checkBoolean('f', 'includeReadme', 'false')).toThrow(
      new TypeError('f: includeReadme must be true or false, found the string "false"'),
    );
  });
});
