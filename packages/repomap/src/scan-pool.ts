/**
 * Scans many files, on worker threads when it pays (enough files, more than one core, and a built
 * worker script next to this module), else on the calling thread. Either way at most a bounded
 * number of files is in flight, so memory holds scan results, never the tree's text.
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

/** Below this many files, starting threads (tens of milliseconds each) costs more than it saves. */
export const WORKER_MIN_FILES = 1000;
/** Files per message: large enough to amortize messaging, small enough to balance the load. */
const BATCH_SIZE = 64;
/** Files read concurrently on the calling thread: overlaps I/O without piling up buffers. */
const IN_THREAD_CONCURRENCY = 16;
/** More threads than this buys little: the main thread's walk and merge become the bottleneck. */
const MAX_WORKERS = 8;

/**
 * Scans `tasks` and calls `onOutcome(index, outcome)` for each, in any order; `onProgress` after
 * each file. Resolves when every task is done.
 */
export async function scanAll(
  tasks: readonly ScanTask[],
  onOutcome: (index: number, outcome: ScanOutcome) => void,
  onProgress?: () => void,
): Promise<void> {
  const workers = Math.min(MAX_WORKERS, availableParallelism());
  const script =
    tasks.length >= WORKER_MIN_FILES && workers > 1 ? builtWorkerScript('scan-worker') : undefined;
  if (script) {
    await scanOnWorkers(script, workers, tasks, onOutcome, onProgress);
    return;
  }
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index]!;
      onOutcome(index, await scanFile(task.absolutePath, task.language));
      onProgress?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_THREAD_CONCURRENCY, tasks.length) }, lane));
}

async function scanOnWorkers(
  script: URL,
  count: number,
  tasks: readonly ScanTask[],
  onOutcome: (index: number, outcome: ScanOutcome) => void,
  onProgress?: () => void,
): Promise<void> {
  const batches: { start: number; tasks: ScanTask[] }[] = [];
  for (let start = 0; start < tasks.length; start += BATCH_SIZE) {
    batches.push({ start, tasks: tasks.slice(start, start + BATCH_SIZE) });
  }
  let nextBatch = 0;
  const pool = Array.from({ length: Math.min(count, batches.length) }, () => new Worker(script));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const send = () => {
              if (nextBatch >= batches.length) {
                resolve();
                return;
              }
              const id = nextBatch++;
              worker.postMessage({ id, tasks: batches[id]!.tasks } satisfies ScanBatch);
            };
            worker.on('message', (result: ScanBatchResult) => {
              const start = batches[result.id]!.start;
              const batch = fromPortable(result.index);
              result.files.forEach((file, offset) => {
                onOutcome(start + offset, file < 0 ? { skipped: result.skipped[offset]! } : { batch, file });
                onProgress?.();
              });
              send();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`scan worker exited with code ${code}`));
            });
            send();
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}
