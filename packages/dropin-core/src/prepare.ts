import {
  type CompactionState,
  type CountTokens,
  compact,
  countTranscriptTokens,
  DEFAULT_KEEP_FRACTION,
  DEFAULT_KEEP_LAST_RESULTS,
  DEFAULT_KEEP_TURNS,
  DEFAULT_TARGET,
  DEFAULT_TRIGGER,
  ELIDED_MARKER,
  type ElisionResult,
  elideForRequest,
  type Message,
  type StageReport,
} from '@ctxkit/compact';
import { estimateTokens } from '@ctxkit/tokenize';
import { compactionTrace, createTraceRecord, type TraceRecord, transcriptTrace } from '@ctxkit/trace';
import { Fingerprint } from './fingerprint.js';
import { ContextBudgetError, type ContextOptions, type ContextReport } from './options.js';
import { type MessageCodec, writeBack } from './rewrite.js';

/**
 * What a drop-in keeps between requests of one conversation: the history it sends in place of the
 * framework's (compacted where compaction ran), which framework messages that covers, and the
 * auto-compaction state. A plain value: keep it in memory, or anywhere a caller keeps sessions.
 */
export interface ContextState<T> {
  /** How many of the framework's messages the stored history stands for. */
  covered: number;
  /** Hash of those framework messages: a request that does not start with them starts afresh. */
  fingerprint: string;
  /** The stored history, sent in their place (the compacted form once compaction ran). */
  messages: readonly T[];
  /** Auto-compaction state (hysteresis) from the last compaction. */
  compaction: CompactionState;
  /** How many of the stored history's tool results (the oldest) the last request sent elided. */
  elided: number;
  /** The last request's trace record, without texts (with `onTrace`): what the next one's prefix is measured against. */
  trace?: Pick<TraceRecord, 'seq' | 'messages'>;
}

/** What {@link prepareMessages} returns. */
export interface PreparedMessages<T> {
  /** The messages to send: injected system context first, then the stored or elided history. */
  messages: T[];
  /** What was done, for the caller's report. */
  report: ContextReport;
  /** State for the next request of this conversation. */
  state: ContextState<T>;
  /** Tokens sent, counted without the calibration ratio: what a calibration compares usage with. */
  uncalibratedTokens: number;
}

/** Extra inputs a drop-in passes besides the user's options. */
export interface PrepareExtras {
  /** Tokens the request needs outside the messages (tool definitions), taken off the budget. */
  reservedTokens?: number;
  /** The drop-in's name, for trace records (`@ctxkit/ai-sdk`). */
  source?: string;
  /** The model the request goes to, when the framework says (its id), for trace records. */
  model?: string;
}

function calibrated(count: CountTokens, ratio: number): CountTokens {
  return ratio === 1 ? count : (text) => Math.ceil(count(text) * ratio);
}

/**
 * The pipeline every drop-in runs on each model call, pure apart from the caller's `summarize`:
 * 1. reuse the stored history when the framework's messages still start with the conversation it covers;
 * 2. staged compaction of that history (`compact` of `@ctxkit/compact`), stored for the next call;
 * 3. live elision for this request only (`elideForRequest`), its boundary moving in jumps
 *    ({@link planElision}) so the prompt's prefix stays byte-identical between them, and the last
 *    `keepLastResults` results elided only when the budget needs it;
 * 4. the `system` context in front, and a check that the result is within the budget.
 * The framework's own messages are never mutated; unchanged messages are passed through as they are.
 */
