/**
 * Checks on caller options. NaN compares false everywhere, so an unchecked NaN limit quietly
 * switches the limit off (or everything off): the caller's mistake must be loud instead.
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

/** Throw unless `value` is a whole number ≥ `min`. */
export function assertWholeNumber(where: string, name: string, value: unknown, min: number): void {
  assertNumber(
    where,
    name,
    value,
    `a whole number ≥ ${min}`,
    (number) => Number.isSafeInteger(number) && number >= min,
  );
}

/** Throw unless `value` is a finite number. */
export function assertFinite(where: string, name: string, value: unknown): void {
  assertNumber(where, name, value, 'a finite number', Number.isFinite);
}

/** Throw unless `value` is a string. */
export function assertString(where: string, name: string, value: unknown): void {
  if (typeof value !== 'string')
    throw new TypeError(`${where}: ${name} must be a string, found ${describeValue(value)}`);
}

/** Throw unless `value` is one of `allowed`. */
export function assertOneOf(where: string, name: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value))
    throw new TypeError(
      `${where}: ${name} must be ${allowed.map((entry) => `"${entry}"`).join(' or ')}, found ${describeValue(value)}`,
    );
}

/** A value as an error message shows it: strings quoted, objects by kind. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  if (value !== null && typeof value === 'object') return 'an object';
  return String(value);
}
