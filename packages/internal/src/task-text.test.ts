import { describe, expect, it } from 'vitest';
import {
  codeRanges,
  kebabNames,
  withoutHtmlComments,
  withoutLinkQueries,
  withoutWebAddresses,
} from './task-text.js';

describe('withoutHtmlComments', () => {
  it('drops issue-template comments and keeps the rest as written', () => {
    const task = '<!-- Thanks for submitting an issue!\nTemplate text -->\nRewrite fails <!-- x -->here.';
    expect(withoutHtmlComments(task)).toBe(' \nRewrite fails  here.');
    expect(withoutHtmlComments('no comments')).toBe('no comments');
  });

  it('keeps comments inside fenced code and an unclosed comment', () => {
    const task = 'a <!--b--> c\n```xml\n<root><!-- kept --></root>\n```\nd <!-- e --> f <!-- open';
    expect(withoutHtmlComments(task)).toBe('a   c\n```xml\n<root><!-- kept --></root>\n```\nd   f <!-- open');
  });

  it('is linear: a megabyte of unclosed comment openers', () => {
    const started = Date.now();
    const text = '<!--```'.repeat(150_000);
    expect(withoutHtmlComments(text)).toBe(text);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('withoutWebAddresses', () => {
  it("keeps only a web address's query words, in links, angle brackets and prose", () => {
    const task =
      'See [repro](https://github.com/org/repo/blob/main/a.rs#L8) or <http://x.dev/p>, ' +
      'card https://stats.app/api?user=me&show_icons=true#top fails.';
    expect(withoutWebAddresses(task)).toBe('See [repro]( ) or < >, card  user me show_icons true  fails.');
    expect(withoutWebAddresses('no links; ftp://a.b stays')).toBe('no links; ftp://a.b stays');
  });

  it('is linear: a megabyte-long address', () => {
    const started = Date.now();
    expect(withoutWebAddresses(`a https://${'x'.repeat(1_000_000)} b`)).toBe('a   b');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('withoutLinkQueries', () => {
  it("drops a web address's query, keeping its host, path and fragment", () => {
    expect(withoutLinkQueries('see https://codesandbox.io/s/demo-x?file=/src/index.js:152-263 now')).toBe(
      'see https://codesandbox.io/s/demo-x now',
    );
    expect(withoutLinkQueries('[a](https://github.com/o/r/blob/main/src/a.rs?plain=1#L8-L9)')).toBe(
      '[a](https://github.com/o/r/blob/main/src/a.rs#L8-L9)',
    );
    expect(withoutLinkQueries('https://x.dev/p#part?not-a-query stays')).toBe(
      'https://x.dev/p#part?not-a-query stays',
    );
    expect(withoutLinkQueries('no link: src/a.rs?x=1 and https://x.dev/p stay')).toBe(
      'no link: src/a.rs?x=1 and https://x.dev/p stay',
    );
  });

  it('is linear: a megabyte-long address and query', () => {
    const started = Date.now();
    expect(withoutLinkQueries(`a https://${'x'.repeat(1_000_000)} b`)).toHaveLength(1_000_012);
    expect(withoutLinkQueries(`a https://x.dev/?${'y'.repeat(1_000_000)} b`)).toBe('a https://x.dev/ b');
    const run = 'https://'.repeat(125_000);
    expect(withoutLinkQueries(run)).toBe(run);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('codeRanges', () => {
  it('finds backticked spans and fenced blocks, an unclosed fence running to the end', () => {
    const text = 'a `b` c\n```\nd\n```\ne ```f';
    expect(codeRanges(text).map(([start, end]) => text.slice(start, end))).toEqual([
      '`b`',
      '```\nd\n```',
      '```f',
    ]);
  });
});

describe('kebabNames', () => {
  const spelled = (text: string) => kebabNames(text).map((name) => name.spellings);

  it('spells a compound as snake_case, camelCase and PascalCase', () => {
    expect(spelled('Fixing `yield-in-for-loop` (UP028) fails')).toEqual([
      ['yield_in_for_loop', 'yieldInForLoop', 'YieldInForLoop'],
    ]);
    expect(spelled('Add a --max-files option')).toEqual([['max_files', 'maxFiles', 'MaxFiles']]);
  });

  it('reads a two-word compound only as a flag or as code: in prose it is a hyphenated word', () => {
    expect(spelled('a built-in, well-known and opt-in default')).toEqual([]);
    expect(
      kebabNames('set `cluster-yes` or -x-y, and negate-equal-op too').map((name) => [
        name.compound,
        name.inCode,
      ]),
    ).toEqual([
      ['cluster-yes', true],
      ['x-y', false],
      ['negate-equal-op', false],
    ]);
  });

  it('reads one run as one compound: never a piece of a longer hyphenated or underscored run', () => {
    expect(spelled('pytest-7.2 and a_b-c-d and Foo-bar-baz and x--y-z')).toEqual([]);
    expect(kebabNames('see config-file-path.').map((name) => name.compound)).toEqual(['config-file-path']);
  });

  it('is linear and skips a compound too long to be a name: a megabyte of hyphenated words', () => {
    const started = Date.now();
    expect(kebabNames(`${'ab-'.repeat(350_000)}x`)).toEqual([]);
    expect(kebabNames(`${'ab-'.repeat(350_000)}_`)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
