import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateCells, renderBudgetBar } from './budget-bar.js';
import { createColors, stripAnsi } from './color.js';

describe('allocateCells', () => {
  it('splits cells in proportion', () => {
    expect(allocateCells([25, 50, 25], 8)).toEqual([2, 4, 2]);
  });

  it('gives every non-zero part at least one cell', () => {
    expect(allocateCells([1, 1000, 0], 10)).toEqual([1, 9, 0]);
  });

  it('always fills the width exactly, never a negative cell, and zero parts get nothing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(1_000_000), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 120 }),
        (parts, width) => {
          const cells = allocateCells(parts, width);
          const total = parts.reduce((sum, part) => sum + part, 0);
          expect(cells.reduce((sum, cell) => sum + cell, 0)).toBe(total === 0 ? 0 : width);
          cells.forEach((cell, index) => {
            expect(cell).toBeGreaterThanOrEqual(0);
            if (parts[index] === 0) expect(cell).toBe(0);
          });
        },
      ),
    );
  });
});

describe('renderBudgetBar', () => {
  it('shows reserves, used and free on one line', () => {
    expect(renderBudgetBar({ window: 32_768, reserved: 6_725, used: 12_000 }, { width: 16 })).toBe(
      '[▒▒▒██████░░░░░░░] reserved 6,725 · used 12,000 · free 14,043 of 32,768',
    );
  });

  it('says how far over budget a pack is', () => {
    expect(renderBudgetBar({ window: 8_192, reserved: 4_000, used: 5_000 }, { width: 10 })).toBe(
      '[▒▒▒▒██████] reserved 4,000 · used 5,000 · over by 808 of 8,192',
    );
  });

  it('reads the same without colour once escape codes are removed', () => {
    const input = { window: 8_192, reserved: 3_000, used: 1_000 };
    const coloured = renderBudgetBar(input, { colors: createColors(true) });
    expect(coloured).toContain('\u001b[');
    expect(stripAnsi(coloured)).toBe(renderBudgetBar(input));
  });

  it('is one line of fixed bar width for any input', () => {
    fc.assert(
      fc.property(fc.nat(2_000_000), fc.nat(2_000_000), fc.nat(2_000_000), (window, reserved, used) => {
        const line = renderBudgetBar({ window, reserved, used }, { width: 20 });
        expect(line).not.toContain('\n');
        const bar = line.slice(1, line.indexOf(']'));
        expect([0, 20]).toContain([...bar].length);
      }),
    );
  });
});
