/**
 * The cached scan of a whole tree: walk, look every file up in the disk cache, scan the misses
 * (on worker threads when it pays), save the cache. The I/O shell under `buildRepoMap`, also
 * useful alone (`ctxkit symbols`).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { WalkRequest } from './background-walk.js';
import {
  DEFAULT_CACHE_DIRECTORY,
  loadScanCache,
  type ScanCacheMemory,
  type ScanCacheOptions,
  saveScanCache,
} from './cache.js';
import type { CacheSnapshot } from './cache-codec.js';
import { checkScanOptions } from './check-options.js';
import { buildNeutralGraph, type NeutralGraph } from './graph.js';
import type { FileScan } from './scan-file.js';
import { type ScanOutcome, type ScanTask, scanAll } from './scan-pool.js';
import { isScannable, scanLanguageForPath } from './scanners/languages.js';
import {
  DEFINITION_KINDS,
  DefinitionReader,
  fileScanOf,
  type TreeIndex,
  TreeIndexBuilder,
} from './tree-index.js';
import type { DefinitionKind, Language } from './types.js';
import { type UnscannedExtension, unscannedOf } from './unscanned.js';
import { comparePaths, type SkippedFile, type WalkOptions, type WalkResult, walkRepository } from './walk.js';

/** A walked file's state before it is known: neither a cached file id nor a cached skip. */
const MISSING = -0x7fffffff;

/** Options of {@link scanRepository}; the same meaning as in `buildRepoMap`. */
export interface ScanRepositoryOptions {
  /** The directory to scan. */
  root: string;
  /**
   * Where to cache scans (`dir`, relative to `root` or absolute; default `.ctxkit/cache`), or
   * `false`; `memory` keeps the last cache for the next build (see `createScanCacheMemory`).
   */
  cache?: ScanCacheOptions | false;
  /** Files larger than this are skipped; default 1 MB. */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns to leave out. */
  ignore?: string[];
  /** Follow symbolic links whose real path leaves the root; by default they are skipped with a reason. */
  followExternalLinks?: boolean;
  /** Called as files are scanned (cache hits count as done). */
  onProgress?: (done: number, total: number) => void;
}

/** One scanned file. */
export interface ScannedFile {
  /** Relative to the root, `/`-separated. */
  path: string;
  /** `'generic'` for a language without a scanner, read by the identifier-only scan. */
  language: Language | 'generic';
  scan: FileScan;
}

/** Every scanned file (sorted by path), every skipped one with its reason, and cache use. */
export interface RepositoryScan {
  /** The absolute root. */
  root: string;
  files: ScannedFile[];
  skipped: SkippedFile[];
  /** Files no scanner reads, counted per extension (most first). */
  unscanned: UnscannedExtension[];
  cache: { hits: number; misses: number };
}

/** The cached scan of a tree as columns: what ranking reads. */
export interface RepositoryIndex {
  /** The absolute root. */
  root: string;
  index: TreeIndex;
  /** The tree's task-independent reference graph, when the cache is on (it is cached with the index). */
  graph?: NeutralGraph;
  /** Files left out, with the reason, sorted by path. */
  skipped: SkippedFile[];
  /** Files no scanner reads, counted per extension (most first). */
  unscanned: UnscannedExtension[];
  cache: { hits: number; misses: number };
}

/** The absolute root of `options`, checked to be a directory (the one error a build throws). */
export async function resolveRoot(root: string): Promise<string> {
  const absolute = resolve(root);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`repo map root is not a directory: ${root}`);
  return absolute;
}

/** Where the cache of `root` lives under `options`, or `undefined` when caching is off. */
export function cacheDirectoryOf(
  root: string,
  options: Pick<ScanRepositoryOptions, 'cache'>,
): string | undefined {
  return options.cache === false ? undefined : resolve(root, options.cache?.dir ?? DEFAULT_CACHE_DIRECTORY);
}

/** The caller's cache memory, if it keeps one and caching is on. */
export function cacheMemoryOf(options: Pick<ScanRepositoryOptions, 'cache'>): ScanCacheMemory | undefined {
  return options.cache === false ? undefined : options.cache?.memory;
}

/** The walk options every scan of `root` uses: the files some scanner reads. */
export function walkOptionsOf(root: string, options: ScanRepositoryOptions): WalkOptions {
  return { ...walkRequestOf(root, options), selectFile: isScannable };
}

