/**
 * What `ctxkit serve` and a delegating `ctxkit` process say to each other over a local socket, and
 * which invocations are worth sending. Both sides import this file, and the client side runs before
 * the CLI itself loads, so it depends on Node built-ins only.
 *
 * Framing: every message is a 1-byte channel, a 4-byte big-endian length and that many bytes.
 * Output is sent as raw bytes, never re-encoded: a 900 MB `map --json` passes through unchanged.
 */
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Channels of a frame. */
export const Channel = {
  /** Client → server, once: a {@link ServeRequest} as JSON. */
  request: 0,
  /** Server → client: bytes for standard output. */
  stdout: 1,
  /** Server → client: bytes for standard error. */
  stderr: 2,
  /** Server → client, last: `{ "code": N }`, the command's exit code. */
  exit: 3,
  /** Server → client, instead of running: `{ "reason": "…" }`; the client runs the command itself. */
  decline: 4,
} as const;
export type ChannelCode = (typeof Channel)[keyof typeof Channel];

const HEADER_BYTES = 5;

/** One invocation as the client saw it. */
export interface ServeRequest {
  /** Arguments after the executable and script (`process.argv.slice(2)`). */
  args: string[];
  /** The client's working directory: relative paths and the repository root resolve against it. */
  cwd: string;
  /** The client's environment (NO_COLOR, CTXKIT_DEBUG, configuration lookups). */
  env: Record<string, string>;
  /** Whether the client's stdout and stderr are terminals (colour, progress line). */
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The client's build (see {@link buildStamp}): a server of another build declines. */
  build: string;
}

/** A frame ready to write. */
export function encodeFrame(channel: ChannelCode, payload: Uint8Array | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  const frame = Buffer.allocUnsafe(HEADER_BYTES + body.length);
  frame.writeUInt8(channel, 0);
  frame.writeUInt32BE(body.length, 1);
  frame.set(body, HEADER_BYTES);
  return frame;
}

/** Splits a byte stream into frames, whatever the chunk boundaries. */
export class FrameReader {
  private pending: Buffer = Buffer.alloc(0);

  /** Feeds `chunk` and returns every frame now complete, in order. */
  push(chunk: Buffer): { channel: number; payload: Buffer }[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const frames: { channel: number; payload: Buffer }[] = [];
    let offset = 0;
    while (this.pending.length - offset >= HEADER_BYTES) {
      const length = this.pending.readUInt32BE(offset + 1);
      if (this.pending.length - offset - HEADER_BYTES < length) break;
      frames.push({
        channel: this.pending.readUInt8(offset),
        payload: this.pending.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length),
      });
      offset += HEADER_BYTES + length;
    }
    this.pending = this.pending.subarray(offset);
    return frames;
  }
}

/** The environment variable naming the socket, for `ctxkit serve` and every delegating client. */
export const SOCKET_ENV = 'CTXKIT_SERVER_SOCKET';
/** Set to 1 to never delegate to a server. */
export const NO_SERVER_ENV = 'CTXKIT_NO_SERVER';
/** Set to `auto`: a served command that finds no server starts one in the background. */
export const AUTO_SERVE_ENV = 'CTXKIT_SERVE';
/** Minutes without a request after which a server started by {@link AUTO_SERVE_ENV} stops. */
export const AUTO_SERVE_IDLE_MINUTES = 15;

/**
 * Where the server of this CLI version listens: a per-user directory (mode 0700) under
 * `$XDG_RUNTIME_DIR` or the temporary directory, one socket per version, so clients of another
 * version never reach it. On Windows, a named pipe of the same name.
 */
export function defaultSocketPath(version: string, env: NodeJS.ProcessEnv, install = ''): string {
  const uid = currentUid();
  const user = uid === undefined ? (env.USERNAME ?? 'user') : String(uid);
  // Two installs of one version (two checkouts, a global and a local one) get their own servers;
  // rebuilds of one install share a name, so a new build reaches the old server and replaces it.
  const place = install === '' ? '' : `-${fnv1a(install)}`;
  const name = `cli-${version.replace(/[^\w.-]/g, '_')}${place}.sock`;
  if (process.platform === 'win32') return `\\\\.\\pipe\\ctxkit-${user}-${name}`;
  return join(env.XDG_RUNTIME_DIR || tmpdir(), `ctxkit-${user}`, name);
}

/** A short stable name for a string (FNV-1a, 32 bits, hex): no crypto module on the client path. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** This process's user id, where the platform has one (not on Windows). */
export function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/**
 * The socket this process would use: {@link SOCKET_ENV} if set, else the default for this
 * version and this install (`install`: the directory of the running CLI's files).
 */
export function socketPath(version: string, env: NodeJS.ProcessEnv, install = ''): string {
  return env[SOCKET_ENV] || defaultSocketPath(version, env, install);
}

/** The directory of the CLI files beside `moduleUrl`: what {@link socketPath} calls an install. */
export function installOf(moduleUrl: string): string {
  try {
    return dirname(fileURLToPath(moduleUrl));
  } catch {
    return '';
  }
}

/**
 * Identifies the installed build: the size and modification time of `dist/cli.js` beside the
 * running module. A rebuilt or reinstalled CLI has another stamp, so a server still running the
 * old code declines and the client runs the new code itself.
 */
export function buildStamp(moduleUrl: string): string {
  try {
    const stats = statSync(new URL('./cli.js', moduleUrl));
    return `${stats.size}:${stats.mtimeMs}`;
  } catch {
    return 'unbuilt';
  }
}

/** Commands whose cost is the repository, not the process: what a warm server saves time on. */
export const SERVED_COMMANDS: ReadonlySet<string> = new Set(['pack', 'compose', 'map', 'symbols']);

/** `-`, `--task-file=-`, `/dev/stdin` and the like: an argument that names standard input. */
function readsStandardInput(arg: string): boolean {
  const value = arg.startsWith('-') && arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : arg;
  return value === '-' || /^\/(?:dev\/(?:stdin|fd\/0)|proc\/self\/fd\/0)$/.test(value);
}

// Program options that take a value: the word after them is not the subcommand.
const OPTIONS_WITH_VALUE = new Set(['--cwd', '--model']);

/**
 * The subcommand of `args` if a server should run it, else undefined. Not sent: anything reading
 * standard input (a `-` argument; the server has none), help and version requests (cheap, and
 * printed by the client's own build), commands not in {@link SERVED_COMMANDS}.
 */
export function servedCommand(args: readonly string[]): string | undefined {
  let command: string | undefined;
  for (let at = 0; at < args.length; at++) {
    const arg = args[at]!;
    if (readsStandardInput(arg)) return undefined;
    if (arg === '--help' || arg === '-h' || arg === '--version' || arg === '-v') return undefined;
    if (command !== undefined) continue;
    if (OPTIONS_WITH_VALUE.has(arg)) at++;
    else if (!arg.startsWith('-')) command = arg;
  }
  return command !== undefined && SERVED_COMMANDS.has(command) ? command : undefined;
}
