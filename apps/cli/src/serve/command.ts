import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { CLI_VERSION } from '../version.js';
import {
  buildStamp,
  defaultSocketPath,
  installOf,
  NO_SERVER_ENV,
  SERVED_COMMANDS,
  SOCKET_ENV,
} from './protocol.js';

const DEFAULT_IDLE_MINUTES = 0;
/** Node's timers hold at most 2^31 − 1 ms (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** `ctxkit serve`: keep one warm process that delegating `ctxkit` commands run in. */
export function registerServeCommand(program: Command, io: CommandIO, environment: NodeJS.ProcessEnv): void {
  program
    .command('serve')
    .description(`Keep a warm process that ${[...SERVED_COMMANDS].join(', ')} run in, for repeated calls.`)
    .option('--socket <path>', `socket to listen on (default: per user and version; also ${SOCKET_ENV})`)
    .option(
      '--idle-timeout <minutes>',
      'stop after this many minutes without a request (0: never)',
      String(DEFAULT_IDLE_MINUTES),
    )
    .addHelpText(
      'after',
      [
        '',
        'While it runs, every `ctxkit pack`, `compose`, `map` and `symbols` of the same installed build',
        'is run inside it: same output, same exit code, without starting Node, loading the CLI and',
        'reading the repository cache again. Each request still walks the tree, so edits are seen.',
        `A client falls back to running the command itself when no server answers; ${NO_SERVER_ENV}=1`,
        'never delegates. The server stops on Ctrl-C, after --idle-timeout, or when the installed',
        'ctxkit is rebuilt or upgraded (a newer client asks it).',
        '',
        'Examples:',
        '  ctxkit serve &',
        '  ctxkit serve --idle-timeout 30',
        '',
      ].join('\n'),
    )
    .action(async (options: { socket?: string; idleTimeout: string }) => {
      const minutes = Number(options.idleTimeout);
      if (options.idleTimeout.trim() === '' || !Number.isFinite(minutes) || minutes < 0) {
        throw new UserError(`--idle-timeout expects minutes (0 or more), found "${options.idleTimeout}"`);
      }
      if (minutes * 60_000 > MAX_TIMER_MS) {
        throw new UserError(
          `--idle-timeout is at most ${Math.floor(MAX_TIMER_MS / 60_000)} minutes (0: never)`,
        );
      }
      const chosen = options.socket ?? (environment[SOCKET_ENV] || undefined);
      const socket = chosen ?? defaultSocketPath(CLI_VERSION, environment, installOf(import.meta.url));
      const [{ startServer }, { run }] = await Promise.all([import('./server.js'), import('../cli.js')]);
      const server = await startServer({
        socket,
        privateDirectory: chosen === undefined,
        build: buildStamp(import.meta.url),
        run,
        log: io.quiet ? new PassThrough().resume() : io.stderr,
        idleTimeoutMs: minutes * 60_000,
      });
      // Handlers first: whoever reads "listening on" may signal at once, and a SIGTERM that lands
      // before they exist kills the process without removing the socket.
      const stop = () => void server.close();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      if (!io.quiet) io.stderr.write(`ctxkit serve: listening on ${socket} (Ctrl-C stops)\n`);
      await server.closed;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    });
}
