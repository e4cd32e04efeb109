import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractIdentifiers } from './identifiers.js';

// Names and strength only: a one-line task is all title, which the title test checks on its own.
const strength = (task: string) => extractIdentifiers(task).map(({ name, strong }) => ({ name, strong }));

describe('extractIdentifiers', () => {
  it("marks the names in the task's first non-blank line as its title", () => {
    const found = extractIdentifiers('\n  Session drops cookies\nThe redirect in `resolve` drops cookies.');
    expect(found).toEqual([
      { name: 'Session', strong: false, title: true },
      { name: 'drops', strong: false, title: true },
      { name: 'cookies', strong: false, title: true },
      { name: 'redirect', strong: false },
      { name: 'resolve', strong: true },
    ]);
  });

  it("reads nothing from an issue template's hidden comments, but keeps code blocks whole", () => {
    const task = '<!-- Please fill in the template -->\nparse_header breaks\n```xml\n<!-- keep_me -->\n```';
    expect(extractIdentifiers(task).map((identifier) => identifier.name)).toEqual([
      'parse_header',
      'breaks',
      'xml',
      'keep_me',
    ]);
  });

  it('keeps code-looking names strong and English words weak, without stop words or duplicates', () => {
    expect(
      strength(
        'Fix the crash in `parse` when parseHeader gets an EMPTY_NAME from src/http/server.ts; Parse again.',
      ),
    ).toEqual([
      { name: 'crash', strong: false },
      { name: 'parse', strong: true },
      { name: 'parseHeader', strong: true },
      { name: 'EMPTY_NAME', strong: true },
      { name: 'src', strong: true },
      { name: 'http', strong: true },
      { name: 'server', strong: true },
    ]);
  });

  it("reads no name from a web address's host and path, but keeps its query parameters", () => {
    const task =
      'See [the repro](https://github.com/radicle-dev/tracing-bug/blob/master/Cargo.lock) and ' +
      '<https://docs.rs/tracing/latest/tracing/attr.instrument.html>: the card at ' +
      'https://stats.example.app/api?username=someone&show_icons=true#top ignores hide_border.';
    expect(extractIdentifiers(task).map((identifier) => identifier.name)).toEqual([
      'See',
      'repro',
      'card',
      'username',
      'someone',
      'show_icons',
      'ignores',
      'hide_border',
    ]);
  });

  it('keeps a two-letter name written as code, and drops it in prose', () => {
    expect(strength('close the `db` handle in io code')).toEqual([
      { name: 'close', strong: false },
      { name: 'db', strong: true },
      { name: 'handle', strong: false },
      { name: 'code', strong: false },
    ]);
  });

  it('does not treat a sentence-ending period as a qualified name', () => {
    expect(strength('Update the parser. Then retry.')).toEqual([
      { name: 'parser', strong: false },
      { name: 'retry', strong: false },
    ]);
    expect(strength('call json.loads')).toEqual([
      { name: 'json', strong: true },
      { name: 'loads', strong: true },
    ]);
  });

  it('reads a kebab-case rule or flag as the names code spells it, after the names written', () => {
    expect(strength('Fix `yield-in-for-loop` and --max-files; a built-in default')).toEqual([
      { name: 'loop', strong: true },
      { name: 'max', strong: false },
      { name: 'files', strong: false },
      { name: 'built', strong: false },
      { name: 'default', strong: false },
      { name: 'yield_in_for_loop', strong: true },
      { name: 'YieldInForLoop', strong: true },
      { name: 'max_files', strong: true },
      { name: 'MaxFiles', strong: true },
    ]);
  });

  it('is deterministic and returns names that occur in the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const first = extractIdentifiers(text);
        expect(extractIdentifiers(text)).toEqual(first);
        const keys = first.map((identifier) => identifier.name.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        for (const identifier of first) {
          // Written in the text, or the code spelling of a kebab-case compound written there.
          const kebab = identifier.name
            .split(/_|(?=[A-Z])/)
            .map((part) => part.toLowerCase())
            .join('-');
          expect(text.includes(identifier.name) || text.includes(kebab)).toBe(true);
          // Two letters only when written as code.
          if (identifier.name.length < 3) {
            expect(identifier.name.length).toBe(2);
            expect(identifier.strong).toBe(true);
            expect(text).toContain('`');
          }
        }
      }),
      { numRuns: 1000 },
    );
  });
});
