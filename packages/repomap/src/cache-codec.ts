/**
 * The byte layout of the scan cache: one JSON header line, then the columns of a {@link TreeIndex}
 * and of the per-file cache keys, each a typed array written as raw bytes at an 8-byte boundary.
 * A warm build reads the file once and views the columns in place, instead of parsing and
 * allocating an object per definition and per reference; that is what makes it cheap. Strings are
 * a list of UTF-16 lengths plus one UTF-8 blob, decoded with a single call. Every count, offset and
 * id is checked on load: a file that does not check out is corrupt, never half-trusted. The
 * task-independent reference graph is stored too: it depends on the tree alone.
 */
import type { NeutralGraph } from './graph.js';
import {
  DEFINITION_KINDS,
  INDEX_COLUMNS,
  NO_SCOPE,
  type StringList,
  type TreeIndex,
  wellFormed as toWellFormed,
  treeIndexOf,
} from './tree-index.js';

/** The per-file cache keys and outcomes, sorted by path, next to the index of the scanned ones. */
export interface CacheSnapshot {
  /** Every file the last walk selected, scanned or skipped, sorted by path. */
  paths: readonly string[];
  sizes: Float64Array;
  mtimes: Float64Array;
  /**
   * Per path: its file id in `index` (scanned files, ids ascending in path order), or
   * `-(r + 1)` for a file skipped with reason `reasons[r]`.
   */
  states: Int32Array;
  reasons: readonly string[];
  index: TreeIndex;
  /** The index's task-independent reference graph. */
  graph: NeutralGraph;
}

/** The header's fields besides the section lengths; a mismatch in any of them makes the file foreign. */
export interface CacheIdentity {
  format: string;
  scannerVersion: number;
  /** What the stored graph was computed with (`GRAPH_VERSION`). */
  graphVersion: string;
  root: string;
}

/** Thrown on a cache file that does not decode: the caller discards the whole cache. */
export class CorruptCacheError extends Error {}

const ALIGNMENT = 8;
/** Typed arrays are stored in the machine's byte order; a file from the other order is foreign. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** One section: a column, or a blob written as several chunks (never one giant string or buffer). */
type Section = Int32Array | Float64Array | Uint8Array | Uint8Array[];

/** Text is encoded in pieces of about this many UTF-16 units, so a kernel-sized tree's names and
 * signatures never need one string of hundreds of megabytes. */
const BLOB_PIECE_UNITS = 1 << 20;

/** The UTF-8 bytes of `strings` back to back, as chunks. */
function encodeBlob(count: number, at: (index: number) => string): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let parts: string[] = [];
  let units = 0;
  for (let index = 0; index < count; index++) {
    const text = at(index);
    parts.push(text);
    units += text.length;
    if (units >= BLOB_PIECE_UNITS) {
      chunks.push(Buffer.from(parts.join(''), 'utf8'));
      parts = [];
      units = 0;
    }
  }
  if (parts.length > 0) chunks.push(Buffer.from(parts.join(''), 'utf8'));
  return chunks;
}

function sectionBytes(section: Section): number {
  if (!Array.isArray(section)) return section.byteLength;
  let total = 0;
  for (const chunk of section) total += chunk.byteLength;
  return total;
}

function encodeStrings(strings: readonly string[]): [Int32Array, Uint8Array[]] {
  const count = strings.length;
  const lengths = new Int32Array(count);
  const texts: string[] = new Array(count);
  for (let index = 0; index < count; index++) {
    const text = strings[index]!;
    // Lengths are counted in UTF-16 units of the decoded blob, so every string must survive UTF-8.
    const wellFormed = toWellFormed(text);
    lengths[index] = wellFormed.length;
    texts[index] = wellFormed;
  }
  return [lengths, encodeBlob(count, (index) => texts[index]!)];
}

/**
 * Encodes strings that are read back one at a time, on demand (signatures, docs: a map shows a few
 * hundred of a tree's hundreds of thousands): byte lengths, so one can be decoded without the rest.
 */
function encodeLazyStrings(strings: StringList): [Int32Array, Uint8Array[]] {
  const count = strings.length;
  const lengths = new Int32Array(count);
  for (let index = 0; index < count; index++) lengths[index] = Buffer.byteLength(strings.at(index), 'utf8');
  return [lengths, encodeBlob(count, (index) => strings.at(index))];
}

