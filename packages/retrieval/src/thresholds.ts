import { assertFinite, failType } from '@ctxkit/internal';
import type { NoiseDistribution } from './noise.js';

/** What an embedder's (or TF-IDF's) noise band says about the scores worth trusting. */
export interface NoiseCalibration {
  /** Absolute floor: a score at or below it is indistinguishable from unrelated text. */
  floor: number;
  /** Added to the query's median score over the corpus to get the corpus baseline. */
  margin: number;
}

/** The threshold a query was judged against, with its parts, so a report can say why. */
export interface Threshold {
  /** The embedder's calibrated absolute floor. */
  floor: number;
  /**
   * Median of this query's scores over the corpus plus the calibrated margin; null when the
   * corpus has too few chunks for a median to mean anything.
   */
  baseline: number | null;
  /** The score a chunk had to reach: max(floor, baseline), or `minScore` when one was given. */
  effective: number;
  /** Where `effective` came from. */
  source: 'floor' | 'baseline' | 'min-score';
}

// Headroom above the measured p99 so that a handful of new noise pairs does not cross the floor.
const FLOOR_HEADROOM = 0.01;
/**
 * Below this many chunks the median of the query's scores is mostly the relevant chunks
 * themselves, and "median + margin" would drop the very hits it should keep.
 */
export const MIN_BASELINE_CHUNKS = 8;

/**
 * Floors pinned from the calibration test (noise.test.ts) for the built-in rankers, keyed by
 * ranker id. The test fails if a change to an embedder pushes its p99 noise above its floor, or
 * leaves the floor so far above the noise that it throws away real hits.
 */
export const PINNED_CALIBRATIONS: Readonly<Record<string, NoiseCalibration>> = {
  // p99 0.222 and median 0.077 over 3384 unrelated pairs of CALIBRATION_CORPUS.
  'hash-v1-384': { floor: 0.24, margin: 0.15 },
  // p99 0.081 and median 0 over the same pairs, the corpus as its own index.
  tfidf: { floor: 0.1, margin: 0.09 },
};

/**
 * Turn a measured noise distribution into a calibration: the floor is the p99 rounded up to
 * the next hundredth plus a hundredth of headroom; the margin is the spread from median to p99.
 */
export function calibrationFromNoise(noise: NoiseDistribution): NoiseCalibration {
  return {
    floor: round(roundUp(noise.p99) + FLOOR_HEADROOM),
    margin: roundUp(Math.max(noise.p99 - noise.median, 0)),
  };
}

/**
 * Throw a clear error unless `calibration` has a finite floor and margin: a NaN floor would keep
 * every chunk (nothing is ≤ NaN), a NaN margin would turn the baseline off.
 */
export function checkCalibration(where: string, calibration: NoiseCalibration): void {
  if (calibration === null || typeof calibration !== 'object')
    failType(where, 'calibration', '{ floor, margin }', calibration);
  assertFinite(where, 'calibration.floor', calibration.floor);
  assertFinite(where, 'calibration.margin', calibration.margin);
}

/**
 * The threshold for one query: `max(floor, median(scores) + margin)`, or `minScore` alone when
 * the caller set one (an explicit override wins over both measurements).
 */
export function computeThreshold(
  scores: readonly number[],
  calibration: NoiseCalibration,
  minScore?: number,
): Threshold {
  checkCalibration('computeThreshold', calibration);
  if (minScore !== undefined) assertFinite('computeThreshold', 'minScore', minScore);
  const baseline = scores.length >= MIN_BASELINE_CHUNKS ? round(medianOf(scores) + calibration.margin) : null;
  const floor = calibration.floor;
  if (minScore !== undefined) return { floor, baseline, effective: minScore, source: 'min-score' };
  if (baseline !== null && baseline > floor)
    return { floor, baseline, effective: baseline, source: 'baseline' };
  return { floor, baseline, effective: floor, source: 'floor' };
}

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// Rounded to 6 decimals so the reported threshold is the same bytes on every platform.
function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function roundUp(value: number): number {
  return Math.ceil(round(value) * 100) / 100;
}
