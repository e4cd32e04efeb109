import { describe, expect, it } from 'vitest';
import { analyzeQuery, isCodeLike, splitIdentifier } from './query.js';
import { TITLE_WEIGHT } from './ranking-policy.js';
import { matchPathMentions } from './seeds/path-mention-seeds.js';

describe('splitIdentifier', () => {
  it('splits snake_case, camelCase, acronyms and digits into lower-case subwords', () => {
    expect(splitIdentifier('parseHTTPResponse_v2')).toEqual(['parse', 'http', 'response', 'v2']);
  });
  it('keeps whole words', () => {
    expect(splitIdentifier('resolve_redirects')).toEqual(['resolve', 'redirects']);
    expect(splitIdentifier('PairGrid')).toEqual(['pair', 'grid']);
  });
});

describe('analyzeQuery', () => {
  it("reads nothing from an issue template's hidden comments", () => {
    const analysis = analyzeQuery(
      '<!-- Thanks for submitting an issue! Template `allowedValue` -->\nparseHeader fails',
    );
    expect(analysis.identifiers.map((identifier) => identifier.name)).toEqual(['fails', 'parseHeader']);
  });

  it('reads no name from the package listing a template asks for', () => {
    const listing = ['attrs 19.1.0', 'packaging 20.4', 'pluggy 0.13.1', 'wcwidth 0.2.5', 'zipp 3.1.0'];
    const analysis = analyzeQuery(`add_marker is ignored\n\`\`\`\n${listing.join('\n')}\n\`\`\``);
    expect(analysis.identifiers.map((identifier) => identifier.name)).toEqual(['add_marker', 'ignored']);
  });

  it("reads a link's file path as a mention but no name from its host and path", () => {
    const analysis = analyzeQuery(
      'parseHeader fails, see https://github.com/acme/widgets/blob/main/src/header_parser.rs#L80',
    );
    expect(analysis.identifiers.map((identifier) => identifier.name)).toEqual(['fails', 'parseHeader']);
    expect(analysis.paths).toContainEqual({
      segments: ['github.com', 'acme', 'widgets', 'blob', 'main', 'src', 'header_parser'],
      form: 'path',
      hasExtension: true,
    });
  });

  it('reads a kebab-case rule or flag as the names code spells it, without counting its words twice', () => {
    const analysis = analyzeQuery(
      'Two rules\nThe fix for `yield-in-for-loop` fails; a built-in --max-files flag too.',
    );
    const names = analysis.identifiers.map((identifier) => identifier.name);
    expect(names).toEqual(expect.arrayContaining(['YieldInForLoop', 'yieldInForLoop', 'yield_in_for_loop']));
    expect(names).toEqual(expect.arrayContaining(['MaxFiles', 'maxFiles', 'max_files']));
    // A two-word hyphenation in prose is English, not a name.
    expect(names).not.toContain('builtIn');
    // Written as code, the compound marks a name; a flag in prose does not.
    const marked = (name: string) =>
      analysis.identifiers.find((identifier) => identifier.name === name)?.marked;
    expect(marked('YieldInForLoop')).toBe(true);
    expect(marked('maxFiles')).toBe(false);
    // Each word once, at its own weight (2 in backticks): the spellings add none.
    expect(Object.fromEntries(analysis.subwords)).toMatchObject({ loop: 2, yield: 2, max: 1 });
  });

  it('weights code-like and backticked identifiers above prose and drops stopwords', () => {
    const analysis = analyzeQuery(
      'The `Session.resolve_redirects` method copies the request; the redirect breaks.',
    );
    const weight = (name: string) =>
      analysis.identifiers.find((identifier) => identifier.name === name)?.weight;
    expect(weight('The')).toBeUndefined();
    expect(weight('resolve_redirects')).toBeGreaterThan(weight('copies')!);
    expect(weight('Session')).toBeGreaterThan(weight('copies')!);
    expect(isCodeLike('resolve_redirects')).toBe(true);
    expect(isCodeLike('redirect')).toBe(false);
  });

  it("weights a name in the task's first line above the same name in its body", () => {
    const weightIn = (task: string, name: string) =>
      analyzeQuery(task).identifiers.find((identifier) => identifier.name === name)?.weight;
    const title = weightIn('\n\n  Session loses cookies\nSteps: open the redirect page.', 'cookies');
    const body = weightIn('Session loses state\nSteps: open the page; cookies are gone.', 'cookies');
    expect(title).toBeGreaterThan(body!);
    expect(title).toBe(TITLE_WEIGHT * body!);
    expect(weightIn('Session loses state\nSteps: open the page.', 'Session')).toBe(
      weightIn('Steps: open the page.\nSession loses state', 'Session')! * TITLE_WEIGHT,
    );
  });

  it('finds file paths, stack-trace frames and dotted module paths', () => {
    const analysis = analyzeQuery(
      [
        'Traceback (most recent call last):',
        '  File "/usr/lib/python3.9/site-packages/requests/sessions.py", line 335, in request',
        'See src/app/main.ts:12 and requests.models.Response, or `setup.py`.',
      ].join('\n'),
    );
    expect(analysis.paths).toEqual([
      {
        segments: ['usr', 'lib', 'python3.9', 'site-packages', 'requests', 'sessions'],
        form: 'path',
        hasExtension: true,
      },
      { segments: ['src', 'app', 'main'], form: 'path', hasExtension: true },
      { segments: ['requests', 'models', 'Response'], form: 'dotted', hasExtension: false },
      { segments: ['setup'], form: 'path', hasExtension: true },
    ]);
  });
});

