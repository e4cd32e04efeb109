import { mergeBytePairs } from './byte-pair-merge.js';
import { hashPiece, PieceCache } from './piece-cache.js';
import { type PieceSplitter, preparePieceSplitters, splitCl100k, splitO200k } from './pre-tokenize.js';
import { type ExactEncoding, loadRanks, type RankTable } from './ranks.js';
import { writeUtf8 } from './utf8.js';

/** Which special-token strings count as special tokens; everything else is ordinary text. */
export type AllowedSpecial = 'all' | readonly string[];

/** log2 of the cache's sets: 2 × 65,536 pieces cover a large repository's vocabulary. */
const CACHE_SET_BITS = 16;
/**
 * Longer pieces are not cached: they rarely repeat, and each entry would hold its whole text and token
 * array in memory.
 */
const MAX_CACHED_PIECE_LENGTH = 128;
/** The UTF-8 buffer for one piece starts here and is shrunk back after a piece needed more than the max. */
const INITIAL_BYTES = 1024;
const MAX_RETAINED_BYTES = 1 << 20;

/**
 * The exact engine for one vocabulary: pre-tokenize, then merge each piece (cached), then count or
 * collect token ids. Created on first use of an encoding and shared by every tokenizer for it.
 */
export class BytePairEncoder {
  private readonly cache = new PieceCache(CACHE_SET_BITS);
  private readonly split: PieceSplitter;
  private bytes = new Uint8Array(INITIAL_BYTES);
  private readonly specialTexts: readonly string[];
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(private readonly table: RankTable) {
    preparePieceSplitters();
    this.split = table.encoding === 'cl100k_base' ? splitCl100k : splitO200k;
    this.specialTexts = Object.keys(table.specialTokens).sort();
  }

  /** Token count of `text`; no token array is built for the text as a whole. */
  count(text: string, allowedSpecial?: AllowedSpecial): number {
    if (allowedSpecial === undefined) return this.countOrdinary(text, 0, text.length);
    let total = 0;
    this.forEachSegment(text, allowedSpecial, (start, end, special) => {
      total += special === undefined ? this.countOrdinary(text, start, end) : 1;
    });
    return total;
  }

  /** Token ids of `text`. */
  encode(text: string, allowedSpecial?: AllowedSpecial): number[] {
    const tokens: number[] = [];
    if (allowedSpecial === undefined) {
      this.encodeOrdinary(text, 0, text.length, tokens);
      return tokens;
    }
    this.forEachSegment(text, allowedSpecial, (start, end, special) => {
      if (special === undefined) this.encodeOrdinary(text, start, end, tokens);
      else tokens.push(special);
    });
    return tokens;
  }

