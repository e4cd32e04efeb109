/**
 * Scans many files on every core: the calling thread takes batches of files itself and, when it
 * pays (enough files, more than one core, and a built worker script next to this module), worker
 * threads take batches from the same queue. At most a few batches are in flight, so memory holds
 * scan results, never the tree's text.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type FileScanOutcome, scanFile } from './scan-file.js';
import type { ScanLanguage } from './scanners/languages.js';
import { fromPortable, type PortableTreeIndex, type TreeIndex } from './tree-index.js';
import { builtWorkerScript } from './worker-script.js';

/** One file to scan. */
export interface ScanTask {
  /** Relative to the root, `/`-separated; tasks come in path order. */
  path: string;
  absolutePath: string;
  language: ScanLanguage;
}

/**
 * What became of one task: skipped with a reason, scanned (on this thread), or scanned on a worker
 * and delivered as file `file` of a batch's compact index, so no object per definition or per
 * reference ever crosses threads or waits in memory for the rest of the tree.
 */
export type ScanOutcome = FileScanOutcome | { batch: TreeIndex; file: number };

/** A message to a worker: files to scan, tagged so replies can be matched. */
export interface ScanBatch {
  id: number;
  tasks: ScanTask[];
}

/**
 * A worker's reply: the batch's scanned files as one index (files in task order), and per task its
 * file in that index or, for a skipped task, -1 and a reason in `skipped`.
 */
export interface ScanBatchResult {
  id: number;
  index: PortableTreeIndex;
  files: number[];
  skipped: Record<number, string>;
}

/**
 * Below this many files, a worker costs more than the files it takes off the calling thread: it
 * starts in tens of milliseconds, but its scanner runs cold (interpreted, then recompiled) for its
 * first few hundred milliseconds. Measured on 2 cores, a worker beside the calling thread made a
 * 1,383-file tree slower (0.88 s to 1.09 s) and a 2,017-file tree a little faster.
 */
export const WORKER_MIN_FILES = 2000;
/**
 * Files per batch: large enough to amortize messaging, small enough that the calling thread, which
 * scans a batch without yielding, answers the workers and its own callers often.
 */
const BATCH_SIZE = 32;
/** Batches queued at each worker, so it never waits while the calling thread is busy scanning. */
const BATCHES_IN_FLIGHT = 2;
/** More threads than this buys little: the calling thread's walk and merge become the bottleneck. */
const MAX_THREADS = 8;

/**
 * Scans `tasks` and calls `onOutcome(index, outcome)` for each, in any order; `onProgress` after
 * each file. Resolves when every task is done.
 */
export async function scanAll(
  tasks: readonly ScanTask[],
  onOutcome: (index: number, outcome: ScanOutcome) => void,
  onProgress?: () => void,
): Promise<void> {
  const batches: { start: number; tasks: ScanTask[] }[] = [];
  for (let start = 0; start < tasks.length; start += BATCH_SIZE) {
    batches.push({ start, tasks: tasks.slice(start, start + BATCH_SIZE) });
  }
  let nextBatch = 0;
  const take = (): number | undefined => (nextBatch < batches.length ? nextBatch++ : undefined);
  const threads = Math.min(MAX_THREADS, availableParallelism());
  const script =
    tasks.length >= WORKER_MIN_FILES && threads > 1 ? builtWorkerScript('scan-worker') : undefined;
  const workerCount = script ? Math.min(threads - 1, batches.length - 1) : 0;
  const pool = Array.from({ length: workerCount }, () => new Worker(script!));
  const scanHere = async () => {
    for (let id = take(); id !== undefined; id = take()) {
      const batch = batches[id]!;
      batch.tasks.forEach((task, offset) => {
        onOutcome(batch.start + offset, scanFile(task.absolutePath, task.language));
        onProgress?.();
      });
      // Between batches, let worker replies and the caller's other events through.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const scanThere = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let inFlight = 0;
      const send = () => {
        const id = take();
        if (id === undefined) return;
        inFlight++;
        worker.postMessage({ id, tasks: batches[id]!.tasks } satisfies ScanBatch);
      };
      worker.on('message', (result: ScanBatchResult) => {
        inFlight--;
        const start = batches[result.id]!.start;
        const batch = fromPortable(result.index);
        result.files.forEach((file, offset) => {
          onOutcome(start + offset, file < 0 ? { skipped: result.skipped[offset]! } : { batch, file });
          onProgress?.();
        });
        send();
        if (inFlight === 0) resolve();
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`scan worker exited with code ${code}`));
      });
      for (let sent = 0; sent < BATCHES_IN_FLIGHT; sent++) send();
      if (inFlight === 0) resolve();
    });
  try {
    await Promise.all([scanHere(), ...pool.map(scanThere)]);
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
