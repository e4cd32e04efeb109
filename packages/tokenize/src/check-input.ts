import type { AllowedSpecial } from './byte-pair-encoder.js';

/**
 * Checks on what a caller passes in. Without them a number counts as 0 tokens (NaN by estimate) and
 * `undefined` crashes deep in the encoder; a caller's mistake must be a clear one-line error instead.
 * Messages are built only on failure: these run on the counting hot path.
 */

/** A value as an error message shows it: `123`, `undefined`, `null`, `an array`, `the string "…"`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value)}`;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Throw `where: name must be expected, found …` as a TypeError. */
export function failInput(where: string, name: string, expected: string, value: unknown): never {
  throw new TypeError(`${where}: ${name} must be ${expected}, found ${describeValue(value)}`);
}

/** Throw unless `text` is a string. */
export function checkText(where: string, text: unknown): asserts text is string {
  if (typeof text !== 'string') failInput(where, 'text', 'a string', text);
}

/** The `allowedSpecial` of count/encode options, checked: `'all'`, an array of strings, or absent. */
export function checkAllowedSpecial(where: string, options: unknown): AllowedSpecial | undefined {
  if (options === undefined || options === null) return undefined;
  // `count(text, 'all')` would otherwise read no option and quietly count special tokens as text.
  if (typeof options !== 'object')
    failInput(where, 'options', 'an object such as { allowedSpecial }', options);
  const allowed: unknown = (options as { allowedSpecial?: unknown }).allowedSpecial;
  if (allowed === undefined || allowed === 'all') return allowed;
  if (!Array.isArray(allowed))
    failInput(where, 'allowedSpecial', '"all" or an array of special-token strings', allowed);
  for (const [index, special] of allowed.entries()) {
    if (typeof special !== 'string') failInput(where, `allowedSpecial[${index}]`, 'a string', special);
  }
  return allowed;
}

/** Throw a RangeError unless `value` is a finite number ≥ 0. */
export function checkCount(where: string, name: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${where}: ${name} must be a finite number ≥ 0, found ${describeValue(value)}`);
  }
}
