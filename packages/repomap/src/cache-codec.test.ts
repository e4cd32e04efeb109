import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CacheSnapshot, CorruptCacheError, decodeSnapshot, encodeSnapshot } from './cache-codec.js';
import { buildNeutralGraph } from './graph.js';
import type { FileScan } from './scan-file.js';
import { DefinitionReader, fileScanOf, indexScans, type TreeIndex } from './tree-index.js';
import type { Definition, DefinitionKind } from './types.js';

const identity = { format: 'test-format/1', scannerVersion: 7, graphVersion: '1:10', root: '/repo' };
const kinds: DefinitionKind[] = ['class', 'function', 'method', 'constant'];
// Names and signatures include astral characters and lone surrogates: lengths are UTF-16 units.
const text = (maxLength: number) => fc.string({ unit: 'binary', maxLength });

const definitionArbitrary: fc.Arbitrary<Definition> = fc
  .record({
    name: text(8).filter((name) => name !== ''),
    kind: fc.constantFrom(...kinds),
    line: fc.integer({ min: 1, max: 5000 }),
    signature: text(40),
    scope: fc.option(text(8), { nil: undefined }),
    endLine: fc.option(fc.integer({ min: 1, max: 9000 }), { nil: undefined }),
    doc: fc.option(text(30), { nil: undefined }),
  })
  .map(({ name, kind, line, signature, scope, endLine, doc }) => {
    const definition: Definition = { name, kind, line, signature };
    if (scope !== undefined) definition.scope = scope;
    if (endLine !== undefined) definition.endLine = endLine;
    // The index stores "no doc" as an empty one, so an empty doc is no doc.
    if (doc) definition.doc = doc;
    return definition;
  });

const scanArbitrary: fc.Arbitrary<FileScan> = fc
  .record({
    definitions: fc.array(definitionArbitrary, { maxLength: 6 }),
    names: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 6 }),
    messages: fc.uniqueArray(
      fc.string({ minLength: 1, maxLength: 20 }).filter((text) => !text.includes('\n')),
      {
        maxLength: 3,
      },
    ),
  })
  .map(({ definitions, names, messages }) => {
    const sorted = [...names].sort();
    return {
      definitions,
      references: { names: sorted, counts: sorted.map((_, i) => i + 1) },
      ...(messages.length > 0 ? { messages } : {}),
    };
  });

/** A snapshot of `scans` (one per path) plus one skipped file, as a cache would hold it. */
function snapshotOf(scans: Record<string, FileScan>): CacheSnapshot {
  const index = indexScans(Object.entries(scans).map(([path, scan]) => ({ path, scan })));
  const paths = [...index.paths, '\uffffskipped.bin'];
  return {
    paths,
    sizes: Float64Array.from(paths, (_, i) => i * 10),
    mtimes: Float64Array.from(paths, (_, i) => 1234.5 + i),
    states: Int32Array.from(paths, (_, i) => (i < index.paths.length ? i : -1)),
    reasons: ['binary file'],
    index,
    graph: buildNeutralGraph(index),
  };
}

function encoded(snapshot: CacheSnapshot): Uint8Array {
  return new Uint8Array(Buffer.concat(encodeSnapshot(identity, snapshot)));
}

/** Everything a snapshot says, as plain data. */
function plain(snapshot: CacheSnapshot) {
  const { index } = snapshot;
  const reader = new DefinitionReader(index);
  return {
    paths: snapshot.paths,
    sizes: [...snapshot.sizes],
    mtimes: [...snapshot.mtimes],
    states: [...snapshot.states],
    reasons: snapshot.reasons,
    files: index.paths.map((path, file) => [path, fileScanOf(index, reader, file)]),
    selfCounts: [...index.defSelfCount],
    graph: Object.fromEntries(
      Object.entries(snapshot.graph).map(([key, column]) => [
        key,
        [...(column as ArrayLike<number> & Iterable<number>)],
      ]),
    ),
  };
}

