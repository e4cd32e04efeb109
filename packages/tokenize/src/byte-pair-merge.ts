import type { RankTable } from './ranks.js';

/**
 * Byte-pair merging of one pre-token, exactly as tiktoken does it: repeatedly merge the adjacent pair of
 * parts whose concatenation has the lowest rank, the leftmost one on ties, until no pair is a token.
 * Short pieces use tiktoken's own quadratic scan (fastest for a few dozen bytes); long ones a priority
 * queue of (rank, position) over a linked list of parts, O(n log n), which picks the same pair at every
 * step: the minimum rank, and among equal ranks the smallest position, which is the leftmost.
 */

/** Pieces longer than this (in bytes) are merged with the rank queue. */
export const LONG_PIECE_THRESHOLD = 64;

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
  return length > LONG_PIECE_THRESHOLD
    ? mergeWithRankQueue(table, bytes, length, tokens)
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

// Scratch for the long-piece merge, grown on demand and reused: allocating per piece costs more than
// merging a piece of a few hundred bytes.
let partNext = new Int32Array(1024);
let partPrevious = new Int32Array(1024);
let partTokenAt = new Int32Array(1024);
let partRankAt = new Int32Array(1024);

/** Scratch is kept for pieces up to this many bytes; a longer one gets arrays the GC can take back. */
const MAX_RETAINED_SCRATCH = 1 << 16;

function ensureLongScratch(length: number): void {
  if (partNext.length >= length) return;
  let capacity = partNext.length;
  while (capacity < length) capacity *= 2;
  const next = new Int32Array(capacity);
  const previous = new Int32Array(capacity);
  const tokens = new Int32Array(capacity);
  const ranks = new Int32Array(capacity);
  if (capacity > MAX_RETAINED_SCRATCH) {
    oversized = { next, previous, tokens, ranks };
    return;
  }
  partNext = next;
  partPrevious = previous;
  partTokenAt = tokens;
  partRankAt = ranks;
}

/** Arrays for one oversized piece (16 bytes per byte of piece), dropped as soon as it is merged. */
let oversized: { next: Int32Array; previous: Int32Array; tokens: Int32Array; ranks: Int32Array } | undefined;

// Rank-queue scratch, indexed by rank: each rank's bucket of positions (this call only), how far it has
// been processed, and whether the rank is queued.
let buckets: (number[] | undefined)[] = [];
let bucketCursor = new Int32Array(0);
let rankQueued = new Uint8Array(0);
let rankHeap = new Int32Array(0);

/** Sizes the rank-queue scratch for a table of `size` ranks. */
function ensureRankScratch(size: number): void {
  if (rankQueued.length >= size) return;
  buckets = new Array<number[] | undefined>(size).fill(undefined);
  bucketCursor = new Int32Array(size);
  rankQueued = new Uint8Array(size);
  rankHeap = new Int32Array(size);
}

/**
 * Sorts the positions of `bucket` from `cursor` on. They were appended in ascending order unless
 * lower ranks interleaved; sorts only then.
 */
function sortPending(bucket: number[], cursor: number): void {
  for (let index = cursor + 1; index < bucket.length; index++) {
    if ((bucket[index] as number) < (bucket[index - 1] as number)) {
      const rest = bucket.slice(cursor).sort((left, right) => left - right);
      for (let offset = 0; offset < rest.length; offset++) bucket[cursor + offset] = rest[offset] as number;
      return;
    }
  }
}

/**
 * The O(n log n) merge for long pieces, as a bucket queue: one bucket of positions per rank, and a small
 * min-heap of the ranks that have pending positions. A merge can never create a pair of the rank it just
 * merged (the new pair's bytes are longer), so a bucket receives nothing while it is being drained, and
 * draining it in ascending position order is exactly tiktoken's order: lowest rank first, leftmost on ties.
 * When a merge creates a pair of a lower rank, draining pauses, the lower ranks are merged first, and the
 * rest of the bucket (plus anything added meanwhile) is re-sorted when its rank comes back to the top.
 * Exported for the equivalence test.
 */
