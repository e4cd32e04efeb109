import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_SMOOTHING,
  createCalibration,
  MAX_CALIBRATION_RATIO,
  MIN_CALIBRATION_RATIO,
} from './calibration.js';

const observation = fc.tuple(
  fc.oneof(
    fc.double({ min: 0, max: 1e7, noNaN: true }),
    fc.constantFrom(0, -1, Number.NaN, Number.POSITIVE_INFINITY),
  ),
  fc.oneof(
    fc.double({ min: 0, max: 1e8, noNaN: true }),
    fc.constantFrom(-5, Number.NaN, Number.POSITIVE_INFINITY),
  ),
);

describe('createCalibration', () => {
  it('starts at 1.0 and follows reports with smoothing 0.3', () => {
    const calibration = createCalibration();
    expect(calibration.ratio).toBe(1);
    expect(calibration.observe(1000, 1500)).toBeCloseTo(1.15, 10);
    expect(calibration.observe(1000, 1500)).toBeCloseTo(1.255, 10);
    expect(calibration.correct(1000)).toBe(1255);
  });

  it('ignores pairs that carry no information', () => {
    const calibration = createCalibration({ initialRatio: 1.5 });
    for (const [estimated, reported] of [
      [0, 100],
      [-1, 100],
      [100, -1],
      [Number.NaN, 1],
      [1, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(calibration.observe(estimated, reported)).toBe(1.5);
    }
  });

  it('never leaves [1.0, 2.0], whatever it is fed', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: false }), fc.array(observation, { maxLength: 50 }), (initial, pairs) => {
        const calibration = createCalibration({ initialRatio: initial });
        expect(calibration.ratio).toBeGreaterThanOrEqual(MIN_CALIBRATION_RATIO);
        expect(calibration.ratio).toBeLessThanOrEqual(MAX_CALIBRATION_RATIO);
        for (const [estimated, reported] of pairs) {
          const ratio = calibration.observe(estimated, reported);
          expect(ratio).toBeGreaterThanOrEqual(MIN_CALIBRATION_RATIO);
          expect(ratio).toBeLessThanOrEqual(MAX_CALIBRATION_RATIO);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('moves by at most 30% of the gap on one outlier', () => {
    fc.assert(
      fc.property(
        fc.array(observation, { maxLength: 20 }),
        fc.double({ min: 1e-3, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1e9, noNaN: true }),
        (history, estimated, reported) => {
          const calibration = createCalibration();
          for (const [e, r] of history) calibration.observe(e, r);
          const before = calibration.ratio;
          const after = calibration.observe(estimated, reported);
          const gap = Math.abs(reported / estimated - before);
          expect(Math.abs(after - before)).toBeLessThanOrEqual(CALIBRATION_SMOOTHING * gap + 1e-12);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('corrects an estimate by the ratio, rounding up', () => {
    const calibration = createCalibration({ initialRatio: 1.25 });
    expect(calibration.correct(3)).toBe(4);
    expect(calibration.correct(0)).toBe(0);
  });

  it('refuses to correct a negative or non-finite estimate', () => {
    const calibration = createCalibration({ initialRatio: 1.25 });
    for (const [estimate, shown] of [
      [-10, '-10'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['5', 'the string "5"'],
    ] as const) {
      expect(() => calibration.correct(estimate as number)).toThrow(
        new RangeError(`correct: estimate must be a finite number ≥ 0, found ${shown}`),
      );
    }
    expect(() => createCalibration(null as never)).toThrow(
      new TypeError('createCalibration: options must be an object such as { initialRatio }, found null'),
    );
  });
});
