#!/usr/bin/env node
import { run } from './cli.js';

run(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // run() turns every failure into an exit code; reaching here is a bug in the CLI itself.
    process.stderr.write(
      `ctxkit: internal error: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
