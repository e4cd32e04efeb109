/**
 * A running 64-bit FNV-1a hash (two 32-bit lanes with different offsets) over message keys: the drop-ins
 * use it to recognise that a framework's messages still start with the conversation they stored, without
 * keeping a second copy of every message. Not cryptographic; a collision would only make the drop-in
 * reuse a stored history for a different conversation that hashes the same, one in 2^64.
 */
export class Fingerprint {
  private high = 0x811c9dc5;
  private low = 0x01000193 ^ 0x9e3779b9;

  /** Adds one key (a message's serialized form) and a separator. */
  add(key: string): void {
    let high = this.high;
    let low = this.low;
    for (let index = 0; index < key.length; index++) {
      const code = key.charCodeAt(index);
      high = Math.imul(high ^ code, 0x01000193);
      low = Math.imul(low ^ code, 0x01000193) ^ (high >>> 15);
    }
    // The separator keeps ["ab", "c"] and ["a", "bc"] apart.
    this.high = Math.imul(high ^ 0xffff, 0x01000193);
    this.low = Math.imul(low ^ 0xfffe, 0x01000193);
  }

  /** The hash so far, as 16 hex digits. */
  value(): string {
    return `${(this.high >>> 0).toString(16).padStart(8, '0')}${(this.low >>> 0).toString(16).padStart(8, '0')}`;
  }
}

/**
 * JSON for a message's key: byte arrays become their length and hash (a screenshot is not re-encoded as
 * thousands of numbers), everything else as `JSON.stringify` writes it.
 */
export function keyOf(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) => {
    if (entry instanceof Uint8Array) {
      const hash = new Fingerprint();
      let text = '';
      for (let index = 0; index < entry.length; index++) text += String.fromCharCode(entry[index] as number);
      hash.add(text);
      return `bytes:${entry.length}:${hash.value()}`;
    }
    return entry;
  });
}
