import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createPairTable,
  LONG_WORD_THRESHOLD,
  mergeByScanning,
  mergeSymbols,
  mergeWithHeap,
} from './pair-merge.js';

// A toy vocabulary over symbols 0..3 whose merges create ids 4.. in rank order; some later merges have
// lower-ranked neighbours, so the heap must re-order.
function toyTable() {
  const triples: [number, number][] = [
    [0, 1],
    [2, 2],
    [4, 3],
    [1, 0],
    [5, 5],
    [3, 0],
    [6, 0],
    [0, 0],
    [11, 11],
    [8, 1],
  ];
  const lefts = Int32Array.from(triples.map(([left]) => left));
  const rights = Int32Array.from(triples.map(([, right]) => right));
  const results = Int32Array.from(triples.map((_, rank) => 4 + rank));
  return createPairTable(lefts, rights, results);
}

describe('mergeSymbols', () => {
  it('merges the lowest rank first, leftmost on ties', () => {
    const table = toyTable();
    const out: number[] = [];
    // 0 0 0: the pair (0,0) at 0 merges first, leaving the third 0 alone.
    mergeSymbols(table, Int32Array.from([0, 0, 0]), 3, out);
    expect(out).toEqual([11, 0]);
    const second: number[] = [];
    mergeSymbols(table, Int32Array.from([0, 1, 3, 2, 2]), 5, second);
    expect(second).toEqual([6, 5]);
  });

  it('never merges a negative (unknown) symbol', () => {
    const out: number[] = [];
    mergeSymbols(toyTable(), Int32Array.from([0, -5, 1]), 3, out);
    expect(out).toEqual([0, -5, 1]);
  });

  it('the heap merge equals the quadratic scan on every input', () => {
    const table = toyTable();
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: LONG_WORD_THRESHOLD * 3 }),
        (symbols) => {
          const input = Int32Array.from(symbols);
          const scanned: number[] = [];
          const heaped: number[] = [];
          mergeByScanning(table, input, input.length, scanned);
          if (input.length > 0) mergeWithHeap(table, input, input.length, heaped);
          expect(heaped).toEqual(scanned);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a listed pair takes its last rank, as the reference builds its map', () => {
    const table = createPairTable(
      Int32Array.from([0, 1, 0]),
      Int32Array.from([1, 1, 1]),
      Int32Array.from([2, 3, 2]),
    );
    expect(table.rankOf(0, 1)).toBe(2);
    expect(table.rankOf(1, 0)).toBe(-1);
  });
});
