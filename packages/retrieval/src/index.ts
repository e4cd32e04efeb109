export type { CachedEmbedder, CacheStats, EmbeddingCache } from './cached-embedder.js';
export { createCachedEmbedder, hashContent } from './cached-embedder.js';
export type { CalibrationText } from './calibration-corpus.js';
export { CALIBRATION_CORPUS } from './calibration-corpus.js';
export type { ChunkOptions } from './chunk.js';
export {
  chunkDocument,
  chunkDocuments,
  chunkEmbeddingText,
  DEFAULT_MAX_CHUNK_BYTES,
  DEFAULT_MIN_CHUNK_BYTES,
} from './chunk.js';
export type { DiskEmbeddingCacheOptions } from './disk-cache.js';
export { createDiskEmbeddingCache } from './disk-cache.js';
export type { HashingEmbedderOptions } from './hashing-embedder.js';
export {
  createHashingEmbedder,
  embedWithHashing,
  HASHING_DIMENSION,
  HASHING_EMBEDDER_VERSION,
} from './hashing-embedder.js';
export type { HttpEmbedderOptions } from './http-embedder.js';
export {
  createHttpEmbedder,
  DEFAULT_HTTP_BATCH_SIZE,
  DEFAULT_HTTP_TIMEOUT_MS,
  EmbeddingRequestError,
  embeddingsUrl,
} from './http-embedder.js';
export type { LoadDocumentsOptions, LoadedDocuments } from './load-documents.js';
export { DOCUMENT_EXTENSIONS, DocumentPathError, loadDocuments } from './load-documents.js';
export type { NoiseDistribution } from './noise.js';
export { measureEmbedderNoise, measureTfidfNoise, percentile } from './noise.js';
export { RETRIEVED_HEADER, renderRetrievedBlock } from './render.js';
export type { RetrievalResult, RetrieveOptions } from './retrieve.js';
export { DEFAULT_MAX_BYTES, DEFAULT_MAX_HITS, resolveCalibration, retrieve } from './retrieve.js';
export type {
  CandidateReason,
  RetrievalCandidate,
  RetrievalHit,
  Selection,
  SelectOptions,
} from './select.js';
export { selectHits } from './select.js';
export type { SparseVector, TfidfIndex } from './tfidf.js';
export { buildTfidfIndex, scoreWithTfidf } from './tfidf.js';
export type { NoiseCalibration, Threshold } from './thresholds.js';
export {
  calibrationFromNoise,
  computeThreshold,
  MIN_BASELINE_CHUNKS,
  PINNED_CALIBRATIONS,
} from './thresholds.js';
export type { Chunk, Embedder, SourceDocument } from './types.js';
