// `pnpm bench frameworks [--window-fraction F]`: the framework drop-ins against each framework's own
// answer, inside the frameworks' real loops. Six real SWE-agent runs are replayed (the model's recorded
// turns come back from a scripted model, the recorded observations from the tools) through
//   - the AI SDK's generateText tool loop: ctxkit contextMiddleware vs pruneMessages in prepareStep;
//   - LangChain's createAgent: ctxkit contextMiddleware vs trimMessages in a wrapModelCall middleware
//     and vs summarizationMiddleware with a scripted summarizer;
//   - the OpenAI Agents SDK Runner: ctxkit contextInputFilter vs the default (no filter).
// Measured on what the model received at every call: tokens (o200k_base), calls over the window, calls
// a provider would reject (OpenAI / Anthropic rules), the task lost, prefix reuse, billed tokens.
import { parseArgs } from 'node:util';
import { contextMiddleware as aiSdkMiddleware, readPrompt } from '@ctxkit/ai-sdk';
import { countTranscriptTokens, findLatestUserIndex, type Message, validate } from '@ctxkit/compact';
import { loadTrajectories, type Trajectory } from '@ctxkit/dropin-core/testing/trajectories';
import { contextMiddleware as langChainMiddleware, readMessages } from '@ctxkit/langchain';
import { contextInputFilter, readItems } from '@ctxkit/openai-agents';
import { AIMessage, type BaseMessage, HumanMessage, trimMessages } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { tool as langChainTool } from '@langchain/core/tools';
import {
  Agent,
  type AgentInputItem,
  tool as agentsTool,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  Usage,
} from '@openai/agents';
import {
  generateText,
  jsonSchema,
  type ModelMessage,
  pruneMessages,
  stepCountIs,
  type ToolSet,
  tool,
  wrapLanguageModel,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createAgent, createMiddleware, summarizationMiddleware } from 'langchain';
import { z } from 'zod';
import { exactTokenCounter, SWE_AGENT_FIXTURES } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench frameworks [--window-fraction F[,F…]]

Replays the SWE-agent fixtures of @ctxkit/compact through the AI SDK, LangChain and the OpenAI Agents SDK,
with a window of F (default 0.5,0.8) times each transcript's tokens (at least 1.5 × its system prompt
and task, as in \`pnpm bench compact\`), ctxkit's drop-in beside each framework's own answer.
`;

const DEFAULT_WINDOW_FRACTIONS = '0.5,0.8';
/** The SWE-agent transcripts the compact bench replays too. */
/** Cached input tokens are billed at this share of uncached ones (Anthropic and OpenAI both use ~10%). */
const CACHED_PRICE = 0.1;
/** The trigger the compact bench applies pruneMessages at, and summarizationMiddleware's trigger here. */
const TRIGGER = 0.8;
/** LangChain's summarization docs keep the last 20 messages. */
const SUMMARY_KEEP_MESSAGES = 20;

type CountTokens = (text: string) => number;

/** One strategy: replays a transcript through its framework and returns what the model received, per call. */
interface Strategy {
  framework: 'AI SDK' | 'LangChain' | 'OpenAI Agents';
  name: string;
  run(trajectory: Trajectory, window: number, countTokens: CountTokens): Promise<Message[][]>;
}

function recordedResults(trajectory: Trajectory): Record<string, string> {
  return Object.assign({}, ...trajectory.steps.map((step) => step.results)) as Record<string, string>;
}

// --- AI SDK ---------------------------------------------------------------------------------------

