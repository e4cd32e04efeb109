/**
 * Order two strings by UTF-16 code units, as `Array.prototype.sort` does without a comparator:
 * the same on every machine and locale (`localeCompare` is not), so sorted output is the same bytes.
 */
export function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
