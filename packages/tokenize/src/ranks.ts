import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** An exact vocabulary: which byte sequence is which token id. */
export type ExactEncoding = 'cl100k_base' | 'o200k_base';

/**
 * A vocabulary ready for byte-pair merging: every token's bytes in one buffer and an open-addressing hash
 * table from byte sequence to rank (= token id), probed without allocating.
 */
export interface RankTable {
  readonly encoding: ExactEncoding;
  /** Number of ordinary tokens; ids are 0 .. size-1. */
  readonly size: number;
  /** Length in bytes of the longest token: longer byte sequences need no lookup. */
  readonly maxTokenLength: number;
  /** Rank of each single byte (every byte is a token in both vocabularies). */
  readonly byteRanks: Int32Array;
  /** Rank of each two-byte sequence, indexed `first << 8 | second`, or -1: the first round of merges. */
  readonly bytePairRanks: Int32Array;
  /** All token bytes back to back, token `r` at `tokenOffsets[r]` .. `tokenOffsets[r + 1]`. */
  readonly tokenBytes: Uint8Array;
  readonly tokenOffsets: Int32Array;
  /** Special tokens by text (`<|endoftext|>` …), used only when a caller allows them. */
  readonly specialTokens: Readonly<Record<string, number>>;
  /** Rank of `bytes[start, end)`, or -1 when that sequence is not a token. */
  rankOf(bytes: Uint8Array, start: number, end: number): number;
}

interface RankFile {
  pat_str: string;
  special_tokens: Record<string, number>;
  bpe_ranks: string;
}

const require = createRequire(import.meta.url);
const tables = new Map<ExactEncoding, RankTable>();
let loads = 0;

/** How many rank files have been parsed in this process (tests prove laziness and once-only with it). */
export function rankLoadCount(): number {
  return loads;
}

/**
 * The rank table of `encoding`, loaded on first use and kept for the life of the process: from the
 * prebuilt table the build writes beside this module when there is one (see `rank-file.ts`), else
 * parsed from js-tiktoken's rank file. Synchronous so counting stays synchronous.
 */
export function loadRanks(encoding: ExactEncoding): RankTable {
  let table = tables.get(encoding);
  if (!table) {
    table = loadPrebuiltRanks(encoding) ?? parseRanks(encoding);
    loads += 1;
    tables.set(encoding, table);
  }
  return table;
}

/** Parses js-tiktoken's rank file of `encoding` (what the prebuilt tables are made from). */
export function parseRanks(encoding: ExactEncoding): RankTable {
  const file = require(`js-tiktoken/ranks/${encoding}`) as RankFile | { default: RankFile };
  return parseRankFile(encoding, 'default' in file ? file.default : file);
}

/** Where the build puts the prebuilt table of `encoding`, relative to this module. */
export function prebuiltRankUrl(encoding: ExactEncoding): URL {
  return new URL(`./ranks/${encoding}.bin`, import.meta.url);
}

/**
 * The prebuilt table of `encoding`, or `undefined` when there is none (running from sources, or
 * bundled elsewhere) or it does not check out: parsing the rank file is then the safe way.
 */
function loadPrebuiltRanks(encoding: ExactEncoding): RankTable | undefined {
  let bytes: Uint8Array;
  try {
    const url = prebuiltRankUrl(encoding);
    if (url.protocol !== 'file:') return undefined;
    bytes = readFileSync(fileURLToPath(url));
  } catch {
    return undefined;
  }
  const decoded = decodeRankFile(encoding, bytes);
  return decoded && createRankTable(encoding, ...decoded);
}

const BASE64_VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  for (let index = 0; index < alphabet.length; index++) values[alphabet.charCodeAt(index)] = index;
  return values;
})();

/**
 * js-tiktoken's format: lines of `<marker> <first rank> <base64 token> <base64 token> …`, consecutive
 * tokens taking consecutive ranks. Decoded by hand into one buffer: 200k small allocations would dominate.
 */
