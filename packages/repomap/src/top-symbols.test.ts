import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lazyScoredSymbols, sortSymbolPositions } from './rank.js';
import { selectTopSymbols } from './top-symbols.js';

/** Symbols grouped by file (positions in file order) with per-file bounds at or above their scores. */
function scoredOf(perFile: number[][], slack: number[]) {
  const fileStart = new Int32Array(perFile.length + 1);
  perFile.forEach((scores, file) => {
    fileStart[file + 1] = fileStart[file]! + scores.length;
  });
  const all = perFile.flat();
  const files = Int32Array.from(perFile.flatMap((scores, file) => scores.map(() => file)));
  const bounds = Float64Array.from(perFile, (scores, file) => Math.max(0, ...scores) * (1 + slack[file]!));
  const scoredFiles = new Set<number>();
  const scored = lazyScoredSymbols(files, fileStart, bounds, (file, target) => {
    scoredFiles.add(file);
    for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++)
      target[position] = all[position]!;
  });
  return { scored, all, scoredFiles };
}

describe('selectTopSymbols', () => {
  it('is exactly the prefix of the full rank order, ties and excluded files included', () => {
    fc.assert(
      fc.property(
        // Few distinct scores, so ties across the cut (and bounds equal to the cut) are common.
        fc.array(fc.array(fc.constantFrom(0, 0.25, 0.5, 1, 3), { maxLength: 12 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.array(fc.constantFrom(0, 0, 0.5, 4), { minLength: 6, maxLength: 6 }),
        // Several calls on one scored tree, as a build makes them: they share what was selected.
        fc.array(fc.record({ count: fc.nat(70), excluded: fc.array(fc.nat(5), { maxLength: 3 }) }), {
          minLength: 1,
          maxLength: 5,
        }),
        (perFile, slack, calls) => {
          const { scored, all } = scoredOf(perFile, slack);
          const full = scoredOf(perFile, slack).scored;
          full.scoreAll();
          for (const call of calls) {
            const excluded = new Uint8Array(perFile.length);
            for (const file of call.excluded) if (file < perFile.length) excluded[file] = 1;
            const everything = all
              .map((_, position) => position)
              .filter((position) => excluded[scored.files[position]!] !== 1);
            const expected = sortSymbolPositions(full, everything).slice(0, call.count);
            expect(selectTopSymbols(scored, call.count, excluded)).toEqual(expected);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('never scores a file whose bound is below the cut', () => {
    // Ten files of one symbol each, scores 10, 9, …, 1 with exact bounds: the top 3 are the first
    // 3 files, and the 4th file's bound (7) is below the cut (8), so it and the rest stay unscored.
    const perFile = Array.from({ length: 10 }, (_, file) => [10 - file]);
    const { scored, scoredFiles } = scoredOf(perFile, new Array(10).fill(0));
    expect(selectTopSymbols(scored, 3, new Uint8Array(10))).toEqual([0, 1, 2]);
    expect([...scoredFiles].sort((left, right) => left - right)).toEqual([0, 1, 2]);
  });
});
