/**
 * The best few symbols without sorting them all. Rendering needs only the head of the symbol
 * ranking (a map holds tens to hundreds of definitions, a tree has hundreds of thousands), so the
 * head is cut at the score of its last member and only what is above that cut is sorted.
 */
import { type ScoredSymbols, sortSymbolPositions } from './rank.js';

/**
 * The first `count` positions of the rank order (score descending, then position) among the
 * symbols of files not marked in `excluded` (1 by file id): exactly the prefix a full sort would give.
 */
export function selectTopSymbols(scored: ScoredSymbols, count: number, excluded: Uint8Array): number[] {
  const { files, scores } = scored;
  const included = (file: number) => excluded[file] !== 1;
  if (count <= 0) return [];
  // The count-th best score among included symbols, kept in a min-heap of the best `count` seen:
  // one pass, no sort of the whole tree's scores.
  const heap = new Float64Array(count);
  let size = 0;
  for (let position = 0; position < scores.length; position++) {
    if (!included(files[position]!)) continue;
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
  // Fewer included symbols than asked: every one of them; else all at or above the cut.
  const cut = size < count ? Number.NEGATIVE_INFINITY : heap[0]!;
  const candidates: number[] = [];
  for (let position = 0; position < scores.length; position++) {
    if (included(files[position]!) && scores[position]! >= cut) candidates.push(position);
  }
  return sortSymbolPositions(scored, candidates).slice(0, count);
}
