// The pure half of `pnpm bench fetch`: the inputs the chosen benches declare, and what the shell
// found on this machine, become a list of steps. No step here touches the file system; the shell
// gathers the facts first (facts.ts) and runs the commands after (command.ts).
import { posix } from 'node:path';
import { compareStrings } from '@ctxkit/internal';
import {
  type BenchInput,
  cloneUrl,
  type DatasetInput,
  type DebianInput,
  type GitInput,
  mirrorFolderName,
  type NpmInput,
  repoKey,
} from './inputs.js';

/** What was asked: the benches and the flags that say where things go. */
export interface FetchRequest {
  /** The benches named, each with the inputs its registration declares. */
  benches: readonly { name: string; inputs: readonly BenchInput[] }[];
  /** Absolute: the workspace root, which dataset files are relative to and pnpm installs in. */
  workspaceRoot: string;
  /** `--into DIR`, absolute: git inputs go to `DIR/<basename>`, dataset mirrors to `DIR/mirrors`. */
  into?: string | undefined;
  /** Absolute: where dataset mirrors go without `--into`. */
  defaultDatasetDir: string;
  /** `--data FILE`, absolute: the one dataset every dataset input is replaced by. */
  data?: string | undefined;
  /** Whether this process may run apt-get itself. */
  root: boolean;
}

/** The lockfile's version of a package and the one installed (undefined: not there). */
export interface NpmState {
  locked?: string | undefined;
  installed?: string | undefined;
}

/** One repository of a dataset, as found. */
export interface DatasetRepoState {
  /** `owner/name`, spelled as the data file spells it. */
  repo: string;
  /** Distinct base commits its tasks need. */
  commits: number;
  /** The git dir of a mirror already under the dataset directory. */
  cloned?: string | undefined;
  /** How many of those commits the mirror fetch would use lacks (the cloned one, else `--mirror`'s). */
  missingCommits?: number | undefined;
}

/** A dataset file that exists, as read. */
export interface DatasetState {
  tasks: number;
  repos: readonly DatasetRepoState[];
}

/** What the shell found on this machine about the inputs of a request. */
export interface FetchFacts {
  /** The absolute paths that exist, of those {@link pathsToProbe} named. */
  existing: ReadonlySet<string>;
  /** By package name. */
  npm: ReadonlyMap<string, NpmState>;
  /** `--mirror` git dirs by {@link repoKey}. */
  mirrors: ReadonlyMap<string, string>;
  /** By absolute file, for the dataset files that exist. */
  datasets: ReadonlyMap<string, DatasetState>;
}

/** A command fetch runs, or prints. */
export interface Command {
  argv: readonly string[];
  cwd?: string;
  env?: Readonly<Record<string, string>>;
}

/**
 * `present`: nothing to do; `run`: fetch runs `commands`; `todo`: left to the user (`note` says
 * how); `missing`: not to be had here (`note` says why).
 */
export type StepStatus = 'present' | 'run' | 'todo' | 'missing';

export interface FetchStep {
  status: StepStatus;
  /** What the step is about and where it lives: `debian python3.11 /usr/lib/python3.11`. */
  label: string;
  /** The benches that need it, sorted. */
  benches: readonly string[];
  /** For `run`, in order; the first failure ends the step. Empty otherwise. */
  commands: readonly Command[];
  note?: string;
}

export interface FetchPlan {
  steps: FetchStep[];
  /** How to run each dataset bench on what the plan fetches. */
  next: string[];
}

/** Where a git input is cloned, given `--into`. */
export function gitInputPath(input: GitInput, into: string | undefined): string {
  return into === undefined ? input.path : posix.join(into, posix.basename(input.path));
}

/** Where a ref's checkout is built before it is moved into place, so a failed one is never "present". */
export function partialPath(path: string): string {
  return `${path}.partial`;
}

/** The directory dataset mirrors go under (`mirrors/`) and the benches write checkouts to (`repos/`). */
export function datasetDir(request: FetchRequest): string {
  return request.into ?? request.defaultDatasetDir;
}

/** The absolute dataset file an input stands for, given `--data`. */
export function datasetFile(input: DatasetInput, request: FetchRequest): string {
  return request.data ?? posix.resolve(request.workspaceRoot, input.file);
}

/** Where the mirror of a dataset repository is cloned or linked. */
export function datasetMirrorPath(repo: string, request: FetchRequest): string {
  return posix.join(datasetDir(request), 'mirrors', mirrorFolderName(repo), 'repo');
}

/** An input and the benches that declare it, once however many do. */
export interface Wanted<T extends BenchInput> {
  input: T;
  benches: string[];
}

