/**
 * Worker-thread entry: scans batches of files and posts each batch back as one compact index
 * (see `tree-index.ts`) with its columns transferred, not copied. Each worker reads its files
 * itself, so file text never crosses threads, and neither does an object per definition.
 */
import { parentPort } from 'node:worker_threads';
import { scanFile } from './scan-file.js';
import type { ScanBatch, ScanBatchResult } from './scan-pool.js';
import { TreeIndexBuilder, toPortable } from './tree-index.js';

parentPort?.on('message', (batch: ScanBatch) => {
  const builder = new TreeIndexBuilder();
  const files: number[] = [];
  const skipped: Record<number, string> = {};
  for (const [offset, task] of batch.tasks.entries()) {
    const outcome = scanFile(task.absolutePath, task.language);
    if ('skipped' in outcome) {
      files.push(-1);
      skipped[offset] = outcome.skipped;
    } else {
      files.push(builder.fileCount);
      builder.addScan(task.path, outcome.scan);
    }
  }
  const { portable, transfer } = toPortable(builder.build());
  parentPort?.postMessage(
    { id: batch.id, index: portable, files, skipped } satisfies ScanBatchResult,
    transfer,
  );
});
