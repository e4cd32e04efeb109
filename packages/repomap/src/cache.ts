/**
 * The disk cache of file scans, keyed by (path, size, mtime, scanner version). One file per root,
 * one JSON line per file after a header and a string table (see `cache-codec.ts`), so neither
 * loading nor saving ever builds one giant string. Written atomically (temporary file + rename); a
 * corrupt or foreign cache is discarded and rebuilt; a cache that cannot be written (read-only
 * tree) is simply not written.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CacheEntry, decodeEntry, encodeEntry, StringTableBuilder } from './cache-codec.js';
import type { FileScanOutcome } from './scan-file.js';
import { SCANNER_VERSION } from './scanners/index.js';

/** Marks a file as ours and its layout; bump the suffix when the layout changes. */
export const CACHE_FORMAT = 'ctxkit-repomap-scan-cache/3';

/** Bytes read at a time when loading: large reads, few callbacks; lines are split on the bytes. */
const READ_CHUNK_BYTES = 1024 * 1024;
/** The byte that ends every line of the cache file (UTF-8 never uses it inside a character). */
const NEWLINE = 0x0a;

/** The cache directory under the root when the caller names none. */
export const DEFAULT_CACHE_DIRECTORY = '.ctxkit/cache';

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

/** Calls `onLine` with every line of `file` (without its newline), read in large chunks. */
async function forEachLine(file: string, onLine: (line: string) => void): Promise<void> {
  const stream = createReadStream(file, { highWaterMark: READ_CHUNK_BYTES });
  let carry: Buffer | undefined;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      let start = 0;
      for (let end = bytes.indexOf(NEWLINE); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
        onLine(bytes.toString('utf8', start, end));
        start = end + 1;
      }
      carry = start < bytes.length ? bytes.subarray(start) : undefined;
    }
    if (carry) onLine(carry.toString('utf8'));
  } finally {
    stream.destroy();
  }
}

/** Reads a cache file; `undefined` when missing, corrupt, foreign, or from another scanner version. */
async function readCacheFile(file: string, root: string): Promise<Map<string, CacheEntry> | undefined> {
  const entries = new Map<string, CacheEntry>();
  let lineNumber = 0;
  let strings: string[] | undefined;
  try {
    await forEachLine(file, (line) => {
      lineNumber++;
      if (line === '') return;
      const value = JSON.parse(line) as unknown;
      if (lineNumber === 1) {
        const header = value as Record<string, unknown> | null;
        if (
          header?.format !== CACHE_FORMAT ||
          header.scannerVersion !== SCANNER_VERSION ||
          header.root !== root
        ) {
          throw new Error('foreign cache');
        }
      } else if (lineNumber === 2) {
        if (!Array.isArray(value) || !value.every((text) => typeof text === 'string')) {
          throw new Error('malformed string table');
        }
        strings = value;
      } else {
        const { path, entry } = decodeEntry(value, strings!);
        entries.set(path, entry);
      }
    });
  } catch {
    // Missing, unreadable, foreign, not JSON, or an entry that does not decode: start empty.
    return undefined;
  }
  return strings ? entries : undefined;
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
      // Entries are encoded first: the string table they fill is written before them.
      const table = new StringTableBuilder();
      const lines: string[] = [];
      for (const path of keepPaths) {
        const entry = fresh.get(path) ?? stored.get(path);
        if (entry) lines.push(encodeEntry(path, entry, table));
      }
      function* serialize(): Generator<string> {
        yield `${JSON.stringify({ format: CACHE_FORMAT, scannerVersion: SCANNER_VERSION, root })}\n`;
        yield `${JSON.stringify(table.strings)}\n`;
        yield* lines;
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
