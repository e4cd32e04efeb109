import { assertFinite, assertString, failType } from '@ctxkit/internal';
import { type CacheStats, createCachedEmbedder, type EmbeddingCache } from './cached-embedder.js';
import { embedChecked } from './checked-embed.js';
import { type ChunkOptions, checkChunkOptions, chunkDocuments, chunkEmbeddingText } from './chunk.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { measureEmbedderNoise } from './noise.js';
import { checkLimits, type RetrievalCandidate, type RetrievalHit, selectHits } from './select.js';
import { buildTfidfIndex, scoreWithTfidf } from './tfidf.js';
import {
  calibrationFromNoise,
  checkCalibration,
  computeThreshold,
  type NoiseCalibration,
  PINNED_CALIBRATIONS,
  type Threshold,
} from './thresholds.js';
import type { Chunk, Embedder, SourceDocument } from './types.js';
import { dot } from './vector.js';

/** Default byte budget of the retrieved block: about 750 tokens, the most noise could ever cost. */
export const DEFAULT_MAX_BYTES = 3072;
/** Default cap on hits: past a handful, more retrieved sections dilute more than they inform. */
export const DEFAULT_MAX_HITS = 6;

/** Inputs of {@link retrieve}. Give `documents` (chunked here) or ready-made `chunks`, or both. */
export interface RetrieveOptions {
  /** What to find prior knowledge about. */
  query: string;
  /** Documents to chunk and search. */
  documents?: readonly SourceDocument[];
  /** Chunks to search as they are (after any chunks made from `documents`). */
  chunks?: readonly Chunk[];
  /** How `documents` are chunked. */
  chunking?: ChunkOptions;
  /** The embedder, or 'tfidf' for lexical ranking only; default the local hashing embedder. */
  ranker?: Embedder | 'tfidf';
  /** When the embedder fails, rank with TF-IDF instead of failing (default true). */
  fallbackToTfidf?: boolean;
  /** Where embeddings are kept between runs (see createDiskEmbeddingCache). */
  cache?: EmbeddingCache;
  /**
   * The ranker's noise calibration. Default: pinned for the built-in rankers, measured on the
   * bundled calibration corpus for any other embedder. Not applied to a TF-IDF fallback.
   */
  calibration?: NoiseCalibration;
  /** Keep every chunk scoring at least this, ignoring floor and baseline. */
  minScore?: number;
  /** Byte budget of the rendered block (default 3072). */
  maxBytes?: number;
  /** Most hits to keep (default 6). */
  maxHits?: number;
}

/** Everything retrieval decided, enough to explain each kept and dropped chunk. */
export interface RetrievalResult {
  /** Id of what produced the scores: an embedder id or 'tfidf'. */
  ranker: string;
  /** Set when the embedder failed and TF-IDF ranked instead. */
  fallback: { from: string; reason: string } | null;
  /** The calibration used and where it came from. */
  calibration: NoiseCalibration & { source: 'given' | 'pinned' | 'measured' };
  /** The threshold the query was judged against. */
  threshold: Threshold;
  /** Kept hits, best first, as rendered. */
  hits: RetrievalHit[];
  /** Every chunk, best first, with why it was kept or dropped. */
  candidates: RetrievalCandidate[];
  /** Number of chunks not kept. */
  dropped: number;
  /** The retrieved block to put in a prompt ('' when nothing cleared the threshold). */
  text: string;
  /** UTF-8 bytes of `text`. */
  bytes: number;
  /** Embedding cache use, when a cache was given. */
  cache: CacheStats | null;
  /** Set when the cache failed and embedding went on without it: what went wrong. */
  cacheProblem: string | null;
}

/**
 * Find the chunks of project memory that are about `query`, keeping only those that score
 * above the ranker's measured noise (see {@link computeThreshold}) and fit the byte budget.
 */