export async function prepareMessages<T>(
  input: readonly T[],
  codec: MessageCodec<T>,
  options: ContextOptions,
  state?: ContextState<T>,
  extras: PrepareExtras = {},
): Promise<PreparedMessages<T>> {
  const ratio = options.calibration?.ratio ?? 1;
  const baseCount = options.countTokens ?? estimateTokens;
  const countTokens = calibrated(baseCount, ratio);
  const trigger = options.trigger ?? DEFAULT_TRIGGER;
  const target = Math.min(options.target ?? DEFAULT_TARGET, trigger);
  const systemMessages = options.system === undefined ? [] : [codec.systemMessage(options.system)];
  const systemNeutral: Message[] =
    options.system === undefined ? [] : [{ role: 'system', text: options.system }];
  const systemTokens = countTranscriptTokens(systemNeutral, countTokens);
  const reserved = Math.max(0, Math.ceil(extras.reservedTokens ?? 0));
  const budget = options.budget - systemTokens - reserved;
  if (budget <= 0) {
    throw new RangeError(
      `ctxkit: the system context (${systemTokens} tokens) and tool definitions (${reserved}) leave nothing of the budget of ${options.budget}`,
    );
  }

  // 1. The stored history stands in for the messages it covers when they are unchanged.
  const keys = new Fingerprint();
  let reusable = false;
  for (let index = 0; index < input.length; index++) {
    if (state && index === state.covered) reusable = keys.value() === state.fingerprint;
    keys.add(codec.key(input[index] as T));
  }
  if (state && state.covered === input.length) reusable = keys.value() === state.fingerprint;
  const working: readonly T[] =
    reusable && state ? [...state.messages, ...input.slice(state.covered)] : input;
  const reusedMessages = reusable && state ? state.messages.length : 0;

  // 2. Staged compaction of the stored history.
  const read = codec.read(working);
  const tokensIn =
    systemTokens +
    (reusable
      ? countTranscriptTokens(codec.read(input).messages, countTokens)
      : countTranscriptTokens(read.messages, countTokens));
  const compacted = await compact(read.messages, {
    budget,
    trigger,
    target,
    countTokens,
    state: reusable ? state?.compaction : undefined,
    // Given explicitly, so compaction's last resort (cut-kept-turns: a prefix cut into the turns these
    // protect) never runs here: a framework's current task can be several user messages (SWE-agent's
    // demonstration and issue), which that cut would split, and a drop-in has its own last resort —
    // eliding results for the request, which loses no turn.
    keepTurns: DEFAULT_KEEP_TURNS,
    keepFraction: DEFAULT_KEEP_FRACTION,
    ...(options.summarize ? { summarize: options.summarize } : {}),
    ...(options.toolNames ? { toolNames: options.toolNames } : {}),
  });
  let stored: readonly T[] = working;
  let storedRead = read;
  const removed = removedByCuts(compacted.stages);
  if (compacted.stages.length > 0) {
    stored = writeBack(working, read, compacted.messages, codec, removed);
    storedRead = codec.read(stored);
  }

  // 3. Live elision, for this request only, with hysteresis (see planElision).
  const keepLastResults = options.keepLastResults ?? DEFAULT_KEEP_LAST_RESULTS;
  // Stages before the cut rewrite messages in place, so the boundary still counts the same results; a
  // cut removes some, and the boundary starts afresh.
  const cutRan = removed.size > 0;
  const previousElided = reusable && !cutRan ? (state?.elided ?? 0) : 0;
  const { elision, elided } = planElision(storedRead.messages, {
    budget,
    trigger,
    target,
    keepLastResults,
    previousElided,
    countTokens,
  });
  const keep = countResults(storedRead.messages) - elided;
  const history =
    elision.elided.length > 0 ? writeBack(stored, storedRead, elision.messages, codec) : [...stored];

  // 4. System context first; the budget check.
  const tokensOut = systemTokens + elision.tokensAfter;
  const report: ContextReport = {
    budget: options.budget,
    tokensIn: tokensIn + reserved,
    tokensOut: tokensOut + reserved,
    withinBudget: tokensOut + reserved <= options.budget,
    systemTokens,
    reservedTokens: reserved,
    reusedMessages,
    stages: compacted.stages.map((stage) => ({
      stage: stage.stage,
      messages: stage.indices.length,
      tokensAfter: stage.tokensAfter,
    })),
    paused: compacted.state.paused,
    elidedResults: countElided(elision.messages),
    keptResults: keep,
    ratio,
  };
  options.onReport?.(report);
  const sent = [...systemNeutral, ...elision.messages];
  let trace: ContextState<T>['trace'];
  if (options.onTrace) {
    const traced = transcriptTrace(sent, countTokens, { toolTokens: reserved });
    const record = createTraceRecord(
      {
        source: extras.source ?? '@ctxkit/dropin-core',
        kind: 'chat',
        model: { name: extras.model ?? 'model', window: options.budget },
        tokenizer: {
          name: `${options.countTokens ? 'countTokens' : 'estimate'}${ratio === 1 ? '' : ` × ${ratio}`}`,
          exact: false,
        },
        budget: { window: options.budget, available: options.budget, used: report.tokensOut },
        messages: traced.messages,
        sections: traced.sections,
        compaction: compactionTrace(compacted, { budget, trigger, target }, report.elidedResults),
      },
      {
        ...(state?.trace ? { previous: state.trace } : {}),
        redact: options.traceRedact === true,
      },
    );
    trace = {
      seq: record.seq,
      messages: record.messages.map(({ role, tokens, hash }) => ({ role, tokens, hash })),
    };
    options.onTrace(record);
  }
  if (!report.withinBudget && (options.overBudget ?? 'throw') === 'throw')
    throw new ContextBudgetError(report);
  return {
    messages: [...systemMessages, ...history],
    report,
    state: {
      covered: input.length,
      fingerprint: keys.value(),
      messages: stored,
      compaction: compacted.state,
      elided,
      ...(trace ? { trace } : {}),
    },
    // What a provider's usage figure covers: the messages and whatever was reserved (tool definitions).
    uncalibratedTokens: (ratio === 1 ? tokensOut : countTranscriptTokens(sent, baseCount)) + reserved / ratio,
  };
}

