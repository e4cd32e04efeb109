import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { asUserError, EXIT_INTERNAL, EXIT_USAGE, reportError, UserError } from './errors.js';

function report(error: unknown, debug = false): { code: number; text: string } {
  const stream = new PassThrough();
  const code = reportError(error, stream, debug);
  return { code, text: stream.read()?.toString('utf8') ?? '' };
}

describe('reportError', () => {
  it('prints a user mistake as one line, control characters escaped, and exits 2', () => {
    expect(report(new UserError('no such file: a.ts\nsecond line'))).toEqual({
      code: EXIT_USAGE,
      text: 'ctxkit: no such file: a.ts\\nsecond line\n',
    });
    expect(report(new UserError('no such file: \x1b[31mred.ts')).text).toBe(
      'ctxkit: no such file: \\x1b[31mred.ts\n',
    );
  });

  it('treats a file-system error on a path as a user mistake', () => {
    const error = Object.assign(new Error('ENOENT: no such file or directory'), {
      code: 'ENOENT',
      path: '/x/y',
    });
    expect(asUserError(error)?.message).toBe('no such file or directory: /x/y');
    expect(report(error).code).toBe(EXIT_USAGE);
  });

  it('prints an internal failure briefly with the debug hint and exits 1', () => {
    const result = report(new TypeError('cannot read properties of undefined'));
    expect(result.code).toBe(EXIT_INTERNAL);
    expect(result.text).toBe(
      'ctxkit: internal error: cannot read properties of undefined\n' +
        'ctxkit: this is a bug in ctxkit; run again with CTXKIT_DEBUG=1 to see the stack trace\n',
    );
  });

  it('prints the stack only when debugging', () => {
    const result = report(new Error('boom'), true);
    expect(result.text).toMatch(/^ctxkit: internal error: boom\nError: boom\n\s+at /);
  });
});
