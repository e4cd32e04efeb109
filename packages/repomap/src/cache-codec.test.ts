import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CacheEntry,
  CorruptCacheError,
  decodeEntry,
  encodeEntry,
  StringTableBuilder,
} from './cache-codec.js';
import type { Definition, DefinitionKind } from './types.js';

const kinds: DefinitionKind[] = ['class', 'function', 'method', 'constant'];
const definitionArbitrary: fc.Arbitrary<Definition> = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 8 }),
    kind: fc.constantFrom(...kinds),
    line: fc.integer({ min: 1, max: 5000 }),
    signature: fc.string({ maxLength: 40 }),
    scope: fc.option(fc.string({ minLength: 1, maxLength: 8 }), { nil: undefined }),
    endLine: fc.option(fc.integer({ min: 1, max: 9000 }), { nil: undefined }),
  })
  .map(({ name, kind, line, signature, scope, endLine }) => {
    const definition: Definition = { name, kind, line, signature };
    if (scope !== undefined) definition.scope = scope;
    if (endLine !== undefined) definition.endLine = endLine;
    return definition;
  });

function roundTrip(entries: [string, CacheEntry][]): [string, CacheEntry][] {
  const table = new StringTableBuilder();
  const lines = entries.map(([path, entry]) => encodeEntry(path, entry, table));
  const strings = JSON.parse(JSON.stringify(table.strings)) as string[];
  return lines.map((line) => {
    const { path, entry } = decodeEntry(JSON.parse(line), strings);
    return [path, entry];
  });
}

describe('cache codec', () => {
  it('decodes exactly what it encoded, key order included', () => {
    fc.assert(
      fc.property(
        fc.array(definitionArbitrary, { maxLength: 6 }),
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 6 }),
        (definitions, names) => {
          const sorted = [...names].sort();
          const entry: CacheEntry = {
            size: 10,
            mtimeMs: 1234.5,
            outcome: {
              scan: { definitions, references: { names: sorted, counts: sorted.map((_, i) => i + 1) } },
            },
          };
          const skipped: CacheEntry = { size: 3, mtimeMs: 1, outcome: { skipped: 'binary file' } };
          const decoded = roundTrip([
            ['a.ts', entry],
            ['b.bin', skipped],
          ]);
          expect(JSON.stringify(decoded)).toBe(
            JSON.stringify([
              ['a.ts', entry],
              ['b.bin', skipped],
            ]),
          );
        },
      ),
    );
  });

  it('rejects entries pointing outside the string table', () => {
    expect(() => decodeEntry(['a.ts', 1, 1, [7, 0, 1, 0, -1, 'x'], [], []], ['function'])).toThrow(
      CorruptCacheError,
    );
    expect(() => decodeEntry(['a.ts', 1, 1, [], [3], [1]], ['x'])).toThrow(CorruptCacheError);
    expect(() => decodeEntry({ path: 'a.ts' }, [])).toThrow(CorruptCacheError);
  });
});
