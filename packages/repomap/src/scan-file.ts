/**
 * Reads and scans one file: the unit of work the cache stores and the worker threads run. The text
 * lives only inside this function, so a whole tree is never held in memory at once.
 */
import { readFileSync } from 'node:fs';
import { forEachMessageFragment } from '@ctxkit/internal';
import { scanSource } from './scanners/index.js';
import type { ScanLanguage } from './scanners/languages.js';
import type { Definition } from './types.js';

/** How many leading bytes are searched for a NUL byte to call a file binary (git uses the same 8000). */
const BINARY_PROBE_BYTES = 8000;

/**
 * Lines longer than this on average mark a minified or generated file: its "definitions" are noise
 * and scanning it costs time for nothing. Hand-written code averages well under 100.
 */
const MINIFIED_AVERAGE_LINE_LENGTH = 300;
/** Only files at least this large are judged minified; a short one-liner is just short. */
const MINIFIED_MIN_BYTES = 4096;

/**
 * A file's messages beyond this many are data (translations, fixtures, generated tables), not what
 * one place in the code prints; the first ones are kept.
 */
const MAX_FILE_MESSAGES = 256;
/** Fragments are kept to this many characters: a longer prefix tells a message apart no better. */
const MAX_MESSAGE_LENGTH = 160;

/** The scan of one file, in the form the cache stores and ranking reads. */
export interface FileScan {
  definitions: Definition[];
  /**
   * Identifier occurrence counts as two parallel arrays sorted by name: far fewer objects than
   * pairs, which keeps the cache fast to load and a large tree's scans small in memory.
   */
  references: PackedReferences;
  /**
   * The fixed fragments of the messages its string literals hold (`messageFragments` of
   * @ctxkit/internal: normalized, split at placeholders), unique, in order of first appearance.
   * A task that quotes what a program printed names the files that print it. Absent: none.
   */
  messages?: string[];
}

/** Identifier `names[i]` occurs `counts[i]` times; names sorted, unique. */
export interface PackedReferences {
  names: string[];
  counts: number[];
}

/** Either a scan or the reason the file was skipped. */
export type FileScanOutcome = { scan: FileScan } | { skipped: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Checks the bytes of a file and scans them as `language`; returns a reason when they are not text. */
export function scanBytes(bytes: Uint8Array, language: ScanLanguage): FileScanOutcome {
  const probe = bytes.subarray(0, BINARY_PROBE_BYTES);
  if (probe.includes(0)) return { skipped: 'binary file' };
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { skipped: 'not valid UTF-8 text' };
  }
  if (text.length >= MINIFIED_MIN_BYTES) {
    // Counting stops once there are lines enough for a hand-written average: usually early in the file.
    const enough = text.length / MINIFIED_AVERAGE_LINE_LENGTH;
    let lines = 1;
    for (
      let index = text.indexOf('\n');
      index !== -1 && lines < enough;
      index = text.indexOf('\n', index + 1)
    )
      lines++;
    if (lines < enough) return { skipped: 'minified or generated file' };
  }
  const result = scanSource(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, language);
  const names = [...result.references.keys()].sort();
  const counts = names.map((name) => result.references.get(name)!);
  const messages = fileMessages(text);
  return {
    scan: {
      definitions: result.definitions,
      references: { names, counts },
      ...(messages.length > 0 ? { messages } : {}),
    },
  };
}

/**
 * The message fragments of `text`'s string literals (see {@link FileScan.messages}), at most
 * MAX_FILE_MESSAGES of them, each cut to MAX_MESSAGE_LENGTH characters.
 */
export function fileMessages(text: string): string[] {
  const found = new Set<string>();
  forEachMessageFragment(text, (fragment) => {
    found.add(fragment.length > MAX_MESSAGE_LENGTH ? fragment.slice(0, MAX_MESSAGE_LENGTH) : fragment);
    return found.size < MAX_FILE_MESSAGES;
  });
  return [...found];
}

/**
 * Reads `absolutePath` and scans it; an unreadable file becomes a skip reason, never an exception.
 * The read blocks its thread: an async read is four trips through libuv's thread pool (open, stat,
 * read, close) that cost more than a blocking read of a cached file, and a scan has nothing to do
 * while it waits. The scan pool yields between batches of files instead.
 */
export function scanFile(absolutePath: string, language: ScanLanguage): FileScanOutcome {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absolutePath);
  } catch (error) {
    return unreadable(error);
  }
  return scanBytes(bytes, language);
}

function unreadable(error: unknown): FileScanOutcome {
  return { skipped: `unreadable file (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
}
