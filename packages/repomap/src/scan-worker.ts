/**
 * Worker-thread entry: scans batches of files and posts the outcomes back. Each worker reads its
 * files itself, so file text never crosses threads and the main thread holds none of it.
 */
import { parentPort } from 'node:worker_threads';
import { scanFile } from './scan-file.js';
import type { ScanBatch, ScanBatchResult } from './scan-pool.js';

parentPort?.on('message', async (batch: ScanBatch) => {
  const outcomes: ScanBatchResult['outcomes'] = [];
  for (const task of batch.tasks) outcomes.push(await scanFile(task.absolutePath, task.language));
  parentPort?.postMessage({ id: batch.id, outcomes } satisfies ScanBatchResult);
});
