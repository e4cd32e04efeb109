import { estimateTokens } from '@ctxkit/tokenize';
import { assertFraction, assertPositive } from './check-options.js';
import { DEFAULT_TARGET } from './constants.js';
import { type CompactionPlan, type PlanSession, summaryAllowance } from './plan.js';
import { countMessageTokens } from './tokens.js';
import { findLatestUserIndex, findLeadingSystemEnd, findRecencyStart } from './turns.js';
import type { CountTokens } from './types.js';

/** Knobs for {@link planTaskCut}; passed in, never read from the environment. */
export interface TaskCutConfig {
  /** Token budget the fractions refer to. */
  budget: number;
  /** Fraction of the budget to bring the transcript down to; 0.50 by default. */
  target?: number;
  /** Tokens reserved for the summary message; {@link summaryAllowance} of the budget by default. */
  summaryTokens?: number;
  /** Token counter; the chars/4 estimate of @ctxkit/tokenize by default. */
  countTokens?: CountTokens;
  /** Precomputed per-message token counts (same length as the messages), to skip recounting. */
  tokens?: readonly number[];
}

/**
 * A cut inside the current task: messages `[from, to)` — complete model turns after the latest user
 * message and before the recency window — are replaced by one summary reminder placed right after the
 * task message, which itself is kept as it is. The same plan as a cut at a user message.
 */
export type TaskCutPlan = CompactionPlan;

/**
 * Decide where to cut inside the current task — pure; the caller makes the summary. An agent run is
 * one user message followed by hundreds of model turns, so a cut at a user message (see
 * `planCompaction`) has nothing to remove; this one removes the oldest model turns of the task
 * instead. The span starts right after the latest user message (the task survives by construction:
 * the message itself is kept, never a paraphrase), ends at a message that is not a tool result (so
 * every tool call leaves with its results), never reaches into the recency window, and holds at least
 * one assistant message. Among the allowed ends the earliest that reaches the target wins, dropping as
 * little as possible — so the task keeps as many recent turns as the target has room for, and no
 * `keepFraction` floor applies inside the task: here the target wins. When no end reaches the target,
 * the latest allowed (`fits: false`). Returns undefined when no span would save tokens.
 */
export function planTaskCut(session: PlanSession, config: TaskCutConfig): TaskCutPlan | undefined {
  const { messages } = session;
  const countTokens = config.countTokens ?? estimateTokens;
  const tokens = config.tokens ?? messages.map((message) => countMessageTokens(message, countTokens));
  const budget = config.budget;
  const target = config.target ?? DEFAULT_TARGET;
  assertPositive('planTaskCut', 'budget', budget);
  assertFraction('planTaskCut', 'target', target);
  const summaryTokens = config.summaryTokens ?? summaryAllowance(budget);

  const suffix = new Array<number>(messages.length + 1).fill(0);
  for (let index = messages.length - 1; index >= 0; index--)
    suffix[index] = (suffix[index + 1] as number) + (tokens[index] ?? 0);
  const total = suffix[0] as number;

  const latestUser = findLatestUserIndex(messages);
  const from = latestUser >= 0 ? latestUser + 1 : findLeadingSystemEnd(messages);
  const latestAllowed = findRecencyStart(messages);
  if (latestAllowed <= from) return undefined;

  const head = total - (suffix[from] as number);
  let chosen = -1;
  let sawAssistant = false;
  for (let end = from + 1; end <= latestAllowed; end++) {
    if (messages[end - 1]?.role === 'assistant') sawAssistant = true;
    if (!sawAssistant || messages[end]?.role === 'tool') continue;
    chosen = end;
    if (head + summaryTokens + (suffix[end] as number) <= target * budget) break;
  }
  if (chosen < 0) return undefined;
  // Replacing a span no larger than its summary would grow the transcript.
  if ((suffix[from] as number) - (suffix[chosen] as number) <= summaryTokens) return undefined;
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
