import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ScoredSymbols, sortSymbolPositions } from './rank.js';
import { selectTopSymbols } from './top-symbols.js';

function scoredOf(entries: { file: number; score: number }[]): ScoredSymbols {
  return {
    files: Int32Array.from(entries, (entry) => entry.file),
    scores: Float64Array.from(entries, (entry) => entry.score),
  };
}

describe('selectTopSymbols', () => {
  it('is exactly the prefix of the full rank order, ties and excluded files included', () => {
    fc.assert(
      fc.property(
        // Few distinct scores, so ties across the cut are common.
        fc.array(fc.record({ file: fc.nat(5), score: fc.constantFrom(0, 0.25, 0.5, 1, 3) }), {
          maxLength: 60,
        }),
        fc.nat(70),
        fc.nat(5),
        (entries, count, excludedFile) => {
          const scored = scoredOf(entries);
          const include = (file: number) => file !== excludedFile;
          const everything = Array.from(scored.scores.keys()).filter((position) =>
            include(scored.files[position]!),
          );
          const expected = sortSymbolPositions(scored, everything).slice(0, count);
          const excluded = new Uint8Array(6);
          excluded[excludedFile] = 1;
          expect(selectTopSymbols(scored, count, excluded)).toEqual(expected);
        },
      ),
    );
  });
});
