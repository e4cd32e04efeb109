/**
 * A 64-bit FNV-1a hash (two 32-bit lanes with different offsets) of a string, as 16 hex digits: how a
 * trace tells equal messages apart without keeping their text. Not cryptographic — a redacted trace
 * hides text from a reader, not from someone guessing it — and pure, so it runs in the page too.
 */
export function hashText(text: string): string {
  let high = 0x811c9dc5;
  let low = 0x01000193 ^ 0x9e3779b9;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x01000193) ^ (high >>> 15);
  }
  return `${(high >>> 0).toString(16).padStart(8, '0')}${(low >>> 0).toString(16).padStart(8, '0')}`;
}
