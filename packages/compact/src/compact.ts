import { estimateTokens } from '@ctxkit/tokenize';
import { ANTHROPIC_CACHE_PRICES, type CacheImpact, type CachePrices, impactOf } from './cache-cost.js';
import { assertCount, assertFraction, assertNotAbove, assertPositive, assertShare } from './check-options.js';
import {
  ATTACHMENT_MARKER,
  DEFAULT_SUPERSEDABLE_TOOLS,
  DEFAULT_TARGET,
  DEFAULT_TRIGGER,
  HYSTERESIS,
  SUPERSEDED_MARKER,
} from './constants.js';
import { buildDigest, type Digest, type DigestPosition, renderDigest, summaryHeader } from './digest.js';
import { planCompaction, summaryAllowance, summaryTextTokens } from './plan.js';
import { shortenCallInput, shortenResult } from './shorten.js';
import { explainShortfall, type TargetShortfall } from './shortfall.js';
import { planTaskCut } from './task-cut.js';
import { countMessageTokens } from './tokens.js';
import { DEFAULT_TOOL_NAMES, type ToolNameMapping } from './tool-names.js';
import { findLatestUserIndex, findRecencyStart, pairCalls } from './turns.js';
import type { Attachment, CountTokens, Message } from './types.js';

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

/** JSON with sorted keys, so identical inputs written in different key orders compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The text that stands in for an attachment after its turn. */
export function attachmentMarker(attachment: Attachment): string {
  const what = attachment.name
    ? `${attachment.type} ${attachment.name}`
    : `${attachment.type} (${attachment.mediaType})`;
  return `[${what} ${ATTACHMENT_MARKER}]`;
}

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
  const targetTokens = target * budget;
  const tokens = messages.map((message) => countMessageTokens(message, countTokens));
  let total = tokens.reduce((sum, value) => sum + value, 0);
  const before = total;
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

  const work = messages.slice();
  const stages: StageReport[] = [];
  const recencyStart = findRecencyStart(messages);
  const latestUser = findLatestUserIndex(messages);
  const replace = (index: number, message: Message) => {
    work[index] = message;
    const next = countMessageTokens(message, countTokens);
    total += next - (tokens[index] as number);
    tokens[index] = next;
  };
  const runStage = (
    stage: StageName,
    candidates: number[],
    rewrite: (message: Message) => Message | undefined,
  ) => {
    const indices: number[] = [];
    for (const index of candidates) {
      if (total <= targetTokens) break;
      const rewritten = rewrite(work[index] as Message);
      if (!rewritten) continue;
      replace(index, rewritten);
      indices.push(index);
    }
    if (indices.length > 0) stages.push({ stage, indices, tokensAfter: total });
  };

  // Stage 1: supersede earlier identical read-only calls (only when the later one succeeded).
  const supersedable = new Set(options.supersedableTools ?? DEFAULT_SUPERSEDABLE_TOOLS);
  const laterKeys = new Set<string>();
  const superseded: number[] = [];
  const pairings = pairCalls(messages);
  for (let at = pairings.length - 1; at >= 0; at--) {
    const { call, resultIndex } = pairings[at] as (typeof pairings)[number];
    if (resultIndex === undefined || !supersedable.has(call.name)) continue;
    const key = `${call.name}\u0000${canonicalJson(call.input)}`;
    if (laterKeys.has(key)) {
      if (resultIndex < recencyStart) superseded.push(resultIndex);
    } else if (!messages[resultIndex]?.toolResult?.isError) {
      laterKeys.add(key);
    }
  }
  superseded.sort((left, right) => left - right);
  runStage('supersede', superseded, (message) => {
    const result = message.toolResult;
    if (!result || result.content === SUPERSEDED_MARKER) return undefined;
    const { attachments: _attachments, ...rest } = result;
    return { ...message, toolResult: { ...rest, content: SUPERSEDED_MARKER } };
  });

  // Stage 2: shorten stale results, and stale call inputs (a whole file written, a long heredoc),
  // outside the recency window — keeping each call's id, name and short fields.
  const toolNames = options.toolNames ?? DEFAULT_TOOL_NAMES;
  const stale: number[] = [];
  for (let index = 0; index < recencyStart; index++) {
    const message = messages[index];
    if (message?.toolResult || message?.toolCalls?.length) stale.push(index);
  }
  runStage('shorten', stale, (message) => {
    const result = message.toolResult;
    if (result) {
      const content = shortenResult(result.content);
      return content === result.content ? undefined : { ...message, toolResult: { ...result, content } };
    }
    let changed = false;
    const toolCalls = (message.toolCalls ?? []).map((call) => {
      const shortened = shortenCallInput(call, toolNames);
      if (!shortened) return call;
      changed = true;
      return shortened;
    });
    return changed ? { ...message, toolCalls } : undefined;
  });

  // Stage 3: attachments whose turn is over — the user's before the current turn, a tool's once it is
  // outside the recency window (the model has looked at it and said what it saw).
  const attachmentEnd = latestUser >= 0 ? Math.min(recencyStart, latestUser) : recencyStart;
  const withAttachments: number[] = [];
  for (let index = 0; index < recencyStart; index++) {
    const message = messages[index];
    if ((index < attachmentEnd && message?.attachments?.length) || message?.toolResult?.attachments?.length) {
      withAttachments.push(index);
    }
  }
  runStage('attachments', withAttachments, (message) => {
    if (message.toolResult?.attachments?.length) {
      const { attachments, ...result } = message.toolResult;
      const markers = attachments.map(attachmentMarker).join('\n');
      return {
        ...message,
        toolResult: { ...result, content: result.content ? `${result.content}\n${markers}` : markers },
      };
    }
    const { attachments = [], ...rest } = message;
    const markers = attachments.map(attachmentMarker).join('\n');
    return { ...rest, text: message.text ? `${message.text}\n${markers}` : markers };
  });

  // Stages 4-6: cuts, each replacing a span with one summary. (4) a prefix cut at a user message,
  // keeping `keepTurns` earlier turns; (5) a cut inside the current task — what an agent run of one
  // task and hundreds of tool rounds needs, where the only user message is the task itself; (6) below.
  let output: Message[] = work;
  // Input index of every output message (-1 for a summary this call inserted).
  let origin: number[] = work.map((_message, index) => index);
  const droppedInputs = new Set<number>();
  const summaryTokens = summaryAllowance(budget);
  const cut = async (stage: CutStageName, from: number, to: number, position: DigestPosition) => {
    const dropped = output.slice(from, to);
    const spanDigest = buildDigest(dropped, { toolNames: options.toolNames });
    const header = summaryHeader(position);
    // The digest gets its share of the budget — or less, when the share would put a transcript whose
    // kept parts fit the budget over it: a shorter summary beats a request the provider rejects.
    let kept = total;
    for (let index = from; index < to; index++) kept -= tokens[index] as number;
    // (When the kept parts alone are over the budget, a shorter summary would not help: full share.)
    const allowance = kept < budget ? Math.min(summaryTokens, budget - kept) : summaryTokens;
    let text = options.summarize
      ? await options.summarize(dropped, spanDigest, { position, maxTokens: summaryTextTokens(allowance) })
      : renderDigest(spanDigest, { maxTokens: summaryTextTokens(allowance), countTokens, position });
    if (typeof text !== 'string') {
      throw new TypeError(`compact: summarize must return the summary text, found ${typeof text}`);
    }
    if (!text.startsWith(header)) text = `${header}\n${text}`;
    const summary: Message =
      position === 'within-task' ? { role: 'user', text, reminder: true } : { role: 'system', text };
    const summaryCost = countMessageTokens(summary, countTokens);
    const range: number[] = [];
    for (let index = from; index < to; index++) {
      total -= tokens[index] as number;
      const input = origin[index] as number;
      if (input >= 0) range.push(input);
    }
    total += summaryCost;
    for (const input of range) droppedInputs.add(input);
    output = [...output.slice(0, from), summary, ...output.slice(to)];
    tokens.splice(from, to - from, summaryCost);
    origin = [...origin.slice(0, from), -1, ...origin.slice(to)];
    stages.push({ stage, indices: range, tokensAfter: total, digest: spanDigest });
  };
  if (total > targetTokens) {
    const plan = planCompaction(
      { messages: output },
      {
        budget,
        trigger: 0,
        target,
        keepTurns: options.keepTurns,
        keepFraction: options.keepFraction,
        summaryTokens,
        countTokens,
        tokens,
      },
    );
    if (plan) await cut('cut', plan.from, plan.to, 'before-task');
  }
  if (total > targetTokens) {
    const plan = planTaskCut({ messages: output }, { budget, target, summaryTokens, countTokens, tokens });
    if (plan) await cut('cut-in-task', plan.from, plan.to, 'within-task');
  }
  // Stage 6: the default floors give way. keepTurns and keepFraction protect recent turns as a
  // preference; left at their defaults, they yield when they alone keep the transcript above target.
  // A value the caller chose is a rule and never yields.
  if (total > targetTokens && options.keepTurns === undefined && options.keepFraction === undefined) {
    const plan = planCompaction(
      { messages: output },
      { budget, trigger: 0, target, keepTurns: 0, keepFraction: 0, summaryTokens, countTokens, tokens },
    );
    if (plan) await cut('cut-kept-turns', plan.from, plan.to, 'before-task');
  }
  const digest =
    droppedInputs.size > 0
      ? buildDigest(
          [...droppedInputs].sort((left, right) => left - right).map((index) => work[index] as Message),
          { toolNames: options.toolNames },
        )
      : undefined;

  const after = total;
  const state: CompactionState =
    trigger * budget - after < HYSTERESIS * budget
      ? { paused: true, resumeAt: Math.ceil(after + HYSTERESIS * budget) }
      : { paused: false };
  const minSavings = options.minSavings ?? 0;
  const explainSkipped = () =>
    explainShortfall(
      messages,
      messages.map((message) => countMessageTokens(message, countTokens)),
      targetTokens,
      [],
      `compaction would remove ${before - after} tokens, fewer than minSavings ${minSavings}; `,
    );
  const shortfall =
    after > targetTokens
      ? explainShortfall(
          output,
          tokens,
          targetTokens,
          stages.map((stage) => stage.stage),
        )
      : undefined;
  if (stages.length === 0) {
    const result = unchanged('no-change', state);
    if (shortfall) result.shortfall = shortfall;
    return result;
  }
  if (before - after < minSavings && before <= budget) {
    const result = unchanged('below-min-savings', options.state ?? { paused: false });
    result.shortfall = explainSkipped();
    return result;
  }
  // The unchanged leading messages are the input's own objects: the cache still matches them.
  let common = 0;
  while (common < output.length && output[common] === messages[common]) common++;
  let reused = 0;
  for (let index = 0; index < common; index++) reused += tokens[index] as number;
  const result: CompactionResult = {
    messages: output,
    before,
    after,
    stages,
    state,
    cache: impactOf(before, after, reused, options.cachePrices ?? ANTHROPIC_CACHE_PRICES),
  };
  if (digest) result.digest = digest;
  if (shortfall) result.shortfall = shortfall;
  return result;
}