function aiSdkModel(trajectory: Trajectory): MockLanguageModelV3 {
  const usage = {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
  const model: MockLanguageModelV3 = new MockLanguageModelV3({
    doGenerate: async () => {
      const step = trajectory.steps[model.doGenerateCalls.length - 1];
      if (!step)
        return {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        };
      return {
        content: [
          ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
          ...step.calls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: JSON.stringify(call.input),
          })),
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
  return model;
}

async function runAiSdk(
  trajectory: Trajectory,
  wrap: (model: MockLanguageModelV3) => Parameters<typeof generateText>[0]['model'],
  prepareStep?: (options: { messages: ModelMessage[] }) => Promise<{ messages?: ModelMessage[] }>,
): Promise<Message[][]> {
  const results = recordedResults(trajectory);
  const model = aiSdkModel(trajectory);
  await generateText({
    model: wrap(model),
    system: trajectory.system,
    messages: trajectory.task.map((text): ModelMessage => ({ role: 'user', content: text })),
    tools: Object.fromEntries(
      trajectory.tools.map((name) => [
        name,
        tool({
          inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', additionalProperties: true }),
          execute: async (_input, { toolCallId }) => results[toolCallId] ?? '',
        }),
      ]),
    ) as ToolSet,
    stopWhen: stepCountIs(trajectory.steps.length + 1),
    ...(prepareStep ? { prepareStep } : {}),
  });
  return model.doGenerateCalls.map((call) => readPrompt(call.prompt).messages);
}

const aiSdkStrategies: Strategy[] = [
  {
    framework: 'AI SDK',
    name: 'none (full history)',
    run: (trajectory) => runAiSdk(trajectory, (model) => model),
  },
  {
    framework: 'AI SDK',
    name: 'pruneMessages in prepareStep',
    // The SDK's documented pruning (drop reasoning and tool traffic of older messages), past the trigger.
    run: (trajectory, window, countTokens) =>
      runAiSdk(
        trajectory,
        (model) => model,
        async ({ messages }) => {
          const neutral = readPrompt([
            { role: 'system', content: trajectory.system },
            ...(messages as never[]),
          ]).messages;
          if (countTranscriptTokens(neutral, countTokens) <= TRIGGER * window) return {};
          return {
            messages: pruneMessages({
              messages,
              reasoning: 'before-last-message',
              toolCalls: 'before-last-2-messages',
              emptyMessages: 'remove',
            }),
          };
        },
      ),
  },
  {
    framework: 'AI SDK',
    name: 'ctxkit contextMiddleware',
    run: (trajectory, window, countTokens) =>
      runAiSdk(trajectory, (model) =>
        wrapLanguageModel({
          model,
          middleware: aiSdkMiddleware({ budget: window, countTokens, countTools: false, overBudget: 'send' }),
        }),
      ),
  },
];

// --- LangChain ------------------------------------------------------------------------------------

async function runLangChain(
  trajectory: Trajectory,
  middleware: (countMessages: (messages: BaseMessage[]) => number) => ReturnType<typeof createMiddleware>[],
  countTokens: CountTokens,
): Promise<Message[][]> {
  const results = recordedResults(trajectory);
  const model = fakeModel();
  for (const step of [...trajectory.steps, undefined]) {
    model.respond(
      step
        ? new AIMessage({
            content: step.text,
            tool_calls: step.calls.map((call) => ({
              id: call.id,
              name: call.name,
              args: call.input,
              type: 'tool_call' as const,
            })),
          })
        : new AIMessage('done'),
    );
  }
  const tools = trajectory.tools.map((name) =>
    langChainTool(
      async (_input, config) => results[(config as { toolCall?: { id?: string } }).toolCall?.id ?? ''] ?? '',
      {
        name,
        description: `replayed ${name}`,
        schema: z.object({}).passthrough(),
      },
    ),
  );
  const countMessages = (messages: BaseMessage[]) =>
    countTranscriptTokens(readMessages(messages).messages, countTokens);
  const agent = createAgent({
    model,
    tools,
    systemPrompt: trajectory.system,
    middleware: middleware(countMessages),
  });
  await agent.invoke(
    { messages: trajectory.task.map((text) => new HumanMessage(text)) },
    { recursionLimit: 4 * trajectory.steps.length + 20 },
  );
  return model.calls.map((call) => readMessages(call.messages).messages);
}

function scriptedSummarizer() {
  const summarizer = fakeModel();
  // One answer per summary the run may ask for; the text is what a summary of a coding run looks like.
  for (let index = 0; index < 200; index++) {
    summarizer.respond(
      new AIMessage(
        'Summary: the agent explored the repository, ran the failing tests and edited the source.',
      ),
    );
  }
  return summarizer;
}

const langChainStrategies: Strategy[] = [
  {
    framework: 'LangChain',
    name: 'none (full history)',
    run: (trajectory, _window, countTokens) => runLangChain(trajectory, () => [], countTokens),
  },
  {
    framework: 'LangChain',
    name: 'trimMessages in wrapModelCall',
    // The documented chat-history setup: keep the most recent messages that fit, starting on a human message.
    run: (trajectory, window, countTokens) =>
      runLangChain(
        trajectory,
        (countMessages) => [
          createMiddleware({
            name: 'TrimMessages',
            wrapModelCall: async (request, handler) => {
              const room = window - countMessages([request.systemMessage]);
              const trimmed = await trimMessages(request.messages, {
                maxTokens: room,
                strategy: 'last',
                tokenCounter: countMessages,
                startOn: 'human',
              });
              return handler({
                ...request,
                messages: trimmed.filter((message): message is BaseMessage => message !== undefined),
              });
            },
          }),
        ],
        countTokens,
      ),
  },
  {
    framework: 'LangChain',
    name: 'summarizationMiddleware (scripted summarizer)',
    run: (trajectory, window, countTokens) =>
      runLangChain(
        trajectory,
        (countMessages) => [
          summarizationMiddleware({
            model: scriptedSummarizer(),
            trigger: { tokens: Math.round(TRIGGER * window) },
            keep: { messages: SUMMARY_KEEP_MESSAGES },
            tokenCounter: countMessages,
          }) as unknown as ReturnType<typeof createMiddleware>,
        ],
        countTokens,
      ),
  },
  {
    framework: 'LangChain',
    name: 'ctxkit contextMiddleware',
    run: (trajectory, window, countTokens) =>
      runLangChain(
        trajectory,
        () => [langChainMiddleware({ budget: window, countTokens, overBudget: 'send' })],
        countTokens,
      ),
  },
];

// --- OpenAI Agents SDK ----------------------------------------------------------------------------

class ReplayModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly trajectory: Trajectory) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const step = this.trajectory.steps[this.requests.length];
    this.requests.push(request);
    const message = (text: string) => ({
      type: 'message' as const,
      role: 'assistant' as const,
      status: 'completed' as const,
      content: [{ type: 'output_text' as const, text }],
    });
    if (!step) return { usage: new Usage(), output: [message('done')] };
    return {
      usage: new Usage(),
      output: [
        ...(step.text ? [message(step.text)] : []),
        ...step.calls.map((call) => ({
          type: 'function_call' as const,
          callId: call.id,
          name: call.name,
          arguments: JSON.stringify(call.input),
          status: 'completed' as const,
        })),
      ],
    };
  }
  // biome-ignore lint/correctness/useYield: the bench never streams
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('ReplayModel does not stream');
  }
}

