import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrationFromNoise, computeThreshold, MIN_BASELINE_CHUNKS } from './thresholds.js';

const calibration = { floor: 0.23, margin: 0.15 };

describe('computeThreshold', () => {
  it('uses the floor when the corpus baseline is lower', () => {
    const scores = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.5];
    expect(computeThreshold(scores, calibration)).toEqual({
      floor: 0.23,
      baseline: 0.195,
      effective: 0.23,
      source: 'floor',
    });
  });

  it('uses median + margin when the corpus is noisier than the floor', () => {
    const scores = [0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.6];
    expect(computeThreshold(scores, calibration)).toEqual({
      floor: 0.23,
      baseline: 0.35,
      effective: 0.35,
      source: 'baseline',
    });
  });

  it('has no baseline below the minimum corpus size', () => {
    const scores = Array.from({ length: MIN_BASELINE_CHUNKS - 1 }, () => 0.5);
    expect(computeThreshold(scores, calibration)).toEqual({
      floor: 0.23,
      baseline: null,
      effective: 0.23,
      source: 'floor',
    });
  });

  it('lets minScore override floor and baseline, in both directions', () => {
    const scores = Array.from({ length: 10 }, () => 0.3);
    expect(computeThreshold(scores, calibration, 0.05).effective).toBe(0.05);
    expect(computeThreshold(scores, calibration, 0.9)).toMatchObject({ effective: 0.9, source: 'min-score' });
  });

  it('refuses a NaN floor, margin or minScore (a NaN floor would keep every chunk)', () => {
    expect(() => computeThreshold([0.5], { floor: Number.NaN, margin: 0.1 })).toThrow(
      new RangeError('computeThreshold: calibration.floor must be a finite number, found NaN'),
    );
    expect(() => computeThreshold([0.5], { floor: 0.2, margin: Number.POSITIVE_INFINITY })).toThrow(
      'computeThreshold: calibration.margin must be a finite number, found Infinity',
    );
    expect(() => computeThreshold([0.5], calibration, Number.NaN)).toThrow(
      'computeThreshold: minScore must be a finite number, found NaN',
    );
  });

  it('never goes below the floor without minScore', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { maxLength: 40 }), (scores) => {
        const threshold = computeThreshold(scores, calibration);
        expect(threshold.effective).toBeGreaterThanOrEqual(calibration.floor);
        if (threshold.baseline !== null)
          expect(threshold.effective).toBeGreaterThanOrEqual(threshold.baseline);
      }),
    );
  });
});

describe('calibrationFromNoise', () => {
  it('puts the floor a hundredth above the p99 rounded up, the margin at p99 - median rounded up', () => {
    expect(calibrationFromNoise({ pairs: 100, median: 0.075, p90: 0.15, p99: 0.218, max: 0.3 })).toEqual({
      floor: 0.23,
      margin: 0.15,
    });
    expect(calibrationFromNoise({ pairs: 100, median: 0, p90: 0, p99: 0.08, max: 0.1 })).toEqual({
      floor: 0.09,
      margin: 0.08,
    });
  });
});
