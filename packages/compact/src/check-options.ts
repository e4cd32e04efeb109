/**
 * Checks on numeric options. A NaN or negative budget would otherwise compare false everywhere and
 * quietly turn compaction or elision off — the caller's mistake must be loud instead.
 */
import { failRange, failType } from '@ctxkit/internal';

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite number above zero. */
export function assertPositive(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    failRange(where, name, 'a positive number of tokens', value);
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite fraction in [0, 1]. */
export function assertFraction(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    failRange(where, name, 'a fraction between 0 and 1', value);
  }
}

/**
 * Throw a `RangeError` when `target` is above `trigger`: compaction would then have to grow the
 * transcript it was asked to shrink. (Equal is allowed; below is the advice.)
 */
export function assertNotAbove(where: string, target: number, trigger: number): void {
  if (target > trigger) {
    failRange(where, 'target', `at most trigger (${trigger})`, target);
  }
}

/** The providers the adapters, validation and repair know. */
const PROVIDERS: readonly string[] = ['openai', 'anthropic', 'ai-sdk'];

/** Throw a `TypeError` naming `where` unless `provider` is one the package knows. */
export function assertProvider(where: string, provider: unknown): void {
  if (typeof provider !== 'string' || !PROVIDERS.includes(provider)) {
    failType(where, 'provider', `one of ${PROVIDERS.join(', ')}`, provider);
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite number ≥ 0. */
export function assertShare(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    failRange(where, name, 'a share of the budget ≥ 0', value);
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a whole number ≥ 0. */
export function assertCount(where: string, name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    failRange(where, name, 'a whole number ≥ 0', value);
  }
}
