/**
 * UTF-8 of `text[start, end)` into `bytes` (which must hold 3 bytes per code unit); returns the length.
 * A lone surrogate becomes U+FFFD, as TextEncoder (and so every reference tokenizer) does.
 */
export function writeUtf8(text: string, start: number, end: number, bytes: Uint8Array): number {
  let written = 0;
  for (let at = start; at < end; at++) {
    let code = text.charCodeAt(at);
    if (code < 0x80) {
      bytes[written++] = code;
    } else if (code < 0x800) {
      bytes[written++] = 0xc0 | (code >> 6);
      bytes[written++] = 0x80 | (code & 0x3f);
    } else {
      if (code >= 0xd800 && code <= 0xdfff) {
        const low = at + 1 < end ? text.charCodeAt(at + 1) : 0;
        if (code <= 0xdbff && low >= 0xdc00 && low <= 0xdfff) {
          code = ((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          at += 1;
          bytes[written++] = 0xf0 | (code >> 18);
          bytes[written++] = 0x80 | ((code >> 12) & 0x3f);
          bytes[written++] = 0x80 | ((code >> 6) & 0x3f);
          bytes[written++] = 0x80 | (code & 0x3f);
          continue;
        }
        code = 0xfffd;
      }
      bytes[written++] = 0xe0 | (code >> 12);
      bytes[written++] = 0x80 | ((code >> 6) & 0x3f);
      bytes[written++] = 0x80 | (code & 0x3f);
    }
  }
  return written;
}
