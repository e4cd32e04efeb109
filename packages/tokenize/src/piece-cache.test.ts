import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashPiece, PieceCache } from './piece-cache.js';

function put(cache: PieceCache, text: string, tokens: number[]): void {
  cache.set(text, 0, text.length, hashPiece(text, 0, text.length), tokens);
}

function get(cache: PieceCache, text: string): number[] | undefined {
  return cache.get(text, 0, text.length, hashPiece(text, 0, text.length));
}

describe('PieceCache', () => {
  it('holds at most two entries per set however much is stored', () => {
    const cache = new PieceCache(3);
    for (let index = 0; index < 1000; index++) put(cache, `piece ${index}`, [index]);
    expect(cache.size).toBeLessThanOrEqual(16);
    expect(get(cache, 'piece 999')).toEqual([999]);
  });

  it('keeps a piece in constant use', () => {
    const cache = new PieceCache(0);
    put(cache, 'hot', [1]);
    for (let index = 0; index < 100; index++) {
      put(cache, `cold ${index}`, [index]);
      expect(get(cache, 'hot')).toEqual([1]);
    }
  });

  it('finds a range of a larger text without slicing it, and never a different piece', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { minLength: 1, maxLength: 40 }), (pieces) => {
        const cache = new PieceCache(2);
        const text = pieces.join('');
        let start = 0;
        for (const [index, piece] of pieces.entries()) {
          const end = start + piece.length;
          const hit = cache.get(text, start, end, hashPiece(text, start, end));
          if (hit !== undefined) expect(pieces[hit[0] as number]).toBe(piece);
          else cache.set(text, start, end, hashPiece(text, start, end), [index]);
          start = end;
        }
      }),
    );
  });
});