export function mergeWithRankQueue(
  table: RankTable,
  bytes: Uint8Array,
  length: number,
  tokens?: number[],
): number {
  usePairCache(table);
  ensureLongScratch(length);
  ensureRankScratch(table.size);
  const scratch = oversized;
  oversized = undefined;
  const next = scratch?.next ?? partNext;
  const previous = scratch?.previous ?? partPrevious;
  const tokenAt = scratch?.tokens ?? partTokenAt;
  const rankAt = scratch?.ranks ?? partRankAt;
  const byteRanks = table.byteRanks;
  const bytePairRanks = table.bytePairRanks;
  const queue = rankHeap;
  const queued = rankQueued;
  const cursors = bucketCursor;
  const used: number[] = [];
  let queueSize = 0;

  // Puts `rank` on the min-heap of ranks that have pending pairs, unless it is already there.
  const enqueue = (rank: number): void => {
    if (queued[rank] !== 0) return;
    queued[rank] = 1;
    let index = queueSize++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentRank = queue[parent] as number;
      if (parentRank <= rank) break;
      queue[index] = parentRank;
      index = parent;
    }
    queue[index] = rank;
  };

  const add = (rank: number, position: number): void => {
    let bucket = buckets[rank];
    if (bucket === undefined) {
      bucket = [];
      buckets[rank] = bucket;
    }
    if (bucket.length === 0) used.push(rank);
    bucket.push(position);
    enqueue(rank);
  };

  for (let index = 0; index < length; index++) {
    next[index] = index + 1 < length ? index + 1 : -1;
    previous[index] = index - 1;
    tokenAt[index] = byteRanks[bytes[index] as number] as number;
  }
  for (let index = 0; index < length; index++) {
    const pair =
      index + 1 < length
        ? (bytePairRanks[((bytes[index] as number) << 8) | (bytes[index + 1] as number)] as number)
        : -1;
    const rank = pair < 0 ? NO_RANK : pair;
    rankAt[index] = rank;
    if (rank !== NO_RANK) add(rank, index);
  }

  let parts = length;
  while (queueSize > 0) {
    // Pop the lowest queued rank.
    const rank = queue[0] as number;
    const last = queue[--queueSize] as number;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= queueSize) break;
      if (child + 1 < queueSize && (queue[child + 1] as number) < (queue[child] as number)) child += 1;
      if ((queue[child] as number) >= last) break;
      queue[at] = queue[child] as number;
      at = child;
    }
    queue[at] = last;
    queued[rank] = 0;

    const bucket = buckets[rank] as number[];
    let cursor = cursors[rank] as number;
    sortPending(bucket, cursor);
    while (cursor < bucket.length) {
      // A lower rank became pending: it goes first; this bucket resumes when its rank is lowest again.
      if (queueSize > 0 && (queue[0] as number) < rank) break;
      const start = bucket[cursor++] as number;
      if (rankAt[start] !== rank) continue; // stale: merged away or re-ranked since
      const absorbed = next[start] as number;
      const after = next[absorbed] as number;
      next[start] = after;
      if (after >= 0) previous[after] = start;
      rankAt[absorbed] = NO_RANK;
      tokenAt[start] = rank;
      parts -= 1;
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
      if (newRank !== NO_RANK) add(newRank, start);
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
        if (beforeRank !== NO_RANK) add(beforeRank, before);
      }
    }
    if (cursor < bucket.length) {
      cursors[rank] = cursor;
      enqueue(rank);
    } else {
      cursors[rank] = 0;
      bucket.length = 0;
    }
  }
  // Buckets are dropped rather than kept: nothing sized by one input outlives the call.
  for (const rank of used) {
    buckets[rank] = undefined;
    cursors[rank] = 0;
  }
  if (tokens) {
    for (let start = 0; start >= 0; start = next[start] as number) tokens.push(tokenAt[start] as number);
  }
  return parts;
}
