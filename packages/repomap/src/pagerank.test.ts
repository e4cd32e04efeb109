import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { personalizedPageRank, toEdgeList, type WeightedEdge } from './pagerank.js';

const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);

describe('personalizedPageRank', () => {
  it('returns a distribution for any graph', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }).chain((nodes) =>
          fc.tuple(
            fc.constant(nodes),
            fc.array(
              fc.record({
                source: fc.nat(nodes - 1),
                target: fc.nat(nodes - 1),
                weight: fc.oneof(fc.constant(0), fc.double({ min: 0.001, max: 10, noNaN: true })),
              }),
            ),
          ),
        ),
        ([nodes, edges]) => {
          const rank = personalizedPageRank(nodes, toEdgeList(edges));
          expect(sum(rank)).toBeCloseTo(1, 9);
          for (const value of rank) expect(value).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('ranks the node everything points at first, and follows the personalization', () => {
    const edges: WeightedEdge[] = [
      { source: 0, target: 2, weight: 1 },
      { source: 1, target: 2, weight: 1 },
      { source: 3, target: 1, weight: 1 },
    ];
    const plain = personalizedPageRank(4, toEdgeList(edges));
    expect(Math.max(...plain)).toBe(plain[2]);
    const personalized = personalizedPageRank(4, toEdgeList(edges), [0, 0, 0, 1]);
    expect(personalized[3]).toBeGreaterThan(plain[3]!);
    expect(personalized[1]).toBeGreaterThan(personalized[0]!);
  });

  it('is the personalization itself when there are no edges', () => {
    const rank = personalizedPageRank(3, toEdgeList([]), [1, 3, 0]);
    expect([...rank]).toEqual([0.25, 0.75, 0]);
  });
});
