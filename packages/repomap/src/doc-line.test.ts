// The doc-line extractor on real-looking snippets per language, with the traps that would give a
// wrong line (a `"""` in a default value, a blank line, a license header, decorators between),
// and a property over arbitrary text: it never throws and returns one line or nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DocTarget, docLine, MAX_DOC_LENGTH } from './doc-line.js';
import { scanSource } from './scanners/index.js';
import type { Language } from './types.js';

/** The doc of the definition named `name` in `source`, found by the real scanner. */
function docOf(source: string, language: Language, name: string): string | undefined {
  const definitions = scanSource(source, language).definitions.filter(
    (definition) => definition.name === name,
  );
  expect(definitions, `no definition ${name}`).not.toHaveLength(0);
  return definitions[0]!.doc;
}

describe('python docstrings', () => {
  it('reads one-line, multi-line and prefixed docstrings', () => {
    const source = [
      'class Session(Base):',
      '    """A logged-in user\'s session."""',
      '',
      '    def renew(self, ttl: int = 60) -> None:',
      '        """',
      '        Extends the session by `ttl` seconds.',
      '',
      '        More text.',
      '        """',
      '',
      "    def close(self): r'''Ends it \\d.'''",
      '',
      '    async def fetch(',
      '        self,',
      '        key: Dict[str, int] = {"a": 1},',
      '    ) -> bytes:',
      '        # a comment before the docstring',
      '        u"Fetches the payload."',
    ].join('\n');
    expect(docOf(source, 'python', 'Session')).toBe("A logged-in user's session.");
    expect(docOf(source, 'python', 'renew')).toBe('Extends the session by `ttl` seconds.');
    expect(docOf(source, 'python', 'close')).toBe('Ends it \\d.');
    expect(docOf(source, 'python', 'fetch')).toBe('Fetches the payload.');
  });

  it('is not fooled by quotes in the header, an assignment, or an empty docstring', () => {
    const source = [
      'def quote(mark=\'"""\', other=":"):',
      '    text = """not a docstring"""',
      '    return text',
      '',
      'def empty():',
      '    """"""',
      '',
      'def blank():',
      '    """',
      '    """',
      '    return 1',
      '',
      '# Comment above, used when there is no docstring.',
      'def commented():',
      '    pass',
    ].join('\n');
    expect(docOf(source, 'python', 'quote')).toBeUndefined();
    expect(docOf(source, 'python', 'empty')).toBeUndefined();
    expect(docOf(source, 'python', 'blank')).toBeUndefined();
    expect(docOf(source, 'python', 'commented')).toBe('Comment above, used when there is no docstring.');
  });

  it('reads past decorators and skips a docstring that only repeats the signature', () => {
    const source = [
      '@app.route(',
      '    "/login",',
      '    methods=["POST"],',
      ')',
      '@login_required',
      'def login(request):',
      '    """login(request)"""',
    ].join('\n');
    expect(docOf(source, 'python', 'login')).toBeUndefined();
  });
});

