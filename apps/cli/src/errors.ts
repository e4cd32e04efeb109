/** Exit code for a mistake in the command line or its input: the user can fix it. */
export const EXIT_USAGE = 2;
/** Exit code for a failure inside ctxkit itself. */
export const EXIT_INTERNAL = 1;

/**
 * A problem with what the user asked for (missing file, bad flag value, invalid input).
 * Printed as one line, exit code 2, never with a stack trace.
 */
export class UserError extends Error {
  override name = 'UserError';
}

/** Print `error` the way its kind deserves and return the exit code. */
export function reportError(error: unknown, stderr: NodeJS.WritableStream, debug: boolean): number {
  if (error instanceof UserError) {
    stderr.write(`ctxkit: ${error.message}\n`);
    return EXIT_USAGE;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`ctxkit: internal error: ${message}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  else stderr.write('ctxkit: set CTXKIT_DEBUG=1 to see the stack trace\n');
  return EXIT_INTERNAL;
}
