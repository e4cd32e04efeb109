/**
 * The client half of `ctxkit serve`: before the CLI loads, `bin.js` offers the invocation to a
 * running server of the same build. Whenever the server is not there, not ours, of another build or
 * goes away before saying anything, the answer is "run it yourself" (undefined) and nothing was
 * printed, so delegating can only change how fast a command finishes, never what it prints.
 */
import { lstatSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { dirname } from 'node:path';
import {
  AUTO_SERVE_ENV,
  AUTO_SERVE_IDLE_MINUTES,
  Channel,
  currentUid,
  encodeFrame,
  FrameReader,
  NO_SERVER_ENV,
  type ServeRequest,
  servedCommand,
  socketPath,
} from './protocol.js';

/** Where the delegated command writes, and what the client knows about itself. */
export interface DelegateOptions {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  version: string;
  build: string;
  /** The directory of the running CLI's files (see `installOf`). */
  install: string;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * Whether `path` is this user's socket in a directory no one else can change. Another user's
 * server would be sent this process's environment and could print anything: the socket must be
 * ours (not a link to one) and its directory ours, or a sticky one like /tmp where no one else can
 * replace our file between this check and the connection.
 */
function isOurSocket(path: string): boolean {
  if (process.platform === 'win32') return true;
  try {
    const uid = currentUid();
    const socket = lstatSync(path);
    if (!socket.isSocket() || (uid !== undefined && socket.uid !== uid)) return false;
    const directory = lstatSync(dirname(path));
    const sticky = (directory.mode & 0o1000) !== 0;
    const ours = uid === undefined || directory.uid === uid || (directory.uid === 0 && sticky);
    const othersMayWrite = (directory.mode & 0o022) !== 0;
    return directory.isDirectory() && ours && (!othersMayWrite || sticky);
  } catch {
    return false;
  }
}

function plainEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const copy: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) copy[name] = value;
  return copy;
}

/**
 * Runs the invocation on a server if one of this build is listening, and resolves to its exit
 * code; resolves to undefined when the caller should run it in this process instead.
 */
export function runOnServer(options: DelegateOptions): Promise<number | undefined> {
  const { env } = options;
  if (env[NO_SERVER_ENV] === '1' || servedCommand(options.args) === undefined)
    return Promise.resolve(undefined);
  const path = socketPath(options.version, env, options.install);
  if (!isOurSocket(path)) return Promise.resolve(undefined);

  return new Promise((resolve) => {
    let printed = false;
    let settled = false;
    const finish = (code: number | undefined) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(code);
    };
    const socket: Socket = connect(path);
    const reader = new FrameReader();
    socket.on('connect', () => {
      const request: ServeRequest = {
        args: options.args,
        cwd: options.cwd,
        env: plainEnvironment(env),
        stdoutIsTTY: options.stdout.isTTY === true,
        stderrIsTTY: options.stderr.isTTY === true,
        build: options.build,
      };
      socket.write(encodeFrame(Channel.request, JSON.stringify(request)));
    });
    socket.on('data', (chunk: Buffer) => {
      for (const { channel, payload } of reader.push(chunk)) {
        if (channel === Channel.stdout || channel === Channel.stderr) {
          printed = true;
          const target = channel === Channel.stdout ? options.stdout : options.stderr;
          // Respect the terminal's or pipe's pace: a huge `map --json` must not pile up in memory.
          if (!target.write(payload)) {
            socket.pause();
            target.once('drain', () => socket.resume());
          }
        } else if (channel === Channel.exit) {
          finish(Number((JSON.parse(payload.toString('utf8')) as { code: number }).code));
        } else if (channel === Channel.decline) {
          finish(undefined);
        }
      }
    });
    // Refused, reset or gone: harmless before any output (run locally), reported after it.
    const lost = () => {
      if (settled) return;
      if (!printed) return finish(undefined);
      options.stderr.write(
        `ctxkit: the ctxkit server stopped before the command finished; run it again (${NO_SERVER_ENV}=1 runs without the server)\n`,
      );
      finish(1);
    };
    socket.on('error', lost);
    socket.on('close', lost);
  });
}

/**
 * With `CTXKIT_SERVE=auto`, a served command that found no server starts `ctxkit serve` detached
 * (stopping after {@link AUTO_SERVE_IDLE_MINUTES} idle minutes) for the calls after it, and runs
 * itself as usual. Opt-in: a command line tool does not leave processes behind unasked. Two
 * clients starting one at once are harmless: the second server finds the first and exits.
 */
export function startServerInBackground(
  options: Pick<DelegateOptions, 'args' | 'env'> & { bin: string },
): void {
  const { env } = options;
  if (env[AUTO_SERVE_ENV] !== 'auto' || env[NO_SERVER_ENV] === '1') return;
  if (servedCommand(options.args) === undefined) return;
  // No --socket: the server finds its path as every client does (the environment, else its own
  // private per-user default, which it creates).
  const argv = [options.bin, 'serve', '--quiet', '--idle-timeout', String(AUTO_SERVE_IDLE_MINUTES)];
  // Loaded here, not with the client: only this opt-in path starts processes.
  void import('node:child_process')
    .then(({ spawn }) => {
      const child = spawn(process.execPath, argv, {
        detached: true,
        stdio: 'ignore',
        env: { ...env, [AUTO_SERVE_ENV]: '' },
      });
      child.on('error', () => {});
      child.unref();
    })
    .catch(() => {
      // No server this time: the command runs all the same.
    });
}
