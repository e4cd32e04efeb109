/**
 * Checks on what a caller passes to the builds. A NaN budget or size limit compares false
 * everywhere and silently maps nothing (or lifts the limit), and a string where a list belongs is
 * read as a list of characters: the caller's mistake must be a clear error instead.
 */
import type { BuildRepoMapOptions } from './repo-map.js';
import type { ScanRepositoryOptions } from './scan-repository.js';

/** A short, escaped form of what the caller passed: never a pasted megabyte in an error message. */
function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 80)}… (${text.length} characters)` : text;
}

/** Throw a `TypeError` unless `value` is undefined or an array of strings. */
export function checkStrings(where: string, name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    throw new TypeError(`${where}: ${name} must be an array of strings, found ${describe(value)}`);
  }
}

/** Throw a `RangeError` unless `value` is undefined or a finite number ≥ `minimum`. */
export function checkNumber(where: string, name: string, value: unknown, minimum: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum) {
    throw new RangeError(`${where}: ${name} must be a finite number ≥ ${minimum}, found ${describe(value)}`);
  }
}

/** Checks the options every scan of a tree takes. */
export function checkScanOptions(where: string, options: ScanRepositoryOptions): void {
  if (typeof options?.root !== 'string' || options.root === '') {
    throw new TypeError(`${where}: root must be the path of a directory, found ${describe(options?.root)}`);
  }
  const { cache } = options;
  if (
    cache !== undefined &&
    cache !== false &&
    (typeof cache !== 'object' ||
      cache === null ||
      (cache.dir !== undefined && typeof cache.dir !== 'string'))
  ) {
    throw new TypeError(`${where}: cache must be false or { dir?: string }, found ${describe(cache)}`);
  }
  checkNumber(where, 'maxFileBytes', options.maxFileBytes, 1);
  checkStrings(where, 'ignore', options.ignore);
  if (options.followExternalLinks !== undefined && typeof options.followExternalLinks !== 'boolean') {
    throw new TypeError(
      `${where}: followExternalLinks must be true or false, found ${describe(options.followExternalLinks)}`,
    );
  }
}

const BACKGROUND_WALK_MODES: readonly string[] = ['auto', 'always', 'never'];

/** Checks the options of `buildRepoMap` / `buildRenderableRepoMap`. */
export function checkMapOptions(options: BuildRepoMapOptions): void {
  const where = 'buildRepoMap';
  checkScanOptions(where, options);
  if (options.query !== undefined && typeof options.query !== 'string') {
    throw new TypeError(`${where}: query must be text, found ${describe(options.query)}`);
  }
  checkRankingPolicy(where, options.rankingPolicy);
  checkStrings(where, 'focus', options.focus);
  checkStrings(where, 'filesInPrompt', options.filesInPrompt);
  checkNumber(where, 'tokens', options.tokens, 0);
  if (options.backgroundWalk !== undefined && !BACKGROUND_WALK_MODES.includes(options.backgroundWalk)) {
    throw new RangeError(
      `${where}: backgroundWalk must be one of ${BACKGROUND_WALK_MODES.join(', ')}, found ${describe(options.backgroundWalk)}`,
    );
  }
}

/** Every override of the ranking policy is a finite number ≥ 0 (a NaN share would rank nothing). */
function checkRankingPolicy(where: string, policy: BuildRepoMapOptions['rankingPolicy']): void {
  if (policy === undefined) return;
  const { shares, ...rest } = policy;
  const entries: [string, unknown][] = [
    ...Object.entries(shares ?? {}).map(([name, value]): [string, unknown] => [`shares.${name}`, value]),
    ...Object.entries(rest),
  ];
  for (const [name, value] of entries) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(
        `${where}: rankingPolicy.${name} must be a finite number ≥ 0, found ${describe(value)}`,
      );
    }
  }
}
