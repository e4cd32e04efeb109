// `pnpm bench sessions [--fixtures DIR] [--window N] [--min-tokens N]`: compact each stored real
// agent session once for a fixed window and say, per session, what a harness author needs to know:
// did it reach the target, is it still valid for every provider, is the task message kept as it was,
// and is every file the agent edited still named (in the kept text or the summary's digest).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildDigest,
  compact,
  countTranscriptTokens,
  findLatestUserIndex,
  fromOpenAI,
  fromProvider,
  type Message,
  type Provider,
  toProvider,
  validate,
} from '@ctxkit/compact';
import { exactTokenCounter, formatTable, SWE_AGENT_FIXTURES } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection, ReportTable } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench sessions [--fixtures DIR] [--window N] [--min-tokens N]

Compacts every transcript in DIR (OpenAI chat-completions JSON arrays; default: the SWE-agent fixtures
of @ctxkit/compact) once, as stored, for a window of N tokens (default 64000; trigger 0.8, target 0.5;
exact o200k_base counts), skipping transcripts under --min-tokens (default 0). Per transcript: tokens
before and after, the target and whether it was reached, validity for OpenAI chat, Anthropic Messages
and the AI SDK (the result and its round trip through each wire format), whether the latest user
message is kept byte for byte, whether every edited file is still named in the kept text or the
digest, and the stages that ran. DIR/manifest.jsonl, as apps/bench/scripts/convert-trajectories.mjs
writes it, adds each session's source and the files of its final patch to the edited files (those
the stored session names at all).
`;

const DEFAULT_WINDOW = 64_000;
const TRIGGER = 0.8;
const TARGET = 0.5;
const PROVIDERS: readonly Provider[] = ['openai', 'anthropic', 'ai-sdk'];

/** What the converter's manifest says of one transcript (the fields this bench reads). */
interface ManifestRow {
  file: string;
  source?: string;
  patchFiles?: string[];
}

interface SessionRow {
  transcript: string;
  source: string;
  messages: number;
  toolPairs: number;
  userTurns: number;
  before: number;
  after: number;
  target: number;
  /** `yes`, `no`, or `under trigger` (nothing to do). */
  reached: string;
  /** Per provider: `ok`, `input invalid` (the stored session already was), or the violations compaction added. */
  validity: Record<Provider, string>;
  taskKept: boolean;
  edited: number;
  editedLost: string[];
  stages: string[];
  shortfall?: string;
}

function readManifest(directory: string): Map<string, ManifestRow> {
  const path = join(directory, 'manifest.jsonl');
  const rows = new Map<string, ManifestRow>();
  if (!existsSync(path)) return rows;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as ManifestRow;
    rows.set(row.file, row);
  }
  return rows;
}

/** Violations as `kind` strings, the result's and its round trip's, that the stored session did not have. */
function validity(original: readonly Message[], result: readonly Message[], provider: Provider): string {
  const kinds = (messages: readonly Message[]) =>
    validate(messages, provider).map((violation) => violation.kind);
  const before = new Set(kinds(original));
  const roundTrip = fromProvider(toProvider(result, provider), provider);
  const added = [...kinds(result), ...kinds(roundTrip)].filter((kind) => !before.has(kind));
  if (added.length > 0) return `FAIL ${[...new Set(added)].sort().join(',')}`;
  return before.size > 0 ? 'input invalid' : 'ok';
}

async function measure(
  name: string,
  messages: Message[],
  manifest: ManifestRow | undefined,
  window: number,
  countTokens: (text: string) => number,
): Promise<SessionRow> {
  const result = await compact(messages, { budget: window, trigger: TRIGGER, target: TARGET, countTokens });
  const target = TARGET * window;
  const latest = messages[findLatestUserIndex(messages)];
  const keptLatest = result.messages[findLatestUserIndex(result.messages)];
  const kept = JSON.stringify(result.messages);
  // Edited files the stored session names (a patch can hold files no message mentions, e.g. a .pyc).
  const stored = JSON.stringify(messages);
  const edited = [...new Set([...buildDigest(messages).filesEdited, ...(manifest?.patchFiles ?? [])])]
    .filter((path) => stored.includes(path))
    .sort();
  const reached = result.before <= TRIGGER * window ? 'under trigger' : result.after <= target ? 'yes' : 'no';
  return {
    transcript: name.replace(/\.json$/, ''),
    source: manifest?.source ?? '',
    messages: messages.length,
    toolPairs: messages.filter((message) => message.role === 'tool').length,
    userTurns: messages.filter((message) => message.role === 'user').length,
    before: result.before,
    after: result.after,
    target,
    reached,
    validity: Object.fromEntries(
      PROVIDERS.map((provider) => [provider, validity(messages, result.messages, provider)]),
    ) as Record<Provider, string>,
    taskKept: JSON.stringify(keptLatest) === JSON.stringify(latest),
    edited: edited.length,
    editedLost: edited.filter((path) => !kept.includes(path)),
    stages: [...new Set(result.stages.map((stage) => stage.stage))],
    ...(result.shortfall ? { shortfall: result.shortfall.reason } : {}),
  };
}

function format(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function sessionTable(rows: readonly SessionRow[], window: number): ReportTable {
  return {
    title: `Real sessions compacted for a ${format(window)}-token window (target ${format(TARGET * window)})`,
    columns: [
      'transcript',
      'msgs',
      'tool pairs',
      'user turns',
      'before',
      'after',
      'reached',
      'OpenAI',
      'Anthropic',
      'AI SDK',
      'task kept',
      'edited named',
      'stages',
    ],
    rows: rows.map((row) => [
      row.transcript,
      row.messages,
      row.toolPairs,
      row.userTurns,
      format(row.before),
      format(row.after),
      row.reached,
      row.validity.openai,
      row.validity.anthropic,
      row.validity['ai-sdk'],
      row.taskKept ? 'yes' : 'NO',
      row.editedLost.length === 0
        ? `${row.edited}/${row.edited}`
        : `${row.edited - row.editedLost.length}/${row.edited} (lost ${row.editedLost.join(', ')})`,
      row.stages.join(', ') || '-',
    ]),
  };
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      fixtures: { type: 'string' },
      window: { type: 'string' },
      'min-tokens': { type: 'string' },
    },
  });
  const directory = resolve(values.fixtures ?? SWE_AGENT_FIXTURES);
  const window = Number(values.window ?? DEFAULT_WINDOW);
  const minTokens = Number(values['min-tokens'] ?? 0);
  if (!Number.isInteger(window) || window <= 0 || !(minTokens >= 0)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const manifest = readManifest(directory);
  const countTokens = exactTokenCounter();
  const names = readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort();
  const rows: SessionRow[] = [];
  for (const name of names) {
    const messages = fromOpenAI(JSON.parse(readFileSync(join(directory, name), 'utf8')));
    if (countTranscriptTokens(messages, countTokens) < minTokens) continue;
    rows.push(await measure(name, messages, manifest.get(name), window, countTokens));
  }

  const over = rows.filter((row) => row.reached !== 'under trigger');
  const reached = over.filter((row) => row.reached === 'yes');
  const invalid = rows.filter((row) => Object.values(row.validity).some((cell) => cell.startsWith('FAIL')));
  const taskLost = rows.filter((row) => !row.taskKept);
  const pathLost = rows.filter((row) => row.editedLost.length > 0);
  const table = sessionTable(rows, window);
  const out = process.stdout;
  out.write(`sessions: ${rows.length} transcripts from ${directory}, ${minTokens}+ tokens (o200k_base)\n\n`);
  out.write(`${formatTable(table)}\n\n`);
  for (const row of over.filter((row) => row.shortfall)) out.write(`${row.transcript}: ${row.shortfall}\n`);
  out.write(
    `over the trigger: ${over.length}; target reached: ${reached.length}/${over.length}; ` +
      `made invalid: ${invalid.length}; task message changed or lost: ${taskLost.length}; ` +
      `an edited file no longer named: ${pathLost.length}\n`,
  );
  const report: ReportSection = {
    title: `Real sessions at a ${format(window)}-token window`,
    headline: [
      { label: 'target reached', value: `${reached.length}/${over.length} over the trigger` },
      { label: 'made invalid', value: String(invalid.length) },
      { label: 'task lost', value: String(taskLost.length) },
      { label: 'edited file lost', value: String(pathLost.length) },
    ],
    tables: [table],
    charts: [],
  };
  const path = writeResults({ bench: 'sessions', machine: machineInfo(), report, window, directory, rows });
  out.write(`results: ${path}\n`);
  return invalid.length + taskLost.length + pathLost.length > 0 ? 1 : 0;
}

/** Real agent sessions, each compacted once for a fixed window: target, validity, task, edited files. */
export const sessionsBench: Bench = {
  usage: USAGE,
  description:
    'Real agent sessions compacted for a fixed window: target reached, provider validity, task kept, edited files named',
  run,
};
