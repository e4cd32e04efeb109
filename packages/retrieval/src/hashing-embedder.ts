import { fnv1a32, mixHash } from './fnv.js';
import { contentWords, stemWord } from './text-features.js';
import type { Embedder } from './types.js';
import { normalize } from './vector.js';

/** Dimension of the default hashing embedder: small enough to cache cheaply, wide enough to keep collisions rare. */
export const HASHING_DIMENSION = 384;
/**
 * Version of the hashing features. Bump it whenever tokenisation, weights or hashing change:
 * it is part of the embedder id, so cached vectors from an older version are never reused.
 */
export const HASHING_EMBEDDER_VERSION = 1;

// Sub-word features let `rotate` meet `rotation` and `config` meet `configuration`; 3- and
// 4-grams are where fastText-style models get most of that benefit.
const NGRAM_SIZES = [3, 4] as const;
// The n-grams of one word together weigh as much as the word itself: enough to bridge
// morphology, not so much that shared affixes (`-tion`, `re-`) dominate the vector.
const NGRAM_SHARE = 1;
// Seeds keep the word feature `cache` and the n-gram `cache` in different hash streams.
const WORD_SEED = 0x9747b28c;
const NGRAM_SEED = 0x2f6b1a3d;

/** Options of {@link createHashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector length; 384 unless you have a reason (the calibrated floor is for 384). */
  dimension?: number;
}

/**
 * The default embedder: signed feature hashing of words and character n-grams, no model,
 * no dependencies, same vector for the same text on every machine.
 */
export function createHashingEmbedder(options: HashingEmbedderOptions = {}): Embedder {
  const dimension = options.dimension ?? HASHING_DIMENSION;
  if (!Number.isInteger(dimension) || dimension < 8)
    throw new RangeError(`hashing embedder dimension must be an integer >= 8, got ${dimension}`);
  return {
    id: `hash-v${HASHING_EMBEDDER_VERSION}-${dimension}`,
    dimension,
    embed: async (texts) => texts.map((text) => embedWithHashing(text, dimension)),
  };
}

/** The hashing embedding of one text, synchronously (the embedder wraps this). */
export function embedWithHashing(text: string, dimension: number = HASHING_DIMENSION): Float32Array {
  const counts = new Map<string, number>();
  for (const word of contentWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  const accumulator = new Float64Array(dimension);
  // Sorted so the floating-point summation order depends only on the words, not on their order.
  const words = [...counts.keys()].sort();
  for (const word of words) {
    // Sublinear term frequency: a word repeated ten times is not ten times the topic.
    const weight = 1 + Math.log(counts.get(word) ?? 1);
    addFeature(accumulator, fnv1a32(stemWord(word), WORD_SEED), weight);
    const grams = characterNgrams(word);
    const gramWeight = (weight * NGRAM_SHARE) / Math.sqrt(Math.max(grams.length, 1));
    for (const gram of grams) addFeature(accumulator, fnv1a32(gram, NGRAM_SEED), gramWeight);
  }
  return normalize(accumulator);
}

function addFeature(accumulator: Float64Array, rawHash: number, weight: number): void {
  const hash = mixHash(rawHash);
  const bucket = (hash >>> 1) % accumulator.length;
  // The sign bit makes collisions cancel in expectation instead of piling up as false similarity.
  const sign = hash & 1 ? -1 : 1;
  accumulator[bucket] = (accumulator[bucket] ?? 0) + sign * weight;
}

function characterNgrams(word: string): string[] {
  const bounded = `<${word}>`;
  const grams: string[] = [];
  for (const size of NGRAM_SIZES) {
    for (let start = 0; start + size <= bounded.length; start += 1)
      grams.push(bounded.slice(start, start + size));
  }
  return grams;
}
