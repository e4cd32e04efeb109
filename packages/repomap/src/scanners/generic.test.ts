import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanGeneric } from './generic.js';

describe('scanGeneric', () => {
  it('counts identifiers and takes keyword-led lines as definitions, members by indentation', () => {
    const result = scanGeneric(
      'defmodule Invoice.Rounding do\n  def round_total(total), do: round_total(total)\nend\n',
    );
    expect(result.definitions).toEqual([
      { name: 'Invoice.Rounding', kind: 'module', line: 1, signature: 'defmodule Invoice.Rounding do' },
      {
        name: 'round_total',
        kind: 'method',
        line: 2,
        signature: 'def round_total(total), do: round_total(total)',
        scope: 'Invoice.Rounding',
      },
    ]);
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

  it('reads PHP and Kotlin declarations after their modifiers, and not prose or comments', () => {
    const php = [
      '<?php',
      'namespace App;',
      '/**',
      ' * The class that rounds.',
      ' */',
      'final class Money implements Stringable',
      '{',
      '    public static function &fromCents(int $cents): self',
      '    {',
      '        // function notADefinition',
      '        return new self($cents);',
      '    }',
      '}',
      'function helper() {}',
    ].join('\n');
    expect(
      scanGeneric(php).definitions.map(({ name, kind, line, scope }) => ({ name, kind, line, scope })),
    ).toEqual([
      { name: 'Money', kind: 'class', line: 6, scope: undefined },
      { name: 'fromCents', kind: 'method', line: 8, scope: 'Money' },
      { name: 'helper', kind: 'function', line: 14, scope: undefined },
    ]);
    const kotlin = 'data class Point(val x: Int)\nsuspend fun load(): Point = TODO()\n';
    expect(scanGeneric(kotlin).definitions.map((definition) => definition.name)).toEqual(['Point', 'load']);
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
