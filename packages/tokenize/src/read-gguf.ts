import { closeSync, openSync, readSync } from 'node:fs';
import { type GgufMetadata, parseGgufMetadata } from './gguf-metadata.js';

/**
 * The shell around {@link parseGgufMetadata}: read the header and metadata of the GGUF file at `path`,
 * in chunks from the start, and nothing after them (tensor data is never read).
 */
export function readGgufMetadata(path: string): GgufMetadata {
  const descriptor = openSync(path, 'r');
  try {
    return parseGgufMetadata((offset, length) => {
      const bytes = new Uint8Array(length);
      const read = readSync(descriptor, bytes, 0, length, offset);
      return read === length ? bytes : bytes.subarray(0, read);
    }, path);
  } finally {
    closeSync(descriptor);
  }
}
