/**
 * @ctxkit/repomap: a ranked, token-budgeted map of a repository's symbols.
 * Start with {@link buildRepoMap}; the scanners are exported for callers that scan text themselves.
 * Tuning constants and test hooks are in `@ctxkit/repomap/internal` (not covered by semver).
 */

export type { ScanCacheMemory, ScanCacheOptions } from './cache.js';
export { CACHE_FORMAT, createScanCacheMemory, DEFAULT_CACHE_DIRECTORY } from './cache.js';
export type { RankingOverrides } from './rank-files.js';
export type {
  BuildRepoMapOptions,
  RankedDefinition,
  RankedFile,
  RankReason,
  RenderableRepoMap,
  RenderedRepoMap,
  RepoMapResult,
  RerenderedMap,
} from './repo-map.js';
export { buildRenderableRepoMap, buildRepoMap, DEFAULT_MAP_TOKENS, mapBudget } from './repo-map.js';
export type { FileScan, FileScanOutcome, PackedReferences } from './scan-file.js';
export { scanBytes } from './scan-file.js';
export type {
  DefinitionRow,
  RepositoryDefinitions,
  RepositoryScan,
  ScannedFile,
  ScanRepositoryOptions,
} from './scan-repository.js';
export { listDefinitions, scanRepository } from './scan-repository.js';
export { languageForPath, SCANNER_VERSION, scanSource } from './scanners/index.js';
export type { Definition, DefinitionKind, Language, Scanner, ScanResult } from './types.js';
export type { UnscannedExtension } from './unscanned.js';
export { countUnscanned } from './unscanned.js';
export type { SkippedFile } from './walk.js';
export { DEFAULT_IGNORE_PATTERNS, DEFAULT_MAX_FILE_BYTES, ignoredBecause } from './walk.js';
