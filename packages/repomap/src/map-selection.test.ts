import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectMapSymbols } from './map-selection.js';
import { DEFINITION_DECAY, FILE_DECAY } from './ranking-policy.js';
import { lazyScoredSymbols } from './score-symbols.js';

// Every entry's worth, all sorted: the order selectMapSymbols must give a prefix of.
function reference(
  fileStart: Int32Array,
  scores: Float64Array,
  order: number[],
  count: number,
  excluded: Uint8Array,
  listedByPath: Uint8Array,
): number[] {
  const all: { position: number; rank: number; place: number; worth: number }[] = [];
  let rank = 0;
  for (const file of order) {
    if (excluded[file] === 1) continue;
    const positions: number[] = [];
    for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++)
      positions.push(position);
    if (positions.length === 0 && listedByPath[file] !== 1) continue;
    const fileWorth = 1 / (1 + rank) ** FILE_DECAY;
    if (positions.length === 0) all.push({ position: -1 - file, rank, place: 0, worth: fileWorth });
    positions
      .sort((left, right) => scores[right]! - scores[left]! || left - right)
      .forEach((position, place) => {
        all.push({ position, rank, place, worth: fileWorth / (1 + place) ** DEFINITION_DECAY });
      });
    rank++;
  }
  all.sort((a, b) => b.worth - a.worth || a.rank - b.rank || a.place - b.place);
  return all.slice(0, count).map((entry) => entry.position);
}

describe('selectMapSymbols', () => {
  it('gives exactly the head of the full map order, however early it stops (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { maxLength: 12 }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 80 }),
        fc.infiniteStream(fc.boolean()),
        fc.infiniteStream(fc.boolean()),
        (files, count, excludedStream, pathOnlyStream) => {
          const fileStart = new Int32Array(files.length + 1);
          files.forEach((symbols, file) => {
            fileStart[file + 1] = fileStart[file]! + symbols.length;
          });
          const flat = Float64Array.from(files.flat());
          const owners = new Int32Array(flat.length);
          for (const [file] of files.entries()) owners.fill(file, fileStart[file]!, fileStart[file + 1]!);
          const scored = lazyScoredSymbols(owners, fileStart, (file, scores) => {
            for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++)
              scores[position] = flat[position]!;
          });
          const order = files.map((_, file) => file).reverse();
          const excluded = Uint8Array.from(files, () => (excludedStream.next().value ? 1 : 0));
          const listedByPath = Uint8Array.from(files, () => (pathOnlyStream.next().value ? 1 : 0));
          const selected = selectMapSymbols(scored, order, count, excluded, listedByPath);
          expect(selected).toEqual(reference(fileStart, flat, order, count, excluded, listedByPath));
        },
      ),
      { numRuns: 500 },
    );
  });
});
