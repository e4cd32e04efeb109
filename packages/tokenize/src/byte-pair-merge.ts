import type { RankTable } from './ranks.js';

/**
 * Byte-pair merging of one pre-token, exactly as tiktoken does it: repeatedly merge the adjacent pair of
 * parts whose concatenation has the lowest rank, the leftmost one on ties, until no pair is a token.
 * Short pieces use tiktoken's own quadratic scan (fastest for a few dozen bytes); long ones a min-heap of
 * (rank, position) over a linked list of parts, O(n log n), which picks the same pair at every step: the
 * minimum rank, and among equal ranks the smallest position, which is the leftmost.
 */

/** Pieces longer than this (in bytes) are merged with the heap. */
export const HEAP_MERGE_THRESHOLD = 32;

const NO_RANK = 0x7fffffff;

let starts = new Int32Array(256);
let pairRanks = new Int32Array(256);
let partTokens = new Int32Array(256);

function ensureScratch(length: number): void {
  if (starts.length > length + 1) return;
  let capacity = starts.length;
  while (capacity <= length + 1) capacity *= 2;
  starts = new Int32Array(capacity);
  pairRanks = new Int32Array(capacity);
  partTokens = new Int32Array(capacity);
}

// Text repeats the same token pairs constantly, so the rank of a pair's concatenation is memoised by the
// two token ids in a direct-mapped table (a collision just overwrites). A hit skips hashing the bytes.
const PAIR_CACHE_BITS = 16;
const PAIR_CACHE_MASK = (1 << PAIR_CACHE_BITS) - 1;
const pairLeft = new Int32Array(1 << PAIR_CACHE_BITS).fill(-1);
const pairRight = new Int32Array(1 << PAIR_CACHE_BITS);
const pairRank = new Int32Array(1 << PAIR_CACHE_BITS);
let pairCacheOwner: RankTable | undefined;

function usePairCache(table: RankTable): void {
  if (pairCacheOwner === table) return;
  pairLeft.fill(-1);
  pairCacheOwner = table;
}

/** Rank of the merge of tokens `left` and `right`, whose bytes are `bytes[start, end)`; NO_RANK if none. */
function rankOfPair(
  table: RankTable,
  bytes: Uint8Array,
  start: number,
  end: number,
  left: number,
  right: number,
): number {
  const slot = ((Math.imul(left, 0x9e3779b1) ^ Math.imul(right, 0x85ebca6b)) >>> 8) & PAIR_CACHE_MASK;
  if (pairLeft[slot] === left && pairRight[slot] === right) return pairRank[slot] as number;
  const found = table.rankOf(bytes, start, end);
  const rank = found < 0 ? NO_RANK : found;
  pairLeft[slot] = left;
  pairRight[slot] = right;
  pairRank[slot] = rank;
  return rank;
}

/**
 * Merge `bytes[0, length)` and return the number of tokens; when `tokens` is given, also append the token
 * ids to it.
 */
export function mergeBytePairs(
  table: RankTable,
  bytes: Uint8Array,
  length: number,
  tokens?: number[],
): number {
  if (length === 0) return 0;
  if (length === 1) {
    tokens?.push(table.byteRanks[bytes[0] as number] as number);
    return 1;
  }
  const whole = table.rankOf(bytes, 0, length);
  if (whole >= 0) {
    tokens?.push(whole);
    return 1;
  }
  usePairCache(table);
  return length > HEAP_MERGE_THRESHOLD
    ? mergeWithHeap(table, bytes, length, tokens)
    : mergeByScanning(table, bytes, length, tokens);
}