async function runAgents(
  trajectory: Trajectory,
  filter?: ReturnType<typeof contextInputFilter>,
): Promise<Message[][]> {
  const results = recordedResults(trajectory);
  const model = new ReplayModel(trajectory);
  const tools = trajectory.tools.map((name) =>
    agentsTool({
      name,
      description: `replayed ${name}`,
      strict: false,
      parameters: { type: 'object', properties: {}, required: [], additionalProperties: true },
      execute: async (_input, _context, details) => results[details?.toolCall?.callId ?? ''] ?? '',
    }),
  );
  const agent = new Agent({ name: 'replay', instructions: trajectory.system, model, tools });
  const input: AgentInputItem[] = trajectory.task.map((text) => ({ role: 'user', content: text }));
  await new Runner({ tracingDisabled: true }).run(agent, input, {
    maxTurns: trajectory.steps.length + 2,
    ...(filter ? { callModelInputFilter: filter } : {}),
  });
  return model.requests.map((request) => [
    ...(request.systemInstructions ? [{ role: 'system' as const, text: request.systemInstructions }] : []),
    ...readItems(request.input as AgentInputItem[]).messages,
  ]);
}

const agentsStrategies: Strategy[] = [
  { framework: 'OpenAI Agents', name: 'default (no filter)', run: (trajectory) => runAgents(trajectory) },
  {
    framework: 'OpenAI Agents',
    name: 'ctxkit contextInputFilter',
    run: (trajectory, window, countTokens) =>
      runAgents(trajectory, contextInputFilter({ budget: window, countTokens, overBudget: 'send' })),
  },
];