describe('matchPathMentions', () => {
  const paths = [
    'requests/__init__.py',
    'requests/models.py',
    'requests/sessions.py',
    'requests/utils.py',
    'setup.py',
    'tests/utils.py',
  ];

  it('matches frames, module paths and file names by their trailing segments', () => {
    const analysis = analyzeQuery(
      'File "/site-packages/requests/sessions.py" then requests.models.Response.json() and setup.py',
    );
    const matched = matchPathMentions(paths, analysis.paths);
    expect([...matched.keys()].map((index) => paths[index]).sort()).toEqual([
      'requests/models.py',
      'requests/sessions.py',
      'setup.py',
    ]);
  });

  it("does not read the paths in a link's query string, which name the linked site's files", () => {
    const analysis = analyzeQuery('Repro: https://codesandbox.io/s/demo-x?file=/requests/sessions.py:12');
    expect(matchPathMentions(paths, analysis.paths).size).toBe(0);
  });

  it('does not match a lone shared file name deep inside another project', () => {
    const analysis = analyzeQuery('File "/site-packages/numpy/lib/utils.py", line 3');
    expect(matchPathMentions(paths, analysis.paths).size).toBe(0);
  });

  it('shares an ambiguous mention among the files it names and names a package by its __init__', () => {
    const analysis = analyzeQuery(
      'see utils.py and https://github.com/psf/requests/blob/main/requests/__init__.py#L9',
    );
    const matched = matchPathMentions(paths, analysis.paths);
    expect(matched.get(paths.indexOf('requests/utils.py'))).toBe(0.5);
    expect(matched.get(paths.indexOf('tests/utils.py'))).toBe(0.5);
    expect(matched.get(paths.indexOf('requests/__init__.py'))).toBe(1);
  });
});

describe('marked identifiers', () => {
  it('marks names written as code or structured like code, not letters with digits alone', () => {
    const marked = Object.fromEntries(
      analyzeQuery('ext4 and utf8 break `max`, parse_header, readLine and HTTPServer').identifiers.map(
        (identifier) => [identifier.name, identifier.marked],
      ),
    );
    expect(marked).toMatchObject({
      ext4: false,
      utf8: false,
      max: true,
      parse_header: true,
      readLine: true,
      HTTPServer: true,
    });
  });
});