/** tiktoken's quadratic merge; exported for the equivalence test only. */
export function mergeByScanning(
  table: RankTable,
  bytes: Uint8Array,
  length: number,
  tokens?: number[],
): number {
  usePairCache(table);
  ensureScratch(length);
  const byteRanks = table.byteRanks;
  const bytePairRanks = table.bytePairRanks;
  // Parts are starts[0 .. parts); starts[parts] = length is a sentinel. partTokens[i] is part i's token,
  // pairRanks[i] the rank of merging parts i and i+1.
  let parts = length;
  for (let index = 0; index < length; index++) {
    starts[index] = index;
    partTokens[index] = byteRanks[bytes[index] as number] as number;
  }
  starts[length] = length;
  for (let index = 0; index < length - 1; index++) {
    const rank = bytePairRanks[((bytes[index] as number) << 8) | (bytes[index + 1] as number)] as number;
    pairRanks[index] = rank < 0 ? NO_RANK : rank;
  }
  pairRanks[length - 1] = NO_RANK;
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let index = 0; index < parts - 1; index++) {
      const rank = pairRanks[index] as number;
      if (rank < best) {
        best = rank;
        at = index;
      }
    }
    if (at < 0) break;
    // Merge part at+1 into part at: shift the later parts (and the sentinel) down by one.
    for (let index = at + 1; index < parts; index++) {
      starts[index] = starts[index + 1] as number;
      pairRanks[index] = pairRanks[index + 1] as number;
      partTokens[index] = partTokens[index + 1] as number;
    }
    parts -= 1;
    partTokens[at] = best;
    pairRanks[at] =
      at + 1 < parts
        ? rankOfPair(
            table,
            bytes,
            starts[at] as number,
            starts[at + 2] as number,
            best,
            partTokens[at + 1] as number,
          )
        : NO_RANK;
    if (at > 0) {
      pairRanks[at - 1] = rankOfPair(
        table,
        bytes,
        starts[at - 1] as number,
        starts[at + 1] as number,
        partTokens[at - 1] as number,
        best,
      );
    }
  }
  if (tokens) for (let index = 0; index < parts; index++) tokens.push(partTokens[index] as number);
  return parts;
}

// Heap keys pack (rank, position) into one float: rank * 2^32 + position, exact below 2^53.
const POSITION_RANGE = 0x100000000;

// Scratch for the heap merge, grown on demand and reused: allocating per piece costs more than merging
// a piece of a few hundred bytes.
let heapNext = new Int32Array(1024);
let heapPrevious = new Int32Array(1024);
let heapTokens = new Int32Array(1024);
let heapRanks = new Int32Array(1024);
let heapKeys = new Float64Array(3 * 1024);

/** Scratch is kept for pieces up to this many bytes; a longer one gets arrays the GC can take back. */
const MAX_RETAINED_SCRATCH = 1 << 16;

function ensureHeapScratch(length: number): void {
  if (heapNext.length >= length) return;
  let capacity = heapNext.length;
  while (capacity < length) capacity *= 2;
  const next = new Int32Array(capacity);
  const previous = new Int32Array(capacity);
  const tokens = new Int32Array(capacity);
  const ranks = new Int32Array(capacity);
  // At most length - 1 initial pairs plus two per merge: the heap never holds more than 3 × length keys.
  const keys = new Float64Array(3 * capacity);
  if (capacity > MAX_RETAINED_SCRATCH) {
    oversized = { next, previous, tokens, ranks, keys };
    return;
  }
  heapNext = next;
  heapPrevious = previous;
  heapTokens = tokens;
  heapRanks = ranks;
  heapKeys = keys;
}

/** Arrays for one oversized piece (40 bytes per byte of piece), dropped as soon as it is merged. */
let oversized:
  | { next: Int32Array; previous: Int32Array; tokens: Int32Array; ranks: Int32Array; keys: Float64Array }
  | undefined;

