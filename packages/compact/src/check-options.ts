/**
 * Checks on numeric options. A NaN or negative budget would otherwise compare false everywhere and
 * quietly turn compaction or elision off — the caller's mistake must be loud instead.
 */

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite number above zero. */
export function assertPositive(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${where}: ${name} must be a positive number of tokens, found ${String(value)}`);
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite fraction in [0, 1]. */
export function assertFraction(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new RangeError(`${where}: ${name} must be a fraction between 0 and 1, found ${String(value)}`);
  }
}

/**
 * Throw a `RangeError` when `target` is above `trigger`: compaction would then have to grow the
 * transcript it was asked to shrink. (Equal is allowed; below is the advice.)
 */
export function assertNotAbove(where: string, target: number, trigger: number): void {
  if (target > trigger) {
    throw new RangeError(
      `${where}: target must not be above trigger, found target ${target} and trigger ${trigger}`,
    );
  }
}

/** The providers the adapters, validation and repair know. */
const PROVIDERS: readonly string[] = ['openai', 'anthropic', 'ai-sdk'];

/** Throw a `TypeError` naming `where` unless `provider` is one the package knows. */
export function assertProvider(where: string, provider: unknown): void {
  if (typeof provider !== 'string' || !PROVIDERS.includes(provider)) {
    throw new TypeError(
      `${where}: provider must be one of ${PROVIDERS.join(', ')}, found ${String(provider)}`,
    );
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a finite number ≥ 0. */
export function assertShare(where: string, name: string, value: number): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RangeError(`${where}: ${name} must be a share of the budget ≥ 0, found ${String(value)}`);
  }
}

/** Throw a `RangeError` naming `where` and `name` unless `value` is a whole number ≥ 0. */
export function assertCount(where: string, name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${where}: ${name} must be a whole number ≥ 0, found ${String(value)}`);
  }
}
