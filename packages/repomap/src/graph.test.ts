import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildNeutralGraph, buildReferenceGraph } from './graph.js';
import { MAX_EDGES_PER_FILE } from './ranking-policy.js';
import type { FileScan } from './scan-file.js';
import { indexScans } from './tree-index.js';

// A small name pool, so names are shared, defined in several files, and rows hit the edge cap.
const POOL = ['alpha', 'Beta', '_gamma', 'delta_epsilon', 'ZetaParser', 'eta', 'theta', 'iotaKappa'];

const scanArbitrary: fc.Arbitrary<FileScan> = fc
  .record({
    defined: fc.uniqueArray(fc.constantFrom(...POOL), { maxLength: 3 }),
    referenced: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: 1, max: 9 })),
  })
  .map(({ defined, referenced }) => {
    const names = Object.keys(referenced).sort();
    return {
      definitions: defined.map((name, i) => ({
        name,
        kind: 'function' as const,
        line: i + 1,
        signature: name,
      })),
      references: { names, counts: names.map((name) => referenced[name]!) },
    };
  });

describe('reference graph', () => {
  it('is the same, bit for bit, from the cached neutral graph as computed whole', () => {
    fc.assert(
      fc.property(
        fc.array(scanArbitrary, { minLength: 1, maxLength: 90 }),
        fc.uniqueArray(fc.constantFrom(...POOL, 'absent'), { maxLength: 3 }),
        fc.uniqueArray(fc.nat(100), { maxLength: 3 }),
        (scans, taskIdentifiers, focus) => {
          const index = indexScans(
            scans.map((scan, i) => ({ path: `f${String(i).padStart(3, '0')}.ts`, scan })),
          );
          const context = { taskIdentifiers: new Set(taskIdentifiers), focusFiles: new Set(focus) };
          const whole = buildReferenceGraph(index, context);
          const reused = buildReferenceGraph(index, context, buildNeutralGraph(index));
          expect([...reused.edges.sources]).toEqual([...whole.edges.sources]);
          expect([...reused.edges.targets]).toEqual([...whole.edges.targets]);
          expect([...reused.edges.weights]).toEqual([...whole.edges.weights]);
          expect([...reused.referenceTotals]).toEqual([...whole.referenceTotals]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps at most the strongest MAX_EDGES_PER_FILE targets per file', () => {
    const hub: FileScan = { definitions: [], references: { names: ['shared'], counts: [1] } };
    const definers = Array.from({ length: MAX_EDGES_PER_FILE + 10 }, (_, i) => ({
      path: `d${String(i).padStart(3, '0')}.ts`,
      scan: {
        definitions: [{ name: `own${i}`, kind: 'function' as const, line: 1, signature: '' }],
        references: { names: [], counts: [] },
      } satisfies FileScan,
    }));
    const names = definers.map((_, i) => `own${i}`).sort();
    const index = indexScans([
      { path: 'hub.ts', scan: { ...hub, references: { names, counts: names.map(() => 1) } } },
      ...definers,
    ]);
    const graph = buildNeutralGraph(index);
    const hubFile = index.paths.indexOf('hub.ts');
    expect(graph.edgeStart[hubFile + 1]! - graph.edgeStart[hubFile]!).toBe(MAX_EDGES_PER_FILE);
  });
});
