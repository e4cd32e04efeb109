/**
 * Byte-pair merging over token ids, for vocabularies whose merges are a ranked list of pairs (Hugging
 * Face tokenizer.json, GGUF): repeatedly merge the adjacent pair with the lowest merge rank, the
 * leftmost on ties, until no adjacent pair has a merge. This is the order of the Rust `tokenizers` crate
 * and of @huggingface/tokenizers. Short words use a quadratic scan (fastest for a few dozen symbols);
 * long ones a binary heap of (rank, position) over a linked list of symbols, O(n log n), which picks the
 * same pair at every step, so a megabyte-long word (SentencePiece vocabularies do not pre-split) stays
 * near-linear.
 */

/** Merge ranks of adjacent token pairs, and what each merge produces. */
export interface PairTable {
  /** Number of ranks; ranks are 0 .. size-1. */
  readonly size: number;
  /** Rank of merging `left` then `right`, or -1 when the pair has no merge. */
  rankOf(left: number, right: number): number;
  /** Token id that merge `rank` produces. */
  readonly results: Int32Array;
}

/** Symbols above this count are merged with the heap. */
export const LONG_WORD_THRESHOLD = 64;
const NO_RANK = 0x7fffffff;

/**
 * A pair table from `[left, right]` pairs in rank order, merge `rank` producing `results[rank]`; with
 * `ranks`, pair `index` has rank `ranks[index]` instead (several pairs may share a rank when they make
 * the same token, as in score-ranked SentencePiece vocabularies). Open addressing on the two ids, probed
 * without allocating.
 */
