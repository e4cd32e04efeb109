// `pnpm bench tokenize [--cap-seconds N] [--reference-cap-seconds N] [--max-mb N] [--no-pathological]
// [--local-only | --no-local] [--local-max-mb N]`: MB/s of @ctxkit/tokenize's
// exact count against every other JavaScript tokenizer for cl100k_base and o200k_base, in one process,
// on real text read once (fresh text: no file is counted twice, so a cache only helps as it would in
// use), plus the pathological inputs that make byte-pair merging quadratic, each library in its own
// child process with a time cap. Counts are checked against the reference (tiktoken WASM).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { formatTable, lastJsonLine } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection, ReportTable } from '../report/types.js';
import { BENCH_ROOT, writeResults } from '../results.js';
import { type LocalFamilyOutcome, localFamiliesTable, measureLocalFamilies } from './tokenize-local.js';

const WORKSPACE_ROOT = resolve(BENCH_ROOT, '..', '..');
const ENCODINGS = ['o200k_base', 'cl100k_base'] as const;
type ExactEncoding = (typeof ENCODINGS)[number];
/** Per-category cap on corpus size, so one slow peer cannot make the bench take many minutes. */
const DEFAULT_MAX_MEGABYTES = 4;
/** How long a peer may spend on one pathological input before it is stopped. */
const DEFAULT_CAP_SECONDS = 5;
/**
 * The reference is quadratic on long pre-tokens (about a minute for 100k spaces here), but its counts are
 * what ours must equal, so it gets a longer cap, runs after the timings, and skips the 1 MB input
 * (hours).
 */
const DEFAULT_REFERENCE_CAP_SECONDS = 150;
/** The issue's targets: at least as fast as every peer on code and prose; these wall-clock ceilings. */
const PATHOLOGICAL_TARGET_MS: Record<PathologicalCase, number> = {
  'spaces-100k': 100,
  'cjk-100k': 100,
  'repeated-1mb': 1000,
};
const MIXED_GOAL_MEGABYTES_PER_SECOND = 10;
/** Per-category text for the local families: the reference runs at about 0.5 MB/s. */
const DEFAULT_LOCAL_MAX_MEGABYTES = 0.25;
const OURS = 'ctxkit';
const REFERENCE = 'tiktoken (WASM)';

type Count = (text: string) => number | Promise<number>;

/**
 * A tokenizer under test. `setup` is the body of a `function (require, encoding)` that returns a counting
 * function: plain source, so the very same code runs in this process and in the small child processes the
 * pathological inputs need (which therefore load nothing but the library under test).
 */
interface Library {
  name: string;
  /** What kind of implementation, for the table. */
  kind: string;
  setup: string;
}

