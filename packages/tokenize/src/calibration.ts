import { failType } from '@ctxkit/internal';
import { checkCount } from './check-input.js';

/**
 * How fast the ratio follows what the provider reports: low enough that one outlier cannot push a session
 * into permanent compaction, high enough to converge within a few turns.
 */
export const CALIBRATION_SMOOTHING = 0.3;
/** Below 1.0 is implausible for a chars/4 estimate (it rarely overcounts). */
export const MIN_CALIBRATION_RATIO = 1.0;
/** Above 2.0 is a measurement error, not a context window. */
export const MAX_CALIBRATION_RATIO = 2.0;

/** Corrects an estimate's systematic error from (estimated, provider-reported) pairs. */
export interface Calibration {
  /** Current ratio of reported to estimated tokens, within [1.0, 2.0]. */
  readonly ratio: number;
  /**
   * Record one pair and return the new ratio. Pairs that carry no information (an estimate of 0, a
   * negative or non-finite figure) are ignored.
   */
  observe(estimated: number, reported: number): number;
  /** `estimate × ratio`, rounded up to whole tokens; throws a RangeError unless `estimate` is finite and ≥ 0. */
  correct(estimate: number): number;
}

/** Options for {@link createCalibration}. */
export interface CalibrationOptions {
  /** Starting ratio (clamped); 1.0 when omitted, i.e. trust the estimate until told otherwise. */
  initialRatio?: number;
}

/**
 * A calibration ratio for a dependency-free estimate: exponential smoothing (0.3) of reported/estimated,
 * clamped to [1.0, 2.0]. A sample is clamped before smoothing, so one outlier moves the ratio by at most
 * 30% of the gap between the ratio and that sample.
 */
export function createCalibration(options: CalibrationOptions = {}): Calibration {
  if (typeof options !== 'object' || options === null)
    failType('createCalibration', 'options', 'an object such as { initialRatio }', options);
  let ratio = clampRatio(options.initialRatio ?? MIN_CALIBRATION_RATIO);
  return {
    get ratio() {
      return ratio;
    },
    observe(estimated, reported) {
      if (!(Number.isFinite(estimated) && Number.isFinite(reported)) || estimated <= 0 || reported < 0) {
        return ratio;
      }
      const sample = clampRatio(reported / estimated);
      ratio = clampRatio(ratio + CALIBRATION_SMOOTHING * (sample - ratio));
      return ratio;
    },
    correct(estimate) {
      // Unlike observe (which may skip a bad pair), a corrected figure is used: NaN or -10 must not pass.
      checkCount('correct', 'estimate', estimate);
      return Math.ceil(estimate * ratio);
    },
  };
}

function clampRatio(value: number): number {
  if (Number.isNaN(value)) return MIN_CALIBRATION_RATIO;
  return Math.min(MAX_CALIBRATION_RATIO, Math.max(MIN_CALIBRATION_RATIO, value));
}
