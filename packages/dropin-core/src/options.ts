import type { CountTokens, Summarize, ToolNameMapping } from '@ctxkit/compact';
import { failRange, failType } from '@ctxkit/internal';
import type { TraceRecord } from '@ctxkit/trace';

/**
 * What every ctxkit framework drop-in accepts. Only `budget` is required: the most tokens one request
 * to the model may hold (the model's window minus what you keep free for its reply).
 */
export interface ContextOptions {
  /** The most prompt tokens a request may hold. Never exceeded: see {@link ContextOptions.overBudget}. */
  budget: number;
  /** Fraction of the budget past which old tool results are elided and stored history compacted; 0.80. */
  trigger?: number;
  /** Fraction of the budget staged compaction brings the stored history down to; 0.50. */
  target?: number;
  /** Tool results that always stay verbatim (the most recent ones); 5. Fewer only when the budget needs it. */
  keepLastResults?: number;
  /**
   * Counts a string's tokens. The chars/4 estimate by default; `createTokenizer({ encoding }).count`
   * from `@ctxkit/tokenize` for exact counts. A `calibration` scales whichever you pass.
   */
  countTokens?: CountTokens;
  /**
   * A `createCalibration()` from `@ctxkit/tokenize`: counts are multiplied by its ratio, and the
   * drop-in feeds it the prompt tokens the provider reports after each call.
   */
  calibration?: Calibration;
  /**
   * Stable context sent first, as a system message, on every request: a ctxkit task pack or repo map.
   * Its tokens count against the budget; it is never compacted.
   */
  system?: string;
  /** Writes the summary of a cut prefix; the deterministic must-preserve digest when absent. */
  summarize?: Summarize;
  /** Tool names of your harness, for the digest (`DEFAULT_TOOL_NAMES` of `@ctxkit/compact` otherwise). */
  toolNames?: ToolNameMapping;
  /**
   * What to do when even the compacted, elided request is over the budget: `'throw'` (default) raises a
   * {@link ContextBudgetError} before anything is sent; `'send'` sends it and says so in the report.
   */
  overBudget?: 'throw' | 'send';
  /** Called with the report of every request, after the request is prepared and before it is sent. */
  onReport?: (report: ContextReport) => void;
  /**
   * Called with a trace record (`@ctxkit/trace`) of every request, right after `onReport`: its exact
   * composition, messages, compaction stages and the prefix it shares with the previous request of
   * the conversation. Append `formatTraceLine(record)` to a file and open it with `ctxkit inspect`.
   */
  onTrace?: (record: TraceRecord) => void;
  /** With `onTrace`: records keep message hashes, roles and exact tokens, not texts. */
  traceRedact?: boolean;
}

/** The subset of `@ctxkit/tokenize`'s `Calibration` a drop-in uses. */
export interface Calibration {
  /** Current ratio of reported to estimated tokens. */
  readonly ratio: number;
  /** Record one (estimated, provider-reported) pair. */
  observe(estimated: number, reported: number): number;
}

/** What a drop-in did to one request: plain JSON, so it can ride in provider metadata or a log. */
export interface ContextReport {
  /** The budget the request had to fit. */
  budget: number;
  /** Tokens of the messages the framework passed in (the injected `system` context included). */
  tokensIn: number;
  /** Tokens of the request sent. */
  tokensOut: number;
  /** Whether `tokensOut` is within `budget`. */
  withinBudget: boolean;
  /** Tokens of the injected `system` context (0 without one). */
  systemTokens: number;
  /** Tokens the request needs outside its messages (tool definitions), taken off the budget. */
  reservedTokens: number;
  /** Messages taken from the stored, already compacted history instead of the framework's copy. */
  reusedMessages: number;
  /** Stages staged compaction ran on the stored history this time, in order (none: nothing to do). */
  stages: { stage: string; messages: number; tokensAfter: number }[];
  /** Whether auto-compaction is paused (the last compaction opened too little headroom). */
  paused: boolean;
  /** Tool results whose content this request sends as the elision marker. */
  elidedResults: number;
  /** How many of the latest tool results were kept verbatim (below `keepLastResults` only to fit). */
  keptResults: number;
  /** The calibration ratio the counts were multiplied by (1 without a calibration). */
  ratio: number;
}

/** The request did not fit the budget even after compaction and elision (`overBudget: 'throw'`). */
export class ContextBudgetError extends Error {
  override name = 'ContextBudgetError';
  constructor(
    /** What was prepared. */
    readonly report: ContextReport,
  ) {
    super(
      `ctxkit: the request needs ${report.tokensOut} tokens after compaction and elision, over the budget of ${report.budget}` +
        ` (system context ${report.systemTokens}, tool definitions ${report.reservedTokens}); raise the budget, shorten the system context, or pass overBudget: 'send'`,
    );
  }
}

/** Throws a one-line TypeError/RangeError for options a caller got wrong; returns the options. */
export function checkContextOptions(where: string, options: ContextOptions): ContextOptions {
  if (typeof options !== 'object' || options === null) {
    failType(where, 'options', 'an object such as { budget: 100000 }', options);
  }
  if (typeof options.budget !== 'number' || !Number.isFinite(options.budget) || options.budget <= 0) {
    failRange(where, 'budget', 'a positive number of tokens', options.budget);
  }
  for (const key of ['trigger', 'target'] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === 'number' && value > 0 && value <= 1)) {
      failRange(where, key, 'a fraction in (0, 1]', value);
    }
  }
  const keep = options.keepLastResults;
  if (keep !== undefined && !(Number.isInteger(keep) && keep >= 0)) {
    failRange(where, 'keepLastResults', 'a whole number ≥ 0', keep);
  }
  for (const key of ['countTokens', 'summarize', 'onReport', 'onTrace'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      failType(where, key, 'a function', options[key]);
    }
  }
  if (options.system !== undefined && typeof options.system !== 'string') {
    failType(where, 'system', 'a string', options.system);
  }
  if (options.overBudget !== undefined && options.overBudget !== 'throw' && options.overBudget !== 'send') {
    failType(where, 'overBudget', "'throw' or 'send'", options.overBudget);
  }
  const calibration = options.calibration;
  if (
    calibration !== undefined &&
    (typeof calibration !== 'object' || typeof calibration?.observe !== 'function')
  ) {
    failType(where, 'calibration', 'a createCalibration() object', calibration);
  }
  return options;
}
