/**
 * Task-independent facts about a tree that every ranking needs, kept per index (`perIndex`). A
 * one-shot build computes each once, as it would inline; a long-running process (the MCP server,
 * `ctxkit serve`, a harness) keeps its index across builds while the tree is unchanged, and then
 * only the task's own work is left per build.
 */
import { splitIdentifier } from './query.js';
import { perIndex, type TreeIndex } from './tree-index.js';

/** A file's path split for the vocabulary signal (see `vocabularySeeds`). */
export interface PathVocabulary {
  /** Each distinct path segment of the tree, split into its subwords. */
  segmentWords: readonly (readonly string[])[];
  /** File `f`'s segments are the ids `segmentIds[segmentStart[f]] …` up to `segmentStart[f + 1]`. */
  segmentStart: Int32Array;
  segmentIds: Int32Array;
  /**
   * Per file, its length as a vocabulary document: identifier occurrences plus each path subword
   * counted `pathWeight` times.
   */
  lengths: Float64Array;
}

/** The index's {@link PathVocabulary} with path subwords weighing `pathWeight` occurrences. */
export function pathVocabulary(index: TreeIndex, pathWeight: number): PathVocabulary {
  const { paths, refStart, refCounts } = index;
  const segmentIdOf = new Map<string, number>();
  const segmentWords: string[][] = [];
  const segmentStart = new Int32Array(paths.length + 1);
  const ids: number[] = [];
  const lengths = new Float64Array(paths.length);
  for (let file = 0; file < paths.length; file++) {
    let length = 0;
    for (let reference = refStart[file]!; reference < refStart[file + 1]!; reference++)
      length += refCounts[reference]!;
    for (const segment of paths[file]!.split('/')) {
      let id = segmentIdOf.get(segment);
      if (id === undefined) {
        id = segmentWords.length;
        segmentIdOf.set(segment, id);
        segmentWords.push(splitIdentifier(segment));
      }
      ids.push(id);
      length += pathWeight * segmentWords[id]!.length;
    }
    lengths[file] = length;
    segmentStart[file + 1] = ids.length;
  }
  return { segmentWords, segmentStart, segmentIds: Int32Array.from(ids), lengths };
}

/**
 * By definition position, how much its use outside its own file weighs: `log2(2 + uses elsewhere)`.
 * `referenceTotals` are by name id, occurrences across the tree (the graph's). One pass over the
 * definitions (6 ms for 150,000 of them on this project's 2-core machines, beside a warm build's
 * hundreds), so it is computed per ranking rather than kept behind the caller's back.
 */
export function definitionUsageWeights(index: TreeIndex, referenceTotals: Float64Array): Float64Array {
  const { defName, defSelfCount } = index;
  const weights = new Float64Array(defName.length);
  for (let position = 0; position < defName.length; position++) {
    const elsewhere = Math.max(0, referenceTotals[defName[position]!]! - defSelfCount[position]!);
    weights[position] = Math.log2(2 + elsewhere);
  }
  return weights;
}

/** By definition position, the id of the file that holds it. */
export const definitionFiles = perIndex((index) => {
  const files = new Int32Array(index.defName.length);
  for (let file = 0; file + 1 < index.defStart.length; file++) {
    files.fill(file, index.defStart[file]!, index.defStart[file + 1]!);
  }
  return files;
});