function parseRankFile(encoding: ExactEncoding, file: RankFile): RankTable {
  const source = file.bpe_ranks;
  const tokenBytes = new Uint8Array(Math.ceil((source.length * 3) / 4));
  const offsetsByRank: number[] = [];
  const endsByRank: number[] = [];
  let written = 0;
  let size = 0;
  for (const line of source.split('\n')) {
    if (line.length === 0) continue;
    const firstSpace = line.indexOf(' ');
    const secondSpace = line.indexOf(' ', firstSpace + 1);
    let rank = Number.parseInt(line.slice(firstSpace + 1, secondSpace), 10);
    let at = secondSpace + 1;
    while (at < line.length) {
      let end = line.indexOf(' ', at);
      if (end < 0) end = line.length;
      offsetsByRank[rank] = written;
      let bits = 0;
      let bitCount = 0;
      for (let index = at; index < end; index++) {
        const value = BASE64_VALUES[line.charCodeAt(index)] ?? -1;
        if (value < 0) continue; // padding
        bits = ((bits << 6) | value) & 0xffffff;
        bitCount += 6;
        if (bitCount >= 8) {
          bitCount -= 8;
          tokenBytes[written++] = (bits >> bitCount) & 0xff;
        }
      }
      endsByRank[rank] = written;
      size = Math.max(size, rank + 1);
      rank += 1;
      at = end + 1;
    }
  }
  // Re-pack in rank order so token r's bytes are tokenOffsets[r] .. tokenOffsets[r + 1].
  const packed = new Uint8Array(written);
  const tokenOffsets = new Int32Array(size + 1);
  let packedLength = 0;
  let maxTokenLength = 0;
  for (let rank = 0; rank < size; rank++) {
    const start = offsetsByRank[rank];
    const end = endsByRank[rank];
    tokenOffsets[rank] = packedLength;
    if (start === undefined || end === undefined) continue; // a gap in the ranks: no token
    packed.set(tokenBytes.subarray(start, end), packedLength);
    packedLength += end - start;
    maxTokenLength = Math.max(maxTokenLength, end - start);
  }
  tokenOffsets[size] = packedLength;
  return createRankTable(encoding, packed, tokenOffsets, size, maxTokenLength, file.special_tokens);
}

/** Marks a prebuilt rank table file and its layout. */
const RANK_FILE_FORMAT = 'ctxkit-rank-table/1';

/** FNV-1a over the header's fields, then the payload: a change to either is caught. */
function checksum(fields: string, bytes: Uint8Array): number {
  let hash = 0x811c9dc5;
  const head = Buffer.from(fields, 'utf8');
  for (let index = 0; index < head.length; index++) hash = Math.imul(hash ^ head[index]!, 0x01000193);
  for (let index = 0; index < bytes.length; index++) hash = Math.imul(hash ^ bytes[index]!, 0x01000193);
  return hash >>> 0;
}

/** The header fields the checksum covers, in a fixed order. */
function checkedFields(
  encoding: string,
  size: number,
  maxTokenLength: number,
  specialTokens: unknown,
): string {
  return JSON.stringify([encoding, size, maxTokenLength, specialTokens]);
}

/**
 * A rank table as a file: a JSON header line (padded to a 4-byte boundary), the token offsets
 * (Int32, little-endian) and the token bytes. Loading it skips parsing js-tiktoken's base64 text,
 * most of the cost of the first count in a process.
 */
export function encodeRankFile(table: RankTable): Uint8Array {
  const offsets = new Uint8Array(table.tokenOffsets.length * 4);
  const view = new DataView(offsets.buffer);
  for (let index = 0; index < table.tokenOffsets.length; index++) {
    view.setInt32(index * 4, table.tokenOffsets[index]!, true);
  }
  const payload = new Uint8Array(offsets.length + table.tokenBytes.length);
  payload.set(offsets);
  payload.set(table.tokenBytes, offsets.length);
  let header = JSON.stringify({
    format: RANK_FILE_FORMAT,
    encoding: table.encoding,
    size: table.size,
    maxTokenLength: table.maxTokenLength,
    specialTokens: table.specialTokens,
    payloadBytes: payload.length,
    checksum: checksum(
      checkedFields(table.encoding, table.size, table.maxTokenLength, table.specialTokens),
      payload,
    ),
  });
  header += ' '.repeat((4 - ((Buffer.byteLength(header) + 1) % 4)) % 4);
  return Buffer.concat([Buffer.from(`${header}\n`), payload]);
}

