import { createHash } from 'node:crypto';
import { embedChecked } from './checked-embed.js';
import type { Embedder } from './types.js';

/** Where embeddings are kept between runs; keys are (embedder id, content hash). */
export interface EmbeddingCache {
  /** The stored vector, or undefined when missing or unreadable (a corrupt entry is a miss). */
  get(embedderId: string, contentHash: string): Promise<Float32Array | undefined>;
  /** Store a vector; must be safe against a concurrent writer of the same key. */
  set(embedderId: string, contentHash: string, vector: Float32Array): Promise<void>;
}

/** Counts of how a cached embedder served its texts. */
export interface CacheStats {
  /** Texts whose vector came from the cache. */
  hits: number;
  /** Texts that had to be embedded. */
  misses: number;
}

/** An embedder wrapped with a cache; `stats` grows with every call. */
export interface CachedEmbedder extends Embedder {
  /** Running totals since the wrapper was made. */
  readonly stats: CacheStats;
  /**
   * Set when the cache failed (an unwritable directory, a full disk): what went wrong. Embedding
   * goes on uncached — a cache is an optimisation and must never cost a result.
   */
  readonly problem: string | undefined;
}

/** Content hash of a text as used in cache keys: SHA-256 of its UTF-8 bytes, hex. */
export function hashContent(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Wrap `embedder` so that every text is looked up in `cache` first and only the misses are sent
 * to the embedder, once per distinct text. Vectors of the wrong length are treated as misses. A
 * cache that throws is reported in `problem` and bypassed from then on.
 */
export function createCachedEmbedder(embedder: Embedder, cache: EmbeddingCache): CachedEmbedder {
  const stats: CacheStats = { hits: 0, misses: 0 };
  let problem: string | undefined;
  const fail = (action: string, error: unknown) => {
    const reason =
      (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    problem ??= `embedding cache could not ${action} (${reason}); working uncached`;
  };
  const lookUp = async (hash: string) => {
    if (problem !== undefined) return undefined;
    try {
      return await cache.get(embedder.id, hash);
    } catch (error) {
      fail('be read', error);
      return undefined;
    }
  };
  return {
    id: embedder.id,
    get dimension() {
      return embedder.dimension;
    },
    get problem() {
      return problem;
    },
    stats,
    async embed(texts) {
      const hashes = texts.map(hashContent);
      const found = new Map<string, Float32Array>();
      const missing: { hash: string; text: string }[] = [];
      const missingHashes = new Set<string>();
      for (const [index, hash] of hashes.entries()) {
        if (found.has(hash) || missingHashes.has(hash)) continue;
        const vector = await lookUp(hash);
        if (vector && (embedder.dimension === 0 || vector.length === embedder.dimension))
          found.set(hash, vector);
        else {
          missing.push({ hash, text: texts[index]! });
          missingHashes.add(hash);
        }
      }
      if (missing.length > 0) {
        // Checked before caching: a NaN or missing vector must not be kept for later runs.
        const vectors = await embedChecked(
          embedder,
          missing.map((entry) => entry.text),
        );
        for (const [index, entry] of missing.entries()) {
          const vector = vectors[index]!;
          found.set(entry.hash, vector);
          // After one failed write the rest would fail alike: stop trying, keep embedding.
          if (problem !== undefined) continue;
          try {
            await cache.set(embedder.id, entry.hash, vector);
          } catch (error) {
            fail('be written', error);
          }
        }
      }
      for (const hash of hashes) {
        if (missingHashes.has(hash)) stats.misses += 1;
        else stats.hits += 1;
      }
      return hashes.map((hash) => found.get(hash)!);
    },
  };
}
