/**
 * Which definitions a map shows, in the order it takes them: files in the order of the file
 * ranking, each file's definitions best first, interleaved so that a file's k-th definition is
 * worth less the lower the file ranks. The map then spends its budget where the ranking points —
 * the top files with their relevant definitions before many files with one incidental member each
 * — and a file is never listed above one the ranking puts first.
 */
import type { ScoredSymbols } from './rank.js';
import { DEFINITION_DECAY, FILE_DECAY } from './ranking-policy.js';

/**
 * The first `count` entries in map order among files not marked in `excluded` (1 by file id),
 * `fileOrder` being the file ranking (file ids, best first): a symbol position, or `-1 - file` for
 * a file without definitions that `listedByPath` marks (1: a language no scanner reads, which
 * has none to show), listed by its path alone. A longer list always starts
 * with a shorter one, so a renderer may cut it anywhere.
 */
export function selectMapSymbols(
  scored: ScoredSymbols,
  fileOrder: readonly number[],
  count: number,
  excluded: Uint8Array,
  listedByPath: Uint8Array,
): number[] {
  if (count <= 0) return [];
  const { fileStart, scores } = scored;
  // The best `count` entries all come from the first `count` included files that have any: each
  // of those files' best entry outranks anything of a later file.
  const candidates: { position: number; rank: number; place: number; worth: number }[] = [];
  let rank = 0;
  for (const file of fileOrder) {
    if (rank >= count) break;
    if (excluded[file] === 1) continue;
    const fileWorth = 1 / (1 + rank) ** FILE_DECAY;
    if (fileStart[file + 1]! === fileStart[file]!) {
      if (listedByPath[file] !== 1) continue;
      candidates.push({ position: -1 - file, rank, place: 0, worth: fileWorth });
      rank++;
      continue;
    }
    scored.scoreFile(file);
    const positions: number[] = [];
    for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++)
      positions.push(position);
    positions.sort((left, right) => scores[right]! - scores[left]! || left - right);
    positions.slice(0, count).forEach((position, place) => {
      candidates.push({ position, rank, place, worth: fileWorth / (1 + place) ** DEFINITION_DECAY });
    });
    rank++;
  }
  candidates.sort((a, b) => b.worth - a.worth || a.rank - b.rank || a.place - b.place);
  return candidates.slice(0, count).map((candidate) => candidate.position);
}
