import { describe, expect, it } from 'vitest';
import { decodeRankFile, encodeRankFile, parseRanks } from './ranks.js';

describe('prebuilt rank files', () => {
  for (const encoding of ['cl100k_base', 'o200k_base'] as const) {
    it(`round-trips the ${encoding} table exactly`, () => {
      const table = parseRanks(encoding);
      const decoded = decodeRankFile(encoding, encodeRankFile(table));
      expect(decoded).toBeDefined();
      const [tokenBytes, tokenOffsets, size, maxTokenLength, specialTokens] = decoded!;
      expect(size).toBe(table.size);
      expect(maxTokenLength).toBe(table.maxTokenLength);
      expect(specialTokens).toEqual(table.specialTokens);
      expect(Buffer.from(tokenBytes).equals(Buffer.from(table.tokenBytes))).toBe(true);
      expect(Buffer.from(tokenOffsets.buffer).equals(Buffer.from(table.tokenOffsets.buffer))).toBe(true);
    });
  }

  it('refuses a file of another encoding, a damaged one and a truncated one', () => {
    const file = encodeRankFile(parseRanks('cl100k_base'));
    expect(decodeRankFile('o200k_base', file)).toBeUndefined();
    const damaged = file.slice();
    damaged[damaged.length - 10] = damaged[damaged.length - 10]! ^ 0xff;
    expect(decodeRankFile('cl100k_base', damaged)).toBeUndefined();
    expect(decodeRankFile('cl100k_base', file.subarray(0, file.length - 1))).toBeUndefined();
    expect(decodeRankFile('cl100k_base', new Uint8Array([1, 2, 3]))).toBeUndefined();
    // A header field the payload does not show (the longest token) is checked too.
    const text = Buffer.from(file).toString('latin1');
    const edited = text.replace(
      /"maxTokenLength":(\d+)/,
      (_, digits: string) => `"maxTokenLength":${Number(digits) - 1}`,
    );
    expect(edited).not.toBe(text);
    expect(decodeRankFile('cl100k_base', Buffer.from(edited, 'latin1'))).toBeUndefined();
  });
});
