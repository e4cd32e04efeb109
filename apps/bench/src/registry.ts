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

/** One benchmark: `run` receives the arguments after its name and returns an exit code. */
export interface Bench {
  description: string;
  /** Its options, for `--help`, when it has its own. */
  usage?: string;
  run(args: string[]): Promise<number>;
}

/**
 * What `pnpm bench <name> --help` says before a bench's own usage: what it reads that a fresh clone
 * does not have (and where it looks by default), and when it exits non-zero. Kept here, beside the
 * registration, so every bench has both and the bench files stay about measuring.
 */
export interface BenchGuide {
  /** Inputs and tools, with the default paths it tries; "nothing" when the repository holds them. */
  needs: string;
  /** The rule that makes it exit 1 (2 is always a usage mistake), or that it only reports. */
  passRule: string;
}

const DATASET_NEEDS =
  'a SWE-bench-style task file (--data, e.g. shared/data/swebench-dev.json) and the repositories at their base commits (--repos DIR of checkouts, or --mirrors DIR of bare git mirrors to check out from)';

/** The guide of every bench, by name. */
export const guides: Record<string, BenchGuide> = {
  budget: {
    needs: 'nothing: the fixture repositories in apps/bench/__fixtures__ and the built CLI (pnpm build)',
    passRule:
      'exit 1 when a pack fails or is over its budget, two runs differ, or against baselines/budget.json a pack grew past the tolerance, changed bytes, or a case is new or missing (accept an intended change with --update); runs in CI',
  },
  compact: {
    needs: "nothing: @ctxkit/compact's SWE-agent fixtures (or --fixtures DIR of transcripts)",
    passRule: 'reports only (tokens, requests over the window, provider rejections, timings); exit 0',
  },
  frameworks: {
    needs:
      "the frameworks installed as the bench's devDependencies (pnpm install) and @ctxkit/compact's fixtures",
    passRule: "reports only (each drop-in beside the framework's own answer); exit 0",
  },
  inspect: {
    needs:
      "Debian's chromium at /usr/bin/chromium (or --chromium PATH), driven by playwright-core; the trace is generated",
    passRule: 'exit 1 when the median time to open a 2,000-request trace page is 2 s or more',
  },
  localize: { needs: DATASET_NEEDS, passRule: 'reports only (hit@1, recall@k against BM25); exit 0' },
  map: {
    needs:
      'source trees: --tree DIR, else those present of /usr/lib/python3.11, /usr/share/go-1.19/src, /usr/lib/google-cloud-sdk, /usr/src/rustc-1.63.0 (Debian packages python3.11, golang-1.19-src, google-cloud-sdk, rustc-src)',
    passRule:
      'exit 1 when a warm build misses the cache, or is under 10x faster than cold on a tree of 10k+ files',
  },
  'map-quality': {
    needs: DATASET_NEEDS,
    passRule: 'reports only (gold file listed, gold definition named); exit 0',
  },
  pack: {
    needs:
      'warm repositories: --root DIR, else this workspace plus those present of /usr/lib/python3.11 and /usr/lib/google-cloud-sdk/lib/googlecloudsdk; --cli needs the built CLI',
    passRule: 'reports the 300 ms median target on trees of 4k+ files (met or OVER); exit 0',
  },
  'pack-quality': {
    needs: DATASET_NEEDS,
    passRule: 'reports only (gold file in the pack, changed lines and definitions shown); exit 0',
  },
  report: {
    needs: 'results/*.json from earlier benches; --screenshot needs chromium (/usr/bin/chromium)',
    passRule: 'exit 2 when there are no results to render; else exit 0',
  },
  retrieve: {
    needs: "markdown docs: --docs DIR, else the package READMEs under the workspace's node_modules/.pnpm",
    passRule: 'reports only (precision@k, recall@k, silence off topic); exit 0',
  },
  scan: {
    needs:
      'universal-ctags at /usr/bin/ctags (Debian universal-ctags) and source trees per language: --root DIR, else system ones such as /usr/lib/python3.*, /usr/share/go-*/src, /usr/src/rustc-*/library',
    passRule:
      'prints whether recall and precision ≥ 95% and speed ≥ 1x ctags are met; exit 1 only when no tree could be scanned',
  },
  sessions: {
    needs:
      "nothing for @ctxkit/compact's SWE-agent fixtures; real long sessions come from --fixtures DIR as apps/bench/scripts/convert-trajectories.mjs writes it (from bare git mirrors of the public repositories it names)",
    passRule:
      'exit 1 when a compaction makes a transcript invalid for a provider, changes or drops the latest user message, or leaves an edited file unnamed; a missed target is reported with its reason',
  },
  skills: {
    needs:
      'SKILL.md sets (--skills DIR) and labelled prompts (--prompts DIR or --cases FILE, e.g. data/skill-tasks.json)',
    passRule: 'reports only (precision and recall of the loaded skills); exit 0',
  },
  tokenize: {
    needs:
      'text: /usr/lib/python3.x and /usr/share/common-licenses (Debian python3, base-files) and the comparison tokenizers installed as devDependencies',
    passRule: 'reports only (MB/s against each library, pathological-input times under their caps); exit 0',
  },
};

/** Every bench by the name `pnpm bench <name>` takes. */
export const benches: Record<string, Bench> = {
  budget: budgetBench,
  compact: compactBench,
  frameworks: frameworksBench,
  inspect: inspectBench,
  localize: localizeBench,
  map: mapBench,
  'map-quality': mapQualityBench,
  pack: packBench,
  'pack-quality': packQualityBench,
  report: reportBench,
  retrieve: retrieveBench,
  scan: scanBench,
  sessions: sessionsBench,
  skills: skillsBench,
  tokenize: tokenizeBench,
};
