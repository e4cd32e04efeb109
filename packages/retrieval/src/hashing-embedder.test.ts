import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createHashingEmbedder,
  embedWithHashing,
  HASHING_DIMENSION,
  HASHING_EMBEDDER_VERSION,
} from './hashing-embedder.js';
import { dot } from './vector.js';

function digest(vector: Float32Array): string {
  return createHash('sha256')
    .update(Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength))
    .digest('hex');
}

describe('createHashingEmbedder', () => {
  it('declares its dimension and a versioned id', () => {
    const embedder = createHashingEmbedder();
    expect(embedder.dimension).toBe(384);
    expect(embedder.id).toBe(`hash-v${HASHING_EMBEDDER_VERSION}-384`);
    expect(createHashingEmbedder({ dimension: 256 }).id).toBe(`hash-v${HASHING_EMBEDDER_VERSION}-256`);
    expect(() => createHashingEmbedder({ dimension: 3 })).toThrow(/dimension must be an integer >= 8, got 3/);
  });

  it('returns one unit vector per text, in order', async () => {
    const vectors = await createHashingEmbedder().embed(['alpha beta', 'gamma delta epsilon']);
    expect(vectors).toHaveLength(2);
    for (const vector of vectors) {
      expect(vector).toHaveLength(HASHING_DIMENSION);
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
    }
  });

  it('gives the zero vector to a text without content words', () => {
    const vector = embedWithHashing('the of and , . !');
    expect(vector.every((value) => value === 0)).toBe(true);
  });

  // The vectors feed a disk cache keyed by the embedder id: if this digest changes, the features
  // changed, and HASHING_EMBEDDER_VERSION must be bumped together with the pinned floor.
  it('produces the pinned vector for a fixed text (bump the version when this changes)', () => {
    const vector = embedWithHashing('Rotate the API keys every ninety days with scripts/rotate-keys.ts.');
    expect(HASHING_EMBEDDER_VERSION).toBe(1);
    expect(digest(vector)).toBe('381911162dcfae40b82117c0426493d5489018474fb69d2df3893a9f9620175d');
  });

  it('is deterministic and independent of word order', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 30 }), (words) => {
        const text = words.join(' ');
        const reversed = [...words].reverse().join(' ');
        expect(digest(embedWithHashing(text))).toBe(digest(embedWithHashing(text)));
        expect(digest(embedWithHashing(text))).toBe(digest(embedWithHashing(reversed)));
      }),
      { numRuns: 300 },
    );
  });

  it('scores morphological variants and split identifiers as similar', () => {
    const similarity = (left: string, right: string) => dot(embedWithHashing(left), embedWithHashing(right));
    expect(similarity('rotation of credentials', 'rotate credential')).toBeGreaterThan(0.5);
    expect(similarity('buildRepoMap', 'build the repo map')).toBeGreaterThan(0.6);
    expect(similarity('sourdough bread', 'kubernetes scheduler')).toBeLessThan(0.24);
  });
});
