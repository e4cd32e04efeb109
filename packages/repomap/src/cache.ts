/**
 * The disk cache of file scans, keyed by (path, size, mtime, scanner version). One file per root,
 * newline-delimited JSON so neither loading nor saving ever builds one giant string. Written
 * atomically (temporary file + rename); a corrupt or foreign cache is discarded and rebuilt; a cache
 * that cannot be written (read-only tree) is simply not written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { FileScanOutcome } from './scan-file.js';
import { SCANNER_VERSION } from './scanners/index.js';

/** Marks a file as ours and its layout; bump the suffix when the layout changes. */
export const CACHE_FORMAT = 'ctxkit-repomap-scan-cache/2';

/** The cache directory under the root when the caller names none. */
export const DEFAULT_CACHE_DIRECTORY = '.ctxkit/cache';

/** One cached file scan and the file state it belongs to. */
interface CacheEntry {
  size: number;
  mtimeMs: number;
  outcome: FileScanOutcome;
}

/** Cached scans for one root: look up, record, save. */
export interface ScanCache {
  /** The cached outcome for a file in exactly this state, if any. */
  lookup(path: string, size: number, mtimeMs: number): FileScanOutcome | undefined;
  /** Records a fresh outcome; it is written on {@link ScanCache.save}. */
  record(path: string, size: number, mtimeMs: number, outcome: FileScanOutcome): void;
  /**
   * Writes the entries of `keepPaths` (the files of this walk) if anything changed. Never throws:
   * a cache that cannot be written costs speed, not correctness.
   */
  save(keepPaths: readonly string[]): Promise<void>;
}

/** A cache that stores nothing (`cache: false`). */
export function createDisabledCache(): ScanCache {
  return { lookup: () => undefined, record: () => {}, save: async () => {} };
}

function isPackedReferences(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { names, counts } = value as Record<string, unknown>;
  if (!Array.isArray(names) || !Array.isArray(counts) || names.length !== counts.length) return false;
  for (let index = 0; index < names.length; index++) {
    if (typeof names[index] !== 'string' || typeof counts[index] !== 'number') return false;
  }
  return true;
}

function isFileScanOutcome(value: unknown): value is FileScanOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const outcome = value as Record<string, unknown>;
  if (typeof outcome.skipped === 'string') return true;
  const scan = outcome.scan as Record<string, unknown> | undefined;
  return (
    typeof scan === 'object' &&
    scan !== null &&
    Array.isArray(scan.definitions) &&
    isPackedReferences(scan.references)
  );
}

/** Reads a cache file; `undefined` when missing, corrupt, foreign, or from another scanner version. */
async function readCacheFile(file: string, root: string): Promise<Map<string, CacheEntry> | undefined> {
  const entries = new Map<string, CacheEntry>();
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
  let header = true;
  try {
    for await (const line of lines) {
      const value = JSON.parse(line) as Record<string, unknown>;
      if (header) {
        if (
          value.format !== CACHE_FORMAT ||
          value.scannerVersion !== SCANNER_VERSION ||
          value.root !== root
        ) {
          return undefined;
        }
        header = false;
        continue;
      }
      const { path, size, mtimeMs, outcome } = value;
      if (
        typeof path !== 'string' ||
        typeof size !== 'number' ||
        typeof mtimeMs !== 'number' ||
        !isFileScanOutcome(outcome)
      ) {
        return undefined;
      }
      entries.set(path, { size, mtimeMs, outcome });
    }
  } catch {
    // Missing file, unreadable file or a line that is not JSON: start from an empty cache.
    return undefined;
  } finally {
    lines.close();
    stream.destroy();
  }
  return header ? undefined : entries;
}

/** Writes `text` chunks to `file` atomically: a temporary sibling, then a rename over the target. */
async function writeAtomically(file: string, lines: Iterable<string>): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await new Promise<void>((resolve, reject) => {
      const output = createWriteStream(temporary, { encoding: 'utf8' });
      output.on('error', reject);
      output.on('finish', resolve);
      const iterator = lines[Symbol.iterator]();
      const pump = () => {
        for (let next = iterator.next(); !next.done; next = iterator.next()) {
          if (!output.write(next.value)) {
            output.once('drain', pump);
            return;
          }
        }
        output.end();
      };
      pump();
    });
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

/**
 * Opens the scan cache of `root` (an absolute, resolved path) in `directory`. Several roots can share
 * one directory: each gets its own file, named by a hash of the root.
 */
export async function openScanCache(directory: string, root: string): Promise<ScanCache> {
  const name = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const file = join(directory, `repomap-${name}.ndjson`);
  const stored = (await readCacheFile(file, root)) ?? new Map<string, CacheEntry>();
  const fresh = new Map<string, CacheEntry>();
  let dirty = false;

  return {
    lookup(path, size, mtimeMs) {
      const entry = stored.get(path);
      return entry && entry.size === size && entry.mtimeMs === mtimeMs ? entry.outcome : undefined;
    },
    record(path, size, mtimeMs, outcome) {
      fresh.set(path, { size, mtimeMs, outcome });
      dirty = true;
    },
    async save(keepPaths) {
      if (!dirty && keepPaths.length === stored.size && keepPaths.every((path) => stored.has(path))) return;
      function* serialize(): Generator<string> {
        yield `${JSON.stringify({ format: CACHE_FORMAT, scannerVersion: SCANNER_VERSION, root })}\n`;
        for (const path of keepPaths) {
          const entry = fresh.get(path) ?? stored.get(path);
          if (!entry) continue;
          yield `${JSON.stringify({ path, size: entry.size, mtimeMs: entry.mtimeMs, outcome: entry.outcome })}\n`;
        }
      }
      try {
        await mkdir(directory, { recursive: true });
        // A cache inside someone's work tree must never show up in `git status`.
        await writeFile(join(directory, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => {});
        await writeAtomically(file, serialize());
      } catch {
        // Read-only tree, full disk, permissions: the map is still right, the next build is just cold.
      }
    },
  };
}
