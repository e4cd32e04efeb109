import { contentWords, stemWord } from './text-features.js';

/** A sparse, L2-normalised TF-IDF vector: terms in ascending order with their weights. */
export interface SparseVector {
  /** Stemmed terms, sorted, unique. */
  terms: string[];
  /** Weight of each term, same order as `terms`. */
  weights: number[];
}

/** TF-IDF statistics of one corpus: what {@link scoreWithTfidf} ranks against. */
export interface TfidfIndex {
  /** Number of documents the statistics come from. */
  documentCount: number;
  /** Documents containing each term. */
  documentFrequency: ReadonlyMap<string, number>;
  /** The documents' vectors, in input order. */
  vectors: SparseVector[];
}

/** Build the lexical fallback index over `texts` (one entry per chunk). */
export function buildTfidfIndex(texts: readonly string[]): TfidfIndex {
  const termCounts = texts.map(countTerms);
  const documentFrequency = new Map<string, number>();
  for (const counts of termCounts)
    for (const term of counts.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const index: TfidfIndex = { documentCount: texts.length, documentFrequency, vectors: [] };
  index.vectors = termCounts.map((counts) => weigh(index, counts));
  return index;
}

/** Cosine similarity of `query` with every document of `index`, in document order. */
export function scoreWithTfidf(index: TfidfIndex, query: string): number[] {
  const queryVector = weigh(index, countTerms(query));
  return index.vectors.map((vector) => sparseDot(queryVector, vector));
}

/** The TF-IDF vector of any text against the statistics of `index`. */
export function vectorizeWithTfidf(index: TfidfIndex, text: string): SparseVector {
  return weigh(index, countTerms(text));
}

/** Dot product of two sparse vectors (their cosine: both are normalised). */
export function sparseDot(left: SparseVector, right: SparseVector): number {
  let sum = 0;
  let leftIndex = 0;
  let rightIndex = 0;
  while (leftIndex < left.terms.length && rightIndex < right.terms.length) {
    const leftTerm = left.terms[leftIndex]!;
    const rightTerm = right.terms[rightIndex]!;
    if (leftTerm === rightTerm) {
      sum += left.weights[leftIndex]! * right.weights[rightIndex]!;
      leftIndex += 1;
      rightIndex += 1;
    } else if (leftTerm < rightTerm) leftIndex += 1;
    else rightIndex += 1;
  }
  return sum;
}

function countTerms(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of contentWords(text)) {
    const term = stemWord(word);
    counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  return counts;
}

function weigh(index: TfidfIndex, counts: ReadonlyMap<string, number>): SparseVector {
  const terms = [...counts.keys()].sort();
  const weights = terms.map((term) => {
    // Smoothed idf: a term the corpus has never seen still weighs (it makes the query less
    // similar to everything), and a term in every document still counts a little.
    const idf = Math.log((index.documentCount + 1) / ((index.documentFrequency.get(term) ?? 0) + 1)) + 1;
    return (1 + Math.log(counts.get(term) ?? 1)) * idf;
  });
  const norm = Math.sqrt(weights.reduce((sum, weight) => sum + weight * weight, 0));
  return { terms, weights: norm === 0 ? weights : weights.map((weight) => weight / norm) };
}
