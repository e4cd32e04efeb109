// What the quality benches share: the flags that name a data set and narrow it, and a walk over its
// tasks that checks each one out and records, rather than fails on, the tasks that cannot run here.
import { basename, join, resolve } from 'node:path';
import { checkout, MissingCheckoutError } from './checkout.js';
import { type DevTask, loadDevTasks, selectTasks } from './tasks.js';

/** `parseArgs` options every quality bench takes. */
export const DATASET_OPTIONS = {
  data: { type: 'string' },
  repos: { type: 'string' },
  mirrors: { type: 'string' },
  caches: { type: 'string' },
  repo: { type: 'string' },
  language: { type: 'string' },
  'per-repo': { type: 'string' },
  limit: { type: 'string' },
} as const;

/** The usage line of those options. */
export const DATASET_USAGE =
  '--data FILE --repos DIR [--mirrors DIR] [--caches DIR] [--repo OWNER/NAME] [--language L] [--per-repo N] [--limit N]';

/** A task that did not run, and why. */
export interface SkippedTask {
  instanceId: string;
  reason: string;
}

/** The data set the flags name, narrowed, and where its checkouts live. */
export interface DatasetRun {
  /** The data file's name without `.json` (e.g. `swebench-dev`), for results file names. */
  name: string;
  tasks: DevTask[];
  reposDir: string;
  mirrorsDir: string | undefined;
  /**
   * Where the map caches of the checkouts live (default `<repos>/.ctxkit-cache`): two builds
   * measured side by side keep theirs apart, or each would rescan what the other just cached.
   */
  cachesDir: string;
  /** Tasks that did not run, filled by {@link forEachCheckout} and by the bench itself. */
  skipped: SkippedTask[];
}

/** The run the parsed flags describe, or undefined when `--data` or `--repos` is missing. */
export function openDataset(values: {
  data?: string | undefined;
  repos?: string | undefined;
  mirrors?: string | undefined;
  caches?: string | undefined;
  repo?: string | undefined;
  language?: string | undefined;
  'per-repo'?: string | undefined;
  limit?: string | undefined;
}): DatasetRun | undefined {
  if (!values.data || !values.repos) return undefined;
  return {
    name: basename(values.data).replace(/\.json$/, ''),
    tasks: selectTasks(loadDevTasks(resolve(values.data)), {
      repo: values.repo,
      language: values.language,
      perRepo: values['per-repo'],
      limit: values.limit,
    }),
    reposDir: resolve(values.repos),
    mirrorsDir: values.mirrors ? resolve(values.mirrors) : undefined,
    cachesDir: values.caches ? resolve(values.caches) : join(resolve(values.repos), '.ctxkit-cache'),
    skipped: [],
  };
}

/** Calls `work` with each task and its checkout, in order; a task without one is skipped and said so. */
export async function forEachCheckout(
  run: DatasetRun,
  work: (task: DevTask, root: string) => Promise<void>,
): Promise<void> {
  for (const task of run.tasks) {
    let root: string;
    try {
      root = checkout(task, run.reposDir, run.mirrorsDir);
    } catch (error) {
      if (!(error instanceof MissingCheckoutError)) throw error;
      run.skipped.push({ instanceId: task.instanceId, reason: error.message });
      process.stderr.write(`${task.instanceId}: skipped, ${error.message}\n`);
      continue;
    }
    await work(task, root);
  }
}