// Every library is asked for ordinary-text counts (special-token strings are text), like our count.
const LIBRARIES: Library[] = [
  {
    name: OURS,
    kind: 'JS, own BPE engine',
    setup: `const tokenizer = require('@ctxkit/tokenize').createTokenizer({ encoding });
      return (text) => tokenizer.count(text);`,
  },
  {
    name: 'js-tiktoken',
    kind: 'JS',
    setup: `const { Tiktoken } = require('js-tiktoken/lite');
      const encoder = new Tiktoken(require('js-tiktoken/ranks/' + encoding));
      return (text) => encoder.encode(text, [], []).length;`,
  },
  {
    name: 'gpt-tokenizer',
    kind: 'JS',
    setup: `const { countTokens } = require('gpt-tokenizer/encoding/' + encoding);
      const options = { disallowedSpecial: new Set() };
      return (text) => countTokens(text, options);`,
  },
  {
    name: '@microsoft/tiktokenizer',
    kind: 'JS',
    // Its own loader downloads the rank file; it is handed js-tiktoken's ranks instead.
    setup: `const microsoft = require('@microsoft/tiktokenizer');
      const ranks = new Map();
      for (const line of require('js-tiktoken/ranks/' + encoding).bpe_ranks.split('\\n')) {
        const [, offset, ...tokens] = line.split(' ');
        tokens.forEach((token, index) => {
          ranks.set(Uint8Array.from(Buffer.from(token, 'base64')), Number(offset) + index);
        });
      }
      const tokenizer = microsoft.createTokenizer(
        ranks,
        microsoft.getSpecialTokensByEncoder(encoding),
        microsoft.getRegexByEncoder(encoding),
      );
      return (text) => tokenizer.encode(text, []).length;`,
  },
  {
    name: 'ai-tokenizer',
    kind: 'JS',
    setup: `const { Tokenizer } = require('ai-tokenizer');
      const tokenizer = new Tokenizer(require('ai-tokenizer/encoding/' + encoding));
      return (text) => tokenizer.encode(text, [], []).length;`,
  },
  {
    name: '@anysphere/tiktoken-node',
    kind: 'native (Rust, async)',
    setup: `const native = require('@anysphere/tiktoken-node');
      const tokenizer = native.getTokenizer();
      const id = native.SupportedEncoding[encoding === 'o200k_base' ? 'O200k' : 'Cl100k'];
      return (text) => tokenizer.exactNumTokensNoSpecialTokens(text, id);`,
  },
  {
    name: REFERENCE,
    kind: 'WASM (Rust), the reference',
    setup: `const encoder = require('tiktoken').get_encoding(encoding);
      return (text) => encoder.encode_ordinary(text).length;`,
  },
];

/** Resolve packages as apps/bench does, wherever this module was bundled to. */
const benchRequire = createRequire(join(BENCH_ROOT, 'package.json'));

function loadLibrary(library: Library, encoding: ExactEncoding): Count {
  const setup = new Function('require', 'encoding', library.setup) as (
    load: NodeJS.Require,
    encoding: ExactEncoding,
  ) => Count;
  return setup(benchRequire, encoding);
}

// ---------------------------------------------------------------------------------------------------
// Corpus

interface Document {
  name: string;
  text: string;
  bytes: number;
}

interface Category {
  name: string;
  /** Where the text came from, printed with the table. */
  source: string;
  documents: Document[];
}

function walkFiles(
  root: string,
  accept: (path: string) => boolean,
  skip: (name: string) => boolean,
): string[] {
  const found: string[] = [];
  const visit = (directory: string): void => {
    let names: string[];
    try {
      names = readdirSync(directory).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (skip(name)) continue;
      const path = join(directory, name);
      const stats = statSync(path, { throwIfNoEntry: false });
      if (!stats) continue;
      if (stats.isDirectory()) visit(path);
      else if (stats.isFile() && accept(path)) found.push(path);
    }
  };
  visit(root);
  return found;
}

function documentsFromFiles(paths: string[], root: string, maxBytes: number): Document[] {
  const documents: Document[] = [];
  let total = 0;
  for (const path of paths) {
    if (total >= maxBytes) break;
    const text = readFileSync(path, 'utf8');
    const bytes = Buffer.byteLength(text);
    if (bytes === 0 || bytes > 2 * 1024 * 1024) continue;
    documents.push({ name: relative(root, path), text, bytes });
    total += bytes;
  }
  return documents;
}

