import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '@ctxkit/tokenize';
import { assertCount, assertFraction, assertPositive, assertShare } from './check-options.js';
import {
  DEFAULT_KEEP_FRACTION,
  DEFAULT_KEEP_TURNS,
  DEFAULT_TARGET,
  DEFAULT_TRIGGER,
  SUMMARY_FRACTION,
} from './constants.js';
import { isSummaryMessage } from './summary-message.js';
import { countMessageTokens } from './tokens.js';
import { findLatestUserIndex, findLeadingSystemEnd, findRecencyStart, startsTurn } from './turns.js';
import type { CountTokens, Message } from './types.js';

/** What {@link planCompaction} decides on: the transcript as it stands. */
export interface PlanSession {
  /** The transcript, oldest first. */
  messages: readonly Message[];
}

/** Knobs for {@link planCompaction}; passed in, never read from the environment. */
export interface PlanConfig {
  /** Token budget the fractions refer to. */
  budget: number;
  /** Plan only when the transcript is above this fraction of the budget; 0.80 by default. */
  trigger?: number;
  /** Fraction of the budget to bring the transcript down to; 0.50 by default. */
  target?: number;
  /** Complete user turns kept beyond the current one; 2 by default. */
  keepTurns?: number;
  /** Share of the budget the kept tail must hold at least; 0.20 by default. */
  keepFraction?: number;
  /** Tokens reserved for the summary message; {@link summaryAllowance} of the budget by default. */
  summaryTokens?: number;
  /** Token counter; the chars/4 estimate of @ctxkit/tokenize by default. */
  countTokens?: CountTokens;
  /** Precomputed per-message token counts (same length as the messages), to skip recounting. */
  tokens?: readonly number[];
}

/**
 * Where to cut: messages `[from, to)` are replaced by one summary message. For a cut at a user
 * message (`planCompaction`), `from` is the end of the leading system messages (or the earlier
 * summary it folds in) and `to` a user message that starts a turn, at or before the latest one.
 * For a cut inside the current task (`planTaskCut`), the span is complete model turns after the
 * latest user message and before the recency window, and `to` is never a tool result.
 */
export interface CompactionPlan {
  /** First message replaced (inclusive). */
  from: number;
  /** First message kept after the summary (exclusive end of the replaced range). */
  to: number;
  /** Estimated transcript tokens before the cut. */
  tokensBefore: number;
  /** Tokens of the transcript once the span is replaced by a summary of the allowed size. */
  tokensAfter: number;
  /** Tokens reserved for the summary. */
  summaryTokens: number;
  /** Whether `tokensAfter` is within the target; false when even the latest allowed cut is not enough. */
  fits: boolean;
  /** The latest index the cut was allowed at (keepTurns, keepFraction, the recency window, the latest user message). */
  latestAllowed: number;
}

/** Tokens reserved for a summary under `budget`: a small share, with a floor a useful digest fits in. */
export function summaryAllowance(budget: number): number {
  return Math.max(64, Math.floor(budget * SUMMARY_FRACTION));
}

/**
 * Decide whether to compact and where to cut — pure; the caller makes the summary. Two cuts are never
 * made: inside a turn (which would split a tool call from its result) and after the latest user message
 * (the current task survives by construction, not by summary quality). The tail kept is the larger of
 * what `keepTurns` and `keepFraction` protect, and never less than the recency window. Among the
 * allowed cuts the earliest one that reaches the target wins, dropping as little as possible; when
 * none does, the latest allowed cut (`fits: false`). Returns undefined when at or below the trigger or
 * when no cut is allowed.
 */
export function planCompaction(session: PlanSession, config: PlanConfig): CompactionPlan | undefined {
  const { messages } = session;
  const countTokens = config.countTokens ?? estimateTokens;
  const tokens = config.tokens ?? messages.map((message) => countMessageTokens(message, countTokens));
  const budget = config.budget;
  const trigger = config.trigger ?? DEFAULT_TRIGGER;
  const target = config.target ?? DEFAULT_TARGET;
  const keepTurns = config.keepTurns ?? DEFAULT_KEEP_TURNS;
  const keepFraction = config.keepFraction ?? DEFAULT_KEEP_FRACTION;
  // A NaN or out-of-range knob would compare false everywhere and silently plan nothing.
  assertPositive('planCompaction', 'budget', budget);
  assertFraction('planCompaction', 'trigger', trigger);
  assertFraction('planCompaction', 'target', target);
  assertCount('planCompaction', 'keepTurns', keepTurns);
  assertShare('planCompaction', 'keepFraction', keepFraction);
  const summaryTokens = config.summaryTokens ?? summaryAllowance(budget);

  // suffix[i] = tokens of messages[i..]
  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let index = messages.length - 1; index >= 0; index--)
    suffix[index] = (suffix[index + 1] as number) + (tokens[index] ?? 0);
  const total = suffix[0] as number;
  if (total <= trigger * budget) return undefined;

  let from = findLeadingSystemEnd(messages);
  while (from > 0 && isSummaryMessage(messages[from - 1])) from--;
  const latestUser = findLatestUserIndex(messages);
  if (latestUser < 0) return undefined;

  const turnStarts: number[] = [];
  messages.forEach((message, index) => {
    if (startsTurn(message)) turnStarts.push(index);
  });
  const byTurns = turnStarts[turnStarts.length - 1 - keepTurns] ?? -1;
  let latestAllowed = Math.min(latestUser, findRecencyStart(messages), byTurns);
  // KeepFraction: the tail from the cut must hold at least keepFraction of the budget.
  while (latestAllowed > from && (suffix[latestAllowed] as number) < keepFraction * budget) latestAllowed--;

  const head = total - (suffix[from] as number);
  let chosen = -1;
  for (const start of turnStarts) {
    if (start <= from || start > latestAllowed) continue;
    chosen = start;
    if (head + summaryTokens + (suffix[start] as number) <= target * budget) break;
  }
  if (chosen < 0) return undefined;
  const tokensAfter = head + summaryTokens + (suffix[chosen] as number);
  return {
    from,
    to: chosen,
    tokensBefore: total,
    tokensAfter,
    summaryTokens,
    fits: tokensAfter <= target * budget,
    latestAllowed,
  };
}

/** Tokens the summary text may use so that the summary message fits `summaryTokens`. */
export function summaryTextTokens(summaryTokens: number): number {
  return Math.max(0, summaryTokens - MESSAGE_OVERHEAD_TOKENS);
}
