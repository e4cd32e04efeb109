#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import type * as Cli from './cli.js';
import { runOnServer, startServerInBackground } from './serve/client.js';
import { buildStamp, installOf } from './serve/protocol.js';
import { CLI_VERSION } from './version.js';

// The CLI is loaded with a dynamic import of a separate bundle (dist/cli.js), so that a module that
// cannot load — a broken or partial install — becomes a short message instead of Node's raw stack.
// A non-literal specifier keeps the bundler from inlining it.
const CLI_MODULE = './cli.js';

function fail(what: string, error: unknown): void {
  // First line only: Node appends hints ("Did you mean …") on further lines.
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  process.stderr.write(`ctxkit: internal error: ${what}: ${message}\n`);
  if (process.env.CTXKIT_DEBUG === '1' && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('ctxkit: run again with CTXKIT_DEBUG=1 to see the stack trace\n');
  process.exitCode = 1;
}

/**
 * A reader that stops early (`ctxkit symbols | head`) closes the pipe: that ends the output, it is
 * not a failure. Any other write error (a full disk) is one line, never Node's stack.
 */
function onOutputError(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') {
    try {
      process.stderr.write(`ctxkit: cannot write the output: ${error.message.split('\n')[0]}\n`);
    } catch {
      // stderr is gone too
    }
    process.exitCode = 1;
  }
  process.exit();
}

async function main(): Promise<void> {
  process.stdout.on('error', onOutputError);
  process.stderr.on('error', onOutputError);
  // A running `ctxkit serve` of this very build answers first; it prints what this process would.
  const served = await runOnServer({
    args: process.argv.slice(2),
    cwd: process.cwd(),
    env: process.env,
    version: CLI_VERSION,
    build: buildStamp(import.meta.url),
    install: installOf(import.meta.url),
    stdout: process.stdout,
    stderr: process.stderr,
  });
  if (served !== undefined) {
    process.exitCode = served;
    return;
  }
  startServerInBackground({
    args: process.argv.slice(2),
    env: process.env,
    bin: fileURLToPath(import.meta.url),
  });
  let cli: typeof Cli;
  try {
    cli = (await import(CLI_MODULE)) as typeof Cli;
  } catch (error) {
    fail('could not load ctxkit (is the installation complete?)', error);
    return;
  }
  // run() turns every failure into an exit code; a rejection here is a bug in the CLI itself.
  process.exitCode = await cli.run(process.argv).catch((error: unknown) => {
    fail('unexpected failure', error);
    return 1;
  });
}

void main();