/** TypeScript's localised diagnostic messages: real translated prose, shipped in every checkout. */
function typescriptMessages(languages: string[], maxBytes: number): Document[] {
  const typescriptRoot = dirname(
    createRequire(join(WORKSPACE_ROOT, 'package.json')).resolve('typescript/package.json'),
  );
  const paths = languages
    .map((language) => join(typescriptRoot, 'lib', language, 'diagnosticMessages.generated.json'))
    .filter((path) => existsSync(path));
  const documents: Document[] = [];
  let total = 0;
  for (const path of paths) {
    const messages = Object.values(JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
    // Documents of ~20 KB, like files.
    for (let start = 0; start < messages.length && total < maxBytes; start += 150) {
      const text = messages.slice(start, start + 150).join('\n');
      const bytes = Buffer.byteLength(text);
      documents.push({ name: `${relative(typescriptRoot, path)}#${start}`, text, bytes });
      total += bytes;
    }
  }
  return documents;
}

const EMOJI = [
  '😀',
  '😂',
  '🥲',
  '😍',
  '🤔',
  '🙃',
  '👍',
  '👍🏽',
  '👋🏿',
  '🙏',
  '🔥',
  '✨',
  '🎉',
  '🚀',
  '💡',
  '✅',
  '❌',
  '⚠️',
  '❤️',
  '❤️‍🔥',
  '👨‍👩‍👧‍👦',
  '👩🏻‍💻',
  '🧑‍🔬',
  '🏳️‍🌈',
  '🇯🇵',
  '🇩🇪',
  '🇧🇷',
  '1️⃣',
  '#️⃣',
  '🐛',
  '📦',
  '🧪',
  '🔧',
  '📝',
];
const WORDS = [
  'ship',
  'it',
  'tests',
  'pass',
  'again',
  'deploy',
  'done',
  'love',
  'this',
  'fix',
  'bug',
  'thanks',
  'team',
];

/** Chat-style text dense with emoji, ZWJ sequences, flags and keycaps (synthetic, deterministic). */
function emojiDocuments(maxBytes: number): Document[] {
  let seed = 12345;
  const next = (limit: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % limit;
  };
  const documents: Document[] = [];
  let total = 0;
  for (let index = 0; total < maxBytes; index++) {
    const lines: string[] = [];
    for (let line = 0; line < 200; line++) {
      const parts: string[] = [];
      const length = 3 + next(10);
      for (let part = 0; part < length; part++) {
        parts.push(next(3) === 0 ? (WORDS[next(WORDS.length)] ?? '') : (EMOJI[next(EMOJI.length)] ?? ''));
      }
      lines.push(parts.join(next(4) === 0 ? '' : ' '));
    }
    const text = lines.join('\n');
    const bytes = Buffer.byteLength(text);
    documents.push({ name: `emoji-${index}`, text, bytes });
    total += bytes;
  }
  return documents;
}

function loadCorpus(maxBytes: number): Category[] {
  const skipDirectories = (name: string): boolean =>
    name === 'node_modules' ||
    name === 'dist' ||
    name === '.git' ||
    name === 'results' ||
    name === '__pycache__';
  const repositoryFiles = walkFiles(
    WORKSPACE_ROOT,
    (path) => /\.(ts|js|mjs|json|md|yml|yaml)$/.test(path) && !path.endsWith('pnpm-lock.yaml'),
    skipDirectories,
  );
  const pythonRoot = [
    '/usr/lib/python3.11',
    '/usr/lib/python3.12',
    '/usr/lib/python3.13',
    '/usr/lib/python3',
  ].find((path) => existsSync(path));
  const pythonFiles = pythonRoot
    ? walkFiles(
        pythonRoot,
        (path) => path.endsWith('.py'),
        (name) => skipDirectories(name) || name === 'test',
      )
    : [];
  const licenses = walkFiles(
    '/usr/share/common-licenses',
    () => true,
    () => false,
  );
  const categories: Category[] = [
    {
      name: 'TypeScript/JSON/Markdown',
      source: 'this repository',
      documents: documentsFromFiles(repositoryFiles, WORKSPACE_ROOT, maxBytes),
    },
    {
      name: 'Python',
      source: pythonRoot ?? '(no Python tree found)',
      documents: pythonRoot ? documentsFromFiles(pythonFiles, pythonRoot, maxBytes) : [],
    },
    {
      name: 'prose',
      source: '/usr/share/common-licenses + TypeScript messages (de, fr, es, it, ru, pl, pt-br, cs, tr)',
      documents: [
        ...documentsFromFiles(licenses, '/usr/share', maxBytes / 4),
        ...typescriptMessages(['de', 'fr', 'es', 'it', 'ru', 'pl', 'pt-br', 'cs', 'tr'], (maxBytes * 3) / 4),
      ],
    },
    {
      name: 'CJK',
      source: 'TypeScript messages (ja, ko, zh-cn, zh-tw)',
      documents: typescriptMessages(['ja', 'ko', 'zh-cn', 'zh-tw'], maxBytes),
    },
    {
      name: 'emoji',
      source: 'synthetic chat lines (deterministic)',
      documents: emojiDocuments(maxBytes / 4),
    },
  ];
  return categories.filter((category) => category.documents.length > 0);
}

/** Text for warming up every library's JIT and caches before timing; not part of the corpus. */
function warmUpText(): string {
  const lines: string[] = [];
  for (let index = 0; index < 3000; index++) {
    lines.push(`const value${index} = compute(${index}, "warm ${index % 17}"); // Übung ${index} 日本 🙂`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Throughput

interface LibraryOutcome {
  name: string;
  kind: string;
  /** Per category: bytes, seconds, tokens, and how many documents disagree with the reference. */
  categories: Record<
    string,
    { bytes: number; seconds: number; cpuSeconds: number; tokens: number; mismatches: number }
  >;
  error?: string;
}

async function measureThroughput(encoding: ExactEncoding, corpus: Category[]): Promise<LibraryOutcome[]> {
  const loaded: { library: Library; count?: Count; outcome: LibraryOutcome }[] = [];
  const warm = warmUpText();
  for (const library of LIBRARIES) {
    const outcome: LibraryOutcome = { name: library.name, kind: library.kind, categories: {} };
    try {
      const count = loadLibrary(library, encoding);
      await count(warm);
      loaded.push({ library, count, outcome });
    } catch (error) {
      outcome.error = (error as Error).message.split('\n')[0] ?? 'failed';
      loaded.push({ library, outcome });
    }
  }
  const reference = loaded.find((entry) => entry.library.name === REFERENCE);
  for (const category of corpus) {
    for (const entry of loaded) {
      entry.outcome.categories[category.name] = {
        bytes: 0,
        seconds: 0,
        cpuSeconds: 0,
        tokens: 0,
        mismatches: 0,
      };
    }
    for (let documentIndex = 0; documentIndex < category.documents.length; documentIndex++) {
      const document = category.documents[documentIndex] as Document;
      const referenceCount = reference?.count ? await reference.count(document.text) : undefined;
      // Rotate the order so no library always runs right after the same neighbour.
      for (let offset = 0; offset < loaded.length; offset++) {
        const entry = loaded[(documentIndex + offset) % loaded.length];
        if (!entry?.count || entry.outcome.error) continue;
        const tally = entry.outcome.categories[category.name];
        if (!tally) continue;
        try {
          const cpuBefore = process.cpuUsage();
          const start = performance.now();
          const tokens = await entry.count(document.text);
          tally.seconds += (performance.now() - start) / 1000;
          const cpu = process.cpuUsage(cpuBefore);
          tally.cpuSeconds += (cpu.user + cpu.system) / 1e6;
          tally.bytes += document.bytes;
          tally.tokens += tokens;
          if (referenceCount !== undefined && tokens !== referenceCount) tally.mismatches += 1;
        } catch (error) {
          entry.outcome.error = `${document.name}: ${(error as Error).message.split('\n')[0]}`;
        }
      }
    }
  }
  return loaded.map((entry) => entry.outcome);
}

// ---------------------------------------------------------------------------------------------------
// Pathological inputs, one child process per (library, input) so a hung peer can be stopped.

type PathologicalCase = 'spaces-100k' | 'cjk-100k' | 'repeated-1mb';
/** Each input's `make` is an expression evaluated in the child (a 1 MB argument would exceed ARG_MAX). */
const PATHOLOGICAL_CASES: { name: PathologicalCase; label: string; make: string }[] = [
  { name: 'spaces-100k', label: '100k spaces + "x"', make: `' '.repeat(100000) + 'x'` },
  {
    name: 'cjk-100k',
    label: '100k CJK chars, no punctuation',
    // CJK Unified Ideographs in a fixed pseudo-random order: one 300 KB pre-token.
    make: `Array.from({ length: 100000 }, (_, index) => String.fromCharCode(0x4e00 + ((index * 7919) % 20000))).join('')`,
  },
  { name: 'repeated-1mb', label: '1 MB of one repeated char', make: `'a'.repeat(1000000)` },
];

interface PathologicalOutcome {
  library: string;
  input: PathologicalCase;
  milliseconds?: number;
  /** CPU time of the child during the count (all its threads). */
  cpuMilliseconds?: number;
  tokens?: number;
  status: 'ok' | 'timeout' | 'error';
  detail?: string;
}

/** The child process: load one library, count one pathological input, print the timing as JSON. */
const CHILD_SOURCE = `
const { createRequire } = require('node:module');
const { performance } = require('node:perf_hooks');
const job = JSON.parse(process.argv[1]);
const text = new Function('return ' + job.make)();
(async () => {
  const count = new Function('require', 'encoding', job.setup)(createRequire(job.resolveFrom), job.encoding);
  await count('warm up: hello world');
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const tokens = await count(text);
  const milliseconds = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(JSON.stringify({ tokens, milliseconds, cpuMilliseconds: (cpu.user + cpu.system) / 1000 }) + '\\n');
})().catch((error) => {
  process.stderr.write('Error: ' + error.message + '\\n');
  process.exit(1);
});
`;

function measureInChild(
  library: Library,
  encoding: ExactEncoding,
  input: PathologicalCase,
  capSeconds: number,
): Promise<PathologicalOutcome> {
  // CPU time is reported too: on a loaded machine the wall clock also measures everyone else's work.
  const job = JSON.stringify({
    setup: library.setup,
    encoding,
    make: PATHOLOGICAL_CASES.find((candidate) => candidate.name === input)?.make,
    resolveFrom: join(BENCH_ROOT, 'package.json'),
  });
  return new Promise((resolveOutcome) => {
    // The cap covers loading the library too; only the count call is timed inside the child.
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE, job], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolveOutcome({ library: library.name, input, status: 'timeout', detail: `> ${capSeconds} s` });
    }, capSeconds * 1000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (child.killed) return;
      try {
        const parsed = lastJsonLine<{ tokens: number; milliseconds: number; cpuMilliseconds: number }>(
          stdout,
        );
        resolveOutcome({ library: library.name, input, status: 'ok', ...parsed });
      } catch {
        const reason =
          stderr
            .trim()
            .split('\n')
            .find((line) => /Error|error/.test(line)) ?? `exit ${code}`;
        resolveOutcome({ library: library.name, input, status: 'error', detail: reason.slice(0, 80) });
      }
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// Reporting

function megabytesPerSecond(tally: { bytes: number; seconds: number } | undefined): number {
  if (!tally || tally.seconds === 0) return 0;
  return tally.bytes / 1e6 / tally.seconds;
}

function totals(
  outcome: LibraryOutcome,
  names: string[],
): { bytes: number; seconds: number; cpuSeconds: number; mismatches: number } {
  let bytes = 0;
  let seconds = 0;
  let cpuSeconds = 0;
  let mismatches = 0;
  for (const name of names) {
    const tally = outcome.categories[name];
    if (!tally) continue;
    bytes += tally.bytes;
    seconds += tally.seconds;
    cpuSeconds += tally.cpuSeconds;
    mismatches += tally.mismatches;
  }
  return { bytes, seconds, cpuSeconds, mismatches };
}

function throughputTable(
  encoding: ExactEncoding,
  corpus: Category[],
  outcomes: LibraryOutcome[],
): ReportTable {
  const names = corpus.map((category) => category.name);
  const ours = outcomes.find((outcome) => outcome.name === OURS);
  const oursAll = ours ? megabytesPerSecond(totals(ours, names)) : 0;
  const rows = outcomes.map((outcome) => {
    if (outcome.error && Object.values(outcome.categories).every((tally) => tally.bytes === 0)) {
      return [outcome.name, ...names.map(() => '-'), '-', '-', '-', `failed: ${outcome.error}`];
    }
    const all = totals(outcome, names);
    const speed = megabytesPerSecond(all);
    return [
      outcome.name,
      ...names.map((name) => megabytesPerSecond(outcome.categories[name]).toFixed(2)),
      speed.toFixed(2),
      all.cpuSeconds > 0 ? (all.bytes / 1e6 / all.cpuSeconds).toFixed(2) : '-',
      outcome.name === OURS ? '1.00' : speed > 0 ? (oursAll / speed).toFixed(2) : '-',
      outcome.error
        ? `stopped: ${outcome.error}`
        : all.mismatches === 0
          ? 'all equal'
          : `${all.mismatches} documents differ`,
    ];
  });
  return {
    title: `${encoding}: MB/s of exact counting (UTF-8 bytes, wall clock), each document counted once per library; "all (CPU)" divides by process CPU time instead, which a loaded machine inflates less`,
    columns: ['library', ...names, 'all', 'all (CPU)', `${OURS} speedup`, 'counts vs reference'],
    rows,
  };
}

/**
 * The reference's count of each pathological input: from the timed run when it finished under the cap,
 * else from a run with the longer cap (the inputs in parallel; the timing no longer matters).
 */
async function referenceCountsFor(
  encoding: ExactEncoding,
  timed: PathologicalOutcome[],
  capSeconds: number,
): Promise<Partial<Record<PathologicalCase, PathologicalOutcome>>> {
  const reference = LIBRARIES.find((library) => library.name === REFERENCE);
  const counts: Partial<Record<PathologicalCase, PathologicalOutcome>> = {};
  const pending: Promise<void>[] = [];
  for (const { name } of PATHOLOGICAL_CASES) {
    const outcome = timed.find((candidate) => candidate.library === REFERENCE && candidate.input === name);
    if (outcome?.status === 'ok') counts[name] = outcome;
    else if (reference && capSeconds > 0 && name !== 'repeated-1mb') {
      process.stdout.write(`  reference count of ${name} (${encoding}), up to ${capSeconds} s…\n`);
      pending.push(
        measureInChild(reference, encoding, name, capSeconds).then((result) => {
          counts[name] = result;
        }),
      );
    } else
      counts[name] = {
        library: REFERENCE,
        input: name,
        status: 'timeout',
        detail: 'not run (quadratic: hours)',
      };
  }
  await Promise.all(pending);
  return counts;
}

function pathologicalTable(
  encoding: ExactEncoding,
  outcomes: PathologicalOutcome[],
  referenceCounts: Partial<Record<PathologicalCase, PathologicalOutcome>>,
): ReportTable {
  const libraries = LIBRARIES.map((library) => library.name);
  const rows = PATHOLOGICAL_CASES.map(({ name, label }) => {
    const reference = referenceCounts[name];
    const expected = reference?.status === 'ok' ? reference.tokens : undefined;
    return [
      `${label} (target < ${PATHOLOGICAL_TARGET_MS[name]} ms)`,
      ...libraries.map((library) => {
        const outcome = outcomes.find(
          (candidate) => candidate.library === library && candidate.input === name,
        );
        if (!outcome) return '-';
        if (outcome.status !== 'ok') return outcome.detail ?? outcome.status;
        const check =
          expected === undefined ? '' : outcome.tokens === expected ? ' =' : ` ≠ (${outcome.tokens})`;
        return `${(outcome.milliseconds ?? 0).toFixed(0)} ms (cpu ${(outcome.cpuMilliseconds ?? 0).toFixed(0)})${check}`;
      }),
      expected !== undefined
        ? `${expected}`
        : `reference ${reference?.detail ?? 'not run'}; ours ${outcomes.find((outcome) => outcome.library === OURS && outcome.input === name)?.tokens ?? '-'}`,
    ];
  });
  return {
    title: `${encoding}: pathological pre-tokens, each library in a fresh process; wall time of the count call (CPU time), "=" when the count equals the reference's`,
    columns: ['input', ...libraries, 'reference tokens'],
    rows,
  };
}

async function run(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'cap-seconds': { type: 'string', default: String(DEFAULT_CAP_SECONDS) },
      'max-mb': { type: 'string', default: String(DEFAULT_MAX_MEGABYTES) },
      'no-pathological': { type: 'boolean', default: false },
      'reference-cap-seconds': { type: 'string', default: String(DEFAULT_REFERENCE_CAP_SECONDS) },
      // The local-model families: only them, none of them, and how much text per category.
      'local-only': { type: 'boolean', default: false },
      'no-local': { type: 'boolean', default: false },
      'local-max-mb': { type: 'string', default: String(DEFAULT_LOCAL_MAX_MEGABYTES) },
    },
  });
  const capSeconds = Number(values['cap-seconds']);
  const maxBytes = Number(values['max-mb']) * 1e6;
  if (!(capSeconds > 0) || !(maxBytes > 0)) {
    process.stderr.write('bench tokenize: --cap-seconds and --max-mb take positive numbers\n');
    return 2;
  }

  // Shown with the results: on a shared machine the wall clock also measures everyone else's work.
  const loadBefore = loadavg()[0] ?? 0;
  const corpus = loadCorpus(maxBytes);
  for (const category of corpus) {
    const bytes = category.documents.reduce((sum, document) => sum + document.bytes, 0);
    process.stdout.write(
      `corpus ${category.name}: ${category.documents.length} documents, ${(bytes / 1e6).toFixed(2)} MB (${category.source})\n`,
    );
  }

  const tables: ReportTable[] = [];
  const throughput: Record<string, LibraryOutcome[]> = {};
  const pathological: Record<
    string,
    { timed: PathologicalOutcome[]; reference: Partial<Record<PathologicalCase, PathologicalOutcome>> }
  > = {};
  const headline: ReportSection['headline'] = [];
  const chartSeries: { name: string; values: number[] }[] = LIBRARIES.map((library) => ({
    name: library.name,
    values: [],
  }));
  for (const encoding of values['local-only'] ? [] : ENCODINGS) {
    process.stdout.write(`\nmeasuring ${encoding} throughput…\n`);
    const outcomes = await measureThroughput(encoding, corpus);
    throughput[encoding] = outcomes;
    const table = throughputTable(encoding, corpus, outcomes);
    tables.push(table);
    process.stdout.write(`${formatTable(table)}\n`);
    const names = corpus.map((category) => category.name);
    const ours = outcomes.find((outcome) => outcome.name === OURS);
    if (ours) {
      const speed = megabytesPerSecond(totals(ours, names));
      const fastestPeer = Math.max(
        ...outcomes
          .filter((outcome) => outcome.name !== OURS)
          .map((outcome) => megabytesPerSecond(totals(outcome, names))),
      );
      headline.push({
        label: `${encoding} mixed corpus`,
        value: `${speed.toFixed(1)} MB/s (goal ${MIXED_GOAL_MEGABYTES_PER_SECOND}), ${(speed / fastestPeer).toFixed(2)}x the fastest peer`,
      });
    }
    for (const series of chartSeries) {
      const outcome = outcomes.find((candidate) => candidate.name === series.name);
      series.values.push(outcome ? Number(megabytesPerSecond(totals(outcome, names)).toFixed(2)) : 0);
    }

    if (!values['no-pathological']) {
      process.stdout.write(
        `\nmeasuring ${encoding} pathological inputs (cap ${capSeconds} s per library)…\n`,
      );
      const results: PathologicalOutcome[] = [];
      for (const { name } of PATHOLOGICAL_CASES) {
        for (const library of LIBRARIES) {
          results.push(await measureInChild(library, encoding, name, capSeconds));
        }
      }
      const referenceCounts = await referenceCountsFor(
        encoding,
        results,
        Number(values['reference-cap-seconds']),
      );
      pathological[encoding] = { timed: results, reference: referenceCounts };
      const pathologicalReport = pathologicalTable(encoding, results, referenceCounts);
      tables.push(pathologicalReport);
      process.stdout.write(`${formatTable(pathologicalReport)}\n`);
      const worst = results
        .filter((outcome) => outcome.library === OURS)
        .map(
          (outcome) =>
            `${outcome.input} ${outcome.status === 'ok' ? `${(outcome.milliseconds ?? 0).toFixed(0)} ms (cpu ${(outcome.cpuMilliseconds ?? 0).toFixed(0)})` : outcome.status}${outcome.tokens !== undefined && outcome.tokens === referenceCounts[outcome.input]?.tokens ? ' =ref' : ''}`,
        );
      headline.push({ label: `${encoding} pathological (ours)`, value: worst.join(', ') });
    }
  }

  let local: LocalFamilyOutcome[] = [];
  if (!values['no-local']) {
    // A share of each category (the reference is ~0.5 MB/s), the same documents for every family.
    const localBytes = Number(values['local-max-mb']) * 1e6;
    const documents = corpus.flatMap((category) => {
      let total = 0;
      return category.documents.filter((document) => {
        total += document.bytes;
        return total - document.bytes < localBytes;
      });
    });
    process.stdout.write(
      `\nmeasuring local-model tokenizers on ${(documents.reduce((sum, document) => sum + document.bytes, 0) / 1e6).toFixed(2)} MB…\n`,
    );
    local = await measureLocalFamilies(documents, !values['no-pathological']);
    const table = localFamiliesTable(local);
    tables.push(table);
    process.stdout.write(`${formatTable(table)}\n`);
    const bytes = local.reduce((sum, outcome) => sum + outcome.bytes, 0);
    const ours = local.reduce((sum, outcome) => sum + outcome.oursSeconds, 0);
    const reference = local.reduce((sum, outcome) => sum + outcome.referenceSeconds, 0);
    headline.push({
      label: 'local families (tokenizer.json)',
      value: `${(bytes / 1e6 / ours).toFixed(1)} MB/s, ${(reference / ours).toFixed(1)}x the reference, ${local.reduce((sum, outcome) => sum + outcome.mismatches, 0)} mismatches`,
    });
  }

  const report: ReportSection = {
    title: 'Exact token counting speed',
    headline,
    tables,
    charts: [
      {
        kind: 'bar',
        title: 'MB/s on the mixed corpus (higher is better)',
        unit: 'MB/s',
        categories: [...ENCODINGS],
        series: chartSeries,
      },
    ],
  };
  const path = writeResults({
    bench: 'tokenize',
    machine: machineInfo(),
    report,
    corpus: corpus.map((category) => ({
      name: category.name,
      source: category.source,
      documents: category.documents.length,
      bytes: category.documents.reduce((sum, document) => sum + document.bytes, 0),
    })),
    throughput,
    pathological,
    local,
    loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
  });
  process.stdout.write(
    `\n1-minute load average: ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after (cores: ${machineInfo().cores})\n`,
  );
  process.stdout.write(`\nresults: ${path}\n`);
  return 0;
}

/** Tokenizer throughput and pathological-input bench. */
export const tokenizeBench: Bench = {
  description:
    'MB/s of exact token counting vs js-tiktoken, gpt-tokenizer, tiktokenizer, ai-tokenizer, native and WASM tiktoken; local models (Qwen, Llama, DeepSeek, GPT-OSS, Mistral, Gemma) vs @huggingface/tokenizers',
  run,
};
