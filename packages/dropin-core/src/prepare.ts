import {
  type CompactionResult,
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
import { type MessageCodec, type ReadMessages, writeBack } from './rewrite.js';

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
  // Read once: a calibration's ratio moves as the drop-in feeds it usage.
  const ratio = options.calibration?.ratio ?? 1;
  const baseCount = options.countTokens ?? estimateTokens;
  const countTokens = calibrated(baseCount, ratio);
  const trigger = options.trigger ?? DEFAULT_TRIGGER;
  const target = Math.min(options.target ?? DEFAULT_TARGET, trigger);
  const system = systemContext(codec, options, countTokens, extras.reservedTokens);
  const request: RequestContext<T> = {
    codec,
    options,
    countTokens,
    limits: { budget: system.budget, trigger, target },
  };

  // 1. The stored history stands in for the messages it covers when they are unchanged.
  const { reused, working, fingerprint } = reuseStoredHistory(input, codec, state);

  // 2. Staged compaction of the stored history. What came in is measured on the framework's own
  // messages, even where the stored history stands in for them.
  const read = codec.read(working);
  const tokensIn =
    system.tokens + countTranscriptTokens(reused ? codec.read(input).messages : read.messages, countTokens);
  const { compacted, stored, storedRead, removed } = await compactHistory(request, working, read, reused);

  // 3. Live elision, for this request only, with hysteresis (see planElision).
  // Stages before the cut rewrite messages in place, so the boundary still counts the same results; a
  // cut removes some, and the boundary starts afresh.
  const previousElided = reused && removed.size === 0 ? (reused.elided ?? 0) : 0;
  const live = elideForRequestOnly(request, stored, storedRead, previousElided);
  const { elision, elided } = live;

  // 4. System context first; the budget check.
  const tokensOut = system.tokens + elision.tokensAfter;
  const { reserved } = system;
  const report: ContextReport = {
    budget: options.budget,
    tokensIn: tokensIn + reserved,
    tokensOut: tokensOut + reserved,
    withinBudget: tokensOut + reserved <= options.budget,
    systemTokens: system.tokens,
    reservedTokens: reserved,
    reusedMessages: reused ? reused.messages.length : 0,
    stages: reportedStages(compacted.stages),
    paused: compacted.state.paused,
    elidedResults: countElided(elision.messages),
    keptResults: live.keptResults,
    ratio,
  };
  options.onReport?.(report);
  const sent = [...system.neutral, ...elision.messages];
  const trace = options.onTrace
    ? traceRequest(request, extras, state?.trace, sent, report, compacted)
    : undefined;
  if (!report.withinBudget && (options.overBudget ?? 'throw') === 'throw')
    throw new ContextBudgetError(report);
  return {
    messages: [...system.messages, ...live.history],
    report,
    state: {
      covered: input.length,
      fingerprint,
      messages: stored,
      compaction: compacted.state,
      elided,
      ...(trace ? { trace } : {}),
    },
    // What a provider's usage figure covers: the messages and whatever was reserved (tool definitions).
    uncalibratedTokens: (ratio === 1 ? tokensOut : countTranscriptTokens(sent, baseCount)) + reserved / ratio,
  };
}

/** What every step of one request reads: the codec, the caller's options and what was made of them. */
interface RequestContext<T> {
  codec: MessageCodec<T>;
  options: ContextOptions;
  /** The caller's counter (or the estimate), times the calibration ratio. */
  countTokens: CountTokens;
  /** The messages' share of the budget, and the trigger and target fractions of it. */
  limits: { budget: number; trigger: number; target: number };
}

/** The `system` context sent in front of every request, and what it and the tool definitions leave of the budget. */
interface SystemContext<T> {
  /** In the framework's form: none without a `system` option. */
  messages: T[];
  /** The same in the neutral form, for counting and tracing. */
  neutral: Message[];
  tokens: number;
  /** Tokens reserved outside the messages (tool definitions), a whole number ≥ 0. */
  reserved: number;
  /** What is left for the messages: always positive. */
  budget: number;
}

function systemContext<T>(
  codec: MessageCodec<T>,
  options: ContextOptions,
  countTokens: CountTokens,
  reservedTokens: number | undefined,
): SystemContext<T> {
  const messages = options.system === undefined ? [] : [codec.systemMessage(options.system)];
  const neutral: Message[] = options.system === undefined ? [] : [{ role: 'system', text: options.system }];
  const tokens = countTranscriptTokens(neutral, countTokens);
  const reserved = Math.max(0, Math.ceil(reservedTokens ?? 0));
  const budget = options.budget - tokens - reserved;
  if (budget <= 0) {
    throw new RangeError(
      `ctxkit: the system context (${tokens} tokens) and tool definitions (${reserved}) leave nothing of the budget of ${options.budget}`,
    );
  }
  return { messages, neutral, tokens, reserved, budget };
}

/** Step 1: whether the stored history still stands for the start of `input`, and what to compact. */
interface StoredHistoryReuse<T> {
  /** The stored state, when the framework's messages still start with the ones it covers. */
  reused: ContextState<T> | undefined;
  /** The stored history followed by the framework's newer messages; without reuse, the framework's messages. */
  working: readonly T[];
  /** Hash of all of `input`: what the next request is matched against. */
  fingerprint: string;
}

