import { describe, expect, it } from 'vitest';
import { ignoreFileLines, ignoreSubject, parseIgnoreLine } from './gitignore-pattern.js';

/** Whether `line` matches `path` (a directory when it ends in `/`), as one rule alone. */
function matches(line: string, path: string, fold = false): boolean | undefined {
  const pattern = parseIgnoreLine(line, fold);
  if (!pattern) return undefined;
  const directory = path.endsWith('/');
  if (pattern.directoryOnly && !directory) return false;
  const subject = ignoreSubject(directory ? path.slice(0, -1) : path, fold);
  return pattern.regex.test(pattern.basename ? subject.slice(subject.lastIndexOf('/') + 1) : subject);
}

describe('parseIgnoreLine', () => {
  it('is case-sensitive unless folding: Config does not hide config/ or config.go', () => {
    expect(matches('Config', 'pkg/config/')).toBe(false);
    expect(matches('Config.*', 'pkg/config.go')).toBe(false);
    expect(matches('Config', 'pkg/Config')).toBe(true);
    expect(matches('Config', 'pkg/config/', true)).toBe(true);
    expect(matches('Config.*', 'pkg/config.go', true)).toBe(true);
  });

  it('folds as git does: a plain capital inside brackets matches nothing, ranges match both cases', () => {
    expect(matches('[C]onfig', 'config', true)).toBe(false);
    expect(matches('[C]onfig', 'Config', true)).toBe(false);
    expect(matches('[c]onfig', 'Config', true)).toBe(true);
    expect(matches('[A-C]x', 'bx', true)).toBe(true);
    expect(matches('[[:upper:]]x', 'bx', true)).toBe(true);
  });

  it('anchors patterns with a slash, matches bare names at any depth, and reads ** as git does', () => {
    expect(matches('a/b', 'x/a/b')).toBe(false);
    expect(matches('/a', 'x/a')).toBe(false);
    expect(matches('a', 'x/a')).toBe(true);
    expect(matches('**/b', 'b')).toBe(true);
    expect(matches('a/**/b', 'a/b')).toBe(true);
    expect(matches('a/**/b', 'a/x/y/b')).toBe(true);
    expect(matches('a/**', 'a/x/y')).toBe(true);
    expect(matches('a/**', 'a/')).toBe(false);
    expect(matches('a**b', 'a/x/b')).toBe(false);
    expect(matches('*', 'x/y')).toBe(true);
    expect(matches('x/*', 'x/y/z')).toBe(false);
  });

  it('reads escapes, trailing spaces, negation, comments and directory-only patterns', () => {
    expect(parseIgnoreLine('# comment', false)).toBeUndefined();
    expect(matches('\\#hash', '#hash')).toBe(true);
    expect(matches('\\!bang', '!bang')).toBe(true);
    expect(parseIgnoreLine('!keep', false)?.negated).toBe(true);
    expect(matches('a  ', 'a')).toBe(true);
    expect(matches('a\\ ', 'a ')).toBe(true);
    expect(matches('a\t', 'a')).toBe(false);
    expect(matches('f\\*o', 'fxo')).toBe(false);
    expect(matches('f\\*o', 'f*o')).toBe(true);
    expect(matches('dir/', 'dir')).toBe(false);
    expect(matches('dir/', 'dir/')).toBe(true);
    expect(matches('[x', 'x')).toBeUndefined();
    expect(matches('x\\', 'x')).toBeUndefined();
  });

  it('matches bytes: ? is one byte of a UTF-8 character', () => {
    expect(matches('caf?', 'café')).toBe(false);
    expect(matches('caf??', 'café')).toBe(true);
    expect(ignoreFileLines('\xef\xbb\xbfa\r\nb\r')).toEqual(['a', 'b']);
  });
});
