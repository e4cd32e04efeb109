import { describe, expect, it } from 'vitest';
import { formatTable, lastJsonLine, median, percent } from './helpers.js';

describe('bench helpers', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBe(0);
  });

  it('formats percentages and tables', () => {
    expect(percent(0.1234)).toBe('12.3%');
    expect(percent(0.5, 0)).toBe('50%');
    expect(formatTable({ title: 'T', columns: ['a', 'bb'], rows: [['xyz', 1]] })).toBe(
      'T\na    bb\n---  --\nxyz  1',
    );
  });

  it('reads the last line a child printed', () => {
    expect(lastJsonLine<{ ok: boolean }>('noise\n{"ok":true}\n')).toEqual({ ok: true });
  });
});