function reuseStoredHistory<T>(
  input: readonly T[],
  codec: MessageCodec<T>,
  state: ContextState<T> | undefined,
): StoredHistoryReuse<T> {
  // One pass over the keys: the hash of the covered prefix is read on the way to the whole input's.
  const keys = new Fingerprint();
  let reusable = false;
  for (let index = 0; index < input.length; index++) {
    if (state && index === state.covered) reusable = keys.value() === state.fingerprint;
    keys.add(codec.key(input[index] as T));
  }
  if (state && state.covered === input.length) reusable = keys.value() === state.fingerprint;
  if (!reusable || !state) return { reused: undefined, working: input, fingerprint: keys.value() };
  return {
    reused: state,
    working: [...state.messages, ...input.slice(state.covered)],
    fingerprint: keys.value(),
  };
}

/** Step 2's outcome: compaction's result and the history stored for the next request. */
interface CompactedHistory<T> {
  compacted: CompactionResult;
  /** The working history with compaction written back (the working history itself when no stage ran). */
  stored: readonly T[];
  /** `stored` read by the codec. */
  storedRead: ReadMessages;
  /** The input messages compaction's cuts removed (see {@link removedByCuts}). */
  removed: Set<number>;
}

/**
 * Step 2: staged compaction of `working` (`read` is its reading), written back into the framework's
 * form; it carries on from the `reused` state's compaction.
 */
async function compactHistory<T>(
  request: RequestContext<T>,
  working: readonly T[],
  read: ReadMessages,
  reused: ContextState<T> | undefined,
): Promise<CompactedHistory<T>> {
  const { codec, options, limits } = request;
  const compacted = await compact(read.messages, {
    budget: limits.budget,
    trigger: limits.trigger,
    target: limits.target,
    countTokens: request.countTokens,
    state: reused?.compaction,
    // Given explicitly, so compaction's last resort (cut-kept-turns: a prefix cut into the turns these
    // protect) never runs here: a framework's current task can be several user messages (SWE-agent's
    // demonstration and issue), which that cut would split, and a drop-in has its own last resort —
    // eliding results for the request, which loses no turn.
    keepTurns: DEFAULT_KEEP_TURNS,
    keepFraction: DEFAULT_KEEP_FRACTION,
    ...(options.summarize ? { summarize: options.summarize } : {}),
    ...(options.toolNames ? { toolNames: options.toolNames } : {}),
  });
  const removed = removedByCuts(compacted.stages);
  if (compacted.stages.length === 0) return { compacted, stored: working, storedRead: read, removed };
  const stored = writeBack(working, read, compacted.messages, codec, removed);
  return { compacted, stored, storedRead: codec.read(stored), removed };
}

/** Step 3's outcome: the stored history as this request sends it. */
interface ElidedHistory<T> {
  elision: ElisionResult;
  /** How many of the oldest tool results are sent elided: where the next request's boundary starts. */
  elided: number;
  /** How many of the latest tool results are sent verbatim. */
  keptResults: number;
  /** The framework's form of `elision.messages`. */
  history: T[];
}

/** Step 3: the oldest `stored` tool results elided for this request only (see {@link planElision}). */
function elideForRequestOnly<T>(
  request: RequestContext<T>,
  stored: readonly T[],
  storedRead: ReadMessages,
  previousElided: number,
): ElidedHistory<T> {
  const { elision, elided } = planElision(storedRead.messages, {
    ...request.limits,
    keepLastResults: request.options.keepLastResults ?? DEFAULT_KEEP_LAST_RESULTS,
    previousElided,
    countTokens: request.countTokens,
  });
  const keptResults = countResults(storedRead.messages) - elided;
  const history =
    elision.elided.length > 0 ? writeBack(stored, storedRead, elision.messages, request.codec) : [...stored];
  return { elision, elided, keptResults, history };
}

/**
 * Step 4's trace: passes the record of the request `sent` (neutral messages, the system context
 * first) to `onTrace` and returns what of it the next request's record is measured against
 * (`previous` is the last request's).
 */
function traceRequest(
  request: RequestContext<unknown>,
  extras: PrepareExtras,
  previous: ContextState<unknown>['trace'],
  sent: readonly Message[],
  report: ContextReport,
  compacted: CompactionResult,
): Pick<TraceRecord, 'seq' | 'messages'> {
  const { options } = request;
  const traced = transcriptTrace(sent, request.countTokens, { toolTokens: report.reservedTokens });
  const record = createTraceRecord(
    {
      source: extras.source ?? '@ctxkit/dropin-core',
      kind: 'chat',
      model: { name: extras.model ?? 'model', window: options.budget },
      tokenizer: {
        name: `${options.countTokens ? 'countTokens' : 'estimate'}${report.ratio === 1 ? '' : ` × ${report.ratio}`}`,
        exact: false,
      },
      budget: { window: options.budget, available: options.budget, used: report.tokensOut },
      messages: traced.messages,
      sections: traced.sections,
      compaction: compactionTrace(compacted, request.limits, report.elidedResults),
    },
    {
      ...(previous ? { previous } : {}),
      redact: options.traceRedact === true,
    },
  );
  // Copied before the caller sees the record, which it may keep and change.
  const trace = {
    seq: record.seq,
    messages: record.messages.map(({ role, tokens, hash }) => ({ role, tokens, hash })),
  };
  options.onTrace?.(record);
  return trace;
}

/** The report's line per compaction stage: how many messages it touched and the tokens after it. */
function reportedStages(stages: readonly StageReport[]): ContextReport['stages'] {
  return stages.map((stage) => ({
    stage: stage.stage,
    messages: stage.indices.length,
    tokensAfter: stage.tokensAfter,
  }));
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
