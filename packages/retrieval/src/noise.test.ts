import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_CORPUS } from './calibration-corpus.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { firstSentence, measureEmbedderNoise, measureTfidfNoise, percentile } from './noise.js';
import { buildTfidfIndex, scoreWithTfidf } from './tfidf.js';
import { calibrationFromNoise, PINNED_CALIBRATIONS } from './thresholds.js';
import { dot } from './vector.js';

const relatedPairs = JSON.parse(
  readFileSync(new URL('../test/__fixtures__/related-pairs.json', import.meta.url), 'utf8'),
) as { query: string; passage: string }[];

// How far a pinned floor may sit above what calibration now gives before it is stale: a floor
// far above the noise silently throws away real hits.
const STALE_FLOOR_SLACK = 0.03;

describe('TestNoiseFloorsAreCalibrated', () => {
  it('has a varied corpus: enough subjects for a meaningful p99', () => {
    const subjects = new Set(CALIBRATION_CORPUS.map((entry) => entry.subject));
    expect(subjects.size).toBe(CALIBRATION_CORPUS.length);
    expect(subjects.size).toBeGreaterThanOrEqual(40);
  });

  it('hashing embedder: unrelated-pair p99 sits below the pinned floor, and the floor is not stale', async () => {
    const embedder = createHashingEmbedder();
    const noise = await measureEmbedderNoise(embedder);
    const pinned = PINNED_CALIBRATIONS[embedder.id];
    expect(
      pinned,
      `no pinned calibration for ${embedder.id}: pin ${JSON.stringify(calibrationFromNoise(noise))}`,
    ).toBeDefined();
    expect(noise.pairs).toBeGreaterThan(3000);
    expect(noise.p99).toBeLessThan(pinned!.floor);
    expect(pinned!.floor).toBeLessThanOrEqual(calibrationFromNoise(noise).floor + STALE_FLOOR_SLACK);
    expect(pinned!.margin).toBeCloseTo(calibrationFromNoise(noise).margin, 1);
  });

  it('TF-IDF: unrelated-pair p99 sits below the pinned floor, and the floor is not stale', () => {
    const noise = measureTfidfNoise();
    const pinned = PINNED_CALIBRATIONS.tfidf!;
    expect(noise.p99).toBeLessThan(pinned.floor);
    expect(pinned.floor).toBeLessThanOrEqual(calibrationFromNoise(noise).floor + STALE_FLOOR_SLACK);
    expect(pinned.margin).toBeCloseTo(calibrationFromNoise(noise).margin, 1);
  });

  it('the old 0.02 threshold is deep inside the hashing noise band', async () => {
    const noise = await measureEmbedderNoise(createHashingEmbedder());
    expect(noise.median).toBeGreaterThan(0.02);
  });

  it('related query/passage pairs clear the floors the noise demands', async () => {
    const embedder = createHashingEmbedder();
    const floor = PINNED_CALIBRATIONS[embedder.id]!.floor;
    for (const pair of relatedPairs) {
      const [query, passage] = await embedder.embed([pair.query, pair.passage]);
      expect(dot(query!, passage!), pair.query).toBeGreaterThan(floor);
    }
  });

  it('related pairs clear the TF-IDF floor within a corpus of unrelated paragraphs', () => {
    const floor = PINNED_CALIBRATIONS.tfidf!.floor;
    const texts = [
      ...CALIBRATION_CORPUS.map((entry) => entry.text),
      ...relatedPairs.map((pair) => pair.passage),
    ];
    const index = buildTfidfIndex(texts);
    for (const [position, pair] of relatedPairs.entries()) {
      const score = scoreWithTfidf(index, pair.query)[CALIBRATION_CORPUS.length + position]!;
      expect(score, pair.query).toBeGreaterThan(floor);
    }
  });
});

describe('percentile', () => {
  it('interpolates between ranks', () => {
    expect(percentile([0, 10], 0.5)).toBe(5);
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([1, 2, 3, 4, 5], 1)).toBe(5);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe('firstSentence', () => {
  it('stops at the first sentence end', () => {
    expect(firstSentence('One thing. Another thing.')).toBe('One thing.');
    expect(firstSentence('No full stop')).toBe('No full stop');
  });
});
