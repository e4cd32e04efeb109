/** The vocabulary signal: BM25 of each file's identifier subwords and path against the task's words. */
import { type QueryAnalysis, splitIdentifier } from '../query.js';
import { BM25_B, BM25_K1, PATH_SUBWORD_OCCURRENCES } from '../ranking-policy.js';
import type { TreeIndex } from '../tree-index.js';

/** BM25 of each file's identifier subwords (plus its path's) against the task's subwords. */
export function vocabularySeeds(
  query: QueryAnalysis,
  index: TreeIndex,
  candidates: Uint8Array,
): Map<number, number> {
  const seeds = new Map<number, number>();
  if (query.subwords.length === 0) return seeds;
  const { paths, names } = index;
  const fileCount = paths.length;
  const wanted = new Map(query.subwords);
  // Words by index in sorted order: scores are summed in this order, so they are reproducible.
  const words = [...wanted.keys()].sort();
  const wordIds = new Map(words.map((word, id) => [word, id]));
  const wordCount = words.length;
  // The task's words in each name, as word ids (repeats kept), packed: `nameWords[id]` is the
  // offset of a count followed by that many word ids, or -1. Most identifiers share no subword with
  // the task and are not candidates (see findTaskNames), so only the few others are split.
  const nameWords = new Int32Array(names.length).fill(-1);
  const packed: number[] = [];
  const matched: number[] = [];
  for (let id = 0; id < names.length; id++) {
    if (candidates[id] === 0) continue;
    const found = splitIdentifier(names[id]!).filter((word) => wordIds.has(word));
    if (found.length === 0) continue;
    matched.push(id);
    nameWords[id] = packed.length;
    packed.push(found.length, ...found.map((word) => wordIds.get(word)!));
  }
  const packedWords = Int32Array.from(packed);
  // Per file and word: occurrences (file-major); per word: how many files have it. Identifier
  // occurrences come from the postings of the few names holding a task word; path subwords from
  // each distinct segment's split, matched once per segment.
  const frequencies = new Int32Array(fileCount * wordCount);
  const { postings, pathVocabulary } = index.facts;
  for (const id of matched) {
    const offset = nameWords[id]!;
    const end = offset + 1 + packedWords[offset]!;
    for (let at = postings.start[id]!; at < postings.start[id + 1]!; at++) {
      const row = postings.files[at]! * wordCount;
      const count = postings.counts[at]!;
      for (let word = offset + 1; word < end; word++) frequencies[row + packedWords[word]!]! += count;
    }
  }
  const { segmentWords, segmentStart, segmentIds, lengths } = pathVocabulary;
  const segmentFound = segmentWords.map((split) =>
    split.filter((word) => wordIds.has(word)).map((word) => wordIds.get(word)!),
  );
  const documentFrequency = new Int32Array(wordCount);
  for (let file = 0; file < fileCount; file++) {
    const row = file * wordCount;
    for (let at = segmentStart[file]!; at < segmentStart[file + 1]!; at++) {
      for (const word of segmentFound[segmentIds[at]!]!) frequencies[row + word]! += PATH_SUBWORD_OCCURRENCES;
    }
    for (let word = 0; word < wordCount; word++) if (frequencies[row + word]! > 0) documentFrequency[word]!++;
  }
  let totalLength = 0;
  for (const length of lengths) totalLength += length;
  const averageLength = totalLength / Math.max(1, fileCount) || 1;
  for (let file = 0; file < fileCount; file++) {
    const row = file * wordCount;
    let score = 0;
    for (let word = 0; word < wordCount; word++) {
      const frequency = frequencies[row + word]!;
      if (!frequency) continue;
      const documents = documentFrequency[word]!;
      const idf = Math.log(1 + (fileCount - documents + 0.5) / (documents + 0.5));
      const saturation =
        (frequency * (BM25_K1 + 1)) /
        (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[file]!) / averageLength));
      score += idf * saturation * (1 + Math.log(wanted.get(words[word]!)!));
    }
    // Squared: vocabulary overlap is diffuse, and only its clear leaders should pull the walk.
    if (score > 0) seeds.set(file, score * score);
  }
  return seeds;
}
