import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findTaskPointers, pathMatchLength } from './task-pointers.js';

describe('findTaskPointers', () => {
  it('reads Python, JVM, V8 and Ruby frames with the function they were in', () => {
    const task = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/site-packages/requests/sessions.py", line 335, in request',
      '    resp = self.send(prep, **send_kwargs)',
      '\tat com.fasterxml.jackson.core.json.ReaderBasedJsonParser.nextToken(ReaderBasedJsonParser.java:704)',
      '    at parseArgs (/home/me/app/src/cli/args.ts:41:13)',
      "lib/rubocop/cop/base.rb:112:in `add_offense'",
    ].join('\n');
    expect(findTaskPointers(task).locations).toEqual([
      { path: '/usr/lib/python3/site-packages/requests/sessions.py', line: 335, name: 'request' },
      {
        path: 'com/fasterxml/jackson/core/json/ReaderBasedJsonParser.java',
        line: 704,
        name: 'nextToken',
      },
      { path: '/home/me/app/src/cli/args.ts', line: 41, name: 'parseArgs' },
      { path: 'lib/rubocop/cop/base.rb', line: 112, name: 'add_offense' },
    ]);
  });

  it('reads file:line locations, links to lines, and not paths without a line', () => {
    const task = [
      'This is because `sessions.py:313` is simply wrong; see src/lib.rs:12:5 and main.c(88).',
      'https://github.com/mwaskom/seaborn/blob/ba786bc1/seaborn/_core/scales.py#L377-L382',
      'Also in pkg/util.go line 9. Nothing in README.md:4 or in plain src/other.py.',
    ].join('\n');
    expect(findTaskPointers(task).locations).toEqual([
      { path: 'seaborn/_core/scales.py', line: 377, endLine: 382 },
      { path: 'sessions.py', line: 313 },
      { path: 'src/lib.rs', line: 12 },
      { path: 'main.c', line: 88 },
      { path: 'pkg/util.go', line: 9 },
    ]);
  });

  it("reads no location from a link's query string, which names the linked site's files", () => {
    const task = [
      'Repro: https://codesandbox.io/s/demo-x?file=/src/index.js:152-263 (see src/index.js there).',
      'Code: https://github.com/o/r/blob/main/src/render.js?plain=1#L20-L24',
    ].join('\n');
    expect(findTaskPointers(task).locations).toEqual([{ path: 'src/render.js', line: 20, endLine: 24 }]);
  });

  it('keeps quoted code lines long enough to locate something, whitespace collapsed', () => {
    const task = [
      'The line `req.method = method.upper()` keeps unicode; also `short()` and `just some prose here`.',
      '```',
      '    if   (parser->depth > MAX_DEPTH) {',
      'return x;',
      '```',
    ].join('\n');
    expect(findTaskPointers(task).quotedLines).toEqual([
      'if (parser->depth > MAX_DEPTH) {',
      'req.method = method.upper()',
    ]);
  });

  it('reads nothing from a megabyte word, and quickly', () => {
    const word = `${'a/'.repeat(500_000)}x.py:12`;
    const started = Date.now();
    expect(findTaskPointers(`see ${word} and b.py:3`).locations).toEqual([{ path: 'b.py', line: 3 }]);
    // Generous: a quadratic scan of this word takes minutes, a linear one milliseconds.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('never throws and returns only positive lines and bounded ranges', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            'a',
            '.',
            'py',
            ':',
            '1',
            '0',
            '/',
            ' ',
            '#L',
            '-',
            '\n',
            '"',
            'File ',
            ', line ',
            'blob/',
          ),
        }),
        (text) => {
          const { locations } = findTaskPointers(text);
          for (const location of locations) {
            if (location.line !== undefined) expect(location.line).toBeGreaterThanOrEqual(1);
            if (location.endLine !== undefined) {
              expect(location.endLine).toBeGreaterThan(location.line!);
              expect(location.endLine - location.line!).toBeLessThan(80);
            }
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('pathMatchLength', () => {
  it('counts the trailing segments two paths share', () => {
    expect(pathMatchLength('/x/site-packages/requests/sessions.py', 'requests/sessions.py')).toBe(2);
    expect(pathMatchLength('sessions.py', 'requests/sessions.py')).toBe(1);
    expect(pathMatchLength('./src/a.ts', 'lib/a.ts')).toBe(1);
    expect(pathMatchLength('src/b.ts', 'src/a.ts')).toBe(0);
  });
});
