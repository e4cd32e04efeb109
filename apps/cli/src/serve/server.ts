/**
 * `ctxkit serve`: one long-lived process that runs `pack`, `compose`, `map` and `symbols` for
 * delegating clients. What it saves is per-process work: loading the CLI, warming the JIT, reading
 * and checking a repository's cache (the server holds the last cache a command used, while the
 * file is unchanged: see `scan-cache.ts`). Every request still walks the tree, so edits are seen
 * as in a one-shot run. Requests run side by side, each on its own connection.
 */
import { chmodSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createScanCacheMemory } from '@ctxkit/repomap';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import {
  Channel,
  currentUid,
  encodeFrame,
  FrameReader,
  type ServeRequest,
  servedCommand,
} from './protocol.js';

/** Runs one CLI invocation (the real one is `run` from cli.ts). */
export type RunInvocation = (
  argv: string[],
  io: Partial<CommandIO>,
  environment: NodeJS.ProcessEnv,
) => Promise<number>;

export interface ServeOptions {
  socket: string;
  /**
   * The socket's directory is ctxkit's own per-user directory (the default path): it is made if
   * missing and kept private (0700). A path the user chose is used as it is: its directory must
   * exist and is never changed.
   */
  privateDirectory?: boolean;
  /** This server's build stamp; requests from another build are declined. */
  build: string;
  run: RunInvocation;
  /** Where the server reports itself, one line per request (not the clients' output). */
  log: NodeJS.WritableStream;
  /** Stop after this long without a request; 0 = never. */
  idleTimeoutMs: number;
}

/** A running server. */
export interface CliServer {
  /** Resolves when the server has stopped (idle timeout, a newer build's client, or close()). */
  closed: Promise<void>;
  close(): Promise<void>;
}

/** Whether something answers on `socket` (a live server) rather than a leftover file. */
function answers(socket: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socket);
    probe.on('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.on('error', () => resolve(false));
  });
}

/** Longest Unix socket path the platform accepts (`sun_path` less its terminating NUL). */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;

/** Checks the socket path; makes and locks down ctxkit's own directory, never the user's. */
function prepareDirectory(socket: string, privateDirectory: boolean): void {
  if (socket === '') throw new UserError('--socket expects a path');
  if (process.platform === 'win32') return;
  const bytes = Buffer.byteLength(socket);
  if (bytes > MAX_SOCKET_PATH_BYTES) {
    throw new UserError(`socket path too long (${bytes} bytes, at most ${MAX_SOCKET_PATH_BYTES}): ${socket}`);
  }
  const directory = dirname(socket);
  if (privateDirectory) mkdirSync(directory, { recursive: true, mode: 0o700 });
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(directory);
  } catch {
    throw new UserError(`no such directory for the socket: ${directory}`);
  }
  if (!stats.isDirectory()) throw new UserError(`not a directory: ${directory}`);
  if (!privateDirectory) return;
  const uid = currentUid() ?? stats.uid;
  if (stats.uid !== uid) {
    throw new UserError(`refusing to serve from ${directory}: not a directory owned by this user`);
  }
  if ((stats.mode & 0o077) !== 0) chmodSync(directory, 0o700);
}

/** A stream that forwards what a command writes to the client as frames of `channel`. */
function channelStream(
  socket: Socket,
  channel: typeof Channel.stdout | typeof Channel.stderr,
  isTTY: boolean,
) {
  const stream = new Writable({
    write(chunk: Buffer | string, encoding, callback) {
      if (socket.destroyed) return callback();
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      // Done when the socket has taken the frame, or has failed or closed (a killed client): a
      // huge document is paced by the client's reader, and a vanished one cannot stall the command.
      socket.write(encodeFrame(channel, bytes), () => callback());
    },
  });
  // A write after the command finished (a stray timer) must not crash the server.
  stream.on('error', () => {});
  return Object.assign(stream, { isTTY });
}

