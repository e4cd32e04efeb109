/**
 * A bounded cache from pre-token text to its token ids. Source code and prose repeat the same pieces
 * constantly, so most pieces skip byte-pair merging. It is keyed by a range of the input rather than by a
 * string, so a hit allocates nothing: the range is hashed and compared in place. Two-way set associative
 * with least-recently-used replacement within a set, so memory is fixed (`2 × 2^setBits` entries) however
 * long the input, and a piece in constant use is not evicted by one that passes once.
 */
export class PieceCache {
  private readonly mask: number;
  private readonly keys: (string | undefined)[];
  private readonly hashes: Int32Array;
  private readonly values: (number[] | undefined)[];
  /** Per set: which way was used last (0 or 1); the other is replaced first. */
  private readonly lastUsed: Uint8Array;

  constructor(setBits = 16) {
    const sets = 1 << setBits;
    this.mask = sets - 1;
    this.keys = new Array<string | undefined>(sets * 2).fill(undefined);
    this.values = new Array<number[] | undefined>(sets * 2).fill(undefined);
    this.hashes = new Int32Array(sets * 2);
    this.lastUsed = new Uint8Array(sets);
  }

  /** Token ids of `text[start, end)` if cached; `hash` is {@link hashPiece} of the same range. */
  get(text: string, start: number, end: number, hash: number): number[] | undefined {
    const set = hash & this.mask;
    const first = set << 1;
    if (this.hashes[first] === hash && this.matches(first, text, start, end)) {
      this.lastUsed[set] = 0;
      return this.values[first];
    }
    const second = first + 1;
    if (this.hashes[second] === hash && this.matches(second, text, start, end)) {
      this.lastUsed[set] = 1;
      return this.values[second];
    }
    return undefined;
  }

  /** Remember the token ids of `text[start, end)`, replacing the less recently used entry of its set. */
  set(text: string, start: number, end: number, hash: number, tokens: number[]): void {
    const set = hash & this.mask;
    const way = this.lastUsed[set] === 0 ? 1 : 0;
    const slot = (set << 1) + way;
    // A copy, not a slice: V8 slices of 13+ characters keep the whole input alive.
    this.keys[slot] = copyRange(text, start, end);
    this.hashes[slot] = hash;
    this.values[slot] = tokens;
    this.lastUsed[set] = way;
  }

  /** Entries held now; for tests. */
  get size(): number {
    return this.keys.reduce((count, key) => (key === undefined ? count : count + 1), 0);
  }

  private matches(slot: number, text: string, start: number, end: number): boolean {
    const key = this.keys[slot];
    const length = end - start;
    if (key === undefined || key.length !== length) return false;
    for (let index = 0; index < length; index++) {
      if (key.charCodeAt(index) !== text.charCodeAt(start + index)) return false;
    }
    return true;
  }
}

/** FNV-1a over the UTF-16 code units of `text[start, end)`. */
export function hashPiece(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash ^ (hash >>> 16);
}

function copyRange(text: string, start: number, end: number): string {
  const slice = text.slice(start, end);
  // Short slices are already copies; a longer one is flattened through a concatenation.
  return slice.length < 13 ? slice : `${slice} `.slice(0, -1);
}
