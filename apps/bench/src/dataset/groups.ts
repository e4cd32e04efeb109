/** Rows of a per-group table: one row per group (sorted by name), then `overall`. */
export function groupRows<T>(
  items: readonly T[],
  groupOf: (item: T) => string,
  row: (label: string, group: readonly T[]) => (string | number)[],
): (string | number)[][] {
  const names = [...new Set(items.map(groupOf))].sort();
  return [
    ...names.map((name) =>
      row(
        name,
        items.filter((item) => groupOf(item) === name),
      ),
    ),
    row('overall', items),
  ];
}

/** The mean of the defined values (`NaN` for none, shown as `-`). */
export function meanOf<T>(items: readonly T[], pick: (item: T) => number | undefined): number {
  const values = items
    .map(pick)
    .filter((value): value is number => value !== undefined && !Number.isNaN(value));
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** A share as a percentage with one decimal, `-` when there was nothing to measure. */
export const percentCell = (value: number): string => (Number.isNaN(value) ? '-' : (value * 100).toFixed(1));