/** Encodes `snapshot` as the chunks of a cache file (header line first). */
export function encodeSnapshot(identity: CacheIdentity, snapshot: CacheSnapshot): Uint8Array[] {
  const { index } = snapshot;
  const sections: Section[] = [
    ...encodeStrings(snapshot.paths),
    snapshot.sizes,
    snapshot.mtimes,
    snapshot.states,
    ...encodeStrings(snapshot.reasons),
    ...encodeStrings(index.names),
    ...INDEX_COLUMNS.map((column) => index[column]),
    ...encodeLazyStrings(index.signatures),
    ...encodeLazyStrings(index.docs),
    ...encodeLazyStrings(index.messages),
    snapshot.graph.edgeStart,
    snapshot.graph.targets,
    snapshot.graph.weights,
    snapshot.graph.referenceTotals,
  ];
  let header = JSON.stringify({
    ...identity,
    littleEndian: LITTLE_ENDIAN,
    sections: sections.map(sectionBytes),
  });
  // Pad the header line so the first section starts on the alignment boundary.
  header += ' '.repeat((ALIGNMENT - ((Buffer.byteLength(header) + 1) % ALIGNMENT)) % ALIGNMENT);
  const chunks: Uint8Array[] = [Buffer.from(`${header}\n`, 'utf8')];
  for (const section of sections) {
    if (Array.isArray(section)) chunks.push(...section);
    else chunks.push(new Uint8Array(section.buffer, section.byteOffset, section.byteLength));
    const padding = (ALIGNMENT - (sectionBytes(section) % ALIGNMENT)) % ALIGNMENT;
    if (padding > 0) chunks.push(new Uint8Array(padding));
  }
  return chunks;
}

/** Where each string of a list ends in its blob; the lengths must add up to `total` exactly. */
function endsOf(lengths: Int32Array, total: number): Int32Array {
  const ends = new Int32Array(lengths.length);
  let end = 0;
  for (let index = 0; index < lengths.length; index++) {
    const size = lengths[index]!;
    if (size < 0) throw new CorruptCacheError('negative string length');
    end += size;
    ends[index] = end;
  }
  if (end !== total) throw new CorruptCacheError('string lengths do not match their text');
  return ends;
}

/** Reads sections off a cache file in order, each viewed in place. */
class SectionReader {
  private next = 0;
  private offset: number;
  constructor(
    private readonly bytes: Uint8Array,
    private readonly lengths: readonly number[],
    start: number,
  ) {
    this.offset = start;
  }

  private take(elementBytes: number): [number, number] {
    const length = this.lengths[this.next++];
    if (length === undefined || length % elementBytes !== 0 || this.offset + length > this.bytes.length) {
      throw new CorruptCacheError('section out of bounds');
    }
    const start = this.offset;
    // Sections start on the alignment boundary in a sound file; a damaged header shifts them.
    if ((this.bytes.byteOffset + start) % elementBytes !== 0)
      throw new CorruptCacheError('section misaligned');
    this.offset += length + ((ALIGNMENT - (length % ALIGNMENT)) % ALIGNMENT);
    return [start, length];
  }

  int32(expected?: number): Int32Array {
    const [start, length] = this.take(4);
    const array = new Int32Array(this.bytes.buffer, this.bytes.byteOffset + start, length / 4);
    if (expected !== undefined && array.length !== expected) throw new CorruptCacheError('column length');
    return array;
  }

  float64(expected: number): Float64Array {
    const [start, length] = this.take(8);
    const array = new Float64Array(this.bytes.buffer, this.bytes.byteOffset + start, length / 8);
    if (array.length !== expected) throw new CorruptCacheError('column length');
    return array;
  }

  /** A string list decoded with one call and cut into its strings. */
  strings(): string[] {
    const lengths = this.int32();
    const [start, length] = this.take(1);
    const blob = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, length).toString('utf8');
    const ends = endsOf(lengths, blob.length);
    return Array.from(lengths, (_, index) => blob.slice(index === 0 ? 0 : ends[index - 1]!, ends[index]!));
  }

  /** A string list decoded one string at a time, from byte offsets (see `encodeLazyStrings`). */
  lazyStrings(): StringList {
    const lengths = this.int32();
    const [start, length] = this.take(1);
    const blob = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + start, length);
    const ends = endsOf(lengths, length);
    return {
      length: lengths.length,
      at: (index) => blob.toString('utf8', index === 0 ? 0 : ends[index - 1]!, ends[index]!),
    };
  }

  finish(): void {
    if (this.next !== this.lengths.length || this.offset !== this.bytes.length) {
      throw new CorruptCacheError('trailing sections');
    }
  }
}

function checkOffsets(starts: Int32Array, files: number, total: number): void {
  if (starts.length !== files + 1 || starts[0] !== 0 || starts[files] !== total) {
    throw new CorruptCacheError('offsets do not cover the column');
  }
  for (let file = 0; file < files; file++) {
    if (starts[file + 1]! < starts[file]!) throw new CorruptCacheError('offsets go backwards');
  }
}

/** One past the largest Int32 value: an upper bound no column value can reach. */
const INT32_END = 2 ** 31;

function checkFinite(column: Float64Array, low: number, what: string): void {
  for (let index = 0; index < column.length; index++) {
    const value = column[index]!;
    if (!Number.isFinite(value) || value < low) throw new CorruptCacheError(`${what} out of range`);
  }
}

