/**
 * The best few symbols without sorting them all. Rendering needs only the head of the symbol
 * ranking (a map holds tens to hundreds of definitions, a tree has hundreds of thousands), so the
 * head is cut at the score of its last member and only what is above that cut is sorted.
 */
import { type ScoredSymbols, sortSymbolPositions } from './rank.js';

/**
 * The first `count` positions of the rank order (score descending, then position) among the
 * symbols whose file `includeFile` accepts: exactly the prefix a full sort would give.
 */
export function selectTopSymbols(
  scored: ScoredSymbols,
  count: number,
  includeFile: (file: number) => boolean,
): number[] {
  const included: number[] = [];
  for (let position = 0; position < scored.scores.length; position++) {
    if (includeFile(scored.files[position]!)) included.push(position);
  }
  if (count >= included.length) return sortSymbolPositions(scored, included);
  if (count <= 0) return [];
  // The count-th best score: a native numeric sort of the scores alone, no comparator calls.
  const scores = new Float64Array(included.length);
  for (let index = 0; index < included.length; index++) scores[index] = scored.scores[included[index]!]!;
  scores.sort();
  const cut = scores[scores.length - count]!;
  const candidates = included.filter((position) => scored.scores[position]! >= cut);
  return sortSymbolPositions(scored, candidates).slice(0, count);
}
