/**
 * Which definitions a map shows, in the order it takes them: files in the order of the file
 * ranking, each file's definitions best first (by tier, then score), interleaved so that a file's k-th definition is
 * worth less the lower the file ranks. The map then spends its budget where the ranking points —
 * the top files with their relevant definitions before many files with one incidental member each
 * — and a file is never listed above one the ranking puts first.
 */
import type { ScoredSymbols } from './score-symbols.js';

// How often (in files) the cut-off worth is recomputed: often enough to stop early, rarely enough
// that sorting the candidates costs little.
const THRESHOLD_INTERVAL = 16;

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
  const { fileStart, scores, tiers } = scored;
  // The best `count` entries all come from the first `count` included files that have any: each
  // of those files' best entry outranks anything of a later file.
  const candidates: { position: number; rank: number; place: number; worth: number }[] = [];
  // Below the `count`-th best worth among the candidates so far nothing can make the list (more
  // candidates only raise it): later files, and a file's later definitions, are not even scored.
  let threshold = 0;
  const countthWorth = () => {
    const worths = Float64Array.from(candidates, (candidate) => candidate.worth).sort();
    return worths[worths.length - count]!;
  };
  let rank = 0;
  for (const file of fileOrder) {
    if (rank >= count) break;
    if (excluded[file] === 1) continue;
    const fileWorth = 1 / (1 + rank) ** FILE_DECAY;
    if (candidates.length >= count && rank % THRESHOLD_INTERVAL === 0) threshold = countthWorth();
    if (fileWorth < threshold) break;
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
    positions.sort(
      (left, right) => tiers[right]! - tiers[left]! || scores[right]! - scores[left]! || left - right,
    );
    for (let place = 0; place < Math.min(count, positions.length); place++) {
      const worth = fileWorth / (1 + place) ** DEFINITION_DECAY;
      if (worth < threshold) break;
      candidates.push({ position: positions[place]!, rank, place, worth });
    }
    rank++;
  }
  candidates.sort((a, b) => b.worth - a.worth || a.rank - b.rank || a.place - b.place);
  return candidates.slice(0, count).map((candidate) => candidate.position);
}
