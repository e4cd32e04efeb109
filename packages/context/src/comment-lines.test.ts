import { describe, expect, it } from 'vitest';
import { commentOnlyLines } from './comment-lines.js';

/** The 1-based numbers of the lines flagged as comment only. */
function flagged(path: string, text: string): number[] {
  const flags = commentOnlyLines(path, text.split('\n'));
  const out: number[] = [];
  flags.forEach((flag, line) => {
    if (flag) out.push(line);
  });
  return out;
}

describe('commentOnlyLines', () => {
  it('reads line and block comments in a C-like language, and not the code beside them', () => {
    const text = [
      '/**', // 1
      ' * Adds two numbers.', // 2
      ' */', // 3
      'int add(int a, int b) { // inline', // 4
      '  /* one line */', // 5
      '  /* opens', // 6
      '     closes */ return a + b;', // 7
      '  *p++ = 0;', // 8
      '', // 9
      '  // trailing', // 10
      '}', // 11
    ].join('\n');
    expect(flagged('src/add.c', text)).toEqual([1, 2, 3, 5, 6, 10]);
  });

  it("reads Rust's doc comments and keeps its attributes as code", () => {
    const text = ['//! Module docs.', '/// Item docs.', '#[derive(Debug)]', 'pub struct Thing;'].join('\n');
    expect(flagged('src/lib.rs', text)).toEqual([1, 2]);
  });

  it("reads a Python docstring's text (blank lines in it too) and hash comments, and not a string assigned to a name", () => {
    const text = [
      '#!/usr/bin/env python', // 1
      'def f():', // 2
      '    """Summary.', // 3
      '', // 4
      '    Details.', // 5
      '    """', // 6
      '    # a comment', // 7
      '    text = """not a', // 8
      '    docstring"""', // 9
      '    r"""raw docstring"""', // 10
      '    return text', // 11
    ].join('\n');
    expect(flagged('pkg/f.py', text)).toEqual([3, 4, 5, 6, 7, 10]);
  });

  it("reads Ruby's =begin blocks and PHP's three comment styles", () => {
    expect(flagged('lib/a.rb', ['=begin', 'notes', '=end', 'x = 1 # set'].join('\n'))).toEqual([1, 2, 3]);
    expect(flagged('src/A.php', ['# one', '// two', '/* three */', '$x = 1;'].join('\n'))).toEqual([1, 2, 3]);
  });

  it('flags nothing in a language it does not know', () => {
    expect(flagged('notes.txt', '// not code\n# heading')).toEqual([]);
    expect(flagged('Makefile', '# comment')).toEqual([]);
  });
});