/** The O(n log n) merge; exported for the equivalence test only. */
export function mergeWithHeap(
  table: RankTable,
  bytes: Uint8Array,
  length: number,
  tokens?: number[],
): number {
  usePairCache(table);
  ensureHeapScratch(length);
  // Parts are identified by their first byte; next/previous link live parts (-1 = none), tokenAt holds a
  // part's token id and rankAt the rank of the pair it starts (NO_RANK when none or when merged away).
  // Everything is local and the heap operations are written out inline: a closure over the heap size
  // would force it into a context slot and slow every step of the loop.
  const scratch = oversized;
  oversized = undefined;
  const next = scratch?.next ?? heapNext;
  const previous = scratch?.previous ?? heapPrevious;
  const tokenAt = scratch?.tokens ?? heapTokens;
  const rankAt = scratch?.ranks ?? heapRanks;
  const heap = scratch?.keys ?? heapKeys;
  const byteRanks = table.byteRanks;
  const bytePairRanks = table.bytePairRanks;

  let heapSize = 0;
  for (let index = 0; index < length; index++) {
    next[index] = index + 1 < length ? index + 1 : -1;
    previous[index] = index - 1;
    tokenAt[index] = byteRanks[bytes[index] as number] as number;
    const pair =
      index + 1 < length
        ? (bytePairRanks[((bytes[index] as number) << 8) | (bytes[index + 1] as number)] as number)
        : -1;
    const rank = pair < 0 ? NO_RANK : pair;
    rankAt[index] = rank;
    if (rank !== NO_RANK) heap[heapSize++] = rank * POSITION_RANGE + index;
  }
  // Heapify bottom-up in O(n) rather than pushing one by one.
  for (let index = (heapSize >> 1) - 1; index >= 0; index--) {
    const key = heap[index] as number;
    let at = index;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && (heap[child + 1] as number) < (heap[child] as number)) child += 1;
      if ((heap[child] as number) >= key) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = key;
  }

  let parts = length;
  while (heapSize > 0) {
    // Pop the minimum.
    const key = heap[0] as number;
    const last = heap[--heapSize] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && (heap[child + 1] as number) < (heap[child] as number)) child += 1;
      if ((heap[child] as number) >= last) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = last;

    const rank = Math.floor(key / POSITION_RANGE);
    const start = key - rank * POSITION_RANGE;
    // Stale entries: the part was merged away (rank reset to NO_RANK) or its pair rank changed since.
    if (rankAt[start] !== rank) continue;
    const absorbed = next[start] as number;
    const after = next[absorbed] as number;
    next[start] = after;
    if (after >= 0) previous[after] = start;
    rankAt[absorbed] = NO_RANK;
    tokenAt[start] = rank;
    parts -= 1;

    // The merged part's pair with its right neighbour. It can never have the rank just merged (its bytes
    // are longer), so ties keep resolving leftmost first.
    let newRank = NO_RANK;
    if (after >= 0) {
      const afterEnd = next[after] as number;
      newRank = rankOfPair(
        table,
        bytes,
        start,
        afterEnd < 0 ? length : afterEnd,
        rank,
        tokenAt[after] as number,
      );
    }
    rankAt[start] = newRank;
    if (newRank !== NO_RANK) {
      const pushed = newRank * POSITION_RANGE + start;
      let index = heapSize++;
      while (index > 0) {
        const parent = (index - 1) >> 1;
        const parentKey = heap[parent] as number;
        if (parentKey <= pushed) break;
        heap[index] = parentKey;
        index = parent;
      }
      heap[index] = pushed;
    }
    // The left neighbour's pair now spans the merged part.
    const before = previous[start] as number;
    if (before >= 0) {
      const beforeRank = rankOfPair(
        table,
        bytes,
        before,
        after >= 0 ? after : length,
        tokenAt[before] as number,
        rank,
      );
      rankAt[before] = beforeRank;
      if (beforeRank !== NO_RANK) {
        const pushed = beforeRank * POSITION_RANGE + before;
        let index = heapSize++;
        while (index > 0) {
          const parent = (index - 1) >> 1;
          const parentKey = heap[parent] as number;
          if (parentKey <= pushed) break;
          heap[index] = parentKey;
          index = parent;
        }
        heap[index] = pushed;
      }
    }
  }
  if (tokens) {
    for (let start = 0; start >= 0; start = next[start] as number) tokens.push(tokenAt[start] as number);
  }
  return parts;
}
