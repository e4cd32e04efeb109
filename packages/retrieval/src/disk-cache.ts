import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmbeddingCache } from './cached-embedder.js';
import { fnv1a32 } from './fnv.js';

// File layout: magic, dimension, float32 values (little-endian), FNV-1a of everything before it.
// Bump the magic's digit when the layout changes; old files then read as misses and are rewritten.
const MAGIC = 'CKE1';
const HEADER_BYTES = 8;
const CHECKSUM_BYTES = 4;

/** Options of {@link createDiskEmbeddingCache}. */
export interface DiskEmbeddingCacheOptions {
  /** Directory to keep vectors in; created on first write. */
  dir: string;
}

/**
 * An embedding cache on disk: one small file per (embedder id, content hash), written to a
 * temporary file and renamed into place, so a reader never sees half a vector and two processes
 * writing the same key at once both leave a complete file. A file that fails its length or
 * checksum check is a miss and is overwritten with a fresh vector.
 */
export function createDiskEmbeddingCache(options: DiskEmbeddingCacheOptions): EmbeddingCache {
  const pathOf = (embedderId: string, contentHash: string) =>
    join(options.dir, embedderDirectory(embedderId), contentHash.slice(0, 2), `${contentHash}.vec`);
  return {
    async get(embedderId, contentHash) {
      let bytes: Buffer;
      try {
        bytes = await readFile(pathOf(embedderId, contentHash));
      } catch {
        return undefined;
      }
      return decodeVector(bytes);
    },
    async set(embedderId, contentHash, vector) {
      const path = pathOf(embedderId, contentHash);
      const directory = join(path, '..');
      await mkdir(directory, { recursive: true });
      // Unique per process and call, so concurrent writers never share a temporary file.
      const temporary = join(directory, `.${contentHash}.${process.pid}.${randomUUID()}.tmp`);
      try {
        await writeFile(temporary, encodeVector(vector));
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}

/** The bytes of one cache file for `vector`. */
export function encodeVector(vector: Float32Array): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES + vector.length * 4 + CHECKSUM_BYTES);
  bytes.write(MAGIC, 0, 'latin1');
  bytes.writeUInt32LE(vector.length, 4);
  for (let index = 0; index < vector.length; index += 1)
    bytes.writeFloatLE(vector[index]!, HEADER_BYTES + index * 4);
  bytes.writeUInt32LE(checksum(bytes, bytes.length - CHECKSUM_BYTES), bytes.length - CHECKSUM_BYTES);
  return bytes;
}

/** The vector in a cache file, or undefined when the file is truncated, foreign or corrupt. */
export function decodeVector(bytes: Buffer): Float32Array | undefined {
  if (bytes.length < HEADER_BYTES + CHECKSUM_BYTES || bytes.toString('latin1', 0, 4) !== MAGIC)
    return undefined;
  const dimension = bytes.readUInt32LE(4);
  if (bytes.length !== HEADER_BYTES + dimension * 4 + CHECKSUM_BYTES) return undefined;
  if (bytes.readUInt32LE(bytes.length - CHECKSUM_BYTES) !== checksum(bytes, bytes.length - CHECKSUM_BYTES))
    return undefined;
  const vector = new Float32Array(dimension);
  for (let index = 0; index < dimension; index += 1)
    vector[index] = bytes.readFloatLE(HEADER_BYTES + index * 4);
  return vector;
}

function checksum(bytes: Buffer, length: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < length; index += 1) {
    hash ^= bytes[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// Embedder ids contain URLs and colons; keep a readable, filesystem-safe prefix and add a hash
// of the full id so two ids that sanitise alike never share a directory.
function embedderDirectory(embedderId: string): string {
  const readable = embedderId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `${readable}-${fnv1a32(embedderId).toString(16).padStart(8, '0')}`;
}