function checkRange(column: Int32Array, low: number, high: number, what: string): void {
  for (let index = 0; index < column.length; index++) {
    const value = column[index]!;
    if (value < low || value >= high) throw new CorruptCacheError(`${what} out of range`);
  }
}

/**
 * Decodes a cache file. Returns `undefined` when the header is not `identity`'s (another tool,
 * another scanner version, another root, another byte order); throws {@link CorruptCacheError}
 * when the file is ours but damaged.
 */
export function decodeSnapshot(bytes: Uint8Array, identity: CacheIdentity): CacheSnapshot | undefined {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) throw new CorruptCacheError('no header line');
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, newline).toString('utf8'));
  } catch {
    throw new CorruptCacheError('header is not JSON');
  }
  if (
    header?.format !== identity.format ||
    header.scannerVersion !== identity.scannerVersion ||
    header.graphVersion !== identity.graphVersion ||
    header.root !== identity.root ||
    header.littleEndian !== LITTLE_ENDIAN
  ) {
    return undefined;
  }
  const lengths = header.sections;
  if (!Array.isArray(lengths) || !lengths.every((length) => Number.isSafeInteger(length) && length >= 0)) {
    throw new CorruptCacheError('malformed section list');
  }
  // Typed views need aligned memory; a buffer from a pool may start anywhere.
  const aligned = bytes.byteOffset % ALIGNMENT === 0 ? bytes : new Uint8Array(bytes);
  const reader = new SectionReader(aligned, lengths as number[], newline + 1);

  const paths = reader.strings();
  const entryCount = paths.length;
  const sizes = reader.float64(entryCount);
  const mtimes = reader.float64(entryCount);
  const states = reader.int32(entryCount);
  const reasons = reader.strings();
  const names = reader.strings();
  const columns = Object.fromEntries(INDEX_COLUMNS.map((column) => [column, reader.int32()])) as Record<
    (typeof INDEX_COLUMNS)[number],
    Int32Array
  >;
  const { refStart, refIds, refCounts, defStart, defName, defKind, defScope } = columns;
  const definitionCount = defName.length;
  if (refCounts.length !== refIds.length) throw new CorruptCacheError('column length');
  for (const column of ['defKind', 'defLine', 'defEndLine', 'defScope', 'defSelfCount'] as const) {
    if (columns[column].length !== definitionCount) throw new CorruptCacheError('column length');
  }
  const signatures = reader.lazyStrings();
  const docs = reader.lazyStrings();
  const messages = reader.lazyStrings();
  const edgeStart = reader.int32();
  const targets = reader.int32();
  const weights = reader.float64(targets.length);
  const referenceTotals = reader.float64(names.length);
  reader.finish();

  const indexPaths: string[] = [];
  for (let entry = 0; entry < entryCount; entry++) {
    if (entry > 0 && !(paths[entry - 1]! < paths[entry]!)) throw new CorruptCacheError('paths out of order');
    const state = states[entry]!;
    if (state >= 0) {
      if (state !== indexPaths.length) throw new CorruptCacheError('file ids out of order');
      indexPaths.push(paths[entry]!);
    } else if (-state - 1 >= reasons.length) throw new CorruptCacheError('skip reason out of range');
  }
  const files = indexPaths.length;
  checkOffsets(refStart, files, refIds.length);
  checkOffsets(defStart, files, definitionCount);
  checkRange(refIds, 0, names.length, 'reference name');
  checkRange(defName, 0, names.length, 'definition name');
  checkRange(defScope, NO_SCOPE, names.length, 'definition scope');
  checkRange(defKind, 0, DEFINITION_KINDS.length, 'definition kind');
  // The numbers ranking multiplies and prints: a damaged one must not pass as a strange result.
  checkRange(refCounts, 1, INT32_END, 'reference count');
  checkRange(columns.defLine, 1, INT32_END, 'definition line');
  checkRange(columns.defEndLine, 0, INT32_END, 'definition end line');
  checkRange(columns.defSelfCount, 0, INT32_END, 'definition self count');
  checkFinite(sizes, 0, 'file size');
  checkFinite(mtimes, Number.NEGATIVE_INFINITY, 'file time');
  checkFinite(weights, Number.MIN_VALUE, 'edge weight');
  checkFinite(referenceTotals, 0, 'reference total');
  if (signatures.length !== definitionCount) throw new CorruptCacheError('signature count');
  if (docs.length !== definitionCount) throw new CorruptCacheError('doc count');
  if (messages.length !== files) throw new CorruptCacheError('message count');
  checkOffsets(edgeStart, files, targets.length);
  checkRange(targets, 0, files, 'edge target');

  return {
    paths,
    sizes,
    mtimes,
    states,
    reasons,
    index: treeIndexOf({ paths: indexPaths, names, ...columns, signatures, docs, messages }),
    graph: { edgeStart, targets, weights, referenceTotals },
  };
}
