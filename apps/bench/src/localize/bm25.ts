/**
 * A plain Okapi BM25 ranking of files against a text: the lexical baseline the repo map's
 * localization is compared with. Documents are a file's path plus its contents, tokens are runs of
 * letters, digits and underscores, lower-cased; nothing else (no identifier splitting, no stemming).
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The usual parameters: term-frequency saturation and length normalization. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lower-case word tokens of `text`. */
export function tokenizeForBm25(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9_]+/g) ?? [];
}

/** A term-frequency index of documents, built one document at a time (texts are not kept). */
export class Bm25Index {
  private readonly frequencies: Map<string, number>[] = [];
  private readonly lengths: number[] = [];
  private readonly documentFrequency = new Map<string, number>();
  readonly ids: string[] = [];

  /** Adds a document under `id`. */
  add(id: string, text: string): void {
    const counts = new Map<string, number>();
    const tokens = tokenizeForBm25(text);
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of counts.keys())
      this.documentFrequency.set(token, (this.documentFrequency.get(token) ?? 0) + 1);
    this.ids.push(id);
    this.frequencies.push(counts);
    this.lengths.push(tokens.length);
  }

  /** Every document id ranked by BM25 score against `query`, best first; ties by id. */
  rank(query: string): { id: string; score: number }[] {
    const terms = [...new Set(tokenizeForBm25(query))].sort();
    const count = this.ids.length;
    const averageLength = this.lengths.reduce((sum, length) => sum + length, 0) / Math.max(1, count) || 1;
    const scored = this.ids.map((id, index) => {
      const counts = this.frequencies[index]!;
      let score = 0;
      for (const term of terms) {
        const frequency = counts.get(term);
        if (!frequency) continue;
        const documents = this.documentFrequency.get(term)!;
        const idf = Math.log(1 + (count - documents + 0.5) / (documents + 0.5));
        score +=
          (idf * frequency * (BM25_K1 + 1)) /
          (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[index]!) / averageLength));
      }
      return { id, score };
    });
    return scored.sort(
      (left, right) => right.score - left.score || (left.id < right.id ? -1 : left.id > right.id ? 1 : 0),
    );
  }
}

/**
 * `paths` (relative to `root`) ranked by BM25 against `query`, each file read as its path plus its
 * full text: the baseline ranking the benches set beside the map's, over the same files.
 */
export function bm25FileRanking(root: string, paths: readonly string[], query: string): string[] {
  const index = new Bm25Index();
  for (const path of [...paths].sort()) index.add(path, `${path}\n${readFileSync(join(root, path), 'utf8')}`);
  return index.rank(query).map((entry) => entry.id);
}
