import { describeValue } from './describe-value.js';

/** What is wrong with one option or input, as separate fields a caller can reword. */
export interface InvalidOptionFields {
  /** The function (or file) that was called: `computeBudget`, `budget`, `chunkDocument`. */
  readonly where: string;
  /** The option as the caller spelt it: `slackPercent`, `ignore[2]`, `rankingPolicy.shares.focus`. */
  readonly parameter: string;
  /** What it must be: `a whole number ≥ 0`, `between 0 and 100`. */
  readonly expected: string;
  /** What it was, as {@link describeValue} shows it (`NaN`, `the string "50"`). */
  readonly found: string;
}

/**
 * The one error type for a caller's mistake in an option: a `TypeError` when the value is of the
 * wrong kind, a `RangeError` when it is the right kind out of range (what each package documented
 * before; callers catch either), with the same fields either way.
 */
export type InvalidOptionError = (TypeError | RangeError) & InvalidOptionFields;

// A registered symbol, not `instanceof`: each published package bundles its own copy of this module,
// and an error thrown by one must be recognised by another (vercel/ai's `AISDKError.isInstance`).
const MARKER = Symbol.for('ctxkit.InvalidOptionError');

/** The one-line message: `where: parameter must be expected, found found`. */
export function formatInvalidOption(fields: InvalidOptionFields): string {
  return `${fields.where ? `${fields.where}: ` : ''}${fields.parameter} must be ${fields.expected}, found ${fields.found}`;
}

/** The message without `where:`, for a caller (the CLI) that names the place itself. */
export function invalidOptionDetail(fields: InvalidOptionFields): string {
  // Field by field: on an error they are not enumerable, so a spread would drop them.
  const { parameter, expected, found } = fields;
  return formatInvalidOption({ where: '', parameter, expected, found });
}

/**
 * The fields as read-only, non-enumerable properties, like `message`: an error compares, prints and
 * serialises as the plain `TypeError`/`RangeError` it was before, and still carries them.
 */
function defineFields(error: Error, fields: InvalidOptionFields): void {
  const property = (value: unknown) => ({ value, enumerable: false, writable: false, configurable: true });
  Object.defineProperties(error, {
    where: property(fields.where),
    parameter: property(fields.parameter),
    expected: property(fields.expected),
    found: property(fields.found),
    [MARKER]: property(true),
  });
}

class InvalidOptionTypeError extends TypeError implements InvalidOptionFields {
  declare readonly where: string;
  declare readonly parameter: string;
  declare readonly expected: string;
  declare readonly found: string;
  constructor(fields: InvalidOptionFields) {
    super(formatInvalidOption(fields));
    defineFields(this, fields);
  }
}

class InvalidOptionRangeError extends RangeError implements InvalidOptionFields {
  declare readonly where: string;
  declare readonly parameter: string;
  declare readonly expected: string;
  declare readonly found: string;
  constructor(fields: InvalidOptionFields) {
    super(formatInvalidOption(fields));
    defineFields(this, fields);
  }
}

/** Whether `error` is an {@link InvalidOptionError}, whichever package's copy threw it. */
export function isInvalidOptionError(error: unknown): error is InvalidOptionError {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[MARKER] === true;
}

/**
 * An {@link InvalidOptionError}: `kind` `'type'` for a value of the wrong kind, `'range'` for one
 * out of range. `value` is described here, so callers pass what they were given.
 */
export function invalidOption(
  kind: 'type' | 'range',
  where: string,
  parameter: string,
  expected: string,
  value: unknown,
): InvalidOptionError {
  const fields = { where, parameter, expected, found: describeValue(value) };
  return kind === 'type' ? new InvalidOptionTypeError(fields) : new InvalidOptionRangeError(fields);
}

/** Throw an {@link InvalidOptionError} of kind `'type'` (a `TypeError`). */
export function failType(where: string, parameter: string, expected: string, value: unknown): never {
  throw invalidOption('type', where, parameter, expected, value);
}

/** Throw an {@link InvalidOptionError} of kind `'range'` (a `RangeError`). */
export function failRange(where: string, parameter: string, expected: string, value: unknown): never {
  throw invalidOption('range', where, parameter, expected, value);
}
