import { estimateTokens } from '@ctxkit/tokenize';
import { ANTHROPIC_CACHE_PRICES, type CacheImpact, type CachePrices, impactOf } from './cache-cost.js';
import { assertCount, assertFraction, assertNotAbove, assertPositive, assertShare } from './check-options.js';
import { CompactionRun } from './compaction-run.js';
import { DEFAULT_TARGET, DEFAULT_TRIGGER, HYSTERESIS } from './constants.js';
import { buildDigest, type Digest, type DigestPosition } from './digest.js';
import { planCompaction, summaryAllowance } from './plan.js';
import {
  finishedAttachments,
  replaceAttachments,
  shortenToolMessage,
  staleToolMessages,
  supersede,
  supersededResults,
} from './rewrite-stages.js';
import { explainShortfall, type TargetShortfall } from './shortfall.js';
import { planTaskCut } from './task-cut.js';
import { countMessageTokens } from './tokens.js';
import { DEFAULT_TOOL_NAMES, type ToolNameMapping } from './tool-names.js';
import { findLatestUserIndex, findRecencyStart } from './turns.js';
import type { CountTokens, Message } from './types.js';

/** What a {@link Summarize} callback is told about the span it summarizes. */
export interface SummaryContext {
  /**
   * `before-task`: earlier turns cut at a user message; the summary goes before the latest user
   * message. `within-task`: earlier model turns of the current task; the summary goes right after the
   * task message, as a reminder.
   */
  position: DigestPosition;
  /** Tokens the summary text may use (its share of the budget); the rendered digest fits in it. */
  maxTokens: number;
}

/**
 * Replaces a cut span with text; gets the dropped messages, their must-preserve digest and where the
 * summary goes.
 */
export type Summarize = (
  dropped: readonly Message[],
  digest: Digest,
  context: SummaryContext,
) => Promise<string>;

/**
 * Auto-compaction state the caller keeps between calls. A compaction that leaves less than
 * {@link HYSTERESIS} of headroom under the trigger pauses auto-compaction until the transcript has
 * grown by that much again, instead of compacting (and re-paying the prompt cache) on every turn.
 */
export interface CompactionState {
  /** Whether auto-compaction is paused (the last one could not open enough headroom). */
  paused: boolean;
  /** While paused: the token count at which compaction is tried again (past the budget it always is). */
  resumeAt?: number;
}

/** Options for {@link compact}. */
export interface CompactOptions {
  /** Token budget the fractions refer to (the space before compaction). */
  budget: number;
  /** Fraction of the budget at which compaction acts; 0.80 by default. */
  trigger?: number;
  /** Fraction of the budget compaction brings the transcript down to; 0.50 by default. */
  target?: number;
  /** Summary for a cut prefix; the deterministic digest when absent. */
  summarize?: Summarize;
  /** Tools whose earlier identical calls are superseded; never shell tools. */
  supersedableTools?: readonly string[];
  /** Tool-name mapping for the digest. */
  toolNames?: ToolNameMapping;
  /**
   * Complete user turns a cut keeps beyond the current one; 2 by default. Left unset (with
   * `keepFraction`), the default gives way when it alone keeps the transcript above target.
   */
  keepTurns?: number;
  /** Share of the budget the kept tail must hold; 0.20 by default, giving way like `keepTurns`. */
  keepFraction?: number;
  /** Token counter; the chars/4 estimate of @ctxkit/tokenize by default. */
  countTokens?: CountTokens;
  /** State from the previous call; omit to always allow compaction. */
  state?: CompactionState;
  /**
   * Tokens a compaction must remove to run at all (the idea of Anthropic context editing's
   * `clear_at_least`): every compaction re-writes the prompt cache from its first change on, so one
   * that removes little costs more than it saves. Ignored past the budget itself. 0 by default.
   */
  minSavings?: number;
  /** Cache price ratios for the reported {@link CacheImpact}; {@link ANTHROPIC_CACHE_PRICES} by default. */
  cachePrices?: CachePrices;
}

/**
 * The stages that replace a span of messages with one summary, in the order they run:
 * - `cut`: a prefix cut at a user message, keeping `keepTurns` earlier turns;
 * - `cut-in-task`: earlier model turns of the current task (after the latest user message, before the
 *   recency window) — the cut a long agent run needs;
 * - `cut-kept-turns`: when still over target and neither `keepTurns` nor `keepFraction` was given, a
 *   later prefix cut that the default floors had protected (an explicit value is never relaxed).
 */
export type CutStageName = 'cut' | 'cut-in-task' | 'cut-kept-turns';

/** The stages, in the order they run. */
export type StageName = 'supersede' | 'shorten' | 'attachments' | CutStageName;