// --- Measuring ------------------------------------------------------------------------------------

interface Row {
  framework: string;
  strategy: string;
  calls: number;
  tokens: number;
  finalTokens: number;
  overWindow: number;
  invalidOpenAI: number;
  invalidAnthropic: number;
  taskLost: number;
  /** Tool calls the model could still see, over the calls made so far, summed over calls. */
  callsVisible: number;
  callsMade: number;
  prefixReuse: number;
  billed: number;
}

function measure(
  requests: readonly Message[][],
  trajectory: Trajectory,
  window: number,
  countTokens: CountTokens,
  row: Row,
): { reused: number; later: number } {
  const task = trajectory.task[trajectory.task.length - 1];
  let previous: string[] = [];
  let reused = 0;
  let later = 0;
  for (const [at, request] of requests.entries()) {
    const keys = request.map((message) => JSON.stringify(message));
    const sizes = request.map((message) => countTranscriptTokens([message], countTokens));
    const tokens = sizes.reduce((sum, value) => sum + value, 0);
    let prefix = 0;
    let prefixTokens = 0;
    while (prefix < keys.length && prefix < previous.length && keys[prefix] === previous[prefix])
      prefixTokens += sizes[prefix++] as number;
    row.calls++;
    row.tokens += tokens;
    row.billed += tokens - prefixTokens + CACHED_PRICE * prefixTokens;
    if (at > 0) {
      reused += prefixTokens;
      later += tokens;
    }
    if (tokens > window) row.overWindow++;
    row.callsMade += trajectory.steps.slice(0, at).reduce((sum, step) => sum + step.calls.length, 0);
    row.callsVisible += request.reduce((sum, message) => sum + (message.toolCalls?.length ?? 0), 0);
    if (validate(request, 'openai').length > 0) row.invalidOpenAI++;
    if (validate(request, 'anthropic').length > 0) row.invalidAnthropic++;
    const latest = request[findLatestUserIndex(request)];
    if (!request.some((message) => message.role === 'user' && message.text === task) || latest?.text !== task)
      row.taskLost++;
    previous = keys;
    if (at === requests.length - 1) row.finalTokens += tokens;
  }
  return { reused, later };
}

const COLUMNS = [
  'framework',
  'strategy',
  'tokens sent',
  'final call',
  'over window',
  'invalid (OpenAI)',
  'invalid (Anthropic)',
  'task lost',
  'calls visible',
  'prefix reuse',
  'billed (cached 10%)',
];

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function cells(row: Row): string[] {
  return [
    row.framework,
    row.strategy,
    format(row.tokens),
    format(row.finalTokens),
    `${row.overWindow}/${row.calls}`,
    `${row.invalidOpenAI}/${row.calls}`,
    `${row.invalidAnthropic}/${row.calls}`,
    `${row.taskLost}/${row.calls}`,
    `${((row.callsMade === 0 ? 1 : row.callsVisible / row.callsMade) * 100).toFixed(0)}%`,
    `${(row.prefixReuse * 100).toFixed(1)}%`,
    format(row.billed),
  ];
}

function writeTable(rows: readonly string[][]): void {
  const widths = COLUMNS.map((column, at) =>
    Math.max(column.length, ...rows.map((row) => String(row[at]).length)),
  );
  process.stdout.write(`${COLUMNS.map((column, at) => column.padEnd(widths[at] as number)).join('  ')}\n`);
  for (const row of rows)
    process.stdout.write(`${row.map((cell, at) => String(cell).padEnd(widths[at] as number)).join('  ')}\n`);
}

