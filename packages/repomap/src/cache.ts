/**
 * The disk cache of file scans, keyed by (path, size, mtime, scanner version): one file per root
 * holding the columns of the last build's index (see `cache-codec.ts`). Written atomically
 * (temporary file + rename); a corrupt or foreign cache is discarded and rebuilt; a cache that
 * cannot be written (read-only tree) is simply not written. A caller that builds again and again
 * may also keep the last cache in memory (see {@link createScanCacheMemory}); nothing here keeps
 * anything on its own.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CacheIdentity, type CacheSnapshot, decodeSnapshot, encodeSnapshot } from './cache-codec.js';
import { GRAPH_VERSION } from './graph.js';
import { SCANNER_VERSION } from './scanners/index.js';

/** Marks a file as ours and its layout; bump the suffix when the layout changes. */
export const CACHE_FORMAT = 'ctxkit-repomap-scan-cache/6';

/** The cache directory under the root when the caller names none. */
export const DEFAULT_CACHE_DIRECTORY = '.ctxkit/cache';

/** Where a build caches its scans: a directory (default {@link DEFAULT_CACHE_DIRECTORY}) and, optionally, a memory. */
export interface ScanCacheOptions {
  /** The cache directory, relative to the root or absolute. */
  dir?: string;
  /**
   * Keeps the last cache read or written here for the next build (see {@link createScanCacheMemory}),
   * for a caller that maps the same tree again and again.
   */
  memory?: ScanCacheMemory;
}

/**
 * The last scan cache a caller's builds read or wrote, held by the caller between builds. A
 * long-running process (`ctxkit serve`, the MCP server, an agent harness) maps one repository
 * again and again: while the cache file is the one this memory saw (same inode, as every write
 * renames a new file in, and the same size and time), its columns are reused instead of read and
 * checked again, and with them the index and the facts derived from it. It holds one cache at a
 * time, so it never keeps more than one tree's index; it lives exactly as long as the caller keeps it.
 */
export interface ScanCacheMemory {
  /** Forgets the kept cache, so it can be collected (e.g. before a long idle time). */
  clear(): void;
}

/** The one slot behind a {@link ScanCacheMemory}: the snapshot, and the state of the file it came from. */
interface CacheSlot extends ScanCacheMemory {
  kept: { file: string; key: string; snapshot: CacheSnapshot } | undefined;
}

/** A new, empty {@link ScanCacheMemory}: pass it as `cache: { memory }` to each build that should share it. */
export function createScanCacheMemory(): ScanCacheMemory {
  const slot: CacheSlot = {
    kept: undefined,
    clear() {
      slot.kept = undefined;
    },
  };
  return slot;
}

/** Where the cache of `root` lives in `directory`: several roots can share one directory. */
export function cacheFilePath(directory: string, root: string): string {
  const name = createHash('sha256').update(root).digest('hex').slice(0, 16);
  return join(directory, `repomap-${name}.bin`);
}

function identityOf(root: string): CacheIdentity {
  return { format: CACHE_FORMAT, scannerVersion: SCANNER_VERSION, graphVersion: GRAPH_VERSION, root };
}

/**
 * The cached snapshot of `root` (an absolute, resolved path) in `directory`; `undefined` when
 * there is none, or it is unreadable, corrupt, foreign, or from another scanner version. With
 * `memory`, the snapshot it kept when the file is still the one it came from.
 */
export async function loadScanCache(
  directory: string,
  root: string,
  memory?: ScanCacheMemory,
): Promise<CacheSnapshot | undefined> {
  const file = cacheFilePath(directory, root);
  const slot = memory as CacheSlot | undefined;
  try {
    const key = slot ? fileKey(file) : '';
    if (slot?.kept?.file === file && slot.kept.key === key) return slot.kept.snapshot;
    // One synchronous read: the file is large and already in the page cache on a warm build,
    // where reading it in chunks through the thread pool costs a main-thread turn per chunk.
    const snapshot = decodeSnapshot(readFileSync(file), identityOf(root));
    if (slot) slot.kept = snapshot ? { file, key, snapshot } : undefined;
    return snapshot;
  } catch {
    // Missing, unreadable or damaged: start empty.
    return undefined;
  }
}

function fileKey(file: string): string {
  const info = statSync(file);
  return `${info.dev}:${info.ino}:${info.size}:${info.mtimeMs}`;
}

/** Writes chunks to `file` atomically: a temporary sibling, then a rename over the target. */
async function writeAtomically(file: string, chunks: readonly Uint8Array[]): Promise<void> {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await new Promise<void>((resolve, reject) => {
      const output = createWriteStream(temporary);
      output.on('error', reject);
      output.on('finish', resolve);
      let next = 0;
      const pump = () => {
        while (next < chunks.length) {
          if (!output.write(chunks[next++]!)) {
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
 * Saves `snapshot` as the cache of `root` in `directory`, and keeps it in `memory` if given.
 * Never throws: a cache that cannot be written costs speed, not correctness.
 */
export async function saveScanCache(
  directory: string,
  root: string,
  snapshot: CacheSnapshot,
  memory?: ScanCacheMemory,
): Promise<void> {
  try {
    await mkdir(directory, { recursive: true });
    // A cache inside someone's work tree must never show up in `git status`.
    await writeFile(join(directory, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => {});
    const file = cacheFilePath(directory, root);
    await writeAtomically(file, encodeSnapshot(identityOf(root), snapshot));
    if (memory) (memory as CacheSlot).kept = { file, key: fileKey(file), snapshot };
    // Format 3 kept the same root's scans in a JSON-lines file: it is never read again.
    await unlink(cacheFilePath(directory, root).replace(/\.bin$/, '.ndjson')).catch(() => {});
  } catch {
    // Read-only tree, full disk, permissions: the map is still right, the next build is just cold.
  }
}
