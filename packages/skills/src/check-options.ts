/**
 * Checks on caller options. NaN compares false everywhere, so an unchecked NaN cap or threshold
 * quietly turns a limit off (or selects nothing), and a string where an array belongs is read
 * character by character: the caller's mistake must be loud instead.
 */

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
): void {
  if (typeof value !== 'number')
    throw new TypeError(`${where}: ${name} must be ${expected}, found ${describeValue(value)}`);
  if (!accept(value))
    throw new RangeError(`${where}: ${name} must be ${expected}, found ${describeValue(value)}`);
}

/** Throw unless `value` is a whole number ≥ 0. */
export function assertCount(where: string, name: string, value: unknown): void {
  assertNumber(
    where,
    name,
    value,
    'a whole number ≥ 0',
    (number) => Number.isSafeInteger(number) && number >= 0,
  );
}

/** Throw unless `value` is a string. */
export function assertString(where: string, name: string, value: unknown): void {
  if (typeof value !== 'string')
    throw new TypeError(`${where}: ${name} must be a string, found ${describeValue(value)}`);
}

/** Throw unless `value` is an array of strings; `what` names its entries (`skill names`). */
export function assertStringArray(where: string, name: string, value: unknown, what: string): void {
  if (!Array.isArray(value))
    throw new TypeError(`${where}: ${name} must be an array of ${what}, found ${describeValue(value)}`);
  for (const [index, entry] of value.entries()) assertString(where, `${name}[${index}]`, entry);
}

/** A value as an error message shows it: strings quoted, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}
