import { estimateTokens } from '@ctxkit/tokenize';
import { countMessageTokens } from './tokens.js';
import type { CountTokens, Message } from './types.js';

/**
 * What a provider bills for prompt tokens, as multiples of its uncached input price. Compaction
 * changes the prompt from its first edited message on, so everything after that point is written to
 * the cache again on the next request, and cheaper to read on every request after.
 */
export interface CachePrices {
  /** Price of a prompt token written to the cache (the first request that sends it). */
  cacheWrite: number;
  /** Price of a prompt token read from the cache (every later request whose prefix matches). */
  cacheRead: number;
}

/**
 * Anthropic prompt caching: a 5-minute cache write costs 1.25× base input, a cache read 0.1×
 * (Anthropic's published pricing; the 1-hour cache writes at 2×, pass your own prices for it).
 */
export const ANTHROPIC_CACHE_PRICES: Readonly<CachePrices> = { cacheWrite: 1.25, cacheRead: 0.1 };

/**
 * OpenAI automatic prompt caching: no write premium, cached input at half price — the discount
 * published with prompt caching for the gpt-4o family. Newer models discount more (gpt-4.1 cached
 * input is 0.25×, gpt-5 0.1×): pass their ratio as `cacheRead`.
 */
export const OPENAI_CACHE_PRICES: Readonly<CachePrices> = { cacheWrite: 1, cacheRead: 0.5 };

/** The named price ratios, by provider. */
export const CACHE_PRICES: Readonly<Record<'anthropic' | 'openai', Readonly<CachePrices>>> = {
  anthropic: ANTHROPIC_CACHE_PRICES,
  openai: OPENAI_CACHE_PRICES,
};

/** What one compaction does to the prompt cache, and when it pays for itself. */
export interface CacheImpact {
  /** Tokens of the unchanged leading messages: still read from the cache on the next request. */
  reusedTokens: number;
  /** Tokens of the compacted transcript from its first change on: written to the cache again. */
  invalidatedTokens: number;
  /** Tokens every later request is smaller by. */
  savedTokens: number;
  /**
   * How many requests (counting the first after the compaction) it takes for the smaller prompt to
   * have paid for re-writing the invalidated tokens, under `prices`; 0 when nothing is re-written at a
   * premium, `Infinity` when the compaction saves nothing.
   */
  breakEvenRequests: number;
}

function assertPrices(prices: CachePrices): void {
  for (const key of ['cacheWrite', 'cacheRead'] as const) {
    const value = prices[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`cacheImpact: prices.${key} must be a number ≥ 0, found ${String(value)}`);
    }
  }
}

/**
 * The cache cost of replacing `before` by `after` (a compaction's input and output). Against sending
 * `before` again from the cache (`cacheRead` per token), the compacted prompt costs `cacheRead` on its
 * unchanged prefix and `cacheWrite` on the rest the first time, then `cacheRead` on all of it: after
 * n requests that is n·saved·cacheRead − invalidated·(cacheWrite − cacheRead), so it breaks even at
 * n = invalidated·(cacheWrite − cacheRead) / (saved·cacheRead). Pure.
 */
export function cacheImpact(
  before: readonly Message[],
  after: readonly Message[],
  prices: CachePrices = ANTHROPIC_CACHE_PRICES,
  countTokens: CountTokens = estimateTokens,
): CacheImpact {
  assertPrices(prices);
  let common = 0;
  while (
    common < before.length &&
    common < after.length &&
    (before[common] === after[common] || JSON.stringify(before[common]) === JSON.stringify(after[common]))
  ) {
    common++;
  }
  let reusedTokens = 0;
  let afterTokens = 0;
  let beforeTokens = 0;
  after.forEach((message, index) => {
    const tokens = countMessageTokens(message, countTokens);
    afterTokens += tokens;
    if (index < common) reusedTokens += tokens;
  });
  before.forEach((message, index) => {
    beforeTokens += index < common ? 0 : countMessageTokens(message, countTokens);
  });
  beforeTokens += reusedTokens;
  return impactOf(beforeTokens, afterTokens, reusedTokens, prices);
}

/** {@link CacheImpact} from token totals: before, after, and the unchanged prefix of both. */
export function impactOf(
  beforeTokens: number,
  afterTokens: number,
  reusedTokens: number,
  prices: CachePrices,
): CacheImpact {
  assertPrices(prices);
  const invalidatedTokens = afterTokens - reusedTokens;
  const savedTokens = beforeTokens - afterTokens;
  const premium = invalidatedTokens * (prices.cacheWrite - prices.cacheRead);
  const perRequest = savedTokens * prices.cacheRead;
  const breakEvenRequests =
    premium <= 0 ? 0 : perRequest <= 0 ? Number.POSITIVE_INFINITY : Math.ceil(premium / perRequest);
  return { reusedTokens, invalidatedTokens, savedTokens, breakEvenRequests };
}
