/**
 * Task-independent facts about a tree that every ranking needs, kept per index (`perIndex`, or
 * below, keyed on their inputs). A one-shot build computes each once, as it would inline; a long-running process (the
 * MCP server, `ctxkit serve`, a harness) keeps its index across builds while the tree is unchanged,
 * and then only the task's own work is left per build.
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

/** Per definition, how much its use outside its own file weighs, and what bounds it per file. */
export interface UsageWeights {
  /** By position: `log2(2 + uses elsewhere)`. */
  weights: Float64Array;
  /** By file: the largest of its definitions' kind weight × usage weight (0 for a file without any). */
  fileMaxima: Float64Array;
}

const usageWeights = new WeakMap<
  TreeIndex,
  { totals: Float64Array; kindWeights: Float64Array; usage: UsageWeights }
>();

/**
 * The index's {@link UsageWeights}. `referenceTotals` (by name id: occurrences across the tree)
 * and `kindWeights` (by kind code) must be the same arrays for one index; others recompute them.
 */
export function definitionUsageWeights(
  index: TreeIndex,
  referenceTotals: Float64Array,
  kindWeights: Float64Array,
): UsageWeights {
  const known = usageWeights.get(index);
  if (known?.totals === referenceTotals && known.kindWeights === kindWeights) return known.usage;
  const { defStart, defName, defKind, defSelfCount } = index;
  const weights = new Float64Array(defName.length);
  const fileMaxima = new Float64Array(index.paths.length);
  for (let file = 0; file < fileMaxima.length; file++) {
    let largest = 0;
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      const elsewhere = Math.max(0, referenceTotals[defName[position]!]! - defSelfCount[position]!);
      const weight = Math.log2(2 + elsewhere);
      weights[position] = weight;
      largest = Math.max(largest, kindWeights[defKind[position]!]! * weight);
    }
    fileMaxima[file] = largest;
  }
  const usage = { weights, fileMaxima };
  usageWeights.set(index, { totals: referenceTotals, kindWeights, usage });
  return usage;
}

/** By definition position, the id of the file that holds it. */
export const definitionFiles = perIndex((index) => {
  const files = new Int32Array(index.defName.length);
  for (let file = 0; file + 1 < index.defStart.length; file++) {
    files.fill(file, index.defStart[file]!, index.defStart[file + 1]!);
  }
  return files;
});