  /** Text of `tokens`; bytes that are not valid UTF-8 become U+FFFD, a leading BOM is kept. */
  decode(tokens: readonly number[]): string {
    const { tokenBytes, tokenOffsets, size, specialTokens } = this.table;
    const specialById = new Map<number, string>();
    for (const [text, id] of Object.entries(specialTokens)) specialById.set(id, text);
    const encoder = new TextEncoder();
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (const token of tokens) {
      let chunk: Uint8Array;
      if (Number.isInteger(token) && token >= 0 && token < size) {
        chunk = tokenBytes.subarray(tokenOffsets[token], tokenOffsets[token + 1]);
      } else {
        const special = specialById.get(token);
        if (special === undefined)
          throw new RangeError(`Unknown token id ${token} for ${this.table.encoding}.`);
        chunk = encoder.encode(special);
      }
      chunks.push(chunk);
      length += chunk.length;
    }
    const joined = new Uint8Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      joined.set(chunk, offset);
      offset += chunk.length;
    }
    return this.decoder.decode(joined);
  }

  private countOrdinary(text: string, start: number, end: number): number {
    const segment = start === 0 && end === text.length ? text : text.slice(start, end);
    const split = this.split;
    const length = segment.length;
    let total = 0;
    for (let at = 0; at < length; ) {
      const pieceEnd = split(segment, at);
      // Single ASCII characters are always exactly one token.
      if (pieceEnd - at === 1 && segment.charCodeAt(at) < 0x80) total += 1;
      else total += this.pieceTokens(segment, at, pieceEnd).length;
      at = pieceEnd;
    }
    return total;
  }

  private encodeOrdinary(text: string, start: number, end: number, tokens: number[]): void {
    const segment = start === 0 && end === text.length ? text : text.slice(start, end);
    const split = this.split;
    const length = segment.length;
    const byteRanks = this.table.byteRanks;
    for (let at = 0; at < length; ) {
      const pieceEnd = split(segment, at);
      const first = segment.charCodeAt(at);
      if (pieceEnd - at === 1 && first < 0x80) tokens.push(byteRanks[first] as number);
      else for (const token of this.pieceTokens(segment, at, pieceEnd)) tokens.push(token);
      at = pieceEnd;
    }
  }

  private pieceTokens(text: string, start: number, end: number): number[] {
    if (end - start > MAX_CACHED_PIECE_LENGTH) return this.mergePiece(text, start, end);
    const hash = hashPiece(text, start, end);
    const cached = this.cache.get(text, start, end, hash);
    if (cached !== undefined) return cached;
    const tokens = this.mergePiece(text, start, end);
    this.cache.set(text, start, end, hash, tokens);
    return tokens;
  }

  private mergePiece(text: string, start: number, end: number): number[] {
    const length = this.writeUtf8(text, start, end);
    const tokens: number[] = [];
    mergeBytePairs(this.table, this.bytes, length, tokens);
    // One huge piece must not pin a buffer of its size for the life of the process.
    if (this.bytes.length > MAX_RETAINED_BYTES) this.bytes = new Uint8Array(INITIAL_BYTES);
    return tokens;
  }

  /** UTF-8 of text[start, end) into this.bytes; a lone surrogate becomes U+FFFD, as TextEncoder does. */
  private writeUtf8(text: string, start: number, end: number): number {
    const needed = (end - start) * 3;
    if (this.bytes.length < needed) this.bytes = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    return writeUtf8(text, start, end, this.bytes);
  }

  /**
   * Walk `text` as ordinary segments and allowed special tokens, leftmost special first (the order
   * tiktoken's special-token regex finds them).
   */
  private forEachSegment(
    text: string,
    allowedSpecial: AllowedSpecial,
    visit: (start: number, end: number, special: number | undefined) => void,
  ): void {
    const allowed = (allowedSpecial === 'all' ? this.specialTexts : allowedSpecial).filter(
      (special) => this.table.specialTokens[special] !== undefined,
    );
    // Next occurrence of each allowed special at or after the cursor, refreshed only once passed: linear.
    const nextAt = allowed.map((special) => text.indexOf(special));
    let cursor = 0;
    for (;;) {
      let best = -1;
      for (let index = 0; index < allowed.length; index++) {
        let at = nextAt[index] as number;
        if (at >= 0 && at < cursor) {
          at = text.indexOf(allowed[index] as string, cursor);
          nextAt[index] = at;
        }
        if (at >= 0 && (best < 0 || at < (nextAt[best] as number))) best = index;
      }
      if (best < 0) break;
      const special = allowed[best] as string;
      const at = nextAt[best] as number;
      if (at > cursor) visit(cursor, at, undefined);
      visit(at, at + special.length, this.table.specialTokens[special]);
      cursor = at + special.length;
    }
    if (cursor < text.length) visit(cursor, text.length, undefined);
  }
}

const encoders = new Map<ExactEncoding, BytePairEncoder>();

/** The shared engine for `encoding`, loading its ranks on first call. */
export function bytePairEncoder(encoding: ExactEncoding): BytePairEncoder {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    encoder = new BytePairEncoder(loadRanks(encoding));
    encoders.set(encoding, encoder);
  }
  return encoder;
}
