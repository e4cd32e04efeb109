import { type ChildProcess, spawn } from 'node:child_process';
import { BIN, cleanEnvironment } from './run-cli.js';

/** The built `ctxkit serve` in a child process, started by {@link startServe}. */
export interface RunningServer {
  child: ChildProcess;
  /** Everything the server has written to its stderr so far. */
  log(): string;
  stopped: Promise<number | null>;
}

/** Start `ctxkit serve --socket SOCKET` and wait until it listens. */
export async function startServe(socket: string, extra: string[] = []): Promise<RunningServer> {
  const child = spawn(process.execPath, [BIN, 'serve', '--socket', socket, ...extra], {
    env: cleanEnvironment(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    log += chunk;
  });
  const stopped = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!log.includes('listening on')) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`ctxkit serve did not start: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, log: () => log, stopped };
}
