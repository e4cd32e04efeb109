import { visibleWidth } from './color.js';

/** Which side of its column a cell hugs; numbers read best right-aligned. */
export type Alignment = 'left' | 'right';

/** Options for {@link renderTable}. */
export interface TableOptions {
  /** Column titles, printed first and underlined by nothing (terminal tables stay quiet). */
  header?: string[];
  /** Alignment per column; columns not listed are left-aligned. */
  align?: Alignment[];
  /** Spaces between columns. */
  gap?: number;
  /** Styles the header row (e.g. bold); identity when omitted. */
  styleHeader?: (text: string) => string;
}

/**
 * Rows as aligned text columns, one line each, newline-terminated. Widths are measured on what is
 * visible (escape codes do not count) and trailing spaces are trimmed so output diffs cleanly.
 */
export function renderTable(rows: readonly (readonly string[])[], options: TableOptions = {}): string {
  const gap = ' '.repeat(options.gap ?? 2);
  const allRows = options.header ? [options.header, ...rows] : [...rows];
  const columnCount = Math.max(0, ...allRows.map((row) => row.length));
  const widths: number[] = [];
  for (let column = 0; column < columnCount; column++) {
    widths.push(Math.max(0, ...allRows.map((row) => visibleWidth(row[column] ?? ''))));
  }
  const lines = allRows.map((row, rowIndex) => {
    const cells = widths.map((width, column) => {
      const cell = row[column] ?? '';
      const padding = ' '.repeat(width - visibleWidth(cell));
      const aligned = options.align?.[column] === 'right' ? padding + cell : cell + padding;
      const isHeader = options.header !== undefined && rowIndex === 0;
      return isHeader && options.styleHeader ? options.styleHeader(aligned) : aligned;
    });
    return cells.join(gap).trimEnd();
  });
  return lines.map((line) => `${line}\n`).join('');
}
