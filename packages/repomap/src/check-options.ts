/**
 * Checks on what a caller passes to the builds. A NaN budget or size limit compares false
 * everywhere and silently maps nothing (or lifts the limit), and a string where a list belongs is
 * read as a list of characters: the caller's mistake must be a clear error instead.
 */
import { failRange, failType } from '@ctxkit/internal';
import type { BuildRepoMapOptions } from './repo-map.js';
import type { ScanRepositoryOptions } from './scan-repository.js';

/** Throw a `TypeError` unless `value` is undefined or an array of strings. */
export function checkStrings(where: string, name: string, value: unknown): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string')) {
    failType(where, name, 'an array of strings', value);
  }
}

/** Throw a `RangeError` unless `value` is undefined or a finite number ≥ `minimum`. */
export function checkNumber(where: string, name: string, value: unknown, minimum: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < minimum) {
    failRange(where, name, `a finite number ≥ ${minimum}`, value);
  }
}

/** Checks the options every scan of a tree takes. */
export function checkScanOptions(where: string, options: ScanRepositoryOptions): void {
  if (typeof options?.root !== 'string' || options.root === '') {
    failType(where, 'root', 'the path of a directory', options?.root);
  }
  const { cache } = options;
  if (
    cache !== undefined &&
    cache !== false &&
    (typeof cache !== 'object' ||
      cache === null ||
      (cache.dir !== undefined && typeof cache.dir !== 'string'))
  ) {
    failType(where, 'cache', 'false or { dir?: string }', cache);
  }
  const memory = cache ? cache.memory : undefined;
  if (memory !== undefined && (typeof memory !== 'object' || typeof memory?.clear !== 'function')) {
    failType(where, 'cache.memory', 'a memory from createScanCacheMemory()', memory);
  }
  checkNumber(where, 'maxFileBytes', options.maxFileBytes, 1);
  checkStrings(where, 'ignore', options.ignore);
  if (options.followExternalLinks !== undefined && typeof options.followExternalLinks !== 'boolean') {
    failType(where, 'followExternalLinks', 'true or false', options.followExternalLinks);
  }
}

const BACKGROUND_WALK_MODES: readonly string[] = ['auto', 'always', 'never'];

/** Checks the options of `buildRepoMap` / `buildRenderableRepoMap`. */
export function checkMapOptions(options: BuildRepoMapOptions): void {
  const where = 'buildRepoMap';
  checkScanOptions(where, options);
  if (options.query !== undefined && typeof options.query !== 'string') {
    failType(where, 'query', 'text', options.query);
  }
  checkRankingPolicy(where, options.rankingPolicy);
  checkStrings(where, 'focus', options.focus);
  checkStrings(where, 'filesInPrompt', options.filesInPrompt);
  checkNumber(where, 'tokens', options.tokens, 0);
  if (options.backgroundWalk !== undefined && !BACKGROUND_WALK_MODES.includes(options.backgroundWalk)) {
    failRange(where, 'backgroundWalk', `one of ${BACKGROUND_WALK_MODES.join(', ')}`, options.backgroundWalk);
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
      failRange(where, `rankingPolicy.${name}`, 'a finite number ≥ 0', value);
    }
  }
}
