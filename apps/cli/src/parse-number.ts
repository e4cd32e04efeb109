/**
 * A whole number as typed on a command line (digits only, surrounding spaces allowed), or
 * undefined for anything else, including numbers too large to hold exactly: `99999999999999999999`
 * would otherwise become 1e20 and `9007199254740993` silently …992.
 */
export function parseWholeNumber(value: string): number | undefined {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const number = Number(trimmed);
  return Number.isSafeInteger(number) ? number : undefined;
}
