import { type Colors, createColors } from './color.js';
import { formatCount } from './format.js';

/** The three parts of a context window the bar shows. */
export interface BudgetBarInput {
  /** The model's whole context window, in tokens. */
  window: number;
  /** Tokens the pack may not use: reserves for system prompt, tools, response, and slack. */
  reserved: number;
  /** Tokens the pack actually uses. */
  used: number;
}

/** Options for {@link renderBudgetBar}. */
export interface BudgetBarOptions {
  /** Cells in the bar itself (the text after it is extra). */
  width?: number;
  /** Colour styles; plain characters still tell the segments apart without them. */
  colors?: Colors;
}

/** Default bar width: fits an 80-column terminal together with its legend. */
export const BUDGET_BAR_WIDTH = 32;

// Distinct glyphs so the segments read even without colour (NO_COLOR, pipes, screen readers).
const RESERVED_CELL = '▒';
const USED_CELL = '█';
const FREE_CELL = '░';

/**
 * Split `width` cells between `parts` in proportion, each non-zero part getting at least one cell
 * (when there are enough cells), remainders going to the largest fractions, ties to the earlier
 * part. The cells always add up to `width` exactly.
 */
export function allocateCells(parts: readonly number[], width: number): number[] {
  const total = parts.reduce((sum, part) => sum + Math.max(0, part), 0);
  if (total === 0 || width <= 0) return parts.map(() => 0);
  const nonZero = parts.filter((part) => part > 0).length;
  const guaranteed = nonZero <= width ? 1 : 0;
  const spare = width - guaranteed * nonZero;
  const exact = parts.map((part) => (Math.max(0, part) / total) * spare);
  const cells = parts.map((part, index) => (part > 0 ? guaranteed : 0) + Math.floor(exact[index] ?? 0));
  let remaining = width - cells.reduce((sum, cell) => sum + cell, 0);
  const order = parts
    .map((part, index) => ({ index, remainder: (exact[index] ?? 0) - Math.floor(exact[index] ?? 0), part }))
    .filter((entry) => entry.part > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let index = 0; remaining > 0 && order.length > 0; index = (index + 1) % order.length) {
    const target = order[index]!.index;
    cells[target] = (cells[target] ?? 0) + 1;
    remaining--;
  }
  return cells;
}

/**
 * The budget on one line: `[▒▒██████░░░░] reserved 3,448 · used 12,000 · free 17,320 of 32,768`.
 * Over budget, the bar scales to what was asked for and the legend says by how much.
 */
export function renderBudgetBar(input: BudgetBarInput, options: BudgetBarOptions = {}): string {
  const colors = options.colors ?? createColors(false);
  const width = options.width ?? BUDGET_BAR_WIDTH;
  const reserved = Math.max(0, input.reserved);
  const used = Math.max(0, input.used);
  const window = Math.max(0, input.window);
  const free = Math.max(0, window - reserved - used);
  const over = Math.max(0, reserved + used - window);
  const [reservedCells = 0, usedCells = 0, freeCells = 0] = allocateCells([reserved, used, free], width);
  const bar =
    colors.dim(RESERVED_CELL.repeat(reservedCells)) +
    (over > 0 ? colors.red : colors.green)(USED_CELL.repeat(usedCells)) +
    colors.dim(FREE_CELL.repeat(freeCells));
  const legend = [
    `reserved ${formatCount(reserved)}`,
    `used ${formatCount(used)}`,
    over > 0 ? colors.red(`over by ${formatCount(over)}`) : `free ${formatCount(free)}`,
  ].join(' · ');
  return `[${bar}] ${legend} of ${formatCount(window)}`;
}
