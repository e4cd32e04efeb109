// Test and bench support: traces of long agent sessions, made deterministically from real library
// calls — a generated session whose stored transcript is compacted before every request, and a
// recorded SWE-agent run replayed through the drop-in pipeline with `onTrace`.
import { type CompactionState, compact, type Message } from '@ctxkit/compact';
import { estimateTokens } from '@ctxkit/tokenize';
import { compactionTraceInput, createTraceRecord, type TraceRecord } from '@ctxkit/trace';
import type { ContextState } from '../prepare.js';
import { prepareMessages } from '../prepare.js';
import { neutralCodec } from './neutral-codec.js';
import { loadTrajectories } from './trajectories.js';

const TOOLS = ['read_file', 'grep', 'bash', 'edit_file', 'read_file', 'bash'] as const;

/** A small deterministic generator (a linear congruential one), so a session is the same every run. */
function numbers(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function toolStep(turn: number, random: () => number): Message[] {
  const tool = TOOLS[turn % TOOLS.length]!;
  const module = `src/module-${Math.floor(random() * 40)}.ts`;
  const input =
    tool === 'bash'
      ? { command: `npm test -- ${module}` }
      : tool === 'grep'
        ? { pattern: `parseHeader${Math.floor(random() * 5)}`, path: 'src' }
        : { path: module };
  const lines = 5 + Math.floor(random() * 90);
  const output =
    tool === 'bash' && random() < 0.3
      ? `FAIL ${module}\nexit code 1\n${'  at parse (src/parse.ts:12:3)\n'.repeat(lines / 5)}`
      : Array.from(
          { length: lines },
          (_, line) => `${line + 1}\texport const value${line} = compute(${turn}, ${line});`,
        ).join('\n');
  const id = `call_${turn}`;
  return [
    {
      role: 'assistant',
      text: turn % 3 === 0 ? `I will ${tool} ${module} next, because the header parser fails.` : undefined,
      toolCalls: [{ id, name: tool, input }],
    },
    {
      role: 'tool',
      toolResult: { callId: id, content: output, ...(output.startsWith('FAIL') ? { isError: true } : {}) },
    },
  ].map((message) => (message.text === undefined ? { ...message, text: undefined } : message)) as Message[];
}

/** Options of {@link sessionTrace}. */
export interface SessionTraceOptions {
  /** The transcript's budget; 12,000 tokens by default. */
  budget?: number;
  /** A new user task every this many requests; 25. */
  taskEvery?: number;
  seed?: number;
}

/**
 * A session of `requests` model requests: each adds a tool call and its result (a new user task now
 * and then), compacts the stored transcript (`compact` of `@ctxkit/compact`, counted with the
 * estimate) and records the request as `ctxkit compact --trace` would.
 */
export async function sessionTrace(
  requests: number,
  options: SessionTraceOptions = {},
): Promise<TraceRecord[]> {
  const budget = options.budget ?? 12_000;
  const taskEvery = options.taskEvery ?? 25;
  const random = numbers(options.seed ?? 19);
  let history: Message[] = [
    { role: 'system', text: 'You are a coding agent working in a TypeScript repository.' },
  ];
  let state: CompactionState | undefined;
  const records: TraceRecord[] = [];
  for (let request = 0; request < requests; request++) {
    if (request % taskEvery === 0) {
      history.push({
        role: 'user',
        text: `Task ${request / taskEvery + 1}: fix parseHeader in src/module-${request % 40}.ts and run the tests.`,
      });
    }
    history.push(...toolStep(request, random));
    const settings = { budget, trigger: 0.8, target: 0.5 };
    const result = await compact(history, {
      ...settings,
      countTokens: estimateTokens,
      ...(state ? { state } : {}),
    });
    history = [...result.messages];
    state = result.state;
    const input = compactionTraceInput(
      result,
      {
        source: 'session',
        ...settings,
        encoding: 'estimate',
        model: 'qwen2.5-coder:7b',
        window: 32_768,
        label: `request ${request}`,
      },
      estimateTokens,
    );
    records.push(createTraceRecord(input, records.length > 0 ? { previous: records.at(-1)! } : {}));
  }
  return records;
}

/**
 * The recorded SWE-agent runs of `@ctxkit/compact`'s fixtures replayed one after another as one long
 * conversation (each run's task a new user message) through the drop-in pipeline — `prepareMessages`
 * with `onTrace` — under a budget of `share` of the longest run's size, so elision and staged
 * compaction run over and over as it grows.
 */
export async function trajectoryTrace(share = 0.5): Promise<TraceRecord[]> {
  const trajectories = loadTrajectories();
  let longest = 0;
  for (const trajectory of trajectories) {
    let size = 0;
    for (const message of trajectory.messages) size += estimateTokens(JSON.stringify(message));
    longest = Math.max(longest, size);
  }
  const budget = Math.max(4000, Math.floor(longest * share));
  const records: TraceRecord[] = [];
  let history: Message[] = [{ role: 'system', text: trajectories[0]!.system }];
  let state: ContextState<Message> | undefined;
  for (const trajectory of trajectories) {
    history = [...history, ...trajectory.task.map((text): Message => ({ role: 'user', text }))];
    for (const step of trajectory.steps) {
      const prepared = await prepareMessages(
        history,
        neutralCodec,
        { budget, overBudget: 'send', onTrace: (record) => records.push(record) },
        state,
        { source: `replay ${trajectory.name}` },
      );
      state = prepared.state;
      history = [
        ...history,
        {
          role: 'assistant',
          ...(step.text ? { text: step.text } : {}),
          toolCalls: step.calls.map((call) => ({ ...call, id: `${trajectory.name}-${call.id}` })),
        },
        ...step.calls.map(
          (call): Message => ({
            role: 'tool',
            toolResult: { callId: `${trajectory.name}-${call.id}`, content: step.results[call.id] ?? '' },
          }),
        ),
      ];
    }
  }
  return records;
}
