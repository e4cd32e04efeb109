/**
 * A count with thousands separators, always `,` whatever the locale, so human output is the
 * same bytes on every machine.
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(value)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A fraction as a whole-number percentage, e.g. `0.423` → `42%`. */
export function formatPercent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

/** A byte size the way people read it: `812 B`, `4.2 KB`, `1.3 MB` (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `count` and a noun that agrees with it: `1 file`, `2 files`, `1,204 entries` (pass the plural). */
export function formatQuantity(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