/** The walk of `root` under `options`, without the file selector (which cannot cross threads). */
export function walkRequestOf(root: string, options: ScanRepositoryOptions): WalkRequest {
  return {
    root,
    ...(options.maxFileBytes !== undefined ? { maxFileBytes: options.maxFileBytes } : {}),
    ...(options.ignore !== undefined ? { ignore: options.ignore } : {}),
    ...(options.followExternalLinks === true ? { followExternalLinks: true } : {}),
  };
}

/** Whether a walk found exactly the files the cache recorded, each in the recorded state. */
export function walkMatchesCache(walked: WalkResult, cached: CacheSnapshot): boolean {
  const { files } = walked;
  if (files.length !== cached.paths.length) return false;
  for (let index = 0; index < files.length; index++) {
    const file = files[index]!;
    if (
      file.path !== cached.paths[index] ||
      file.size !== cached.sizes[index] ||
      file.mtimeMs !== cached.mtimes[index]
    ) {
      return false;
    }
  }
  return true;
}

/** The index of an unchanged tree, straight from its cache (`walkMatchesCache` held). */
export function indexFromCache(root: string, walked: WalkResult, cached: CacheSnapshot): RepositoryIndex {
  const skipped: SkippedFile[] = [...walked.skipped];
  walked.files.forEach((file, position) => {
    const state = cached.states[position]!;
    if (state < 0) skipped.push({ path: file.path, reason: cached.reasons[-state - 1]! });
  });
  skipped.sort((left, right) => comparePaths(left.path, right.path));
  return {
    root,
    index: cached.index,
    graph: cached.graph,
    skipped,
    unscanned: unscannedOf(walked),
    cache: { hits: walked.files.length, misses: 0 },
  };
}

/** A root resolution, walk and cache load already done by the caller (see `buildRepoMap`). */
export interface PreparedScan {
  /** The absolute root, already checked to be a directory. */
  root: string;
  walked: WalkResult;
  cached: CacheSnapshot | undefined;
}

/**
 * Indexes every source file under `options.root` that a scanner reads: walk, match the walk
 * against the cache (both sorted by path), scan what changed, and save. An unchanged tree is
 * served by the cached index as it was loaded, without rebuilding anything. Throws only when the
 * root is not a directory; every per-file problem becomes a `skipped` entry.
 */
