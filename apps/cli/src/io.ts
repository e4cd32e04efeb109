import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ScanCacheMemory } from '@ctxkit/repomap';
import type { ResolvedConfig } from './config/resolve.js';
import { fileUserError, UserError } from './errors.js';
import { type Colors, createColors } from './output/color.js';
import { type ProgressReporter, SILENT_PROGRESS } from './output/progress.js';

/**
 * Where a command writes and reads, plus the global flags and configuration in effect; tests pass
 * their own streams. Every field is filled in by the shell before a subcommand's action runs, so
 * actions read them at call time (never at registration time, when flags are not parsed yet).
 */
export interface CommandIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Reads all of standard input (for the `-` argument). */
  readStdin(): Promise<string>;
  /** The directory relative paths are resolved against (`--cwd`, else the process directory). */
  cwd: string;
  /** Standard input as a stream, for commands that speak a protocol over it (`ctxkit mcp`). */
  stdin: NodeJS.ReadableStream;
  /** `--json`: write exactly one JSON document to stdout and nothing else. */
  json: boolean;
  /** `--quiet`: no progress and no notes on stderr; results and errors still appear. */
  quiet: boolean;
  /** Styles for stdout: active only on a terminal, without `--no-color`/`NO_COLOR`, and not under `--json`. */
  colors: Colors;
  /** The repository root (nearest ancestor of `cwd` with `.git`, else `cwd`); configuration lives here. */
  root: string;
  /** The effective configuration: `ctxkit.config.json` / package.json#ctxkit with global flags applied. */
  config: ResolvedConfig;
  /**
   * Start a progress line on stderr for long work (`label` e.g. `mapping repository`). It appears
   * only after ~300 ms, only on a terminal, never with `--quiet`; call `done()` when finished.
   */
  progress(label: string): ProgressReporter;
  /**
   * Where a process that runs many commands (`ctxkit serve`) keeps the last repo map cache for the
   * next command (see `scan-cache.ts`); a one-shot run keeps none.
   */
  scanCacheMemory?: ScanCacheMemory;
}

/** A complete {@link CommandIO} from the parts a caller has; the rest are process defaults. */
export function createCommandIO(parts: Partial<CommandIO> = {}): CommandIO {
  const cwd = parts.cwd ?? process.cwd();
  return {
    stdout: parts.stdout ?? process.stdout,
    stderr: parts.stderr ?? process.stderr,
    readStdin: parts.readStdin ?? readAllStdin,
    cwd,
    stdin: parts.stdin ?? process.stdin,
    json: parts.json ?? false,
    quiet: parts.quiet ?? false,
    colors: parts.colors ?? createColors(false),
    root: parts.root ?? cwd,
    config: parts.config ?? { root: parts.root ?? cwd, values: {}, sources: {} },
    progress: parts.progress ?? (() => SILENT_PROGRESS),
    ...(parts.scanCacheMemory ? { scanCacheMemory: parts.scanCacheMemory } : {}),
  };
}

/** Whether `stream` is attached to a terminal (colour, progress). */
export function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/** Read a text input named on the command line: a path, or `-` for standard input. */
export async function readTextInput(io: CommandIO, path: string): Promise<string> {
  // /dev/stdin cannot be opened when standard input is a socket (as many process spawners give).
  if (path === '-' || path === '/dev/stdin') return io.readStdin();
  try {
    return readFileSync(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    throw fileUserError(error, path) ?? error;
  }
}

/** Write one JSON document (pretty, newline-terminated) to stdout. */
export function writeJson(io: CommandIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Characters gathered before a streamed document is written out (and stdout may drain). */
const STREAM_CHUNK_CHARS = 1 << 20;

/** `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep in an enclosing document. */
function nestedJson(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2) ?? 'null';
  return depth === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(depth)}`);
}

/** The pieces of a JSON array written `depth` levels deep, as `JSON.stringify(…, null, 2)` lays it out. */
function* arrayPieces(items: Iterable<unknown>, depth: number): Generator<string> {
  const inner = `\n${'  '.repeat(depth + 1)}`;
  let count = 0;
  for (const item of items) {
    yield `${count === 0 ? '[' : ','}${inner}${nestedJson(item === undefined ? null : item, depth + 1)}`;
    count++;
  }
  yield count === 0 ? '[]' : `\n${'  '.repeat(depth)}]`;
}

/**
 * Writes `document` exactly as {@link writeJson} would, except that the arrays named in `streamed`
 * are taken from iterables and written element by element (waiting for stdout to drain), so a
 * document too large for one string — a repo map's every definition of a kernel-sized tree — is
 * still printed, and never held whole. Keys keep `document`'s order; its values at the streamed
 * keys are ignored.
 */
export async function writeJsonStreamed(
  io: Pick<CommandIO, 'stdout'>,
  document: Record<string, unknown>,
  streamed: Record<string, Iterable<unknown>>,
): Promise<void> {
  const keys = Object.keys(document).filter(
    (key) => key in streamed || (document[key] !== undefined && typeof document[key] !== 'function'),
  );
  await writeLines(
    io,
    (function* () {
      if (keys.length === 0) {
        yield '{}\n';
        return;
      }
      for (const [position, key] of keys.entries()) {
        yield `${position > 0 ? ',' : '{'}\n  ${JSON.stringify(key)}: `;
        const items = streamed[key];
        if (items) yield* arrayPieces(items, 1);
        else yield nestedJson(document[key], 1);
      }
      yield '\n}\n';
    })(),
  );
}

/**
 * Writes the items as one JSON array, exactly as {@link writeJson} would write the array, one
 * item at a time (see {@link writeJsonStreamed}).
 */
export async function writeJsonArrayStreamed(
  io: Pick<CommandIO, 'stdout'>,
  items: Iterable<unknown>,
): Promise<void> {
  await writeLines(
    io,
    (function* () {
      yield* arrayPieces(items, 0);
      yield '\n';
    })(),
  );
}

/** Writes the pieces in order, gathered into large chunks, waiting for stdout to drain. */
export async function writeLines(io: Pick<CommandIO, 'stdout'>, pieces: Iterable<string>): Promise<void> {
  let pending = '';
  const flush = async () => {
    const text = pending;
    pending = '';
    if (!io.stdout.write(text))
      await new Promise<void>((resolve) => io.stdout.once('drain', () => resolve()));
  };
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= STREAM_CHUNK_CHARS) await flush();
  }
  if (pending !== '') await flush();
}

/** Read all of the process's standard input as UTF-8. */
export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Resolve `[DIR]` (default: the repository root) and insist it is a directory. */
export function resolveDirectory(io: Pick<CommandIO, 'root' | 'cwd'>, directory: string | undefined): string {
  // An empty argument (an unset shell variable) is a mistake, not "here".
  if (directory?.trim() === '') throw new UserError('expected a directory, found an empty argument');
  const path = directory === undefined ? io.root : resolve(io.cwd, directory);
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw new UserError(`no such directory: ${directory ?? path}`);
  }
  if (!isDirectory) throw new UserError(`expected a directory, found a file: ${directory ?? path}`);
  return path;
}
