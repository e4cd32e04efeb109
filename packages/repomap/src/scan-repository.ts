/**
 * The cached scan of a whole tree: walk, look every file up in the disk cache, scan the misses
 * (on worker threads when it pays), save the cache. The I/O shell under `buildRepoMap`, also
 * useful alone (`ctxkit symbols`).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_CACHE_DIRECTORY, loadScanCache, saveScanCache } from './cache.js';
import { buildNeutralGraph, type NeutralGraph } from './graph.js';
import type { FileScan, FileScanOutcome } from './scan-file.js';
import { type ScanTask, scanAll } from './scan-pool.js';
import { languageForPath } from './scanners/index.js';
import { DefinitionReader, fileScanOf, type TreeIndex, TreeIndexBuilder } from './tree-index.js';
import type { Language } from './types.js';
import { type SkippedFile, walkRepository } from './walk.js';

/** A walked file's state before it is known: neither a cached file id nor a cached skip. */
const MISSING = -0x7fffffff;

/** Options of {@link scanRepository}; the same meaning as in `buildRepoMap`. */
export interface ScanRepositoryOptions {
  /** The directory to scan. */
  root: string;
  /** Where to cache scans (`dir`, relative to `root` or absolute; default `.ctxkit/cache`), or `false`. */
  cache?: { dir?: string } | false;
  /** Files larger than this are skipped; default 1 MB. */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns to leave out. */
  ignore?: string[];
  /** Called as files are scanned (cache hits count as done). */
  onProgress?: (done: number, total: number) => void;
}

/** One scanned file. */
export interface ScannedFile {
  /** Relative to the root, `/`-separated. */
  path: string;
  language: Language;
  scan: FileScan;
}

/** Every scanned file (sorted by path), every skipped one with its reason, and cache use. */
export interface RepositoryScan {
  /** The absolute root. */
  root: string;
  files: ScannedFile[];
  skipped: SkippedFile[];
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
  cache: { hits: number; misses: number };
}

const comparePaths = (left: string, right: string) => (left < right ? -1 : left > right ? 1 : 0);

/**
 * Indexes every source file under `options.root` that a scanner reads: walk, match the walk
 * against the cache (both sorted by path), scan what changed, and save. An unchanged tree is
 * served by the cached index as it was loaded, without rebuilding anything. Throws only when the
 * root is not a directory; every per-file problem becomes a `skipped` entry.
 */
export async function indexRepository(options: ScanRepositoryOptions): Promise<RepositoryIndex> {
  const root = resolve(options.root);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`repo map root is not a directory: ${options.root}`);

  const cacheDirectory =
    options.cache === false ? undefined : resolve(root, options.cache?.dir ?? DEFAULT_CACHE_DIRECTORY);
  const walked = await walkRepository({
    root,
    selectFile: (path) => languageForPath(path) !== undefined,
    maxFileBytes: options.maxFileBytes,
    ignore: options.ignore,
  });
  const cached = cacheDirectory === undefined ? undefined : await loadScanCache(cacheDirectory, root);

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
    tasks.push({ absolutePath: file.absolutePath, language: languageForPath(file.path) as Language });
    taskFiles.push(index);
  });
  let done = hits;
  if (hits > 0) options.onProgress?.(done, total);
  const outcomes = new Map<number, FileScanOutcome>();
  await scanAll(
    tasks,
    (taskIndex, outcome) => outcomes.set(taskFiles[taskIndex]!, outcome),
    () => options.onProgress?.(++done, total),
  );

  const skipped: SkippedFile[] = [...walked.skipped];
  const skipReason = (state: number) => cached!.reasons[-state - 1]!;
  let index: TreeIndex;
  let graph: NeutralGraph | undefined;
  if (cached && tasks.length === 0 && hits === cached.paths.length) {
    // The tree is exactly the cached one: the loaded columns are the index.
    index = cached.index;
    graph = cached.graph;
    walked.files.forEach((file, position) => {
      if (states[position]! < 0) skipped.push({ path: file.path, reason: skipReason(states[position]!) });
    });
  } else {
    const builder = new TreeIndexBuilder();
    const reasons: string[] = [];
    const reasonIds = new Map<string, number>();
    walked.files.forEach((file, position) => {
      const state = states[position]!;
      let reason: string | undefined;
      if (state === MISSING) {
        const outcome = outcomes.get(position)!;
        if ('skipped' in outcome) reason = outcome.skipped;
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
    index = builder.build();
    if (cacheDirectory !== undefined) {
      graph = buildNeutralGraph(index);
      await saveScanCache(cacheDirectory, root, {
        paths: walked.files.map((file) => file.path),
        sizes: Float64Array.from(walked.files, (file) => file.size),
        mtimes: Float64Array.from(walked.files, (file) => file.mtimeMs),
        states,
        reasons,
        index,
        graph,
      });
    }
  }
  skipped.sort((left, right) => comparePaths(left.path, right.path));
  return { root, index, ...(graph ? { graph } : {}), skipped, cache: { hits, misses: tasks.length } };
}

/**
 * Scans every source file under `options.root` that a scanner reads, as plain objects (see
 * {@link indexRepository} for the columns). Throws only when the root is not a directory; every
 * per-file problem becomes a `skipped` entry.
 */
export async function scanRepository(options: ScanRepositoryOptions): Promise<RepositoryScan> {
  const { root, index, skipped, cache } = await indexRepository(options);
  const reader = new DefinitionReader(index);
  const files = index.paths.map((path, file) => ({
    path,
    language: languageForPath(path) as Language,
    scan: fileScanOf(index, reader, file),
  }));
  return { root, files, skipped, cache };
}