export async function retrieve(options: RetrieveOptions): Promise<RetrievalResult> {
  checkRetrieveOptions(options);
  const chunks = [...chunkDocuments(options.documents ?? [], options.chunking), ...(options.chunks ?? [])];
  const requested = options.ranker ?? createHashingEmbedder();
  let ranked: Ranked;
  let fallback: RetrievalResult['fallback'] = null;
  let cache: CacheStats | null = null;
  let cachedEmbedder: ReturnType<typeof createCachedEmbedder> | undefined;
  if (requested === 'tfidf') ranked = rankWithTfidf(chunks, options.query, options.calibration);
  else {
    const cached = options.cache ? createCachedEmbedder(requested, options.cache) : undefined;
    const embedder = cached ?? requested;
    if (cached) cache = cached.stats;
    cachedEmbedder = cached;
    try {
      ranked = await rankWithEmbedder(embedder, chunks, options.query, options.calibration);
    } catch (error) {
      if (options.fallbackToTfidf === false) throw error;
      fallback = { from: requested.id, reason: error instanceof Error ? error.message : String(error) };
      // A calibration given for the embedder says nothing about TF-IDF's noise: use TF-IDF's own.
      ranked = rankWithTfidf(chunks, options.query);
    }
  }
  const threshold = computeThreshold(ranked.scores, ranked.calibration, options.minScore);
  const selection = selectHits({
    chunks,
    scores: ranked.scores,
    threshold,
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxHits: options.maxHits ?? DEFAULT_MAX_HITS,
  });
  return {
    ranker: ranked.ranker,
    fallback,
    calibration: ranked.calibration,
    threshold,
    ...selection,
    cache: cache === null ? null : { ...cache },
    cacheProblem: cachedEmbedder?.problem ?? null,
  };
}

/**
 * Bad options fail here, before any embedding: a NaN limit or floor would otherwise switch a
 * limit off or drop everything, and a mistake inside the embedder's try would become a fallback.
 */
function checkRetrieveOptions(options: RetrieveOptions): void {
  assertString('retrieve', 'query', options.query);
  const { ranker } = options;
  if (
    ranker !== undefined &&
    ranker !== 'tfidf' &&
    (ranker === null || typeof ranker !== 'object' || typeof ranker.embed !== 'function')
  )
    failType('retrieve', 'ranker', "'tfidf' or an embedder", ranker);
  if (options.chunking !== undefined) checkChunkOptions('retrieve', options.chunking, 'chunking.');
  if (options.calibration) checkCalibration('retrieve', options.calibration);
  if (options.minScore !== undefined) assertFinite('retrieve', 'minScore', options.minScore);
  checkLimits('retrieve', {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    maxHits: options.maxHits ?? DEFAULT_MAX_HITS,
  });
}

interface Ranked {
  ranker: string;
  scores: number[];
  calibration: RetrievalResult['calibration'];
}

function rankWithTfidf(chunks: readonly Chunk[], query: string, given?: NoiseCalibration): Ranked {
  return {
    ranker: 'tfidf',
    scores: scoreWithTfidf(buildTfidfIndex(chunks.map(chunkEmbeddingText)), query),
    calibration: given ? { ...given, source: 'given' } : { ...PINNED_CALIBRATIONS.tfidf!, source: 'pinned' },
  };
}

async function rankWithEmbedder(
  embedder: Embedder,
  chunks: readonly Chunk[],
  query: string,
  given?: NoiseCalibration,
): Promise<Ranked> {
  const [queryVector, ...vectors] = await embedChecked(embedder, [query, ...chunks.map(chunkEmbeddingText)]);
  const scores = vectors.map((vector) => dot(queryVector!, vector));
  return { ranker: embedder.id, scores, calibration: await resolveCalibration(embedder, given) };
}

/**
 * The calibration for `embedder`: the caller's, the pinned one for a built-in embedder, or one
 * measured now on the bundled calibration corpus (cached embedders make that a one-off cost).
 */
export async function resolveCalibration(
  embedder: Embedder,
  given?: NoiseCalibration,
): Promise<RetrievalResult['calibration']> {
  if (given) {
    checkCalibration('resolveCalibration', given);
    return { ...given, source: 'given' };
  }
  const pinned = PINNED_CALIBRATIONS[embedder.id];
  if (pinned) return { ...pinned, source: 'pinned' };
  return { ...calibrationFromNoise(await measureEmbedderNoise(embedder)), source: 'measured' };
}