function countElided(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) if (message.toolResult?.content === ELIDED_MARKER) count++;
  return count;
}

/** Inputs of {@link planElision}. */
interface ElisionPlanOptions {
  budget: number;
  trigger: number;
  target: number;
  keepLastResults: number;
  /** Results the previous request of this conversation elided (0 after a compaction or a new conversation). */
  previousElided: number;
  countTokens: CountTokens;
}

function countResults(messages: readonly Message[]): number {
  let count = 0;
  for (const message of messages) if (message.role === 'tool' && message.toolResult) count++;
  return count;
}

// Any positive fraction makes elideForRequest elide unconditionally: planElision has already decided.
const ALWAYS = Number.MIN_VALUE;

/**
 * How many of the oldest tool results to send elided. Sliding the keep window by one result on every
 * request would change the prompt a little earlier each time and cost the provider's cache from that
 * point on every call; instead the boundary stays where the previous request left it while the
 * request is within the trigger, and when it is not, it jumps far enough for the request to land at
 * `target` — the same trigger/target pair staged compaction uses, for the same reason. The last
 * `keepLastResults` stay verbatim unless only eliding them too fits the budget.
 */
export function planElision(
  messages: readonly Message[],
  options: ElisionPlanOptions,
): { elision: ElisionResult; elided: number } {
  const results = countResults(messages);
  const elide = (count: number): ElisionResult =>
    elideForRequest(messages, {
      window: options.budget,
      triggerFraction: count === 0 ? 1 : ALWAYS,
      keepLastResults: results - count,
      countTokens: options.countTokens,
    });
  // The smallest count in [low, high] whose request is within `limit` tokens (tokens fall as counts rise).
  const smallestWithin = (low: number, high: number, limit: number): number | undefined => {
    if (low > high || elide(high).tokensAfter > limit) return undefined;
    let lo = low;
    let hi = high;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (elide(mid).tokensAfter <= limit) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const floor = Math.min(options.previousElided, results);
  const current = elide(floor);
  if (current.tokensAfter <= options.trigger * options.budget) return { elision: current, elided: floor };
  const allowed = Math.max(floor, results - options.keepLastResults);
  const elided =
    smallestWithin(floor, allowed, options.target * options.budget) ??
    (elide(allowed).tokensAfter <= options.budget
      ? allowed
      : (smallestWithin(allowed, results, options.budget) ?? results));
  return { elision: elide(elided), elided };
}

/**
 * The input messages compaction's cuts removed: every stage that replaced a span with a summary
 * (`cut`, `cut-in-task`, `cut-kept-turns` today) reports a digest and the input indices of its span;
 * stages that rewrite in place report neither digest nor removal. Found by that shape rather than by
 * name, so a new kind of cut in `@ctxkit/compact` is written back too; {@link writeBack} checks that
 * the output is the input with exactly these gone and one summary per span kept.
 */
function removedByCuts(stages: readonly StageReport[]): Set<number> {
  const removed = new Set<number>();
  for (const stage of stages) if (stage.digest) for (const index of stage.indices) removed.add(index);
  return removed;
}
