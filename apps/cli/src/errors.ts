import { escapeControls } from '@ctxkit/tokenize';
/** Exit code for a mistake in the command line or its input: the user can fix it. */
export const EXIT_USAGE = 2;
/** Exit code for a failure inside ctxkit itself. */
export const EXIT_INTERNAL = 1;

/** The environment variable that makes internal errors print their stack. */
export const DEBUG_ENV = 'CTXKIT_DEBUG';

/**
 * A problem with what the user asked for (missing file, bad flag value, invalid input).
 * Printed as one line, exit code 2, never with a stack trace.
 */
export class UserError extends Error {
  override name = 'UserError';
}

// File-system errors a user causes by naming something that is not there or not theirs.
const USER_ERRNO_MESSAGES: Record<string, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory, expected a file',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'file name too long',
  ENXIO: 'cannot open (a socket or a device without a reader)',
};

/**
 * A file-system error on `shown` (the path as the user gave it) as a one-line {@link UserError},
 * or undefined for an error that is not the user's to fix. A missing file reads "no such file":
 * these are files the user named.
 */
export function fileUserError(error: unknown, shown: string): UserError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return new UserError(`no such file: ${shown}`);
  const message = code === undefined ? undefined : USER_ERRNO_MESSAGES[code];
  return message === undefined ? undefined : new UserError(`${message}: ${shown}`);
}

/**
 * `error` as a {@link UserError} when it is one in substance: a UserError already, or a
 * file-system error on a path (a command passing a missing directory straight to a package).
 * Anything else is ctxkit's own failure and stays as it is.
 */
export function asUserError(error: unknown): UserError | undefined {
  if (error instanceof UserError) return error;
  const errno = error as NodeJS.ErrnoException | undefined;
  if (
    errno &&
    typeof errno === 'object' &&
    typeof errno.code === 'string' &&
    typeof errno.path === 'string'
  ) {
    const message = USER_ERRNO_MESSAGES[errno.code];
    if (message) return new UserError(`${message}: ${errno.path}`);
  }
  return undefined;
}

/** Print `error` the way its kind deserves and return the exit code. */
export function reportError(error: unknown, stderr: NodeJS.WritableStream, debug: boolean): number {
  const userError = asUserError(error);
  if (userError) {
    // One line, whatever the message held: a path with a newline or an escape code in it shows
    // escaped, as everywhere in human output (`escapeControls`), rather than cut or sent raw.
    stderr.write(`ctxkit: ${escapeControls(userError.message)}\n`);
    return EXIT_USAGE;
  }
  const message = error instanceof Error ? error.message : String(error);
  stderr.write(`ctxkit: internal error: ${escapeControls(message.split('\n')[0]!)}\n`);
  if (debug && error instanceof Error && error.stack) stderr.write(`${error.stack}\n`);
  else
    stderr.write(`ctxkit: this is a bug in ctxkit; run again with ${DEBUG_ENV}=1 to see the stack trace\n`);
  return EXIT_INTERNAL;
}