/** The request's inputs by kind, each once, in a fixed order whatever order the benches came in. */
export function wantedInputs(request: FetchRequest): {
  debian: Wanted<DebianInput>[];
  npm: Wanted<NpmInput>[];
  git: Wanted<GitInput>[];
  datasets: Wanted<DatasetInput>[];
} {
  const byKey = new Map<string, Wanted<BenchInput>>();
  for (const bench of request.benches) {
    for (const input of bench.inputs) {
      const key = inputKey(input, request);
      const seen = byKey.get(key);
      if (seen === undefined) byKey.set(key, { input, benches: [bench.name] });
      else if (!seen.benches.includes(bench.name)) seen.benches.push(bench.name);
    }
  }
  const wanted = [...byKey.entries()]
    .sort(([left], [right]) => compareStrings(left, right))
    .map(([, entry]) => ({ ...entry, benches: [...entry.benches].sort(compareStrings) }));
  const of = <K extends BenchInput['kind']>(kind: K) =>
    wanted.filter((entry) => entry.input.kind === kind) as Wanted<Extract<BenchInput, { kind: K }>>[];
  return { debian: of('debian'), npm: of('npm'), git: of('git'), datasets: of('dataset') };
}

/** Two benches declaring the same thing share one step. */
function inputKey(input: BenchInput, request: FetchRequest): string {
  switch (input.kind) {
    case 'debian':
      return `debian ${input.package}`;
    case 'npm':
      return `npm ${input.name}`;
    case 'git':
      return `git ${gitInputPath(input, request.into)}`;
    case 'dataset':
      return `dataset ${datasetFile(input, request)}`;
  }
}

/** Every path whose existence the plan depends on: what the shell must look at before planning. */
export function pathsToProbe(request: FetchRequest): string[] {
  const { debian, git, datasets } = wantedInputs(request);
  const paths = [
    ...debian.map(({ input }) => input.path),
    ...git.flatMap(({ input }) => {
      const path = gitInputPath(input, request.into);
      return [path, partialPath(path)];
    }),
    ...datasets.map(({ input }) => datasetFile(input, request)),
  ];
  return [...new Set(paths)].sort(compareStrings);
}

function union(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())].sort(compareStrings);
}

function debianSteps(wanted: Wanted<DebianInput>[], request: FetchRequest, facts: FetchFacts): FetchStep[] {
  const steps: FetchStep[] = [];
  const toInstall: Wanted<DebianInput>[] = [];
  for (const entry of wanted) {
    const { input, benches } = entry;
    const label = `debian ${input.package} ${input.path}`;
    const why = input.why === undefined ? {} : { note: input.why };
    if (facts.existing.has(input.path))
      steps.push({ status: 'present', label, benches, commands: [], ...why });
    else if (input.aptSource !== undefined) {
      steps.push({
        status: 'todo',
        label,
        benches,
        commands: [],
        note: `not in Debian's archive: add ${input.aptSource} to apt's sources, then apt-get install ${input.package}`,
      });
    } else toInstall.push(entry);
  }
  if (toInstall.length === 0) return steps;
  const packages = toInstall.map(({ input }) => input.package);
  const label = `debian ${toInstall.map(({ input }) => `${input.package} ${input.path}`).join(', ')}`;
  const benches = union(toInstall.map((entry) => entry.benches));
  const install = ['apt-get', 'install', '-y', ...packages];
  if (request.root) {
    // A fresh machine's package lists may be empty or old: apt finds nothing until they are read.
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    steps.push({
      status: 'run',
      label,
      benches,
      commands: [
        { argv: ['apt-get', 'update'], env },
        { argv: install, env },
      ],
    });
  } else {
    steps.push({
      status: 'todo',
      label,
      benches,
      commands: [],
      note: `not root: run as root \`apt-get update && ${install.join(' ')}\``,
    });
  }
  return steps;
}

function npmSteps(wanted: Wanted<NpmInput>[], request: FetchRequest, facts: FetchFacts): FetchStep[] {
  const steps: FetchStep[] = [];
  const stale: { entry: Wanted<NpmInput>; locked: string; installed: string | undefined }[] = [];
  for (const entry of wanted) {
    const state = facts.npm.get(entry.input.name);
    const locked = state?.locked;
    if (locked === undefined) {
      steps.push({
        status: 'missing',
        label: `npm ${entry.input.name}`,
        benches: entry.benches,
        commands: [],
        note: 'pnpm-lock.yaml resolves no version of it: add it to the devDependencies of apps/bench',
      });
    } else if (state?.installed === locked) {
      steps.push({
        status: 'present',
        label: `npm ${entry.input.name}@${locked}`,
        benches: entry.benches,
        commands: [],
      });
    } else stale.push({ entry, locked, installed: state?.installed });
  }
  if (stale.length === 0) return steps;
  steps.push({
    status: 'run',
    label: `npm ${stale.map(({ entry, locked }) => `${entry.input.name}@${locked}`).join(', ')}`,
    benches: union(stale.map(({ entry }) => entry.benches)),
    commands: [
      { argv: ['npx', '-y', 'pnpm@10', 'install', '--frozen-lockfile'], cwd: request.workspaceRoot },
    ],
    note: stale
      .map(({ entry, installed }) =>
        installed === undefined ? `${entry.input.name} not installed` : `${entry.input.name} is ${installed}`,
      )
      .join(', '),
  });
  return steps;
}

