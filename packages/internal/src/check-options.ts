/**
 * Checks on caller options. NaN compares false everywhere, so an unchecked NaN cap or threshold
 * quietly turns a limit off (or selects nothing), and a string where an array belongs is read
 * character by character: the caller's mistake must be loud instead. Each throws an
 * {@link InvalidOptionError}; messages are built only on failure (some run on hot paths).
 */
import { failRange, failType } from './invalid-option.js';

/**
 * Throw unless `value` is a number that `accept`s: a `TypeError` for a non-number, else a
 * `RangeError`; the one-line message says what was `expected` and what was found.
 */
export function assertNumber(
  where: string,
  name: string,
  value: unknown,
  expected: string,
  accept: (value: number) => boolean,
): asserts value is number {
  if (typeof value !== 'number') failType(where, name, expected, value);
  if (!accept(value)) failRange(where, name, expected, value);
}

/** Throw unless `value` is a whole number ≥ `min` (0 unless given). */
export function assertWholeNumber(
  where: string,
  name: string,
  value: unknown,
  min = 0,
): asserts value is number {
  assertNumber(
    where,
    name,
    value,
    `a whole number ≥ ${min}`,
    (number) => Number.isSafeInteger(number) && number >= min,
  );
}

/** Throw unless `value` is a finite number. */
export function assertFinite(where: string, name: string, value: unknown): asserts value is number {
  assertNumber(where, name, value, 'a finite number', Number.isFinite);
}

/** Throw unless `value` is a string. */
export function assertString(where: string, name: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') failType(where, name, 'a string', value);
}

/** Throw unless `value` is an array of strings; `what` names its entries (`skill names`). */
export function assertStringArray(
  where: string,
  name: string,
  value: unknown,
  what = 'strings',
): asserts value is string[] {
  if (!Array.isArray(value)) failType(where, name, `an array of ${what}`, value);
  for (const [index, entry] of value.entries()) assertString(where, `${name}[${index}]`, entry);
}

/** Throw unless `value` is one of `allowed` (strings). */
export function assertOneOf<T extends string>(
  where: string,
  name: string,
  value: unknown,
  allowed: readonly T[],
): asserts value is T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    failType(where, name, allowed.map((entry) => `"${entry}"`).join(' or '), value);
}

/** Throw unless `value` is a boolean (`'false'` would read as true). */
export function assertBoolean(where: string, name: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') failType(where, name, 'true or false', value);
}
