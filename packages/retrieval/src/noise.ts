import { CALIBRATION_CORPUS, type CalibrationText } from './calibration-corpus.js';
import { embedChecked } from './checked-embed.js';
import { buildTfidfIndex, sparseDot, vectorizeWithTfidf } from './tfidf.js';
import type { Embedder } from './types.js';
import { dot } from './vector.js';

/** Summary of the scores a ranker gives pairs of texts that have nothing to do with each other. */
export interface NoiseDistribution {
  /** Number of unrelated pairs scored. */
  pairs: number;
  /** Median score: the typical similarity of two unrelated texts. */
  median: number;
  /** 90th percentile. */
  p90: number;
  /** 99th percentile: the floor must sit above this. */
  p99: number;
  /** Highest score any unrelated pair got. */
  max: number;
}

/**
 * The value below which `fraction` of `values` fall, interpolating linearly between the two
 * nearest ranks (so a small sample gives a smooth, reproducible answer).
 */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const position = Math.min(Math.max(fraction, 0), 1) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const weight = position - lower;
  return sorted[lower]! * (1 - weight) + sorted[upper]! * weight;
}

/** Summarise a list of unrelated-pair scores. */
export function summarizeNoise(scores: readonly number[]): NoiseDistribution {
  return {
    pairs: scores.length,
    median: percentile(scores, 0.5),
    p90: percentile(scores, 0.9),
    p99: percentile(scores, 0.99),
    max: scores.length === 0 ? 0 : Math.max(...scores),
  };
}

/**
 * The first sentence of a paragraph: stands in for a query, because real queries are short and
 * a short text against a long one has a different noise band than two paragraphs.
 */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?](?=\s|$)/s.exec(text);
  return (match ? match[0] : text).trim();
}

/**
 * Scores of every unrelated pair in `corpus` under `embedder`: paragraph against paragraph and
 * first sentence against paragraph, for every two texts with different subjects.
 */
export async function measureEmbedderNoise(
  embedder: Embedder,
  corpus: readonly CalibrationText[] = CALIBRATION_CORPUS,
): Promise<NoiseDistribution> {
  const paragraphs = await embedChecked(
    embedder,
    corpus.map((entry) => entry.text),
  );
  const sentences = await embedChecked(
    embedder,
    corpus.map((entry) => firstSentence(entry.text)),
  );
  return summarizeNoise(
    collectUnrelatedScores(
      corpus,
      (left, right) => dot(paragraphs[left]!, paragraphs[right]!),
      (query, doc) => dot(sentences[query]!, paragraphs[doc]!),
    ),
  );
}

/** The same measurement for the TF-IDF ranker, with the corpus itself as the index. */
export function measureTfidfNoise(
  corpus: readonly CalibrationText[] = CALIBRATION_CORPUS,
): NoiseDistribution {
  const index = buildTfidfIndex(corpus.map((entry) => entry.text));
  const sentences = corpus.map((entry) => vectorizeWithTfidf(index, firstSentence(entry.text)));
  return summarizeNoise(
    collectUnrelatedScores(
      corpus,
      (left, right) => sparseDot(index.vectors[left]!, index.vectors[right]!),
      (query, doc) => sparseDot(sentences[query]!, index.vectors[doc]!),
    ),
  );
}

function collectUnrelatedScores(
  corpus: readonly CalibrationText[],
  scoreParagraphs: (left: number, right: number) => number,
  scoreSentence: (query: number, doc: number) => number,
): number[] {
  const scores: number[] = [];
  for (let left = 0; left < corpus.length; left += 1) {
    for (let right = 0; right < corpus.length; right += 1) {
      if (corpus[left]!.subject === corpus[right]!.subject) continue;
      if (left < right) scores.push(scoreParagraphs(left, right));
      scores.push(scoreSentence(left, right));
    }
  }
  return scores;
}
