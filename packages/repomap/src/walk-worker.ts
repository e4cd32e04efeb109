/**
 * Worker-thread entry: walks a tree per message and posts each result back, packed (paths in one
 * string, sizes and mtimes in transferred arrays) so the receiving thread decodes a few values,
 * not one object per file. Loads the walk and the extension table only, so it starts fast; the
 * thread is kept for the next walk of a long-running process (see `background-walk.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { packWalk, type WalkRequest } from './background-walk.js';
import { isScannable } from './scanners/languages.js';
import { walkRepository } from './walk.js';

parentPort?.on('message', async (request: WalkRequest) => {
  try {
    const result = await walkRepository({
      ...request,
      selectFile: isScannable,
    });
    const packed = packWalk(result, request.root);
    parentPort?.postMessage(packed, [
      packed.sizes.buffer as ArrayBuffer,
      packed.mtimes.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    parentPort?.postMessage({ error: String(error) });
  }
});
