/**
 * The byte-to-character table of byte-level BPE vocabularies (GPT-2 and every tokenizer.json whose
 * pre-tokenizer or decoder is `ByteLevel`): printable Latin-1 bytes stand for themselves, every other
 * byte for a character from U+0100 upwards, in byte order. A vocabulary entry such as `Ġworld` is
 * therefore the bytes ` world`.
 */

function isPrintableLatin1(byte: number): boolean {
  return (byte >= 0x21 && byte <= 0x7e) || (byte >= 0xa1 && byte <= 0xac) || (byte >= 0xae && byte <= 0xff);
}

/** Character code standing for each byte. */
export const BYTE_TO_CHARACTER: Readonly<Uint16Array> = (() => {
  const table = new Uint16Array(256);
  let next = 0x100;
  for (let byte = 0; byte < 256; byte++) table[byte] = isPrintableLatin1(byte) ? byte : next++;
  return table;
})();

/** The byte a character of a byte-level vocabulary entry stands for, or -1 for any other character. */
export function characterToByte(code: number): number {
  if (code < 0x100) return isPrintableLatin1(code) ? code : -1;
  const byte = CHARACTER_TO_BYTE.get(code);
  return byte === undefined ? -1 : byte;
}

const CHARACTER_TO_BYTE = (() => {
  const map = new Map<number, number>();
  for (let byte = 0; byte < 256; byte++) {
    const code = BYTE_TO_CHARACTER[byte] as number;
    if (code >= 0x100) map.set(code, byte);
  }
  return map;
})();

/** The bytes a byte-level vocabulary entry stands for, or `undefined` if it has a foreign character. */
export function byteLevelBytes(entry: string): Uint8Array | undefined {
  const bytes = new Uint8Array(entry.length);
  for (let index = 0; index < entry.length; index++) {
    const byte = characterToByte(entry.charCodeAt(index));
    if (byte < 0) return undefined;
    bytes[index] = byte;
  }
  return bytes;
}
