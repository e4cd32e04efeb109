import { failRange, failType } from '@ctxkit/internal';
import type { AllowedSpecial } from './byte-pair-encoder.js';

/**
 * Checks on what a caller passes in. Without them a number counts as 0 tokens (NaN by estimate) and
 * `undefined` crashes deep in the encoder; a caller's mistake must be a clear one-line error instead.
 * Messages are built only on failure: these run on the counting hot path.
 */

/** Throw unless `text` is a string. */
export function checkText(where: string, text: unknown): asserts text is string {
  if (typeof text !== 'string') failType(where, 'text', 'a string', text);
}

/** The `allowedSpecial` of count/encode options, checked: `'all'`, an array of strings, or absent. */
export function checkAllowedSpecial(where: string, options: unknown): AllowedSpecial | undefined {
  if (options === undefined || options === null) return undefined;
  // `count(text, 'all')` would otherwise read no option and quietly count special tokens as text.
  if (typeof options !== 'object')
    failType(where, 'options', 'an object such as { allowedSpecial }', options);
  const allowed: unknown = (options as { allowedSpecial?: unknown }).allowedSpecial;
  if (allowed === undefined || allowed === 'all') return allowed;
  if (!Array.isArray(allowed))
    failType(where, 'allowedSpecial', '"all" or an array of special-token strings', allowed);
  for (const [index, special] of allowed.entries()) {
    if (typeof special !== 'string') failType(where, `allowedSpecial[${index}]`, 'a string', special);
  }
  return allowed;
}

/** Throw a RangeError unless `value` is a finite number ≥ 0. */
export function checkCount(where: string, name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    failRange(where, name, 'a finite number ≥ 0', value);
  }
}
