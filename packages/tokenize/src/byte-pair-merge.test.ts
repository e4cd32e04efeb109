import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeByScanning, mergeWithRankQueue } from './byte-pair-merge.js';
import { loadRanks } from './ranks.js';

const encoder = new TextEncoder();

function bothMerges(encoding: 'cl100k_base' | 'o200k_base', bytes: Uint8Array) {
  const table = loadRanks(encoding);
  const scanned: number[] = [];
  const queued: number[] = [];
  const scannedCount = mergeByScanning(table, bytes, bytes.length, scanned);
  const queuedCount = mergeWithRankQueue(table, bytes, bytes.length, queued);
  return { scanned, queued, scannedCount, queuedCount };
}

describe.each(['cl100k_base', 'o200k_base'] as const)('rank-queue merge on %s', (encoding) => {
  it('picks the same pairs as tiktoken’s scan on long repetitive pieces', () => {
    const cjk = Array.from({ length: 600 }, (_, index) =>
      String.fromCharCode(0x4e00 + ((index * 131) % 3000)),
    );
    for (const text of [
      ' '.repeat(1500),
      'a'.repeat(2000),
      'ab'.repeat(700),
      cjk.join(''),
      '👍🏽'.repeat(200),
    ]) {
      const result = bothMerges(encoding, encoder.encode(text));
      expect(result.queued).toEqual(result.scanned);
      expect(result.queuedCount).toBe(result.scannedCount);
      expect(result.queuedCount).toBe(result.scanned.length);
    }
  });

  it('picks the same pairs on random byte strings, ties and all', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(0x20, 0x61, 0x62, 0x65, 0x74, 0xe3, 0x81, 0x82, 0xf0, 0x9f, 0x98, 0x80, 0x0a),
          {
            minLength: 2,
            maxLength: 400,
          },
        ),
        (values) => {
          const result = bothMerges(encoding, Uint8Array.from(values));
          expect(result.queued).toEqual(result.scanned);
          expect(result.queuedCount).toBe(result.scannedCount);
        },
      ),
      { numRuns: 500 },
    );
  });
});