function windowFor(trajectory: Trajectory, fraction: number, countTokens: CountTokens): number {
  const tokens = countTranscriptTokens(trajectory.messages, countTokens);
  const head = countTranscriptTokens(
    [
      { role: 'system', text: trajectory.system },
      ...trajectory.task.map((text) => ({ role: 'user' as const, text })),
    ],
    countTokens,
  );
  return Math.max(Math.round(head * 1.5), Math.round(tokens * fraction));
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { 'window-fraction': { type: 'string' }, help: { type: 'boolean' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const fractions = (values['window-fraction'] ?? DEFAULT_WINDOW_FRACTIONS).split(',').map(Number);
  if (!fractions.every((fraction) => fraction > 0 && fraction <= 1)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const countTokens = exactTokenCounter();
  const trajectories = loadTrajectories(SWE_AGENT_FIXTURES);
  const strategies = [...aiSdkStrategies, ...langChainStrategies, ...agentsStrategies];
  const out = process.stdout;
  out.write(
    `frameworks: ${trajectories.length} SWE-agent runs replayed through ai ${'6'}, langchain 1, @openai/agents 0.14\n`,
  );
  out.write(
    'measured on what the model received at every call; tokens are o200k_base; cached input billed at 10%\n',
  );
  const tables: ReportSection['tables'] = [];
  const comparisons: { windowFraction: number; rows: Row[] }[] = [];
  for (const fraction of fractions) {
    const rows: Row[] = [];
    for (const strategy of strategies) {
      const row: Row = {
        framework: strategy.framework,
        strategy: strategy.name,
        calls: 0,
        tokens: 0,
        finalTokens: 0,
        overWindow: 0,
        invalidOpenAI: 0,
        invalidAnthropic: 0,
        taskLost: 0,
        callsVisible: 0,
        callsMade: 0,
        prefixReuse: 0,
        billed: 0,
      };
      let reused = 0;
      let later = 0;
      for (const trajectory of trajectories) {
        const window = windowFor(trajectory, fraction, countTokens);
        const requests = await strategy.run(trajectory, window, countTokens);
        const measured = measure(requests, trajectory, window, countTokens, row);
        reused += measured.reused;
        later += measured.later;
      }
      row.prefixReuse = later === 0 ? 0 : reused / later;
      rows.push(row);
    }
    out.write(`\nwindow = ${fraction} × each transcript's tokens (at least 1.5 × system prompt + task)\n`);
    writeTable(rows.map(cells));
    tables.push({
      title: `Frameworks side by side, window ${fraction} × transcript`,
      columns: COLUMNS,
      rows: rows.map(cells),
    });
    comparisons.push({ windowFraction: fraction, rows });
  }
  const ours = comparisons
    .flatMap((comparison) => comparison.rows)
    .filter((row) => row.strategy.startsWith('ctxkit'));
  const report: ReportSection = {
    title: 'Framework drop-ins (real SWE-agent runs in each framework’s own loop)',
    headline: [
      {
        label: 'calls made invalid (ctxkit)',
        value: String(ours.reduce((sum, row) => sum + row.invalidOpenAI + row.invalidAnthropic, 0)),
      },
      { label: 'task lost (ctxkit)', value: String(ours.reduce((sum, row) => sum + row.taskLost, 0)) },
      {
        label: 'calls over window (ctxkit)',
        value: String(ours.reduce((sum, row) => sum + row.overWindow, 0)),
      },
    ],
    tables,
    charts: comparisons.map((comparison) => ({
      kind: 'bar' as const,
      title: `Prefix reuse by strategy (window ${comparison.windowFraction})`,
      unit: '%',
      categories: comparison.rows.map((row) => `${row.framework}: ${row.strategy}`),
      series: [
        {
          name: 'prefix reuse',
          values: comparison.rows.map((row) => Math.round(row.prefixReuse * 1000) / 10),
        },
      ],
    })),
  };
  const path = writeResults({ bench: 'frameworks', machine: machineInfo(), report, comparisons });
  out.write(`results: ${path}\n`);
  return 0;
}

/** The framework drop-ins against each framework's built-in context handling, in the frameworks' own loops. */
export const frameworksBench: Bench = {
  usage: USAGE,
  description:
    'ctxkit drop-ins vs AI SDK pruneMessages, LangChain trimMessages/summarization, Agents SDK default, on real runs',
  run,
};
