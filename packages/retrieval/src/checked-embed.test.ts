import { describe, expect, it } from 'vitest';
import { createCachedEmbedder, type EmbeddingCache } from './cached-embedder.js';
import { embedChecked } from './checked-embed.js';
import { measureEmbedderNoise } from './noise.js';
import { retrieve } from './retrieve.js';
import type { Embedder } from './types.js';

/** An embedder that answers every call with `answer(texts)`. */
function brokenEmbedder(id: string, answer: (texts: readonly string[]) => Float32Array[]): Embedder {
  return { id, dimension: 2, embed: async (texts) => answer(texts) };
}

const nanVectors = brokenEmbedder('nan-model', (texts) => texts.map(() => Float32Array.of(Number.NaN, 0)));
const shortAnswer = brokenEmbedder('short-model', (texts) => texts.slice(1).map(() => Float32Array.of(1, 0)));
const documents = [
  { path: 'notes.md', text: '# Invoices\nInvoice totals use rounding per line.\n# Other\nUnrelated words.' },
];

describe('embedChecked', () => {
  it('names the embedder when it returns NaN, too few vectors or vectors of different lengths', async () => {
    await expect(embedChecked(nanVectors, ['a', 'b'])).rejects.toThrow(
      'embedder "nan-model" returned NaN in the vector for text 1 of 2; expected finite numbers',
    );
    await expect(embedChecked(shortAnswer, ['a', 'b', 'c'])).rejects.toThrow(
      'embedder "short-model" returned 2 vectors for 3 texts',
    );
    const ragged = brokenEmbedder('ragged', () => [Float32Array.of(1, 0), Float32Array.of(1)]);
    await expect(embedChecked(ragged, ['a', 'b'])).rejects.toThrow(
      'embedder "ragged" returned vectors of different lengths (2 and 1)',
    );
  });

  it('makes retrieve fall back to TF-IDF instead of injecting NaN-scored chunks', async () => {
    const result = await retrieve({
      query: 'invoice rounding',
      documents,
      ranker: nanVectors,
      calibration: { floor: 0.2, margin: 0.1 },
    });
    expect(result.ranker).toBe('tfidf');
    expect(result.fallback?.reason).toBe(
      'embedder "nan-model" returned NaN in the vector for text 1 of 3; expected finite numbers',
    );
    expect(result.candidates.every((candidate) => Number.isFinite(candidate.score))).toBe(true);
    expect(result.hits.map((hit) => hit.path)).toEqual(['notes.md']);
  });

  it('makes retrieve fail, naming the embedder, when it returns too few vectors and fallback is off', async () => {
    await expect(
      retrieve({ query: 'invoice rounding', documents, ranker: shortAnswer, fallbackToTfidf: false }),
    ).rejects.toThrow('embedder "short-model" returned 2 vectors for 3 texts');
  });

  it('keeps broken vectors out of the cache and out of a measured calibration', async () => {
    const stored: string[] = [];
    const cache: EmbeddingCache = {
      get: async () => undefined,
      set: async (_id, hash) => {
        stored.push(hash);
      },
    };
    await expect(createCachedEmbedder(nanVectors, cache).embed(['a'])).rejects.toThrow('"nan-model"');
    expect(stored).toEqual([]);
    await expect(measureEmbedderNoise(shortAnswer)).rejects.toThrow('embedder "short-model" returned');
  });
});
