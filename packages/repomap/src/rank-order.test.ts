import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankOrder } from './rank-order.js';

const byComparator = (scores: Float64Array) =>
  Array.from({ length: scores.length }, (_, index) => index).sort(
    (left, right) => scores[right]! - scores[left]! || left - right,
  );

describe('rankOrder', () => {
  it('is the comparator sort (score descending, then index) for any non-negative scores', () => {
    // Few distinct values (ties) and long arrays (the radix path) both matter.
    const score = fc.oneof(
      fc.constantFrom(0, -0, 1, 0.5, 2 ** -1074, Number.MAX_VALUE, 3),
      fc.double({ min: 0, max: 1e6, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.array(score, { maxLength: 50 }), fc.array(score, { minLength: 4096, maxLength: 9000 })),
        (values) => {
          const scores = Float64Array.from(values);
          expect(Array.from(rankOrder(scores))).toEqual(byComparator(scores));
        },
      ),
      { numRuns: 60 },
    );
  });
});
