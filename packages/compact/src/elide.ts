import { estimateTokens } from '@ctxkit/tokenize';
import { ANTHROPIC_CACHE_PRICES, type CacheImpact, type CachePrices, impactOf } from './cache-cost.js';
import { assertCount, assertFraction, assertPositive } from './check-options.js';
import { DEFAULT_KEEP_LAST_RESULTS, DEFAULT_TRIGGER, ELIDED_MARKER } from './constants.js';
import { countMessageTokens, countTranscriptTokens } from './tokens.js';
import type { CountTokens, Message } from './types.js';

/** Options for {@link elideForRequest}. */
export interface ElisionOptions {
  /** The model's context window (or budget) in tokens. */
  window: number;
  /** Fraction of `window` past which elision starts; 0.80 by default. */
  triggerFraction?: number;
  /** How many of the most recent tool results stay verbatim; 5 by default. */
  keepLastResults?: number;
  /** Token counter for the trigger decision; the chars/4 estimate by default. */
  countTokens?: CountTokens;
  /** Cache price ratios for the reported {@link CacheImpact}; {@link ANTHROPIC_CACHE_PRICES} by default. */
  cachePrices?: CachePrices;
}

/** What {@link elideForRequest} sends and what it did. */
export interface ElisionResult {
  /** The messages to send: the input itself when nothing was elided, else a copy. */
  messages: readonly Message[];
  /** Whether the transcript was past the trigger. */
  triggered: boolean;
  /** Indices of the tool results whose content became {@link ELIDED_MARKER}, ascending. */
  elided: number[];
  /** Estimated tokens before and after. */
  tokensBefore: number;
  /** Estimated tokens of what is sent. */
  tokensAfter: number;
  /**
   * Against sending the full history from the cache: the tokens from the first elided result on that
   * are written to the cache again, and after how many requests the smaller prompt has paid for that.
   * Present when something was elided.
   */
  cache?: CacheImpact;
}

/**
 * Per-request elision for a live agent loop. Once the estimated transcript passes the trigger, the
 * content of every tool result except the last `keepLastResults` becomes one fixed marker; tool calls,
 * ids, error flags, system and user/assistant messages all stay, so a valid transcript stays valid.
 * Pure and never mutating: the agent keeps its full history and calls this on every request. Because
 * the marker is fixed and a transcript only grows, the elided prefix is byte-identical from one
 * request to the next until the keep window slides past another result — the provider's prompt cache
 * keeps matching.
 */
export function elideForRequest(messages: readonly Message[], options: ElisionOptions): ElisionResult {
  const countTokens = options.countTokens ?? estimateTokens;
  const trigger = options.triggerFraction ?? DEFAULT_TRIGGER;
  const keep = options.keepLastResults ?? DEFAULT_KEEP_LAST_RESULTS;
  assertPositive('elideForRequest', 'window', options.window);
  assertFraction('elideForRequest', 'triggerFraction', trigger);
  assertCount('elideForRequest', 'keepLastResults', keep);
  const tokensBefore = countTranscriptTokens(messages, countTokens);
  if (tokensBefore <= trigger * options.window) {
    return { messages, triggered: false, elided: [], tokensBefore, tokensAfter: tokensBefore };
  }
  const resultIndices: number[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'tool' && message.toolResult) resultIndices.push(index);
  });
  const elided = resultIndices
    .slice(0, Math.max(0, resultIndices.length - keep))
    .filter((index) => messages[index]?.toolResult?.content !== ELIDED_MARKER);
  if (elided.length === 0)
    return { messages, triggered: true, elided, tokensBefore, tokensAfter: tokensBefore };
  const out = messages.slice();
  for (const index of elided) {
    const message = out[index] as Message;
    const { attachments: _attachments, ...result } = message.toolResult as NonNullable<Message['toolResult']>;
    out[index] = { ...message, toolResult: { ...result, content: ELIDED_MARKER } };
  }
  const tokensAfter = countTranscriptTokens(out, countTokens);
  let reused = 0;
  for (let index = 0; index < (elided[0] as number); index++)
    reused += countMessageTokens(messages[index] as Message, countTokens);
  return {
    messages: out,
    triggered: true,
    elided,
    tokensBefore,
    tokensAfter,
    cache: impactOf(tokensBefore, tokensAfter, reused, options.cachePrices ?? ANTHROPIC_CACHE_PRICES),
  };
}
