/** Longest piece of a string an error message quotes: never a pasted megabyte in one line. */
export const DESCRIBED_STRING_LENGTH = 40;

/**
 * A value as an error message shows it: `NaN`, `undefined`, `null`, `true`, `an array`,
 * `an object`, `a function`, `the string "50"` (cut at {@link DESCRIBED_STRING_LENGTH} characters).
 * "The string" says a `"50"` was text where a number belonged.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown =
      value.length > DESCRIBED_STRING_LENGTH ? `${value.slice(0, DESCRIBED_STRING_LENGTH)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (
    value === null ||
    value === undefined ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    typeof value === 'bigint'
  )
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