function gitSteps(wanted: Wanted<GitInput>[], request: FetchRequest, facts: FetchFacts): FetchStep[] {
  return wanted.map(({ input, benches }) => {
    const path = gitInputPath(input, request.into);
    const label = `git ${input.repo}${input.ref === undefined ? '' : ` at ${input.ref}`} ${path}`;
    if (facts.existing.has(path)) return { status: 'present', label, benches, commands: [] };
    const mirror = facts.mirrors.get(repoKey(input.repo));
    const source = mirror ?? cloneUrl(input.repo);
    const note = mirror === undefined ? undefined : `from the local mirror ${mirror}`;
    if (input.ref === undefined) {
      return {
        status: 'run',
        label,
        benches,
        commands: [{ argv: ['git', 'clone', '--quiet', source, path] }],
        ...(note === undefined ? {} : { note }),
      };
    }
    const partial = partialPath(path);
    const commands: Command[] = [
      ...(facts.existing.has(partial) ? [{ argv: ['rm', '-rf', partial] }] : []),
      { argv: ['git', 'clone', '--quiet', '--no-checkout', source, partial] },
      { argv: ['git', '-C', partial, 'checkout', '--quiet', '--detach', input.ref] },
      { argv: ['mv', partial, path] },
    ];
    return { status: 'run', label, benches, commands, ...(note === undefined ? {} : { note }) };
  });
}

function lacking(repo: DatasetRepoState): string | undefined {
  if (!repo.missingCommits) return undefined;
  return `lacks ${repo.missingCommits} of ${repo.commits} base commits: those tasks are skipped`;
}

function datasetSteps(
  wanted: Wanted<DatasetInput>[],
  request: FetchRequest,
  facts: FetchFacts,
): { steps: FetchStep[]; next: string[] } {
  const steps: FetchStep[] = [];
  const next: string[] = [];
  const repos = new Map<string, { state: DatasetRepoState; benches: string[] }>();
  const dir = datasetDir(request);
  for (const { input, benches } of wanted) {
    const file = datasetFile(input, request);
    const state = facts.datasets.get(file);
    if (state === undefined) {
      steps.push({
        status: 'missing',
        label: `dataset ${file}`,
        benches,
        commands: [],
        note: "no such file: the development sets live in the project's shared/data (or pass --data FILE)",
      });
      continue;
    }
    steps.push({
      status: 'present',
      label: `dataset ${file}`,
      benches,
      commands: [],
      note: `${state.tasks} tasks in ${state.repos.length} repositories`,
    });
    for (const repo of state.repos) {
      const seen = repos.get(repoKey(repo.repo));
      if (seen === undefined) repos.set(repoKey(repo.repo), { state: repo, benches: [...benches] });
      else seen.benches = union([seen.benches, benches]);
    }
    for (const bench of benches) {
      next.push(
        `pnpm bench ${bench} --data ${file} --repos ${posix.join(dir, 'repos')} --mirrors ${posix.join(dir, 'mirrors')}`,
      );
    }
  }
  const sorted = [...repos.entries()].sort(([left], [right]) => compareStrings(left, right));
  for (const [key, { state, benches }] of sorted) {
    const note = lacking(state);
    const extra = note === undefined ? {} : { note };
    if (state.cloned !== undefined) {
      steps.push({
        status: 'present',
        label: `mirror ${state.repo} ${state.cloned}`,
        benches,
        commands: [],
        ...extra,
      });
      continue;
    }
    const target = datasetMirrorPath(state.repo, request);
    const label = `mirror ${state.repo} ${target}`;
    const mirror = facts.mirrors.get(key);
    if (mirror !== undefined) {
      // Linked, not copied: the quality benches read one --mirrors folder, and a mirror can be large.
      steps.push({
        status: 'run',
        label,
        benches,
        commands: [{ argv: ['mkdir', '-p', posix.dirname(target)] }, { argv: ['ln', '-s', mirror, target] }],
        note: [`linked to the local mirror ${mirror}`, ...(note === undefined ? [] : [note])].join('; '),
      });
    } else {
      steps.push({
        status: 'run',
        label,
        benches,
        commands: [{ argv: ['git', 'clone', '--bare', '--quiet', cloneUrl(state.repo), target] }],
      });
    }
  }
  return { steps, next: [...new Set(next)] };
}

/** The steps that get the inputs of the request's benches, given what exists. */
export function planFetch(request: FetchRequest, facts: FetchFacts): FetchPlan {
  const wanted = wantedInputs(request);
  const datasets = datasetSteps(wanted.datasets, request, facts);
  return {
    steps: [
      ...debianSteps(wanted.debian, request, facts),
      ...npmSteps(wanted.npm, request, facts),
      ...gitSteps(wanted.git, request, facts),
      ...datasets.steps,
    ],
    next: datasets.next,
  };
}
