// `pnpm bench compact [--fixtures DIR] [--window-fraction F] [--keep N] [--runs N]`: replay real agent
// transcripts request by request under several context strategies, side by side in one run, and time
// compaction of a 10,000-message transcript.
//
// Per strategy: final request tokens, requests over the window, requests a provider would reject
// (OpenAI / Anthropic pairing and alternation rules), whether the current task (latest user message)
// survived, prefix reuse (share of each request's tokens that is a byte-identical leading run of the
// previous request's messages — what a prompt cache can reuse), and billed input tokens with cached
// tokens at 10%.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  CACHE_PRICES,
  type CachePrices,
  type CompactionState,
  compact,
  countTranscriptTokens,
  elideForRequest,
  findLatestUserIndex,
  findRecencyStart,
  fromAiSdk,
  fromOpenAI,
  type Message,
  toAiSdk,
  validate,
} from '@ctxkit/compact';
import { estimateTokens } from '@ctxkit/tokenize';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  trimMessages,
} from '@langchain/core/messages';
import { type ModelMessage, pruneMessages } from 'ai';
import { exactTokenCounter, median, percent, SWE_AGENT_FIXTURES } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench compact [--fixtures DIR] [--window-fraction F] [--keep N] [--runs N]

Replays every transcript in DIR (OpenAI chat-completions JSON arrays; default: the SWE-agent fixtures
of @ctxkit/compact) request by request with a window of F (default 0.5) times the full transcript's
tokens (at least 1.5 × its system prompt and task), under each strategy; then times compact() on a 10,000-message transcript (median of N runs).
`;

/** The flat model of earlier runs: cached input at 10% of uncached, no write premium. */
const FLAT_PRICES: CachePrices = { cacheWrite: 1, cacheRead: 0.1 };
/** Price models the billed columns use: the flat one, then each provider's published ratios. */
const PRICE_MODELS: { name: string; prices: CachePrices }[] = [
  { name: 'cached 10%', prices: FLAT_PRICES },
  { name: 'Anthropic', prices: CACHE_PRICES.anthropic },
  { name: 'OpenAI', prices: CACHE_PRICES.openai },
];
/** minSavings of the clear-at-least variant, as a share of the window. */
const MIN_SAVINGS_FRACTION = 0.2;
/** Issue target: compacting a 10,000-message transcript takes under 50 ms. */
const TARGET_TIMING_MS = 50;
const LONG_TRANSCRIPT_MESSAGES = 10_000;
/** Two regimes: a tight window (compaction every few steps) and a roomy one (compaction now and then). */
const DEFAULT_WINDOW_FRACTIONS = '0.5,0.8';
/** SWE-agent's default observation masking keeps the last 5 observations. */
const DEFAULT_KEEP = 5;
const DEFAULT_RUNS = 15;
const TRIGGER = 0.8;

type CountTokens = (text: string) => number;

/** A strategy turns the agent's full history so far into the request it sends. Stateful ones keep their own store. */
interface Strategy {
  name: string;
  /** Called once per transcript. */
  start(): StrategyRun;
}
interface StrategyRun {
  request(history: readonly Message[]): Promise<readonly Message[]>;
}

interface Options {
  window: number;
  keep: number;
  countTokens: CountTokens;
}

/** Per compaction a staged strategy ran: what it re-wrote in the cache, and its Anthropic break-even. */
interface CompactionLog {
  invalidated: number[];
  breakEven: number[];
}

function noneStrategy(): Strategy {
  return { name: 'none (full history)', start: () => ({ request: async (history) => history }) };
}

function elisionStrategy(options: Options): Strategy {
  return {
    name: 'ctxkit elideForRequest',
    start: () => ({
      request: async (history) =>
        elideForRequest(history, { window: options.window, countTokens: options.countTokens }).messages,
    }),
  };
}

// A harness that stores its transcript and compacts the store before a request when it is over the trigger.
function stagedStrategy(
  options: Options,
  withElision: boolean,
  log: CompactionLog,
  minSavings?: number,
): Strategy {
  const name = withElision
    ? 'ctxkit compact + elide'
    : minSavings === undefined
      ? 'ctxkit compact (staged)'
      : `ctxkit compact (minSavings ${MIN_SAVINGS_FRACTION}×)`;
  return {
    name,
    start: () => {
      let stored: Message[] = [];
      let seen = 0;
      let state: CompactionState | undefined;
      return {
        async request(history) {
          stored = [...stored, ...history.slice(seen)];
          seen = history.length;
          const result = await compact(stored, {
            budget: options.window,
            countTokens: options.countTokens,
            state,
            ...(minSavings === undefined ? {} : { minSavings }),
          });
          if (result.cache) {
            log.invalidated.push(result.cache.invalidatedTokens);
            log.breakEven.push(result.cache.breakEvenRequests);
          }
          state = result.state;
          stored = [...result.messages];
          return withElision
            ? elideForRequest(stored, { window: options.window, countTokens: options.countTokens }).messages
            : stored;
        },
      };
    },
  };
}

function toLangChain(messages: readonly Message[]): BaseMessage[] {
  return messages.map((message) => {
    if (message.role === 'system') return new SystemMessage(message.text ?? '');
    if (message.role === 'user') return new HumanMessage(message.text ?? '');
    if (message.role === 'tool') {
      return new ToolMessage({
        content: message.toolResult?.content ?? '',
        tool_call_id: message.toolResult?.callId ?? '',
      });
    }
    return new AIMessage({
      content: message.text ?? '',
      tool_calls: (message.toolCalls ?? []).map((call) => ({
        id: call.id,
        name: call.name,
        args: (typeof call.input === 'object' && call.input !== null
          ? call.input
          : { input: call.input }) as Record<string, unknown>,
      })),
    });
  });
}

function fromLangChain(messages: readonly BaseMessage[]): Message[] {
  return messages.map((message): Message => {
    const text = typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
    if (message instanceof SystemMessage) return { role: 'system', text };
    if (message instanceof ToolMessage)
      return { role: 'tool', toolResult: { callId: message.tool_call_id, content: text } };
    if (message instanceof AIMessage) {
      const out: Message = { role: 'assistant', text };
      const calls = message.tool_calls ?? [];
      if (calls.length > 0)
        out.toolCalls = calls.map((call) => ({ id: call.id ?? '', name: call.name, input: call.args }));
      return out;
    }
    return { role: 'user', text };
  });
}

function langChainStrategy(options: Options, startOnHuman: boolean): Strategy {
  const countMessages = (messages: BaseMessage[]) =>
    messages.reduce((sum, message) => {
      const calls = message instanceof AIMessage ? JSON.stringify(message.tool_calls ?? []) : '';
      return (
        sum +
        4 +
        options.countTokens(
          `${typeof message.content === 'string' ? message.content : JSON.stringify(message.content)}${calls}`,
        )
      );
    }, 0);
  return {
    name: startOnHuman ? 'LangChain trimMessages' : 'LangChain trimMessages (no startOn)',
    start: () => ({
      async request(history) {
        // The documented chat-history setup: keep the most recent messages that fit, system kept,
        // history starting on a human message (or, as often written, without startOn).
        const trimmed = await trimMessages(toLangChain(history), {
          maxTokens: options.window,
          strategy: 'last',
          tokenCounter: countMessages,
          includeSystem: true,
          ...(startOnHuman ? { startOn: 'human' as const } : {}),
        });
        // When no human message fits, trimMessages (with startOn) returns [undefined]: count what is left.
        return fromLangChain(trimmed.filter((message): message is BaseMessage => message !== undefined));
      },
    }),
  };
}

function pruneStrategy(options: Options): Strategy {
  return {
    name: 'AI SDK pruneMessages',
    start: () => ({
      async request(history) {
        if (countTranscriptTokens(history, options.countTokens) <= TRIGGER * options.window) return history;
        // The AI SDK's documented prepareStep pruning: drop reasoning and tool traffic from older messages.
        const pruned = pruneMessages({
          messages: toAiSdk(history) as ModelMessage[],
          reasoning: 'before-last-message',
          toolCalls: 'before-last-2-messages',
          emptyMessages: 'remove',
        });
        return fromAiSdk(pruned);
      },
    }),
  };
}

// SWE-agent's last-N observation masking: every observation but the last N is replaced by a line count.
function maskingStrategy(options: Options): Strategy {
  return {
    name: `SWE-agent keep-last-${options.keep} masking`,
    start: () => ({
      async request(history) {
        const firstUser = history.findIndex((message) => message.role === 'user');
        const observations: number[] = [];
        history.forEach((message, index) => {
          if (message.role === 'tool' || (message.role === 'user' && index !== firstUser))
            observations.push(index);
        });
        const masked = new Set(observations.slice(0, Math.max(0, observations.length - options.keep)));
        return history.map((message, index) => {
          if (!masked.has(index)) return message;
          const content = message.toolResult?.content ?? message.text ?? '';
          const replacement = `Old environment output: (${content.split('\n').length} lines omitted)`;
          return message.toolResult
            ? { ...message, toolResult: { ...message.toolResult, content: replacement } }
            : { ...message, text: replacement };
        });
      },
    }),
  };
}

interface Totals {
  requests: number;
  finalTokens: number;
  overWindow: number;
  /** Requests over the window although the protected parts (system, task, recency window) fit it. */
  overWindowAvoidable: number;
  invalidOpenAI: number;
  invalidAnthropic: number;
  taskLost: number;
  inputTokens: number;
  reusedTokens: number;
  /** Tokens of requests after the first, the denominator of prefix reuse. */
  laterTokens: number;
  /** Billed input-equivalent tokens per price model (same order as PRICE_MODELS). */
  billed: number[];
  /** provider:kind → count, for the violations a strategy introduced. */
  violationKinds: Record<string, number>;
}

function emptyTotals(): Totals {
  return {
    requests: 0,
    finalTokens: 0,
    overWindow: 0,
    overWindowAvoidable: 0,
    invalidOpenAI: 0,
    invalidAnthropic: 0,
    taskLost: 0,
    inputTokens: 0,
    reusedTokens: 0,
    laterTokens: 0,
    billed: PRICE_MODELS.map(() => 0),
    violationKinds: {},
  };
}

/** What no strategy should drop: the system prompt, the latest user message and the last 3 model turns. */
function protectedTokens(history: readonly Message[], countMessage: (message: Message) => number): number {
  const latestUser = findLatestUserIndex(history);
  const recencyStart = findRecencyStart(history);
  let total = 0;
  history.forEach((message, index) => {
    if (message.role === 'system' || index === latestUser || index >= recencyStart)
      total += countMessage(message);
  });
  return total;
}

/** Requests are made before every assistant message: the history up to it. */
function requestPoints(messages: readonly Message[]): number[] {
  const points: number[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'assistant') points.push(index);
  });
  return points;
}

async function replay(
  transcript: readonly Message[],
  strategy: Strategy,
  window: number,
  countMessage: (message: Message) => number,
  totals: Totals,
): Promise<void> {
  const run = strategy.start();
  let previousKeys: string[] = [];
  let last = 0;
  const points = requestPoints(transcript);
  for (const [at, point] of points.entries()) {
    const history = transcript.slice(0, point);
    const request = await run.request(history);
    const keys = request.map((message) => JSON.stringify(message));
    const sizes = request.map(countMessage);
    const tokens = sizes.reduce((sum, value) => sum + value, 0);
    let reused = 0;
    for (
      let index = 0;
      index < keys.length && index < previousKeys.length && keys[index] === previousKeys[index];
      index++
    ) {
      reused += sizes[index] as number;
    }
    totals.requests++;
    totals.inputTokens += tokens;
    if (at > 0) {
      totals.laterTokens += tokens;
      totals.reusedTokens += reused;
    }
    PRICE_MODELS.forEach(({ prices }, at) => {
      totals.billed[at] =
        (totals.billed[at] as number) + (tokens - reused) * prices.cacheWrite + reused * prices.cacheRead;
    });
    if (tokens > window) {
      totals.overWindow++;
      if (protectedTokens(history, countMessage) <= window) totals.overWindowAvoidable++;
    }
    // Only breakage the strategy introduced counts: some real histories are already invalid for a
    // provider (SWE-agent's replays reuse call ids, which Anthropic rejects).
    for (const provider of ['openai', 'anthropic'] as const) {
      const violations = validate(request, provider);
      if (violations.length === 0 || validate(history, provider).length > 0) continue;
      if (provider === 'openai') totals.invalidOpenAI++;
      else totals.invalidAnthropic++;
      for (const violation of violations) {
        const key = `${provider}:${violation.kind}`;
        totals.violationKinds[key] = (totals.violationKinds[key] ?? 0) + 1;
      }
    }
    const latestUser = history[findLatestUserIndex(history)];
    if (latestUser && !request.some((message) => JSON.stringify(message) === JSON.stringify(latestUser)))
      totals.taskLost++;
    previousKeys = keys;
    last = tokens;
  }
  totals.finalTokens += last;
}

/** A long transcript built from the fixtures' turns, ids made unique, a user turn every ~20 messages. */
function buildLongTranscript(transcripts: readonly Message[][], size: number): Message[] {
  const out: Message[] = [{ role: 'system', text: 'You are a coding agent.' }];
  let round = 0;
  while (out.length < size) {
    for (const transcript of transcripts) {
      const body = transcript.filter((message) => message.role !== 'system');
      for (const message of body) {
        if (out.length >= size) break;
        if (message.role === 'assistant' && message.toolCalls) {
          out.push({
            ...message,
            toolCalls: message.toolCalls.map((call) => ({ ...call, id: `${call.id}-${round}` })),
          });
        } else if (message.toolResult) {
          out.push({
            ...message,
            toolResult: { ...message.toolResult, callId: `${message.toolResult.callId}-${round}` },
          });
        } else {
          out.push(message);
        }
      }
      round++;
    }
  }
  // Never end inside a tool block: drop trailing messages until the transcript is valid.
  while (out.length > 1 && validate(out, 'openai').length > 0) out.pop();
  return out;
}

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

interface StrategyRow {
  strategy: string;
  requests: number;
  finalTokens: number;
  overWindow: number;
  overWindowAvoidable: number;
  invalidOpenAI: number;
  invalidAnthropic: number;
  taskLost: number;
  inputTokens: number;
  prefixReuse: number;
  /** Billed input-equivalent tokens per price model (same order as PRICE_MODELS). */
  billedTokens: number[];
  violationKinds: Record<string, number>;
  /** Staged strategies: compactions run, tokens they re-wrote in the cache, median Anthropic break-even. */
  compactions?: { count: number; invalidatedTokens: number; medianBreakEven: number };
}

interface Comparison {
  windowFraction: number;
  transcripts: { transcript: string; messages: number; tokens: number; window: number }[];
  rows: StrategyRow[];
}

/** Replay every transcript under every strategy with windows of `windowFraction` of its size. */
async function compareStrategies(
  names: readonly string[],
  transcripts: readonly Message[][],
  windowFraction: number,
  keep: number,
  countTokens: CountTokens,
): Promise<Comparison> {
  const countMessage = (message: Message) => countTranscriptTokens([message], countTokens);
  const strategyNames: string[] = [];
  const totalsByStrategy = new Map<string, Totals>();
  const logs = new Map<string, CompactionLog>();
  const perTranscript: Comparison['transcripts'] = [];
  for (const [index, transcript] of transcripts.entries()) {
    const tokens = countTranscriptTokens(transcript, countTokens);
    // The system prompt and the task are never dropped by a well-behaved strategy, so the window is
    // at least half again their size; otherwise no strategy could fit and the comparison says nothing.
    const firstUser = transcript.findIndex((message) => message.role === 'user');
    const head = countTranscriptTokens(
      transcript.filter((message, at) => message.role === 'system' || at === firstUser),
      countTokens,
    );
    const window = Math.max(Math.round(head * 1.5), Math.round(tokens * windowFraction));
    perTranscript.push({ transcript: names[index] as string, messages: transcript.length, tokens, window });
    const options: Options = { window, keep, countTokens };
    const logFor = (name: string) => {
      let log = logs.get(name);
      if (!log) {
        log = { invalidated: [], breakEven: [] };
        logs.set(name, log);
      }
      return log;
    };
    const strategies = [
      noneStrategy(),
      elisionStrategy(options),
      stagedStrategy(options, false, logFor('ctxkit compact (staged)')),
      stagedStrategy(
        options,
        false,
        logFor(`ctxkit compact (minSavings ${MIN_SAVINGS_FRACTION}×)`),
        Math.round(MIN_SAVINGS_FRACTION * window),
      ),
      stagedStrategy(options, true, logFor('ctxkit compact + elide')),
      langChainStrategy(options, true),
      langChainStrategy(options, false),
      pruneStrategy(options),
      maskingStrategy(options),
    ];
    for (const strategy of strategies) {
      if (!totalsByStrategy.has(strategy.name)) {
        totalsByStrategy.set(strategy.name, emptyTotals());
        strategyNames.push(strategy.name);
      }
      await replay(transcript, strategy, window, countMessage, totalsByStrategy.get(strategy.name) as Totals);
    }
  }
  const rows = strategyNames.map((name): StrategyRow => {
    const totals = totalsByStrategy.get(name) as Totals;
    const row: StrategyRow = {
      strategy: name,
      requests: totals.requests,
      finalTokens: totals.finalTokens,
      overWindow: totals.overWindow,
      overWindowAvoidable: totals.overWindowAvoidable,
      invalidOpenAI: totals.invalidOpenAI,
      invalidAnthropic: totals.invalidAnthropic,
      taskLost: totals.taskLost,
      inputTokens: totals.inputTokens,
      prefixReuse: totals.laterTokens === 0 ? 0 : totals.reusedTokens / totals.laterTokens,
      billedTokens: totals.billed.map(Math.round),
      violationKinds: Object.fromEntries(Object.entries(totals.violationKinds).sort()),
    };
    const log = logs.get(name);
    if (log) {
      row.compactions = {
        count: log.invalidated.length,
        invalidatedTokens: log.invalidated.reduce((sum, value) => sum + value, 0),
        medianBreakEven: median(log.breakEven),
      };
    }
    return row;
  });
  return { windowFraction, transcripts: perTranscript, rows };
}

const COLUMNS = [
  'strategy',
  'final tokens',
  'over window',
  'over (protected fits)',
  'made invalid (OpenAI)',
  'made invalid (Anthropic)',
  'task lost',
  'prefix reuse',
  'billed (cached 10%)',
  ...PRICE_MODELS.map((model) => `${model.name} vs none`),
  'compactions / re-written / break-even',
];

function tableRows(rows: readonly StrategyRow[]): string[][] {
  const baseline = rows[0]?.billedTokens ?? [];
  return rows.map((row) => [
    row.strategy,
    format(row.finalTokens),
    `${row.overWindow}/${row.requests}`,
    `${row.overWindowAvoidable}/${row.requests}`,
    `${row.invalidOpenAI}/${row.requests}`,
    `${row.invalidAnthropic}/${row.requests}`,
    `${row.taskLost}/${row.requests}`,
    percent(row.prefixReuse),
    format(row.billedTokens[0] ?? 0),
    ...row.billedTokens.map((billed, at) => `${(billed / (baseline[at] || 1)).toFixed(2)}×`),
    row.compactions
      ? `${row.compactions.count} / ${format(row.compactions.invalidatedTokens)} / ${row.compactions.medianBreakEven}`
      : '',
  ]);
}

function writeTable(rows: readonly string[][]): void {
  const widths = COLUMNS.map((column, at) =>
    Math.max(column.length, ...rows.map((row) => String(row[at]).length)),
  );
  process.stdout.write(`${COLUMNS.map((column, at) => column.padEnd(widths[at] as number)).join('  ')}\n`);
  for (const row of rows) {
    process.stdout.write(`${row.map((cell, at) => String(cell).padEnd(widths[at] as number)).join('  ')}\n`);
  }
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      fixtures: { type: 'string' },
      'window-fraction': { type: 'string' },
      keep: { type: 'string' },
      runs: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const directory = resolve(values.fixtures ?? SWE_AGENT_FIXTURES);
  const windowFractions = (values['window-fraction'] ?? DEFAULT_WINDOW_FRACTIONS).split(',').map(Number);
  const keep = Number(values.keep ?? DEFAULT_KEEP);
  const runs = Number(values.runs ?? DEFAULT_RUNS);
  if (!windowFractions.every((fraction) => fraction > 0 && fraction <= 1) || !(keep >= 0) || !(runs >= 1)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const names = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const transcripts = names.map((name) =>
    fromOpenAI(JSON.parse(readFileSync(join(directory, name), 'utf8'))),
  );

  const countTokens = exactTokenCounter();

  const out = process.stdout;
  out.write(`compact: ${transcripts.length} transcripts from ${directory}\n`);
  out.write(
    'requests before every assistant message; tokens are o200k_base; billed input-equivalent tokens: uncached at cache-write price, cached at cache-read price\n' +
      `price models: ${PRICE_MODELS.map((model) => `${model.name} (write ${model.prices.cacheWrite}, read ${model.prices.cacheRead})`).join(', ')}; break-even in requests at Anthropic prices\n`,
  );
  const comparisons: Comparison[] = [];
  for (const fraction of windowFractions) {
    const comparison = await compareStrategies(names, transcripts, fraction, keep, countTokens);
    comparisons.push(comparison);
    out.write(`\nwindow = ${fraction} × each transcript's tokens (at least 1.5 × system prompt + task)\n`);
    writeTable(tableRows(comparison.rows));
  }

  // Timing: compact() and elideForRequest() on a 10,000-message transcript, against a JSON round trip
  // of the same transcript as the machine-speed yardstick.
  const long = buildLongTranscript(transcripts, LONG_TRANSCRIPT_MESSAGES);
  const longTokens = countTranscriptTokens(long, estimateTokens);
  const budget = Math.round(longTokens / 1.5);
  const compactTimes: number[] = [];
  // CPU time as well as wall time: on a loaded machine the wall clock measures the neighbours too.
  const compactCpuTimes: number[] = [];
  const elideTimes: number[] = [];
  const jsonTimes: number[] = [];
  let longResult: Awaited<ReturnType<typeof compact>> | undefined;
  for (let index = 0; index < runs; index++) {
    let started = performance.now();
    const cpu = process.cpuUsage();
    longResult = await compact(long, { budget });
    compactTimes.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    compactCpuTimes.push((used.user + used.system) / 1000);
    started = performance.now();
    elideForRequest(long, { window: budget });
    elideTimes.push(performance.now() - started);
    started = performance.now();
    JSON.parse(JSON.stringify(long));
    jsonTimes.push(performance.now() - started);
  }
  const compactMs = median(compactTimes);
  const compactCpuMs = median(compactCpuTimes);
  const elideMs = median(elideTimes);
  const jsonMs = median(jsonTimes);
  // Valid in, valid out, per provider (the long transcript inherits the replays' reused ids).
  const longValid = (['openai', 'anthropic', 'ai-sdk'] as const).every(
    (provider) =>
      validate(long, provider).length > 0 || validate(longResult?.messages ?? [], provider).length === 0,
  );
  out.write(
    `\n10,000-message compaction: ${long.length} messages, ${format(longTokens)} tokens (estimate), budget ${format(budget)}, median of ${runs}\n` +
      `  compact()        ${compactMs.toFixed(1)} ms wall, ${compactCpuMs.toFixed(1)} ms CPU (target < ${TARGET_TIMING_MS} ms — wall: ${compactMs < TARGET_TIMING_MS ? 'met' : 'missed'}, CPU: ${compactCpuMs < TARGET_TIMING_MS ? 'met' : 'missed'}; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores), ${(compactMs / jsonMs).toFixed(2)}× a JSON round trip of it (${jsonMs.toFixed(1)} ms)\n` +
      `  elideForRequest  ${elideMs.toFixed(1)} ms; valid in → valid out: ${longValid}; ${format(longResult?.before ?? 0)} → ${format(longResult?.after ?? 0)} tokens\n`,
  );

  const first = comparisons[0];
  const ours = first?.rows.filter((row) => row.strategy.startsWith('ctxkit')) ?? [];
  const report: ReportSection = {
    title: 'Transcript compaction (real SWE-agent transcripts)',
    headline: [
      {
        label: 'requests made invalid (ours)',
        value: String(
          comparisons
            .flatMap((comparison) => comparison.rows)
            .filter((row) => row.strategy.startsWith('ctxkit'))
            .reduce((sum, row) => sum + row.invalidOpenAI + row.invalidAnthropic, 0),
        ),
      },
      { label: 'task lost (ours)', value: String(ours.reduce((sum, row) => sum + row.taskLost, 0)) },
      {
        label: '10k-message compact()',
        value: `${compactMs.toFixed(1)} ms (${(compactMs / jsonMs).toFixed(2)}× JSON round trip)`,
      },
    ],
    tables: [
      ...comparisons.map((comparison) => ({
        title: `Strategies side by side, window ${comparison.windowFraction} × transcript`,
        columns: COLUMNS,
        rows: tableRows(comparison.rows),
      })),
      {
        title: 'Transcripts',
        columns: [
          'transcript',
          'messages',
          'tokens',
          ...comparisons.map((comparison) => `window @${comparison.windowFraction}`),
        ],
        rows: (first?.transcripts ?? []).map((row, at) => [
          row.transcript,
          row.messages,
          format(row.tokens),
          ...comparisons.map((comparison) => format(comparison.transcripts[at]?.window ?? 0)),
        ]),
      },
    ],
    charts: comparisons.map((comparison) => ({
      kind: 'bar' as const,
      title: `Prefix reuse by strategy (window ${comparison.windowFraction})`,
      unit: '%',
      categories: comparison.rows.map((row) => row.strategy),
      series: [
        {
          name: 'prefix reuse',
          values: comparison.rows.map((row) => Math.round(row.prefixReuse * 1000) / 10),
        },
      ],
    })),
  };
  const path = writeResults({
    bench: 'compact',
    machine: machineInfo(),
    report,
    keep,
    comparisons,
    timing: {
      messages: long.length,
      tokens: longTokens,
      budget,
      compactMs,
      elideMs,
      jsonMs,
      runs,
      valid: longValid,
    },
  });
  out.write(`results: ${path}\n`);
  return 0;
}

/** Compaction strategies replayed on real transcripts, and 10k-message compaction time. */
export const compactBench: Bench = {
  usage: USAGE,
  description:
    'Compaction strategies on real SWE-agent transcripts: tokens, validity, prefix reuse, cost; 10k-message timing',
  run,
};