export async function indexRepository(
  options: ScanRepositoryOptions,
  prepared?: PreparedScan,
): Promise<RepositoryIndex> {
  const root = prepared?.root ?? (await resolveRoot(options.root));
  const cacheDirectory = cacheDirectoryOf(root, options);
  const memory = cacheMemoryOf(options);
  const walked = prepared?.walked ?? (await walkRepository(walkOptionsOf(root, options)));
  const cached = prepared
    ? prepared.cached
    : cacheDirectory === undefined
      ? undefined
      : await loadScanCache(cacheDirectory, root, memory);
  if (cached && walkMatchesCache(walked, cached)) {
    if (walked.files.length > 0) options.onProgress?.(walked.files.length, walked.files.length);
    return indexFromCache(root, walked, cached);
  }

  // Per walked file: its cached state (file id in the cached index, or -(reason + 1)), or
  // MISSING when it has to be scanned.
  const total = walked.files.length;
  const states = new Int32Array(total).fill(MISSING);
  const tasks: ScanTask[] = [];
  const taskFiles: number[] = [];
  let hits = 0;
  let entry = 0;
  walked.files.forEach((file, index) => {
    if (cached) {
      while (entry < cached.paths.length && comparePaths(cached.paths[entry]!, file.path) < 0) entry++;
      if (
        cached.paths[entry] === file.path &&
        cached.sizes[entry] === file.size &&
        cached.mtimes[entry] === file.mtimeMs
      ) {
        states[index] = cached.states[entry]!;
        hits++;
        return;
      }
    }
    tasks.push({
      path: file.path,
      absolutePath: file.absolutePath,
      language: scanLanguageForPath(file.path)!,
    });
    taskFiles.push(index);
  });
  let done = hits;
  if (hits > 0) options.onProgress?.(done, total);
  const outcomes = new Map<number, ScanOutcome>();
  await scanAll(
    tasks,
    (taskIndex, outcome) => outcomes.set(taskFiles[taskIndex]!, outcome),
    () => options.onProgress?.(++done, total),
  );

  const skipped: SkippedFile[] = [...walked.skipped];
  const skipReason = (state: number) => cached!.reasons[-state - 1]!;
  const builder = new TreeIndexBuilder();
  const reasons: string[] = [];
  const reasonIds = new Map<string, number>();
  walked.files.forEach((file, position) => {
    const state = states[position]!;
    let reason: string | undefined;
    if (state === MISSING) {
      const outcome = outcomes.get(position)!;
      if ('skipped' in outcome) reason = outcome.skipped;
      else if ('batch' in outcome) builder.addFrom(outcome.batch, outcome.file);
      else builder.addScan(file.path, outcome.scan);
    } else if (state >= 0) builder.addFrom(cached!.index, state);
    else reason = skipReason(state);
    if (reason === undefined) {
      states[position] = builder.fileCount - 1;
      return;
    }
    skipped.push({ path: file.path, reason });
    let reasonId = reasonIds.get(reason);
    if (reasonId === undefined) {
      reasonId = reasons.length;
      reasons.push(reason);
      reasonIds.set(reason, reasonId);
    }
    states[position] = -(reasonId + 1);
  });
  const index = builder.build();
  let graph: NeutralGraph | undefined;
  if (cacheDirectory !== undefined) {
    // Cached with the index: it depends on the tree alone, and a warm build starts from it.
    graph = buildNeutralGraph(index);
    await saveScanCache(
      cacheDirectory,
      root,
      {
        paths: walked.files.map((file) => file.path),
        sizes: Float64Array.from(walked.files, (file) => file.size),
        mtimes: Float64Array.from(walked.files, (file) => file.mtimeMs),
        states,
        reasons,
        index,
        graph,
      },
      memory,
    );
  }
  skipped.sort((left, right) => comparePaths(left.path, right.path));
  return {
    root,
    index,
    ...(graph ? { graph } : {}),
    skipped,
    unscanned: unscannedOf(walked),
    cache: { hits, misses: tasks.length },
  };
}

/**
 * Scans every source file under `options.root` that a scanner reads, as plain objects (see
 * {@link indexRepository} for the columns). Throws only when the root is not a directory; every
 * per-file problem becomes a `skipped` entry.
 */
export async function scanRepository(options: ScanRepositoryOptions): Promise<RepositoryScan> {
  checkScanOptions('scanRepository', options);
  const { root, index, skipped, unscanned, cache } = await indexRepository(options);
  const reader = new DefinitionReader(index);
  const files = index.paths.map((path, file) => ({
    path,
    language: scanLanguageForPath(path)!,
    scan: fileScanOf(index, reader, file),
  }));
  return { root, files, skipped, unscanned, cache };
}

/** One definition as a listing shows it. */
export interface DefinitionRow {
  /** Relative to the root, `/`-separated. */
  path: string;
  name: string;
  kind: DefinitionKind;
  line: number;
}

/** Every definition of a tree, made one at a time (see {@link listDefinitions}). */
export interface RepositoryDefinitions {
  root: string;
  /** How many definitions `definitions()` yields. */
  count: number;
  /** In path order, then as they appear in each file (line, name, kind). */
  definitions(): Iterable<DefinitionRow>;
  skipped: SkippedFile[];
  /** Files no scanner reads, counted per extension (most first). */
  unscanned: UnscannedExtension[];
  cache: { hits: number; misses: number };
}

/**
 * The cached scan of a tree as a listing of its definitions, each made as it is reached: a
 * kernel-sized tree has millions, which as objects would not fit comfortably in memory (and as
 * one JSON document, not in one string). Throws only when the root is not a directory.
 */
export async function listDefinitions(options: ScanRepositoryOptions): Promise<RepositoryDefinitions> {
  checkScanOptions('listDefinitions', options);
  const { root, index, skipped, unscanned, cache } = await indexRepository(options);
  function* definitions(): Generator<DefinitionRow> {
    for (let file = 0; file < index.paths.length; file++) {
      const path = index.paths[file]!;
      for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++) {
        yield {
          path,
          name: index.names[index.defName[position]!]!,
          kind: DEFINITION_KINDS[index.defKind[position]!]!,
          line: index.defLine[position]!,
        };
      }
    }
  }
  return { root, count: index.defName.length, definitions, skipped, unscanned, cache };
}
