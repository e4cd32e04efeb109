// FNV-1a is tiny, fast on short strings and identical on every platform, which is all feature
// hashing needs; it is not used for anything security-relevant.
const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a over the UTF-16 code units of `text`, as an unsigned integer. */
export function fnv1a32(text: string, seed = FNV_OFFSET_BASIS): number {
  let hash = seed >>> 0;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/**
 * Murmur3's finaliser: FNV-1a's low bits are weak for short inputs, and feature hashing takes
 * the bucket from the low bits and the sign from the high one.
 */
export function mixHash(hash: number): number {
  let mixed = hash >>> 0;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}