/** Starts serving on `options.socket`; rejects with a UserError if a server already answers there. */
export async function startServer(options: ServeOptions): Promise<CliServer> {
  const { socket: path, log } = options;
  prepareDirectory(path, options.privateDirectory === true);
  if (process.platform !== 'win32') {
    let existing: ReturnType<typeof lstatSync> | undefined;
    try {
      existing = lstatSync(path);
    } catch {
      existing = undefined;
    }
    if (existing) {
      // Only a socket is ever replaced: whatever else is at the path is the user's.
      if (!existing.isSocket()) throw new UserError(`refusing to replace ${path}: it is not a socket`);
      if (await answers(path)) throw new UserError(`a ctxkit server is already running on ${path}`);
      unlinkSync(path); // left behind by a server that was killed
    }
  }

  // What the server keeps between requests: the last repository cache a command used, for the
  // next command over the same unchanged tree. One cache at a time, however many trees it serves.
  const scanCacheMemory = createScanCacheMemory();
  const inFlight = new Set<Promise<void>>();
  let active = 0;
  let listening: { dev: number; ino: number } | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });

  const armIdleTimer = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    if (options.idleTimeoutMs > 0 && active === 0) {
      idleTimer = setTimeout(() => {
        log.write(`ctxkit serve: idle for ${options.idleTimeoutMs / 60_000} min, stopping\n`);
        void close();
      }, options.idleTimeoutMs);
      idleTimer.unref();
    }
  };

  const handle = async (connection: Socket, request: ServeRequest, command: string) => {
    if (request.build !== options.build) {
      connection.end(encodeFrame(Channel.decline, JSON.stringify({ reason: 'another build' })));
      // A client of a newer build exists: this server's code is out of date, so it steps aside.
      log.write(
        'ctxkit serve: the installed ctxkit changed, stopping (start it again to serve the new build)\n',
      );
      void close();
      return;
    }
    const stdout = channelStream(connection, Channel.stdout, request.stdoutIsTTY);
    const stderr = channelStream(connection, Channel.stderr, request.stderrIsTTY);
    const started = performance.now();
    let code: number;
    try {
      code = await options.run(
        ['node', 'ctxkit', ...request.args],
        {
          cwd: request.cwd,
          stdout,
          stderr,
          // The server's own standard input is not the client's: never read it (clients keep
          // commands that read standard input to themselves; see servedCommand).
          stdin: Readable.from([]),
          readStdin: () =>
            Promise.reject(new UserError('standard input cannot be read through ctxkit serve')),
          scanCacheMemory,
        },
        request.env,
      );
    } catch (error) {
      // run() reports every failure itself; this is the server's own bug, still answered.
      const message = error instanceof Error ? error.message : String(error);
      stderr.write(`ctxkit: internal error in the ctxkit server: ${message.split('\n')[0]}\n`);
      code = 1;
    }
    // Everything the command wrote goes out before the exit code that ends the client's reading.
    await Promise.all([finished(stdout.end()), finished(stderr.end())]).catch(() => {});
    if (!connection.destroyed) connection.end(encodeFrame(Channel.exit, JSON.stringify({ code })));
    log.write(
      `ctxkit serve: ${command} in ${request.cwd}: exit ${code}, ${Math.round(performance.now() - started)} ms\n`,
    );
  };

  const server: Server = createServer((connection) => {
    const reader = new FrameReader();
    let received = false;
    connection.on('error', () => connection.destroy());
    connection.on('data', (chunk: Buffer) => {
      if (received) return;
      const frame = reader.push(chunk)[0];
      if (!frame) return;
      received = true;
      let request: ServeRequest;
      try {
        request = JSON.parse(frame.payload.toString('utf8')) as ServeRequest;
        if (frame.channel !== Channel.request || !Array.isArray(request.args))
          throw new Error('not a request');
      } catch {
        connection.end(encodeFrame(Channel.decline, JSON.stringify({ reason: 'malformed request' })));
        return;
      }
      // Only what a client would delegate is run (a socket is not an authentication).
      const command = servedCommand(request.args);
      if (command === undefined) {
        connection.end(encodeFrame(Channel.decline, JSON.stringify({ reason: 'not a served command' })));
        return;
      }
      // Requests run side by side: a client reading slowly (`map --json | less`) holds no one up.
      active++;
      if (idleTimer) clearTimeout(idleTimer);
      const running = handle(connection, request, command).finally(() => {
        active--;
        inFlight.delete(running);
        armIdleTimer();
      });
      inFlight.add(running);
    });
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      if (idleTimer) clearTimeout(idleTimer);
      // The path first (a server started meanwhile must keep its own), then the requests still
      // running: new clients find no socket and run alone rather than wait.
      if (process.platform !== 'win32' && listening) {
        try {
          const now = lstatSync(path);
          if (now.dev === listening.dev && now.ino === listening.ino) unlinkSync(path);
        } catch {
          // already gone
        }
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(inFlight);
      resolveClosed();
    })();
    return closing;
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new UserError(`a ctxkit server is already running on ${path}`) : error,
      ),
    );
    server.listen(path, () => {
      server.removeAllListeners('error');
      if (process.platform !== 'win32') {
        // Only this user may connect, whatever the umask or the directory.
        chmodSync(path, 0o600);
        const stats = lstatSync(path);
        listening = { dev: stats.dev, ino: stats.ino };
      }
      resolve();
    });
  });
  armIdleTimer();
  return { closed, close };
}
