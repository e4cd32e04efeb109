// The shell's look at this machine before planning: which declared paths exist, which npm versions
// are installed against the lockfile's, what the --mirror paths hold, and what each dataset needs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareStrings } from '@ctxkit/internal';
import { findMirror } from '../dataset/checkout.js';
import { loadDevTasks } from '../dataset/tasks.js';
import { FetchError } from './fetch-error.js';
import { repoKey } from './inputs.js';
import { lockedVersions } from './lockfile.js';
import {
  type DatasetRepoState,
  type DatasetState,
  datasetDir,
  datasetFile,
  type FetchFacts,
  type FetchRequest,
  type NpmState,
  pathsToProbe,
  wantedInputs,
} from './plan.js';

/** Where a package is installed for the bench (`apps/bench`) or, failing that, the workspace root. */
const IMPORTERS = ['apps/bench', '.'];

function installedVersion(directory: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
      version?: unknown;
    };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}

function npmStates(request: FetchRequest): Map<string, NpmState> {
  const names = wantedInputs(request).npm.map(({ input }) => input.name);
  const states = new Map<string, NpmState>();
  if (names.length === 0) return states;
  const lockfile = readFileSync(join(request.workspaceRoot, 'pnpm-lock.yaml'), 'utf8');
  const locks = IMPORTERS.map((importer) => ({ importer, versions: lockedVersions(lockfile, importer) }));
  for (const name of names) {
    const lock = locks.find(({ versions }) => versions.has(name));
    if (lock === undefined) {
      states.set(name, {});
      continue;
    }
    const directory = join(request.workspaceRoot, lock.importer, 'node_modules', name);
    states.set(name, { locked: lock.versions.get(name), installed: installedVersion(directory) });
  }
  return states;
}

/** How many of `commits` the repository at `gitDir` lacks, asked in one `git cat-file` call. */
function countMissingCommits(gitDir: string, commits: readonly string[]): number {
  const result = spawnSync('git', ['--git-dir', gitDir, 'cat-file', '--batch-check'], {
    input: commits.map((commit) => `${commit}^{commit}\n`).join(''),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) return commits.length;
  return result.stdout.split('\n').filter((line) => line.endsWith(' missing')).length;
}

function datasetState(
  file: string,
  request: FetchRequest,
  mirrors: ReadonlyMap<string, string>,
): DatasetState {
  let tasks: ReturnType<typeof loadDevTasks>;
  try {
    tasks = loadDevTasks(file);
  } catch (error) {
    throw new FetchError(`${file}: ${(error as Error).message.replace(`${file}: `, '')}`, 1);
  }
  // The data file's spelling of a repository is kept; tasks of one repository may spell it in two cases.
  const commits = new Map<string, { repo: string; commits: Set<string> }>();
  for (const task of tasks) {
    const entry = commits.get(repoKey(task.repo)) ?? { repo: task.repo, commits: new Set<string>() };
    entry.commits.add(task.baseCommit);
    commits.set(repoKey(task.repo), entry);
  }
  const mirrorsDir = join(datasetDir(request), 'mirrors');
  const repos: DatasetRepoState[] = [...commits.entries()]
    .sort(([left], [right]) => compareStrings(left, right))
    .map(([key, entry]) => {
      const cloned = findMirror(mirrorsDir, entry.repo);
      const source = cloned ?? mirrors.get(key);
      const wanted = [...entry.commits].sort(compareStrings);
      return {
        repo: entry.repo,
        commits: wanted.length,
        ...(cloned === undefined ? {} : { cloned }),
        ...(source === undefined ? {} : { missingCommits: countMissingCommits(source, wanted) }),
      };
    });
  return { tasks: tasks.length, repos };
}

/** What the plan for `request` depends on, looked up on this machine. */
export function gatherFacts(request: FetchRequest, mirrors: ReadonlyMap<string, string>): FetchFacts {
  const existing = new Set(pathsToProbe(request).filter((path) => existsSync(path)));
  const datasets = new Map<string, DatasetState>();
  for (const { input } of wantedInputs(request).datasets) {
    const file = datasetFile(input, request);
    if (existing.has(file) && !datasets.has(file)) datasets.set(file, datasetState(file, request, mirrors));
  }
  return { existing, npm: npmStates(request), mirrors, datasets };
}
