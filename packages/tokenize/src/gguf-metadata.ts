/**
 * The metadata section of a GGUF file (llama.cpp's model format, what Ollama stores): the header and
 * key/value pairs only. Tensor data is never read: a reader asks for byte ranges from the start of the
 * file and stops at the end of the metadata, so a 5 GB model costs a few megabytes of reading.
 * Format: little-endian; "GGUF", version (2 or 3), tensor count (u64), key/value count (u64), then
 * each key as a string (u64 length + UTF-8) with a u32 value type and the value.
 */

/** A metadata value: numbers (u64/i64 as bigint), booleans, strings, or arrays of them. */
export type GgufValue = number | bigint | boolean | string | GgufValue[];

/** What {@link parseGgufMetadata} found. */
export interface GgufMetadata {
  /** The format version (2 or 3). */
  version: number;
  /** Number of tensors the file declares (their data is not read). */
  tensorCount: bigint;
  /** Every key/value pair, keys in file order. */
  values: Map<string, GgufValue>;
  /** Byte length of header plus metadata: everything that was read. */
  metadataBytes: number;
}

/** Reads `length` bytes at `offset` of the file; may return fewer only at the end of the file. */
export type ByteRangeReader = (offset: number, length: number) => Uint8Array;

/** A GGUF file that cannot be read as one. */
export class GgufFormatError extends Error {
  override readonly name = 'GgufFormatError';
  constructor(
    /** The file (or `gguf` for bytes in memory). */
    readonly source: string,
    /** Byte offset where reading failed. */
    readonly offset: number,
    detail: string,
  ) {
    super(`${source}: not a readable GGUF file at byte ${offset}: ${detail}`);
  }
}

/** The value types of the format, by their numbers. */
export const GGUF_TYPE = {
  uint8: 0,
  int8: 1,
  uint16: 2,
  int16: 3,
  uint32: 4,
  int32: 5,
  float32: 6,
  bool: 7,
  string: 8,
  array: 9,
  uint64: 10,
  int64: 11,
  float64: 12,
} as const;

/** Bytes fetched per read: metadata of a 150k-token vocabulary is a few MB. */
const READ_CHUNK = 1 << 20;
/** No real key or string is this long; a larger length means a corrupt or foreign file. */
const MAX_STRING_BYTES = 1 << 26;
const MAX_ARRAY_LENGTH = 1 << 26;

/** Parse the header and metadata of a GGUF file through `read`. */
export function parseGgufMetadata(read: ByteRangeReader, source = 'gguf'): GgufMetadata {
  let buffer: Uint8Array = new Uint8Array(0);
  let bufferStart = 0;
  let view = new DataView(buffer.buffer);
  let offset = 0;
  // ignoreBOM keeps a leading U+FEFF: SentencePiece vocabularies have it as a piece of its own.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const fail = (detail: string): never => {
    throw new GgufFormatError(source, offset, detail);
  };
  // Make bytes [offset, offset + length) available in `buffer`; returns where they start in it.
  const need = (length: number): number => {
    if (offset >= bufferStart && offset + length <= bufferStart + buffer.length) return offset - bufferStart;
    buffer = read(offset, Math.max(length, READ_CHUNK));
    bufferStart = offset;
    view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (buffer.length < length) fail(`the file ends inside the metadata (needed ${length} more bytes)`);
    return 0;
  };
  const u32 = (): number => {
    const at = need(4);
    offset += 4;
    return view.getUint32(at, true);
  };
  const u64 = (): bigint => {
    const at = need(8);
    offset += 8;
    return view.getBigUint64(at, true);
  };
  const length64 = (limit: number, what: string): number => {
    const value = u64();
    if (value > BigInt(limit)) fail(`${what} length ${value} is implausible`);
    return Number(value);
  };
  const string = (): string => {
    const length = length64(MAX_STRING_BYTES, 'string');
    const at = need(length);
    offset += length;
    return decoder.decode(buffer.subarray(at, at + length));
  };
  const scalar = (type: number): GgufValue => {
    const sizes: Record<number, number> = {
      0: 1,
      1: 1,
      2: 2,
      3: 2,
      4: 4,
      5: 4,
      6: 4,
      7: 1,
      10: 8,
      11: 8,
      12: 8,
    };
    if (type === GGUF_TYPE.string) return string();
    const size = sizes[type];
    if (size === undefined) return fail(`unknown value type ${type}`);
    const at = need(size);
    offset += size;
    switch (type) {
      case GGUF_TYPE.uint8:
        return view.getUint8(at);
      case GGUF_TYPE.int8:
        return view.getInt8(at);
      case GGUF_TYPE.uint16:
        return view.getUint16(at, true);
      case GGUF_TYPE.int16:
        return view.getInt16(at, true);
      case GGUF_TYPE.uint32:
        return view.getUint32(at, true);
      case GGUF_TYPE.int32:
        return view.getInt32(at, true);
      case GGUF_TYPE.float32:
        return view.getFloat32(at, true);
      case GGUF_TYPE.bool:
        return view.getUint8(at) !== 0;
      case GGUF_TYPE.uint64:
        return view.getBigUint64(at, true);
      case GGUF_TYPE.int64:
        return view.getBigInt64(at, true);
      default:
        return view.getFloat64(at, true);
    }
  };
  const value = (type: number): GgufValue => {
    if (type !== GGUF_TYPE.array) return scalar(type);
    const elementType = u32();
    const count = length64(MAX_ARRAY_LENGTH, 'array');
    const items: GgufValue[] = new Array(count);
    for (let index = 0; index < count; index++) items[index] = value(elementType);
    return items;
  };

  const magic = need(4);
  if (decoder.decode(buffer.subarray(magic, magic + 4)) !== 'GGUF')
    fail('the file does not start with "GGUF"');
  offset = 4;
  const version = u32();
  if (version !== 2 && version !== 3) fail(`version ${version} is not supported (2 and 3 are)`);
  const tensorCount = u64();
  const count = length64(MAX_ARRAY_LENGTH, 'metadata');
  const values = new Map<string, GgufValue>();
  for (let index = 0; index < count; index++) {
    const key = string();
    values.set(key, value(u32()));
  }
  return { version, tensorCount, values, metadataBytes: offset };
}
