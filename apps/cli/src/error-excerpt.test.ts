import { describe, expect, it } from 'vitest';
import { errorExcerpt, MAX_ERROR_CHARS } from './error-excerpt.js';
import { reportError, UserError } from './errors.js';

function reported(error: unknown): string {
  let written = '';
  const stderr = {
    write(chunk: string) {
      written += chunk;
      return true;
    },
  } as NodeJS.WritableStream;
  reportError(error, stderr, false);
  return written;
}

describe('errorExcerpt', () => {
  it('keeps a short message as it is', () => {
    expect(errorExcerpt('no such file: a.ts')).toBe('no such file: a.ts');
  });

  it('shows one line, escapes control characters and cuts a long message', () => {
    expect(errorExcerpt('first\nsecond')).toBe('first\\nsecond');
    expect(errorExcerpt('bad \x1b[31mred\x07')).toBe('bad \\x1b[31mred\\x07');
    const long = errorExcerpt(`got "${'f'.repeat(1_000_000)}"`);
    expect(long.length).toBeLessThan(MAX_ERROR_CHARS + 40);
    expect(long).toMatch(/… \(cut from 1000006 characters\)$/);
  });
});

describe('reportError', () => {
  it('never echoes more than a short excerpt of a user error or an internal one', () => {
    const word = 'deadbeef'.repeat(125_000);
    for (const error of [new UserError(`--tokens expects a number, got "${word}"`), new Error(word)]) {
      const text = reported(error);
      expect(text.length).toBeLessThan(2 * MAX_ERROR_CHARS);
      expect(text).toContain('… (cut from');
    }
  });
});
