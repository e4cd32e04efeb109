/**
 * A walk on another thread. A warm build's answer is usually already in the cache: the walk only
 * confirms that no file changed. Walking on a second core while this one ranks the cached index
 * overlaps the two; the walk's verdict then decides whether that ranking stands (see
 * `repo-map.ts`).
 */
import { join, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { UnscannedExtension } from './unscanned.js';
import type { SkippedFile, WalkOptions, WalkResult } from './walk.js';
import { builtWorkerScript } from './worker-script.js';

/** What the walk worker is asked: the walk's options without the (unsendable) file selector. */
export type WalkRequest = Omit<WalkOptions, 'selectFile'>;

/** A walk result as the worker posts it. */
export interface PackedWalk {
  root: string;
  /** Relative paths joined by NUL (which no path contains). */
  paths: string;
  /** Links walked under another name make a file's absolute path differ from root + path. */
  absolutePaths: Record<number, string>;
  sizes: Float64Array;
  mtimes: Float64Array;
  skipped: SkippedFile[];
  unscanned: UnscannedExtension[];
}

/** Packs a walk result for posting. */
export function packWalk(result: WalkResult, root: string): PackedWalk {
  const { files } = result;
  const absolutePaths: Record<number, string> = {};
  files.forEach((file, index) => {
    if (file.absolutePath !== absoluteOf(root, file.path)) absolutePaths[index] = file.absolutePath;
  });
  return {
    root,
    paths: files.map((file) => file.path).join('\0'),
    absolutePaths,
    sizes: Float64Array.from(files, (file) => file.size),
    mtimes: Float64Array.from(files, (file) => file.mtimeMs),
    skipped: result.skipped,
    unscanned: result.unscanned,
  };
}

function absoluteOf(root: string, path: string): string {
  return sep === '/' ? (root.endsWith('/') ? root + path : `${root}/${path}`) : join(root, path);
}

/** Unpacks what {@link packWalk} made. */
export function unpackWalk(packed: PackedWalk): WalkResult {
  const paths = packed.paths === '' ? [] : packed.paths.split('\0');
  return {
    files: paths.map((path, index) => ({
      path,
      absolutePath: packed.absolutePaths[index] ?? absoluteOf(packed.root, path),
      size: packed.sizes[index]!,
      mtimeMs: packed.mtimes[index]!,
    })),
    skipped: packed.skipped,
    unscanned: packed.unscanned,
  };
}

/**
 * The walk thread kept between walks: a process that builds maps again and again (a server, a
 * harness) would otherwise start a thread, with its own runtime and cold code, for every build.
 * Unreferenced while idle, so it never keeps a process alive.
 */
let idleWorker: Worker | undefined;

function takeWorker(script: URL): Worker {
  let worker = idleWorker;
  idleWorker = undefined;
  if (!worker) {
    const created = new Worker(script);
    // A kept thread that fails or ends while idle is simply not reused.
    const forget = () => {
      if (idleWorker === created) idleWorker = undefined;
    };
    created.on('error', forget);
    created.on('exit', forget);
    worker = created;
  }
  worker.ref();
  return worker;
}

function releaseWorker(worker: Worker): void {
  if (idleWorker) {
    void worker.terminate();
    return;
  }
  worker.unref();
  idleWorker = worker;
}

/**
 * Starts walking `request.root` on a worker thread, selecting the files a scanner reads. Returns
 * `undefined` when there is no built worker to run (running from sources, bundled); the promise
 * resolves to `undefined` when the worker fails, and the caller walks on its own thread.
 */
export function walkInBackground(request: WalkRequest): Promise<WalkResult | undefined> | undefined {
  const script = builtWorkerScript('walk-worker');
  if (!script) return undefined;
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = takeWorker(script);
    } catch {
      resolve(undefined);
      return;
    }
    const onMessage = (message: PackedWalk | { error: string }) => {
      settle();
      releaseWorker(worker);
      resolve('error' in message ? undefined : unpackWalk(message));
    };
    const onFailure = () => {
      settle();
      void worker.terminate();
      resolve(undefined);
    };
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onFailure);
      worker.off('exit', onFailure);
    };
    worker.on('message', onMessage);
    worker.on('error', onFailure);
    worker.on('exit', onFailure);
    worker.postMessage(request);
  });
}