describe('comments above a definition', () => {
  it('reads JSDoc blocks, one-liners and line comments (TypeScript)', () => {
    const source = [
      '/**',
      ' * Reads --tokens as a positive integer.',
      ' * @param value the raw option',
      ' */',
      'export function parseTokenBudget(value: string, fallback: number): number {',
      '  return 1;',
      '}',
      '',
      '/** The longest {@link Session} we keep, in seconds. */',
      'export const MAX_TTL = 3600;',
      '',
      '// Checked before every request.',
      '// Second line.',
      'export function check(): void {}',
      '',
      '/** @internal */',
      'export function hidden(): void {}',
      '',
      '// A comment about something else.',
      '',
      'export function separated(): void {}',
    ].join('\n');
    expect(docOf(source, 'typescript', 'parseTokenBudget')).toBe('Reads --tokens as a positive integer.');
    expect(docOf(source, 'typescript', 'MAX_TTL')).toBe('The longest Session we keep, in seconds.');
    expect(docOf(source, 'typescript', 'check')).toBe('Checked before every request.');
    expect(docOf(source, 'typescript', 'hidden')).toBeUndefined();
    expect(docOf(source, 'typescript', 'separated')).toBeUndefined();
  });

  it('skips decorators and annotations between the comment and the header', () => {
    const ts = [
      'export class Api {',
      '  /** Lists the users. */',
      '  @Get(',
      "    '/users',",
      '  )',
      '  @Auth()',
      '  list(): User[] {',
      '    return [];',
      '  }',
      '}',
    ].join('\n');
    expect(docOf(ts, 'typescript', 'list')).toBe('Lists the users.');
    const java = [
      'public class Greeter {',
      '    /**',
      '     * Says hello to {@code name}.',
      '     */',
      '    @Override',
      '    @SuppressWarnings("unchecked")',
      '    public String greet(String name) {',
      '        return "hi";',
      '    }',
      '}',
    ].join('\n');
    expect(docOf(java, 'java', 'greet')).toBe('Says hello to name.');
    const rust = [
      '/// A point in the plane.',
      '#[derive(Debug, Clone)]',
      '#[serde(rename_all = "camelCase")]',
      'pub struct Point {',
      '    x: f64,',
      '}',
    ].join('\n');
    expect(docOf(rust, 'rust', 'Point')).toBe('A point in the plane.');
    const csharp = [
      'public class Store {',
      '    /// <summary>',
      '    /// Gets the item by <see cref="Key"/>.',
      '    /// </summary>',
      '    /// <param name="key">The key.</param>',
      '    [Obsolete]',
      '    public Item Get(Key key) { return null; }',
      '}',
    ].join('\n');
    expect(docOf(csharp, 'csharp', 'Get')).toBe('Gets the item by Key.');
  });

  it('reads Go, C, Ruby and PHP comments', () => {
    const go = [
      '// Serve answers HTTP requests until ctx ends.',
      'func Serve(ctx context.Context) error {',
      '\treturn nil',
      '}',
    ].join('\n');
    expect(docOf(go, 'go', 'Serve')).toBe('Serve answers HTTP requests until ctx ends.');
    const c = [
      '/* Frees a node and its children. */',
      'static void',
      'free_node(struct node *n)',
      '{',
      '}',
    ].join('\n');
    expect(docOf(c, 'c', 'free_node')).toBe('Frees a node and its children.');
    const ruby = [
      'module Billing',
      '  # Charges the card once.',
      '  def charge(amount)',
      '  end',
      'end',
    ].join('\n');
    expect(docOf(ruby, 'ruby', 'charge')).toBe('Charges the card once.');
    const php = [
      '<?php',
      'class Request {',
      '    /**',
      '     * Returns the header, or null.',
      '     *',
      '     * @return string|null',
      '     */',
      '    #[Pure]',
      '    public function header(string $name): ?string { return null; }',
      '}',
    ].join('\n');
    expect(docOf(php, 'php', 'header')).toBe('Returns the header, or null.');
  });

  it('treats a comment starting line 1 that names a license as the file header', () => {
    const licensed = [
      '// Copyright 2024 The Authors. All rights reserved.',
      '// Use of this source code is governed by a BSD license.',
      'func Helper() {}',
    ].join('\n');
    expect(docOf(licensed, 'go', 'Helper')).toBeUndefined();
    const spdx = ['/*', ' * SPDX-License-Identifier: MIT', ' */', 'int main(void) { return 0; }'].join('\n');
    expect(docOf(spdx, 'c', 'main')).toBeUndefined();
    // The same words further down are an ordinary doc comment.
    const later = [
      'package x',
      '',
      '// License returns the license text.',
      'func License() string { return "" }',
    ].join('\n');
    expect(docOf(later, 'go', 'License')).toBe('License returns the license text.');
  });

  it('ignores commented-out code, trailing remarks, inner docs and shebangs', () => {
    const source = [
      '// return cache.get(key);',
      'function load(key) {}',
      '',
      'run(); /* starts it */',
      'function start() {}',
    ].join('\n');
    expect(docOf(source, 'javascript', 'load')).toBeUndefined();
    expect(docOf(source, 'javascript', 'start')).toBeUndefined();
    expect(docOf(['//! The crate root.', 'pub fn root() {}'].join('\n'), 'rust', 'root')).toBeUndefined();
    expect(docOf(['#!/usr/bin/env ruby', 'def main', 'end'].join('\n'), 'ruby', 'main')).toBeUndefined();
  });

  it('cuts a long line with an ellipsis and leaves a doc that only repeats the name', () => {
    const long = `// ${'word '.repeat(60)}`;
    const doc = docOf([long, 'function wordy() {}'].join('\n'), 'javascript', 'wordy')!;
    expect(doc.length).toBeLessThanOrEqual(MAX_DOC_LENGTH);
    expect(doc.endsWith('…')).toBe(true);
    expect(docOf(['/** Parser. */', 'class Parser {}'].join('\n'), 'typescript', 'Parser')).toBeUndefined();
  });
});