/** What one stage changed. */
export interface StageReport {
  /** Which stage. */
  stage: StageName;
  /** Input indices of the messages changed (for a cut: the messages it replaced, ascending). */
  indices: number[];
  /** Estimated transcript tokens after the stage. */
  tokensAfter: number;
  /** For a cut: the digest of the span it replaced. */
  digest?: Digest;
}

/** What {@link compact} returns. */
export interface CompactionResult {
  /** The compacted transcript: the input itself when nothing changed, else a new array. */
  messages: readonly Message[];
  /** Estimated tokens before and after. */
  before: number;
  /** Tokens of the returned transcript (equal to `before` when nothing changed). */
  after: number;
  /** The stages that changed something, in order. */
  stages: StageReport[];
  /** The digest of everything the cuts replaced (all of them, in transcript order), when anything was cut. */
  digest?: Digest;
  /**
   * Why nothing was done, when nothing was: below the trigger, paused by hysteresis, no stage could
   * change anything, or the compaction would have removed fewer than `minSavings` tokens.
   */
  skipped?: 'below-trigger' | 'paused' | 'no-change' | 'below-min-savings';
  /** What the compaction does to the prompt cache (tokens re-written, break-even), when it changed anything. */
  cache?: CacheImpact;
  /**
   * Present when the transcript was over the trigger and is still above the target: which stages ran,
   * what is protected and how many tokens each part is, and a one-line reason.
   */
  shortfall?: TargetShortfall;
  /** State to pass to the next call. */
  state: CompactionState;
}

export { attachmentMarker } from './rewrite-stages.js';

/**
 * Bring a stored transcript down to `target` of `budget` — and do nothing at all below `trigger`.
 * Stages run in order, each only while the transcript is still above target, oldest messages first:
 * 1. supersede: a read-only call repeated later with identical input has its earlier result replaced;
 * 2. shorten: tool results outside the recency window are cut to 512 bytes, and long fields of tool
 *    call inputs to 256, head and tail around one marker;
 * 3. attachments: images and documents from finished turns become a marker naming the file;
 * 4. cut: a prefix ending at a safe user-message boundary ({@link planCompaction}) is replaced by one
 *    system message holding the summary (`summarize`, or the rendered digest);
 * 5. cut-in-task: the oldest complete model turns after the latest user message and before the
 *    recency window ({@link planTaskCut}) are replaced by one summary reminder right after it;
 * 6. cut-kept-turns: only with `keepTurns` and `keepFraction` both left at their defaults, a later
 *    prefix cut that those floors had protected.
 * The recency window and the latest user message are never touched, tool calls keep their results,
 * and the input is never mutated, so a valid transcript stays valid for every provider. The trigger
 * and target are different numbers on purpose: compacting to the first point that fits would trigger
 * again on the next turn. A result above target carries `shortfall`, saying why.
 */
export async function compact(
  messages: readonly Message[],
  options: CompactOptions,
): Promise<CompactionResult> {
  const countTokens = options.countTokens ?? estimateTokens;
  const { budget, trigger, target } = checkOptions(options);
  const targetTokens = target * budget;
  const tokens = messages.map((message) => countMessageTokens(message, countTokens));
  const before = tokens.reduce((sum, value) => sum + value, 0);
  const unchanged = (skipped: CompactionResult['skipped'], state: CompactionState): CompactionResult => ({
    messages,
    before,
    after: before,
    stages: [],
    skipped,
    state,
  });

  // A pause saves re-paying the prompt cache on every turn, but never at the price of a request over
  // the budget itself: past it, compaction runs whatever the state says.
  if (
    options.state?.paused &&
    before < (options.state.resumeAt ?? Number.POSITIVE_INFINITY) &&
    before <= budget
  ) {
    const result = unchanged('paused', options.state);
    if (before > targetTokens) {
      const resumeAt = options.state.resumeAt;
      result.shortfall = explainShortfall(
        messages,
        tokens,
        targetTokens,
        [],
        `auto-compaction is paused${resumeAt === undefined ? '' : ` until ${resumeAt} tokens`} (the last one opened less than ${HYSTERESIS * 100} points of headroom); `,
      );
    }
    return result;
  }
  if (before <= trigger * budget) return unchanged('below-trigger', options.state ?? { paused: false });

  const run = new CompactionRun(messages, tokens, targetTokens, countTokens);
  runRewriteStages(run, messages, options);
  await runCuts(run, options, budget, target);
  const digest =
    run.droppedInputs.size > 0
      ? buildDigest(
          [...run.droppedInputs]
            .sort((left, right) => left - right)
            .map((index) => run.work[index] as Message),
          { toolNames: options.toolNames },
        )
      : undefined;

  const after = run.total;
  const output = run.output;
  const state: CompactionState =
    trigger * budget - after < HYSTERESIS * budget
      ? { paused: true, resumeAt: Math.ceil(after + HYSTERESIS * budget) }
      : { paused: false };
  const minSavings = options.minSavings ?? 0;
  const shortfall =
    after > targetTokens
      ? explainShortfall(
          output,
          run.tokens,
          targetTokens,
          run.stages.map((stage) => stage.stage),
        )
      : undefined;
  if (run.stages.length === 0) {
    const result = unchanged('no-change', state);
    if (shortfall) result.shortfall = shortfall;
    return result;
  }
  if (before - after < minSavings && before <= budget) {
    const result = unchanged('below-min-savings', options.state ?? { paused: false });
    result.shortfall = explainShortfall(
      messages,
      messages.map((message) => countMessageTokens(message, countTokens)),
      targetTokens,
      [],
      `compaction would remove ${before - after} tokens, fewer than minSavings ${minSavings}; `,
    );
    return result;
  }
  // The unchanged leading messages are the input's own objects: the cache still matches them.
  let common = 0;
  while (common < output.length && output[common] === messages[common]) common++;
  let reused = 0;
  for (let index = 0; index < common; index++) reused += run.tokens[index] as number;
  const result: CompactionResult = {
    messages: output,
    before,
    after,
    stages: run.stages,
    state,
    cache: impactOf(before, after, reused, options.cachePrices ?? ANTHROPIC_CACHE_PRICES),
  };
  if (digest) result.digest = digest;
  if (shortfall) result.shortfall = shortfall;
  return result;
}

