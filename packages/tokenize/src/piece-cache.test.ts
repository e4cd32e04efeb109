import { describe, expect, it } from 'vitest';
import { PieceCache } from './piece-cache.js';

describe('PieceCache', () => {
  it('holds at most two generations', () => {
    const cache = new PieceCache(10);
    for (let index = 0; index < 1000; index++) cache.set(`piece ${index}`, [index]);
    expect(cache.size).toBeLessThanOrEqual(20);
    expect(cache.get('piece 999')).toEqual([999]);
    expect(cache.get('piece 0')).toBeUndefined();
  });

  it('keeps a piece that is still being used', () => {
    const cache = new PieceCache(4);
    cache.set('hot', [1]);
    for (let index = 0; index < 100; index++) {
      cache.set(`cold ${index}`, [index]);
      expect(cache.get('hot')).toEqual([1]);
    }
  });
});