describe('cache codec', () => {
  it('decodes exactly what it encoded', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), scanArbitrary, { maxKeys: 5 }),
        (scans) => {
          const snapshot = snapshotOf(scans);
          const decoded = decodeSnapshot(encoded(snapshot), identity);
          expect(decoded).toBeDefined();
          expect(plain(decoded!)).toEqual(plain(snapshot));
        },
      ),
    );
  });

  it("keeps each definition's doc line, and none where there was none", () => {
    const documented: Definition = {
      name: 'parse',
      kind: 'function',
      line: 4,
      signature: 'def parse(text):',
      doc: 'Reads one “node”. 𝑥',
    };
    const plainOne: Definition = {
      name: 'Node',
      kind: 'class',
      line: 1,
      endLine: 2,
      signature: 'class Node:',
    };
    const snapshot = snapshotOf({
      'a.py': { definitions: [documented, plainOne], references: { names: [], counts: [] } },
    });
    const decoded = decodeSnapshot(encoded(snapshot), identity)!;
    const definitions = new DefinitionReader(decoded.index).definitionsOf(0);
    expect(definitions).toEqual([plainOne, documented]);
    expect('doc' in definitions[0]!).toBe(false);
    expect(decoded.index.docs.length).toBe(decoded.index.defName.length);
  });

  it('rejects numbers no scan or graph can hold (a damaged line, count or weight)', () => {
    const snapshot = snapshotOf({
      'a.ts': {
        definitions: [{ name: 'alpha', kind: 'function', line: 1, signature: 'function alpha()' }],
        references: { names: ['alpha', 'beta'], counts: [1, 2] },
      },
      'b.ts': {
        definitions: [{ name: 'beta', kind: 'function', line: 3, signature: 'function beta()' }],
        references: { names: ['beta'], counts: [1] },
      },
    });
    expect(snapshot.graph.weights.length).toBeGreaterThan(0);
    const damaged = (damage: (copy: CacheSnapshot) => void) => {
      const copy: CacheSnapshot = {
        ...snapshot,
        index: {
          ...snapshot.index,
          defLine: snapshot.index.defLine.slice(),
          refCounts: snapshot.index.refCounts.slice(),
        },
        graph: { ...snapshot.graph, weights: snapshot.graph.weights.slice() },
      };
      damage(copy);
      return () => decodeSnapshot(encoded(copy), identity);
    };
    expect(
      damaged((copy) => {
        copy.index.defLine[0] = 0;
      }),
    ).toThrow(CorruptCacheError);
    expect(
      damaged((copy) => {
        copy.index.refCounts[0] = -3;
      }),
    ).toThrow(CorruptCacheError);
    expect(
      damaged((copy) => {
        copy.graph.weights[0] = Number.NaN;
      }),
    ).toThrow(CorruptCacheError);
    expect(damaged(() => {})()).toBeDefined();
  });

  it('reads columns from any byte offset (a pooled buffer need not be aligned)', () => {
    const snapshot = snapshotOf({ 'a.ts': { definitions: [], references: { names: ['x'], counts: [3] } } });
    const bytes = encoded(snapshot);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(plain(decodeSnapshot(shifted.subarray(3), identity)!)).toEqual(plain(snapshot));
  });

  it('calls another root, version or tool foreign, and damage corrupt, never anything else', () => {
    const snapshot = snapshotOf({
      'a.ts': {
        definitions: [{ name: 'alpha', kind: 'function', line: 1, signature: 'function alpha()' }],
        references: { names: ['alpha', 'beta'], counts: [1, 2] },
      },
      'b.ts': {
        definitions: [{ name: 'beta', kind: 'function', line: 3, signature: 'function beta()', scope: 'B' }],
        references: { names: ['beta'], counts: [1] },
      },
    });
    const bytes = encoded(snapshot);
    expect(decodeSnapshot(bytes, { ...identity, root: '/other' })).toBeUndefined();
    expect(decodeSnapshot(bytes, { ...identity, scannerVersion: 8 })).toBeUndefined();
    expect(decodeSnapshot(bytes, { ...identity, graphVersion: '2:10' })).toBeUndefined();
    expect(decodeSnapshot(bytes, { ...identity, format: 'someone-else/1' })).toBeUndefined();
    fc.assert(
      fc.property(fc.nat(bytes.length - 1), fc.nat(255), fc.nat(bytes.length), (at, value, cut) => {
        const damaged = bytes.slice(0, Math.max(cut, at + 1));
        damaged[at] = value;
        let result: CacheSnapshot | undefined;
        try {
          result = decodeSnapshot(damaged, identity);
        } catch (error) {
          expect(error).toBeInstanceOf(CorruptCacheError);
          return;
        }
        // A change that still decodes must still be a consistent index.
        if (result) expectConsistent(result.index);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Every offset and id of `index` in range, so ranking can never read past a column. */
function expectConsistent(index: TreeIndex): void {
  const files = index.paths.length;
  expect(index.refStart.length).toBe(files + 1);
  expect(index.defStart.length).toBe(files + 1);
  for (const id of index.refIds) expect(id).toBeLessThan(index.names.length);
  for (const id of index.defName) expect(id).toBeLessThan(index.names.length);
  expect(index.signatures.length).toBe(index.defName.length);
  expect(index.docs.length).toBe(index.defName.length);
}
