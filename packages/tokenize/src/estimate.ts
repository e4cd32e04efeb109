import { checkText } from './check-input.js';

/** Characters per token assumed by the dependency-free estimate. */
export const ESTIMATE_CHARS_PER_TOKEN = 4;

/**
 * Estimate the token count of `text` as ceil(length / 4), in UTF-16 code units.
 * Deterministic and dependency-free: for callers that need no exact encoder.
 */
export function estimateTokens(text: string): number {
  checkText('estimateTokens', text);
  return estimateChecked(text);
}

/** {@link estimateTokens} of text already known to be a string (a caller checked it). */
export function estimateChecked(text: string): number {
  return Math.ceil(text.length / ESTIMATE_CHARS_PER_TOKEN);
}
