/**
 * Checks on what a caller passes in. A NaN or negative budget compares false everywhere and quietly
 * loads nothing; a string where a list belongs is dropped or crashes later. Both must be loud instead.
 * The shapes are this package's (absent means the default); the error type and its wording are
 * `@ctxkit/internal`'s, shared by every package.
 */
import { failRange, failType } from '@ctxkit/internal';

/** Throw unless `value` is a plain object. */
export function checkObject(where: string, name: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    failType(where, name, 'an object', value);
}

/** Throw unless a byte budget is absent (the default applies) or a whole number ≥ 0 (0 loads nothing). */
export function checkByteBudget(where: string, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number') failType(where, name, 'a whole number ≥ 0', value);
  if (!Number.isSafeInteger(value) || value < 0) failRange(where, name, 'a whole number ≥ 0', value);
}

/** Throw unless `value` is absent or an array of strings (non-empty ones when `nonEmpty`). */
export function checkPathList(where: string, name: string, value: unknown, nonEmpty = false): void {
  if (value === undefined || value === null) return;
  if (!Array.isArray(value)) failType(where, name, 'an array of paths', value);
  for (const [index, path] of value.entries()) {
    if (typeof path !== 'string' || (nonEmpty && path === ''))
      failType(where, `${name}[${index}]`, nonEmpty ? 'a non-empty path' : 'a path', path);
  }
}

/** Throw unless `value` is absent or a boolean (`'false'` would read as true). */
export function checkBoolean(where: string, name: string, value: unknown): void {
  if (value !== undefined && value !== null && typeof value !== 'boolean')
    failType(where, name, 'true or false', value);
}
