/**
 * The cached scan of a whole tree: walk, look every file up in the disk cache, scan the misses
 * (on worker threads when it pays), save the cache. The I/O shell under `buildRepoMap`, also
 * useful alone (`ctxkit symbols`).
 */
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createDisabledCache, DEFAULT_CACHE_DIRECTORY, openScanCache } from './cache.js';
import type { FileScan, FileScanOutcome } from './scan-file.js';
import { type ScanTask, scanAll } from './scan-pool.js';
import { languageForPath } from './scanners/index.js';
import type { Language } from './types.js';
import { type SkippedFile, walkRepository } from './walk.js';

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

/**
 * Scans every source file under `options.root` that a scanner reads. Throws only when the root is
 * not a directory; every per-file problem becomes a `skipped` entry.
 */
export async function scanRepository(options: ScanRepositoryOptions): Promise<RepositoryScan> {
  const root = resolve(options.root);
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) throw new Error(`repo map root is not a directory: ${options.root}`);

  const walked = await walkRepository({
    root,
    selectFile: (path) => languageForPath(path) !== undefined,
    maxFileBytes: options.maxFileBytes,
    ignore: options.ignore,
  });
  const cache =
    options.cache === false
      ? createDisabledCache()
      : await openScanCache(resolve(root, options.cache?.dir ?? DEFAULT_CACHE_DIRECTORY), root);

  const total = walked.files.length;
  const outcomes: (FileScanOutcome | undefined)[] = new Array(total);
  const tasks: ScanTask[] = [];
  const taskFiles: number[] = [];
  let hits = 0;
  walked.files.forEach((file, index) => {
    const cached = cache.lookup(file.path, file.size, file.mtimeMs);
    if (cached) {
      outcomes[index] = cached;
      hits++;
    } else {
      tasks.push({ absolutePath: file.absolutePath, language: languageForPath(file.path) as Language });
      taskFiles.push(index);
    }
  });
  let done = hits;
  if (hits > 0) options.onProgress?.(done, total);
  await scanAll(
    tasks,
    (taskIndex, outcome) => {
      const index = taskFiles[taskIndex]!;
      const file = walked.files[index]!;
      outcomes[index] = outcome;
      cache.record(file.path, file.size, file.mtimeMs, outcome);
    },
    () => options.onProgress?.(++done, total),
  );
  await cache.save(walked.files.map((file) => file.path));

  const files: ScannedFile[] = [];
  const skipped: SkippedFile[] = [...walked.skipped];
  walked.files.forEach((file, index) => {
    const outcome = outcomes[index]!;
    if ('skipped' in outcome) skipped.push({ path: file.path, reason: outcome.skipped });
    else
      files.push({ path: file.path, language: languageForPath(file.path) as Language, scan: outcome.scan });
  });
  skipped.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { root, files, skipped, cache: { hits, misses: tasks.length } };
}
