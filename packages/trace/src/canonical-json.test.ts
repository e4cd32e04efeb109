import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves undefined fields out', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('gives equal bytes for equal values in different key orders', () => {
    expect(canonicalJson({ x: 1, y: 'é\n' })).toBe(canonicalJson({ y: 'é\n', x: 1 }));
  });
});
