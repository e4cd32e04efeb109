import { describe, expect, it } from 'vitest';
import {
  codeRanges,
  kebabNames,
  titleRange,
  withoutHtmlComments,
  withoutLinkQueries,
  withoutVersionListings,
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

describe('withoutVersionListings', () => {
  it('empties the entries of a pip list, keeping its header, the prose and every line number', () => {
    const task = [
      'xfail added in a test is ignored',
      '```',
      'Package         Version  Location',
      '--------------- -------- --------',
      'attrs           19.1.0',
      'packaging       20.4',
      'pluggy          0.13.1',
      'py              1.9.0',
      'pytest          6.0.0rc1 /home/me/pytest/src',
      '```',
      'It raises since 6.0.',
    ].join('\n');
    const lines = withoutVersionListings(task).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.slice(0, 4)).toEqual(task.split('\n').slice(0, 4));
    expect(lines.slice(4, 9)).toEqual(['', '', '', '', '']);
    expect(lines.slice(9)).toEqual(['```', 'It raises since 6.0.']);
  });

  it("reads show_versions() output, pip freeze and a tool's plugin list, one-word facts between", () => {
    const showVersions = [
      'INSTALLED VERSIONS',
      '------------------',
      'commit: None',
      'python: 3.8.6 | packaged by conda-forge | (default, Oct  7 2020)',
      'python-bits: 64',
      'OS: Linux',
      'xarray: 0.16.2',
      'pandas: 1.1.5',
      'scipy: None',
      'netCDF4: 1.5.4',
    ].join('\n');
    expect(withoutVersionListings(showVersions)).toBe(
      'INSTALLED VERSIONS\n------------------\n\n\npython-bits: 64\nOS: Linux\n\n\n\n',
    );
    const freeze = 'Deps:\nattrs==19.1.0\nnumpy==1.19.1\nsix==1.15.0\nwcwidth==0.2.5\nzipp @ 3.1.0';
    expect(withoutVersionListings(freeze)).toBe('Deps:\n\n\n\n\n');
    const plugins = [
      '1.69.2 (using Parser 3.3.6.0, rubocop-ast 1.36.2, running on ruby 2.7.8)',
      '  - rubocop-capybara 2.21.0',
      '  - rubocop-performance 1.23.0',
      '  - rubocop-rails 2.27.0',
      '  - rubocop-rake 0.6.0',
      '  - rubocop-rspec 3.3.0',
    ].join('\n');
    expect(withoutVersionListings(plugins).split('\n').slice(1)).toEqual(['', '', '', '', '']);
  });

  it('keeps a few version lines, and listings that name code: a manifest, a go.mod, prose', () => {
    const few = 'Python 3.8.1 fails\nnumpy 1.19.1\npandas 1.1.0\nscipy 1.5.2\nand so does the rest.';
    expect(withoutVersionListings(few)).toBe(few);
    const cargo = '[dependencies]\nserde = "1.0"\ntokio = "1.2"\nbytes = "1.0"\nfoo = "0.1"\nbar = "0.2"';
    expect(withoutVersionListings(cargo)).toBe(cargo);
    const goMod = ['require (', ...['a', 'b', 'c', 'd', 'e'].map((n) => `\tgithub.com/x/${n} v1.2.3`), ')'];
    expect(withoutVersionListings(goMod.join('\n'))).toBe(goMod.join('\n'));
    const log = ['INFO 12:00:00.123 start', 'WARN 12:00:01.5 slow', 'INFO 12:00:02.0 a', 'INFO 12:00:03.0 b'];
    const logText = [...log, 'ERROR 12:00:04.0 c'].join('\n');
    expect(withoutVersionListings(logText)).toBe(logText);
  });

  it('is linear: a megabyte line, and a listing of 200,000 entries', () => {
    const line = `numpy ${'1.'.repeat(500_000)}`;
    expect(withoutVersionListings(line)).toBe(line);
    const listing = 'pkg 1.0.0\n'.repeat(200_000);
    expect(withoutVersionListings(listing)).toBe('\n'.repeat(200_000));
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

describe('titleRange', () => {
  it('spans the first non-blank line, without the blank lines and indent before it', () => {
    const task = '\n\n  Session drops cookies\nbody';
    const [start, end] = titleRange(task);
    expect(task.slice(start, end)).toBe('Session drops cookies');
    expect(titleRange('one line')).toEqual([0, 8]);
    expect(titleRange(' \n\t ')).toEqual([0, 0]);
  });
});