describe('wrapped summaries', () => {
  it('join the lines of a sentence wrapped at the margin, and stop at its end or a blank line', () => {
    const ts = [
      '/**',
      ' * The must-preserve state of the messages a compaction drops, in the order a model should',
      ' * read it. Further sentences are left out.',
      ' */',
      'export interface Digest {}',
      '',
      '// Unfinished summary',
      '//',
      '// Another paragraph.',
      'export function unfinished(): void {}',
    ].join('\n');
    expect(docOf(ts, 'typescript', 'Digest')).toBe(
      'The must-preserve state of the messages a compaction drops, in the order a model should read it.',
    );
    expect(docOf(ts, 'typescript', 'unfinished')).toBe('Unfinished summary');
    const twoSentences = [
      '/**',
      ' * Builds the map, e.g. for a task. Never fails on a file:',
      ' * unreadable files are listed.',
      ' */',
      'export function build(): void {}',
    ].join('\n');
    expect(docOf(twoSentences, 'typescript', 'build')).toBe('Builds the map, e.g. for a task.');
    const py = [
      'def load(path):',
      '    """Loads the configuration at `path`, falling',
      '    back to defaults.',
      '',
      '    Raises OSError.',
      '    """',
    ].join('\n');
    expect(docOf(py, 'python', 'load')).toBe('Loads the configuration at `path`, falling back to defaults.');
    const sphinx = [
      'def figure(self):',
      '    """Access the :class:`matplotlib.figure.Figure` object."""',
    ].join('\n');
    expect(docOf(sphinx, 'python', 'figure')).toBe('Access the matplotlib.figure.Figure object.');
  });
});

describe('docLine on any input', () => {
  const languages: (Language | 'generic')[] = [
    'typescript',
    'javascript',
    'python',
    'go',
    'rust',
    'java',
    'c',
    'cpp',
    'csharp',
    'ruby',
    'php',
    'generic',
  ];
  const fragments = fc.constantFrom(
    '"""',
    "'''",
    '"',
    "'",
    '/*',
    '*/',
    '/**',
    '//',
    '///',
    '#',
    '@',
    '#[',
    '[',
    ']',
    '(',
    ')',
    ':',
    'def f():',
    'class A:',
    '\n',
    '\r\n',
    '\t',
    ' ',
    '\u0000',
    '\u001b',
    'x',
    'Copyright',
    '* @param',
    '\u2028',
  );
  const source = fc
    .array(fc.oneof(fragments, fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 60 })
    .map((parts) => parts.join(''));

  it('never throws and returns one line of at most MAX_DOC_LENGTH characters, or nothing', () => {
    fc.assert(
      fc.property(
        source,
        fc.constantFrom(...languages),
        fc.integer({ min: -2, max: 30 }),
        fc.constantFrom('function', 'class', 'constant'),
        (text, language, line, kind) => {
          const target: DocTarget = { name: 'f', kind: kind as DocTarget['kind'], line, signature: 'f' };
          const doc = docLine(text.split('\n'), target, language);
          if (doc === undefined) return;
          expect(doc).not.toBe('');
          expect(doc).not.toMatch(/[\n\r]/);
          expect(doc.length).toBeLessThanOrEqual(MAX_DOC_LENGTH);
          expect(doc).toBe(doc.trim());
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('finishes on pathological files: definitions packed on one long line, or under unclosed comments', () => {
    const packed = `/** Doc. */ function f() {} ${'/* x */ function g() {} '.repeat(40_000)}`;
    expect(scanSource(packed, 'typescript').definitions.length).toBeGreaterThan(1000);
    const unclosed = `${'/*\n'.repeat(20_000)}${'def f(x="""):\n'.repeat(20_000)}`;
    scanSource(unclosed, 'python');
    const underComments = `${'// doc\n@decorator(\n'.repeat(10_000)}${'function h() {}\n'.repeat(10_000)}`;
    scanSource(underComments, 'typescript');
  });

  it('also holds through the scanners, on every definition they find', () => {
    fc.assert(
      fc.property(source, fc.constantFrom(...languages), (text, language) => {
        for (const definition of scanSource(text, language).definitions) {
          if (definition.doc !== undefined) expect(definition.doc).not.toMatch(/[\n\r]/);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