/** Checks the options once, where they enter; returns the budget and fractions with their defaults. */
function checkOptions(options: CompactOptions): { budget: number; trigger: number; target: number } {
  const budget = options.budget;
  const trigger = options.trigger ?? DEFAULT_TRIGGER;
  const target = options.target ?? DEFAULT_TARGET;
  assertPositive('compact', 'budget', budget);
  assertFraction('compact', 'trigger', trigger);
  assertFraction('compact', 'target', target);
  assertNotAbove('compact', target, trigger);
  if (options.keepTurns !== undefined) assertCount('compact', 'keepTurns', options.keepTurns);
  if (options.keepFraction !== undefined) assertShare('compact', 'keepFraction', options.keepFraction);
  if (options.minSavings !== undefined) assertCount('compact', 'minSavings', options.minSavings);
  return { budget, trigger, target };
}

/** Stages 1–3, each only while the transcript is above target, oldest messages first. */
function runRewriteStages(run: CompactionRun, messages: readonly Message[], options: CompactOptions): void {
  const recencyStart = findRecencyStart(messages);
  const latestUser = findLatestUserIndex(messages);
  run.runStage('supersede', supersededResults(messages, recencyStart, options.supersedableTools), supersede);
  const toolNames = options.toolNames ?? DEFAULT_TOOL_NAMES;
  run.runStage('shorten', staleToolMessages(messages, recencyStart), (message) =>
    shortenToolMessage(message, toolNames),
  );
  run.runStage('attachments', finishedAttachments(messages, recencyStart, latestUser), replaceAttachments);
}

/**
 * Stages 4-6: cuts, each replacing a span with one summary. (4) a prefix cut at a user message,
 * keeping `keepTurns` earlier turns; (5) a cut inside the current task — what an agent run of one
 * task and hundreds of tool rounds needs, where the only user message is the task itself; (6) the
 * default floors give way: keepTurns and keepFraction protect recent turns as a preference; left at
 * their defaults, they yield when they alone keep the transcript above target. A value the caller
 * chose is a rule and never yields.
 */
async function runCuts(
  run: CompactionRun,
  options: CompactOptions,
  budget: number,
  target: number,
): Promise<void> {
  const countTokens = run.countTokens;
  const summaryTokens = summaryAllowance(budget);
  if (run.over) {
    const plan = planCompaction(
      { messages: run.output },
      {
        budget,
        trigger: 0,
        target,
        keepTurns: options.keepTurns,
        keepFraction: options.keepFraction,
        summaryTokens,
        countTokens,
        tokens: run.tokens,
      },
    );
    if (plan) await run.cut('cut', plan, 'before-task', options, summaryTokens);
  }
  if (run.over) {
    const plan = planTaskCut(
      { messages: run.output },
      { budget, target, summaryTokens, countTokens, tokens: run.tokens },
    );
    if (plan) await run.cut('cut-in-task', plan, 'within-task', options, summaryTokens);
  }
  if (run.over && options.keepTurns === undefined && options.keepFraction === undefined) {
    const plan = planCompaction(
      { messages: run.output },
      {
        budget,
        trigger: 0,
        target,
        keepTurns: 0,
        keepFraction: 0,
        summaryTokens,
        countTokens,
        tokens: run.tokens,
      },
    );
    if (plan) await run.cut('cut-kept-turns', plan, 'before-task', options, summaryTokens);
  }
}