/** The parts of a table from a rank file, or `undefined` when the file is not a sound table of `encoding`. */
export function decodeRankFile(
  encoding: ExactEncoding,
  bytes: Uint8Array,
): [Uint8Array, Int32Array, number, number, Record<string, number>] | undefined {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) return undefined;
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, newline).toString('utf8'));
  } catch {
    return undefined;
  }
  const { size, maxTokenLength, payloadBytes, specialTokens } = header;
  if (
    header.format !== RANK_FILE_FORMAT ||
    header.encoding !== encoding ||
    typeof size !== 'number' ||
    !Number.isSafeInteger(size) ||
    size < 1 ||
    typeof maxTokenLength !== 'number' ||
    !Number.isSafeInteger(maxTokenLength) ||
    maxTokenLength < 1 ||
    typeof specialTokens !== 'object' ||
    specialTokens === null ||
    payloadBytes !== bytes.length - newline - 1
  ) {
    return undefined;
  }
  const payload = bytes.subarray(newline + 1);
  const fields = checkedFields(encoding, size, maxTokenLength, specialTokens);
  if (checksum(fields, payload) !== header.checksum || payload.length < (size + 1) * 4) return undefined;
  const view = new DataView(payload.buffer, payload.byteOffset, payload.length);
  const tokenOffsets = new Int32Array(size + 1);
  for (let index = 0; index <= size; index++) tokenOffsets[index] = view.getInt32(index * 4, true);
  const tokenBytes = payload.slice((size + 1) * 4);
  for (let index = 0; index < size; index++) {
    if (tokenOffsets[index + 1]! < tokenOffsets[index]!) return undefined;
  }
  if (tokenOffsets[0] !== 0 || tokenOffsets[size] !== tokenBytes.length) return undefined;
  return [tokenBytes, tokenOffsets, size, maxTokenLength, specialTokens as Record<string, number>];
}

function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  // FNV-1a, then a final avalanche so the low bits used as the slot index mix all bytes.
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ (bytes[index] as number), 0x01000193);
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x2c1b3c6d);
  return hash ^ (hash >>> 12);
}

function createRankTable(
  encoding: ExactEncoding,
  tokenBytes: Uint8Array,
  tokenOffsets: Int32Array,
  size: number,
  maxTokenLength: number,
  specialTokens: Record<string, number>,
): RankTable {
  // Load factor below 0.5 keeps probe chains short; slots hold rank + 1 (0 = empty) and the full hash.
  let capacity = 1;
  while (capacity < size * 2.5) capacity <<= 1;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity);
  const hashes = new Int32Array(capacity);
  for (let rank = 0; rank < size; rank++) {
    const start = tokenOffsets[rank] as number;
    const end = tokenOffsets[rank + 1] as number;
    if (end === start) continue;
    const hash = hashBytes(tokenBytes, start, end);
    let slot = hash & mask;
    while (slots[slot] !== 0) slot = (slot + 1) & mask;
    slots[slot] = rank + 1;
    hashes[slot] = hash;
  }

  function rankOf(bytes: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length > maxTokenLength) return -1;
    const hash = hashBytes(bytes, start, end);
    let slot = hash & mask;
    for (;;) {
      const entry = slots[slot] as number;
      if (entry === 0) return -1;
      if (hashes[slot] === hash) {
        const rank = entry - 1;
        const tokenStart = tokenOffsets[rank] as number;
        if ((tokenOffsets[rank + 1] as number) - tokenStart === length) {
          let index = 0;
          while (index < length && tokenBytes[tokenStart + index] === bytes[start + index]) index++;
          if (index === length) return rank;
        }
      }
      slot = (slot + 1) & mask;
    }
  }

  const byteRanks = new Int32Array(256);
  const single = new Uint8Array(1);
  for (let byte = 0; byte < 256; byte++) {
    single[0] = byte;
    byteRanks[byte] = rankOf(single, 0, 1);
  }
  const bytePairRanks = new Int32Array(256 * 256);
  const pair = new Uint8Array(2);
  for (let first = 0; first < 256; first++) {
    pair[0] = first;
    for (let second = 0; second < 256; second++) {
      pair[1] = second;
      bytePairRanks[(first << 8) | second] = rankOf(pair, 0, 2);
    }
  }
  return {
    encoding,
    size,
    maxTokenLength,
    byteRanks,
    bytePairRanks,
    tokenBytes,
    tokenOffsets,
    specialTokens: { ...specialTokens },
    rankOf,
  };
}
