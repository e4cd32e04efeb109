import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanGeneric } from './generic.js';

describe('scanGeneric', () => {
  it('counts identifiers and defines nothing', () => {
    const result = scanGeneric(
      'defmodule Invoice.Rounding do\n  def round_total(total), do: round_total(total)\nend\n',
    );
    expect(result.definitions).toEqual([]);
    expect(Object.fromEntries([...result.references].sort())).toEqual({
      Invoice: 1,
      Rounding: 1,
      def: 1,
      defmodule: 1,
      do: 2,
      end: 1,
      round_total: 2,
      total: 2,
    });
  });

  it('skips numbers, words glued to digits and overlong runs', () => {
    const result = scanGeneric(`x = 0x1f + 42abc; ${'a'.repeat(101)} y`);
    expect([...result.references.keys()].sort()).toEqual(['x', 'y']);
  });

  it('never throws and counts only identifiers that occur in the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        for (const [name, count] of scanGeneric(text).references) {
          expect(/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)).toBe(true);
          expect(text.includes(name)).toBe(true);
          expect(count).toBeGreaterThan(0);
        }
      }),
    );
  });
});
