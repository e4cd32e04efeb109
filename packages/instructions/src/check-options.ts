/**
 * Checks on what a caller passes in. A NaN or negative budget compares false everywhere and quietly
 * loads nothing; a string where a list belongs is dropped or crashes later. Both must be loud instead.
 */

/** A value as an error message shows it: `NaN`, `undefined`, `an array`, `the string "50"`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Throw `where: name must be expected, found …` as a TypeError. */
export function failOption(where: string, name: string, expected: string, value: unknown): never {
  throw new TypeError(`${where}: ${name} must be ${expected}, found ${describeValue(value)}`);
}

/** Throw unless `value` is a plain object. */
export function checkObject(where: string, name: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    failOption(where, name, 'an object', value);
}

/** Throw unless a byte budget is absent (the default applies) or a whole number ≥ 0 (0 loads nothing). */
export function checkByteBudget(where: string, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number') failOption(where, name, 'a whole number ≥ 0', value);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${where}: ${name} must be a whole number ≥ 0, found ${describeValue(value)}`);
}

/** Throw unless `value` is absent or an array of strings (non-empty ones when `nonEmpty`). */
export function checkPathList(where: string, name: string, value: unknown, nonEmpty = false): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) failOption(where, name, 'an array of paths', value);
  for (const [index, path] of value.entries()) {
    if (typeof path !== 'string' || (nonEmpty && path === ''))
      failOption(where, `${name}[${index}]`, nonEmpty ? 'a non-empty path' : 'a path', path);
  }
}

/** Throw unless `value` is absent or a boolean (`'false'` would read as true). */
export function checkBoolean(where: string, name: string, value: unknown): void {
  if (value !== undefined && value !== null && typeof value !== 'boolean')
    failOption(where, name, 'true or false', value);
}