export function createPairTable(
  lefts: Int32Array,
  rights: Int32Array,
  results: Int32Array,
  ranks?: Int32Array,
): PairTable {
  const size = lefts.length;
  let capacity = 1;
  while (capacity < size * 2) capacity <<= 1;
  const mask = capacity - 1;
  const keyLeft = new Int32Array(capacity).fill(-1);
  const keyRight = new Int32Array(capacity);
  const rankAt = new Int32Array(capacity);
  for (let index = 0; index < size; index++) {
    const left = lefts[index] as number;
    const right = rights[index] as number;
    const rank = ranks ? (ranks[index] as number) : index;
    let slot = hashPair(left, right) & mask;
    for (;;) {
      const occupant = keyLeft[slot] as number;
      if (occupant === -1) {
        keyLeft[slot] = left;
        keyRight[slot] = right;
        rankAt[slot] = rank;
        break;
      }
      // A pair listed twice takes its last rank, as in the Rust crate and @huggingface/tokenizers (both
      // build a map in list order).
      if (occupant === left && keyRight[slot] === right) {
        rankAt[slot] = rank;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return {
    size: results.length,
    results,
    rankOf(left: number, right: number): number {
      if (left < 0 || right < 0) return -1;
      let slot = hashPair(left, right) & mask;
      for (;;) {
        const occupant = keyLeft[slot] as number;
        if (occupant === -1) return -1;
        if (occupant === left && keyRight[slot] === right) return rankAt[slot] as number;
        slot = (slot + 1) & mask;
      }
    },
  };
}

function hashPair(left: number, right: number): number {
  let hash = Math.imul(left, 0x9e3779b1) ^ Math.imul(right + 0x7f4a7c15, 0x85ebca6b);
  hash ^= hash >>> 15;
  return Math.imul(hash, 0x2c1b3c6d) ^ (hash >>> 13);
}

let scanSymbols = new Int32Array(LONG_WORD_THRESHOLD + 1);
let scanRanks = new Int32Array(LONG_WORD_THRESHOLD + 1);

/**
 * Merge `symbols[0, length)` (token ids; a negative id never merges) and append the result to `out`.
 * `symbols` is not modified.
 */
export function mergeSymbols(pairs: PairTable, symbols: Int32Array, length: number, out: number[]): void {
  if (length <= 1) {
    if (length === 1) out.push(symbols[0] as number);
    return;
  }
  if (length > LONG_WORD_THRESHOLD) mergeWithHeap(pairs, symbols, length, out);
  else mergeByScanning(pairs, symbols, length, out);
}

/** The quadratic merge; exported for the equivalence test. */
export function mergeByScanning(pairs: PairTable, symbols: Int32Array, length: number, out: number[]): void {
  if (scanSymbols.length < length) {
    scanSymbols = new Int32Array(length);
    scanRanks = new Int32Array(length);
  }
  const parts = scanSymbols;
  const ranks = scanRanks;
  const results = pairs.results;
  for (let index = 0; index < length; index++) parts[index] = symbols[index] as number;
  for (let index = 0; index < length - 1; index++) {
    const rank = pairs.rankOf(parts[index] as number, parts[index + 1] as number);
    ranks[index] = rank < 0 ? NO_RANK : rank;
  }
  let count = length;
  for (;;) {
    let best = NO_RANK;
    let at = -1;
    for (let index = 0; index < count - 1; index++) {
      const rank = ranks[index] as number;
      if (rank < best) {
        best = rank;
        at = index;
      }
    }
    if (at < 0) break;
    parts[at] = results[best] as number;
    for (let index = at + 1; index < count - 1; index++) {
      parts[index] = parts[index + 1] as number;
      ranks[index] = ranks[index + 1] as number;
    }
    count -= 1;
    if (at + 1 < count) {
      const rank = pairs.rankOf(parts[at] as number, parts[at + 1] as number);
      ranks[at] = rank < 0 ? NO_RANK : rank;
    } else {
      ranks[at] = NO_RANK;
    }
    if (at > 0) {
      const rank = pairs.rankOf(parts[at - 1] as number, parts[at] as number);
      ranks[at - 1] = rank < 0 ? NO_RANK : rank;
    }
  }
  for (let index = 0; index < count; index++) out.push(parts[index] as number);
}

/**
 * The O(n log n) merge: a min-heap of keys `rank * 2^32 + position` (exact in a double: ranks stay below
 * 2^21), so the heap's order is lowest rank, then leftmost. Entries go stale when a neighbour merges;
 * a popped entry is used only if its position still starts a pair of that rank. Exported for the
 * equivalence test.
 */
export function mergeWithHeap(pairs: PairTable, symbols: Int32Array, length: number, out: number[]): void {
  const results = pairs.results;
  const parts = Int32Array.from(symbols.subarray(0, length));
  const next = new Int32Array(length);
  const previous = new Int32Array(length);
  const rankAt = new Int32Array(length);
  let heap = new Float64Array(Math.max(16, length));
  let heapSize = 0;
  const push = (key: number): void => {
    if (heapSize === heap.length) {
      const grown = new Float64Array(heap.length * 2);
      grown.set(heap);
      heap = grown;
    }
    let index = heapSize++;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const parentKey = heap[parent] as number;
      if (parentKey <= key) break;
      heap[index] = parentKey;
      index = parent;
    }
    heap[index] = key;
  };
  const pop = (): number => {
    const top = heap[0] as number;
    const last = heap[--heapSize] as number;
    let index = 0;
    for (;;) {
      let child = 2 * index + 1;
      if (child >= heapSize) break;
      if (child + 1 < heapSize && (heap[child + 1] as number) < (heap[child] as number)) child += 1;
      if ((heap[child] as number) >= last) break;
      heap[index] = heap[child] as number;
      index = child;
    }
    heap[index] = last;
    return top;
  };
  const POSITION_SCALE = 4294967296;
  for (let index = 0; index < length; index++) {
    next[index] = index + 1 < length ? index + 1 : -1;
    previous[index] = index - 1;
    const rank = index + 1 < length ? pairs.rankOf(parts[index] as number, parts[index + 1] as number) : -1;
    rankAt[index] = rank < 0 ? NO_RANK : rank;
    if (rank >= 0) push(rank * POSITION_SCALE + index);
  }
  while (heapSize > 0) {
    const key = pop();
    const rank = Math.floor(key / POSITION_SCALE);
    const start = key - rank * POSITION_SCALE;
    if (rankAt[start] !== rank) continue; // stale: merged away or re-ranked since
    const absorbed = next[start] as number;
    const after = next[absorbed] as number;
    parts[start] = results[rank] as number;
    next[start] = after;
    if (after >= 0) previous[after] = start;
    rankAt[absorbed] = NO_RANK;
    const afterRank = after >= 0 ? pairs.rankOf(parts[start] as number, parts[after] as number) : -1;
    rankAt[start] = afterRank < 0 ? NO_RANK : afterRank;
    if (afterRank >= 0) push(afterRank * POSITION_SCALE + start);
    const before = previous[start] as number;
    if (before >= 0) {
      const beforeRank = pairs.rankOf(parts[before] as number, parts[start] as number);
      rankAt[before] = beforeRank < 0 ? NO_RANK : beforeRank;
      if (beforeRank >= 0) push(beforeRank * POSITION_SCALE + before);
    }
  }
  for (let at = 0; at >= 0; at = next[at] as number) out.push(parts[at] as number);
}
