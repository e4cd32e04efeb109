// What several benches share: the built CLI's path, the statistics and formatting of their figures,
// and the way a measurement runs in a fresh process. One copy each, so two benches cannot disagree.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenizer } from '@ctxkit/tokenize';
import type { ReportTable } from './report/types.js';
import { BENCH_ROOT } from './results.js';

/** The built CLI (`apps/cli/dist/bin.js`): benches measure exactly what users run. */
export const CLI_BIN = join(BENCH_ROOT, '..', 'cli', 'dist', 'bin.js');

/** `@ctxkit/compact`'s real SWE-agent transcripts, the default input of the transcript benches. */
export const SWE_AGENT_FIXTURES = join(
  BENCH_ROOT,
  '..',
  '..',
  'packages',
  'compact',
  'src',
  '__fixtures__',
  'swe-agent',
);

/**
 * An exact `o200k_base` counter, memoized by text: a replay counts the same messages at every
 * request, and every strategy of one run is measured with the same ruler.
 */
export function exactTokenCounter(): (text: string) => number {
  const tokenizer = createTokenizer({ encoding: 'o200k_base' });
  const memo = new Map<string, number>();
  return (text) => {
    let value = memo.get(text);
    if (value === undefined) {
      value = tokenizer.count(text);
      memo.set(text, value);
    }
    return value;
  };
}

/** The median: the middle value, or the mean of the two middle ones; 0 for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A fraction as a percentage with `digits` decimals: `percent(0.1234)` is `12.3%`. */
export function percent(fraction: number, digits = 1): string {
  return `${(fraction * 100).toFixed(digits)}%`;
}

/** A table as aligned plain text for the terminal: title, header, rule, rows. */
export function formatTable(table: ReportTable): string {
  const cells = [table.columns, ...table.rows.map((row) => row.map(String))];
  const widths = table.columns.map((_, column) =>
    Math.max(...cells.map((row) => String(row[column] ?? '').length)),
  );
  const line = (row: (string | number)[]): string =>
    row
      .map((cell, column) => String(cell).padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    `${table.title}`,
    line(table.columns),
    line(widths.map((width) => '-'.repeat(width))),
    ...cells.slice(1).map(line),
  ].join('\n');
}

/** The last line a child process printed, parsed as JSON: where a measuring child reports. */
export function lastJsonLine<T>(stdout: string): T {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as T;
}

/**
 * Run `pnpm bench <args…>` in a fresh Node process (a clean heap and cold module cache, so one
 * measurement cannot warm the next) and return what it reported on its last line.
 */
export function measureInChild<T>(args: readonly string[]): T {
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const output = execFileSync(process.execPath, [main, ...args], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return lastJsonLine<T>(output);
}
