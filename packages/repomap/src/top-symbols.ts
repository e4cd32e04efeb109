/**
 * The best few symbols without scoring or sorting them all. Rendering needs only the head of the
 * symbol ranking (a map holds tens to hundreds of definitions, a tree has hundreds of thousands),
 * so files are scored best bound first until no further file can reach the head, the head is cut
 * at the score of its last member and only what is above that cut is sorted.
 */
import { type ScoredSymbols, sortSymbolPositions } from './rank.js';

/**
 * The first `count` positions of the rank order (score descending, then position) among the
 * symbols of files not marked in `excluded` (1 by file id): exactly the prefix a full sort would give.
 */
export function selectTopSymbols(scored: ScoredSymbols, count: number, excluded: Uint8Array): number[] {
  if (count <= 0) return [];
  // A render probes growing lengths of the head with the same files excluded: its calls share one
  // prefix of the order among included files, extended (at least doubled) only when one runs out.
  const prefix = prefixOf(scored, excluded, count);
  return prefix.positions.slice(0, count);
}

/** A prefix of the rank order among included files; `complete` when it holds all their symbols. */
interface Prefix {
  positions: number[];
  complete: boolean;
}

/** Per scored tree, per set of excluded files (their ids, joined), the longest prefix so far. */
const prefixes = new WeakMap<ScoredSymbols, Map<string, Prefix>>();

function prefixOf(scored: ScoredSymbols, excluded: Uint8Array, atLeast: number): Prefix {
  const excludedIds: number[] = [];
  for (let file = 0; file < excluded.length; file++) if (excluded[file] === 1) excludedIds.push(file);
  const key = excludedIds.join(',');
  let byExclusion = prefixes.get(scored);
  if (!byExclusion) {
    byExclusion = new Map();
    prefixes.set(scored, byExclusion);
  }
  let prefix = byExclusion.get(key);
  if (!prefix || (!prefix.complete && prefix.positions.length < atLeast)) {
    const wanted = Math.max(atLeast, 2 * (prefix?.positions.length ?? 0));
    const positions = selectFrom(scored, wanted, excluded);
    prefix = { positions, complete: positions.length < wanted };
    byExclusion.set(key, prefix);
  }
  return prefix;
}

/** The first `count` positions of the rank order among included files (fewer if there are fewer). */
function selectFrom(scored: ScoredSymbols, count: number, excluded: Uint8Array): number[] {
  const { fileStart, bounds, filesByBound, scores } = scored;
  // The count-th best score among included symbols, kept in a min-heap of the best `count` seen.
  // Files come by bound, best first: once the heap is full and a file's bound is below its
  // smallest score, no symbol of that file or any later one can enter, and they are never scored.
  const heap = new Float64Array(count);
  let size = 0;
  const visited: number[] = [];
  for (const file of filesByBound) {
    if (size === count && bounds[file]! < heap[0]!) break;
    if (excluded[file] === 1) continue;
    scored.scoreFile(file);
    visited.push(file);
    for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++) {
      const score = scores[position]!;
      if (size < count) {
        let child = size++;
        while (child > 0) {
          const parent = (child - 1) >> 1;
          if (heap[parent]! <= score) break;
          heap[child] = heap[parent]!;
          child = parent;
        }
        heap[child] = score;
      } else if (score > heap[0]!) {
        let parent = 0;
        for (;;) {
          let child = 2 * parent + 1;
          if (child >= count) break;
          if (child + 1 < count && heap[child + 1]! < heap[child]!) child++;
          if (heap[child]! >= score) break;
          heap[parent] = heap[child]!;
          parent = child;
        }
        heap[parent] = score;
      }
    }
  }
  // Fewer included symbols than asked: every one of them; else all at or above the cut, which
  // only visited files can hold.
  const cut = size < count ? Number.NEGATIVE_INFINITY : heap[0]!;
  const candidates: number[] = [];
  for (const file of visited) {
    for (let position = fileStart[file]!; position < fileStart[file + 1]!; position++) {
      if (scores[position]! >= cut) candidates.push(position);
    }
  }
  return sortSymbolPositions(scored, candidates).slice(0, count);
}
