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
 * Split `width` cells between `parts` in proportion (largest remainders get the leftover cells,
 * ties to the earlier part), then make sure every non-zero part is visible: one that rounded to no
 * cell takes one from the largest part. The cells always add up to `width` exactly.
 */
export function allocateCells(parts: readonly number[], width: number): number[] {
  const total = parts.reduce((sum, part) => sum + Math.max(0, part), 0);
  if (total === 0 || width <= 0) return parts.map(() => 0);
  const exact = parts.map((part) => (Math.max(0, part) / total) * width);
  const cells = exact.map((value) => Math.floor(value));
  let remaining = width - cells.reduce((sum, cell) => sum + cell, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (remaining === 0) break;
    cells[index] = (cells[index] ?? 0) + 1;
    remaining--;
  }
  parts.forEach((part, index) => {
    if (part <= 0 || cells[index] !== 0) return;
    const largest = cells.reduce(
      (best, cell, candidate) => (cell > (cells[best] ?? 0) ? candidate : best),
      0,
    );
    if ((cells[largest] ?? 0) <= 1) return;
    cells[largest] = (cells[largest] ?? 0) - 1;
    cells[index] = 1;
  });
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
