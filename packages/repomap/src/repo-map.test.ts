import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRenderableRepoMap, buildRepoMap, mapBudget, type RepoMapResult } from './repo-map.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURE = join(here, '..', 'test', '__fixtures__', 'mixed-repo');
const GOLDENS = join(here, '..', 'test', '__goldens__');
const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const temporaryDirectories: string[] = [];

afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

function listFiles(directory: string, prefix = ''): string[] {
  return readdirSync(join(directory, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(directory, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

/** Copies the fixture file by file in `order`, so directory listings come back in another order. */
function copyFixtureInOrder(order: readonly number[]): string {
  const target = mkdtempSync(join(tmpdir(), 'ctxkit-repomap-order-'));
  temporaryDirectories.push(target);
  const files = listFiles(FIXTURE).sort();
  for (const index of order) {
    const file = files[index % files.length]!;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(FIXTURE, file), join(target, file));
  }
  for (const file of files) cpSync(join(FIXTURE, file), join(target, file));
  return target;
}

/** The result without the fields that legitimately differ between two copies of one tree. */
function comparable(result: RepoMapResult): Omit<RepoMapResult, 'root' | 'cache'> {
  const { root: _root, cache: _cache, ...rest } = result;
  return rest;
}

describe('buildRepoMap on a handwritten five-language repository', () => {
  it('renders the golden map without a query', async () => {
    const result = await buildRepoMap({ root: FIXTURE, cache: false, tokens: 400, tokenizer });
    await expect(result.map).toMatchFileSnapshot(join(GOLDENS, 'mixed-repo.map.txt'));
    expect(result.tokens).toBe(tokenizer.count(result.map));
    expect(result.tokens).toBeLessThanOrEqual(400);
    expect(result.files).toBe(8);
    expect(result.skipped).toEqual([]);
  });

  it('renders the golden map for a task, with the files it names first', async () => {
    const result = await buildRepoMap({
      root: FIXTURE,
      cache: false,
      tokens: 200,
      tokenizer,
      query: 'Sessions expire too early: handleRequest returns undefined after renewSession in src/server.ts',
    });
    await expect(result.map).toMatchFileSnapshot(join(GOLDENS, 'mixed-repo.query.map.txt'));
    expect(result.ranking.slice(0, 2).map((entry) => entry.path)).toEqual([
      'src/server.ts',
      'src/session.ts',
    ]);
    expect(result.tokens).toBeLessThanOrEqual(200);
  });

  it('ranks a type declaration file below the implementation it declares, unless the task names it', async () => {
    const { makeTree } = await import('./test-tree.js');
    const root = makeTree(
      {
        'index.d.ts':
          'export declare function parseHeader(text: string): Header;\nexport interface Header { name: string }\n',
        'src/parse.js': 'export function parseHeader(text) {\n  return { name: text.trim() };\n}\n',
      },
      'declarations',
      temporaryDirectories,
    );
    const rank = async (query: string) =>
      (await buildRepoMap({ root, cache: false, query, tokenizer })).ranking.map((entry) => entry.path);
    expect((await rank('parseHeader drops the Header name'))[0]).toBe('src/parse.js');
    expect((await rank('index.d.ts: parseHeader should return Header | undefined'))[0]).toBe('index.d.ts');
  });

  it('finds the definer of a kebab-case rule id written as code (`yield-in-for-loop` is YieldInForLoop)', async () => {
    const { makeTree } = await import('./test-tree.js');
    const root = makeTree(
      {
        'rules/upgrade.rs':
          'pub struct YieldInForLoop;\n\nimpl Violation for YieldInForLoop {\n    fn message(&self) -> String {\n        "Replace with a delegation".to_string()\n    }\n}\n',
        'checkers/loop_rules.rs':
          'pub fn check_loop(stmt: &Stmt) {\n    // every rule on a for loop, a loop over a tuple\n    check_tuple_loop(stmt);\n}\n\npub fn check_tuple_loop(stmt: &Stmt) {}\n',
        ...Object.fromEntries(
          ['Sort', 'Format', 'Import', 'Print', 'Assert', 'Lambda', 'Global', 'Compare'].map((name) => [
            `rules/${name.toLowerCase()}.rs`,
            `pub struct Unused${name};\n\nimpl Violation for Unused${name} {}\n`,
          ]),
        ),
      },
      'kebab',
      temporaryDirectories,
    );
    const { ranking } = await buildRepoMap({
      root,
      cache: false,
      query: 'The fix for `yield-in-for-loop` fails when a loop is over a tuple',
      tokenizer,
    });
    // First, and for defining the rule's struct, not only for sharing its words.
    expect(ranking[0]).toMatchObject({
      path: 'rules/upgrade.rs',
      reasons: expect.arrayContaining(['definition']),
    });
  });

  it('ranks first the file that prints a message the task quotes, for that reason', async () => {
    const { makeTree } = await import('./test-tree.js');
    const root = makeTree(
      {
        'src/escape.rs': [
          '/// Escapes and unescapes a string: every backslash, quote and trailing backslash.',
          'pub fn escape_string(text: &str) -> String { text.replace("\\\\", "\\\\\\\\") }',
          'pub fn unescape_string(text: &str) -> String { text.replace("\\\\\\\\", "\\\\") }',
          'pub fn is_escaped(text: &str) -> bool { text.ends_with("\\\\") }',
          '',
        ].join('\n'),
        'src/tr.rs': [
          'pub fn translate(set: &str) {',
          '    if set.ends_with(BACKSLASH) {',
          '        show_warning!("an unescaped backslash at end of string is not portable");',
          '    }',
          '}',
          '',
        ].join('\n'),
      },
      'message',
      temporaryDirectories,
    );
    const query = [
      'A trailing backslash is escaped twice',
      '```console',
      "$ tr '\\\\\\' 'asdf'",
      'tr: warning: an unescaped backslash at end of string is not portable',
      '```',
      'Whether the string is escaped is guessed from its last two characters.',
    ].join('\n');
    const rank = async (rankingPolicy?: { shares: { message: number } }) =>
      (
        await buildRepoMap({
          root,
          cache: false,
          query,
          tokenizer,
          ...(rankingPolicy ? { rankingPolicy } : {}),
        })
      ).ranking;
    expect((await rank())[0]).toMatchObject({
      path: 'src/tr.rs',
      reasons: expect.arrayContaining(['message']),
    });
    // The task's words alone point at the file that only shares them.
    expect((await rank({ shares: { message: 0 } }))[0]!.path).toBe('src/escape.rs');
  });

  it('shows what a task-named function calls and what calls it before other members of its file', async () => {
    const { makeTree } = await import('./test-tree.js');
    const root = makeTree(
      {
        'wire/http.py': [
          'def encode(value):',
          '    return value.encode("utf-8")',
          '',
          'def values(mapping):',
          '    return list(mapping.values())',
          '',
          'def _split_fields(line):',
          '    return [part.strip() for part in line.split(";")]',
          '',
          'def parse_header(line):',
          '    fields = _split_fields(line)',
          '    return dict(field.split("=", 1) for field in fields)',
          '',
          'def read_request(stream):',
          '    first = stream.readline()',
          '    return parse_header(first)',
          '',
        ].join('\n'),
        // `encode` is the tree's most used definition.
        'wire/client.py': [
          'from wire.http import encode',
          '',
          'def send(sock, parts):',
          ...Array.from({ length: 12 }, (_, part) => `    sock.write(encode(parts[${part}]))`),
          '',
        ].join('\n'),
      },
      'calls',
      temporaryDirectories,
    );
    // `values` matches only a plain word of the task.
    const query = 'parse_header drops the values after a quoted field';
    const { map } = await buildRepoMap({ root, cache: false, tokens: 50, tokenizer, query });
    const named = (name: string) => new RegExp(`^  \\d+: def ${name}\\(`, 'm').test(map);
    expect(['parse_header', '_split_fields', 'read_request'].filter(named)).toEqual([
      'parse_header',
      '_split_fields',
      'read_request',
    ]);
    expect(named('encode')).toBe(false);
    expect(named('values')).toBe(false);
  });

  it('ranks the users of a focus file up, not only what it uses', async () => {
    const result = await buildRepoMap({ root: FIXTURE, cache: false, focus: ['src/session.ts'], tokenizer });
    const order = result.ranking.map((entry) => entry.path);
    // server.ts uses session.ts; store.ts is what session.ts uses.
    expect(order.slice(0, 3).sort()).toEqual(['src/server.ts', 'src/session.ts', 'src/store.ts']);
  });

  it('leaves files already in the prompt out and shrinks the budget for them', async () => {
    const result = await buildRepoMap({
      root: FIXTURE,
      cache: false,
      tokens: 600,
      tokenizer,
      filesInPrompt: ['src/store.ts', join(FIXTURE, 'lib/parser.py')],
    });
    expect(result.budget).toBe(mapBudget(600, 2));
    expect(result.budget).toBe(300);
    expect(result.map).not.toContain('src/store.ts:');
    expect(result.map).not.toContain('lib/parser.py:');
    expect(result.tokens).toBeLessThanOrEqual(300);
  });

  it('renders again without files or under another budget, as a build leaving them out would', async () => {
    const built = await buildRenderableRepoMap({
      root: FIXTURE,
      cache: false,
      tokens: 600,
      tokenizer,
      query: 'greet',
    });
    expect(built.render()).toEqual({ map: built.result.map, tokens: built.result.tokens, budget: 600 });
    const top = built.result.ranking[0]!.path;
    expect(built.result.map).toContain(`${top}:`);
    const without = built.render({ exclude: [top, join(FIXTURE, 'lib/parser.py')] });
    expect(without.map).not.toContain(`${top}:`);
    expect(without.map).not.toContain('lib/parser.py:');
    expect(without.tokens).toBeLessThanOrEqual(600);
    expect(without.tokens).toBe(tokenizer.count(without.map));
    // The same ranking with those files' symbols removed: what is left keeps its order.
    const order = (map: string) =>
      map.split('\n').filter((line) => line.endsWith(':') && !line.startsWith(' '));
    expect(order(built.render({ exclude: [top], tokens: 5000 }).map)).toEqual(
      order(built.render({ tokens: 5000 }).map).filter((path) => path !== `${top}:`),
    );
    expect(built.render({ tokens: 40 }).tokens).toBeLessThanOrEqual(40);
    // Files now in the prompt leave the map and shrink its budget, as at build time.
    const inPrompt = built.render({ filesInPrompt: [top, 'lib/parser.py'] });
    expect(inPrompt.budget).toBe(mapBudget(600, 2));
    expect(inPrompt.map).not.toContain(`${top}:`);
    expect(inPrompt.tokens).toBeLessThanOrEqual(inPrompt.budget);
  });

  it('renders another ranking of the same files: only those, in its order', async () => {
    const built = await buildRenderableRepoMap({ root: FIXTURE, cache: false, tokenizer, query: 'greet' });
    const listedFiles = (map: string) =>
      map
        .split('\n')
        .filter((line) => line.endsWith(':') && !line.startsWith(' '))
        .map((line) => line.slice(0, -1));
    const order = ['lib/parser.py', 'missing/file.ts', join(FIXTURE, 'src/store.ts'), 'cmd/server/main.go'];
    const rendered = built.render({ tokens: 5000, fileOrder: order });
    expect(listedFiles(rendered.map)).toEqual(['lib/parser.py', 'src/store.ts', 'cmd/server/main.go']);
    expect(rendered.tokens).toBe(tokenizer.count(rendered.map));
    // Each file shows what the map's own rendering shows of it when there is room for everything.
    const own = built.render({ tokens: 5000 }).map;
    expect(own).toContain(rendered.map.split('src/store.ts:\n')[1]!.split('cmd/server/main.go:')[0]!);
    expect(built.render({ tokens: 60, fileOrder: order }).tokens).toBeLessThanOrEqual(60);
    expect(() => built.render({ fileOrder: 'lib/parser.py' as unknown as string[] })).toThrow(/fileOrder/);
  });

  it('lists every scanned file in the ranking and every definition in the symbols', async () => {
    const result = await buildRepoMap({ root: FIXTURE, cache: false, tokenizer });
    expect(result.ranking.map((entry) => entry.path).sort()).toEqual([
      'cmd/server/main.go',
      'crates/text/src/lib.rs',
      'java/com/example/Greeter.java',
      'lib/parser.py',
      'lib/test_parser.py',
      'src/server.ts',
      'src/session.ts',
      'src/store.ts',
    ]);
    expect(result.symbols).toContainEqual({
      path: 'lib/parser.py',
      name: 'ConfigParser',
      kind: 'class',
      line: 14,
      signature: 'class ConfigParser:',
    });
    // A documented definition carries the first sentence of its docs, as `ctxkit map --json` prints it.
    expect(result.symbols).toContainEqual({
      path: 'lib/parser.py',
      name: 'ParseError',
      kind: 'class',
      line: 6,
      signature: 'class ParseError(Exception):',
      doc: 'Raised for malformed input, with the offending line.',
    });
  });

  it('counts per extension the files no scanner reads, ranks known languages among them, leaves ignored ones out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ctxkit-repomap-elixir-'));
    const files: Record<string, string> = {
      'lib/app.ex': 'defmodule App do\n  def start, do: :ok\nend\n',
      'lib/app/worker.ex': 'defmodule App.Worker do\nend\n',
      'mix.exs': 'defmodule App.MixProject do\nend\n',
      Makefile: 'all:\n',
      'deps/x/lib/x.ex': 'defmodule X do\nend\n',
      '.gitignore': 'deps/\n',
      'scripts/run.ts': 'export function run(): void {}\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    try {
      const result = await buildRepoMap({ root, cache: false, tokenizer, query: 'the worker crashes' });
      // The Elixir files are read by the identifier-only scan: ranked, and listed by path in the map.
      expect(result.files).toBe(4);
      expect(result.unscanned).toEqual([
        { extension: '.ex', files: 2, ranked: true },
        { extension: '', files: 2, ranked: false },
        { extension: '.exs', files: 1, ranked: true },
      ]);
      expect(result.ranking[0]?.path).toBe('lib/app/worker.ex');
      expect(result.map).toBe(
        'lib/app/worker.ex:\nlib/app.ex:\nmix.exs:\nscripts/run.ts:\n  1: export function run(): void\n',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('throws a clear error for a root that is not a directory', async () => {
    await expect(buildRepoMap({ root: join(FIXTURE, 'README.md') })).rejects.toThrow(
      /repo map root is not a directory: .*README\.md/,
    );
  });
});

describe('determinism', () => {
  it('gives the same document whatever order the file system lists files in', async () => {
    const reference = comparable(
      await buildRepoMap({ root: FIXTURE, cache: false, tokenizer, query: 'parse config errors' }),
    );
    const fileCount = listFiles(FIXTURE).length;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(
          Array.from({ length: fileCount }, (_, index) => index),
          { minLength: fileCount, maxLength: fileCount },
        ),
        async (order) => {
          const copy = copyFixtureInOrder(order);
          const result = await buildRepoMap({
            root: copy,
            cache: false,
            tokenizer,
            query: 'parse config errors',
          });
          expect(comparable(result)).toEqual(reference);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('gives the same document whatever order focus and prompt files are passed in', async () => {
    const focus = ['src/store.ts', 'lib/parser.py', 'cmd/server/main.go'];
    const inPrompt = ['crates/text/src/lib.rs', 'src/server.ts'];
    const reference = JSON.stringify(
      await buildRepoMap({ root: FIXTURE, cache: false, tokenizer, focus, filesInPrompt: inPrompt }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(focus, { minLength: 3, maxLength: 3 }),
        fc.shuffledSubarray(inPrompt, { minLength: 2, maxLength: 2 }),
        async (shuffledFocus, shuffledPrompt) => {
          const result = await buildRepoMap({
            root: FIXTURE,
            cache: false,
            tokenizer,
            focus: [...shuffledFocus, shuffledFocus[0]!],
            filesInPrompt: shuffledPrompt,
          });
          expect(JSON.stringify(result)).toBe(reference);
        },
      ),
      { numRuns: 10 },
    );
  });

  it('never renders over budget, for any budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 700 }),
        fc.constantFrom('', 'Tokenizer split', 'greet'),
        async (tokens, query) => {
          const result = await buildRepoMap({ root: FIXTURE, cache: false, tokenizer, tokens, query });
          expect(result.tokens).toBeLessThanOrEqual(tokens);
          expect(result.tokens).toBe(result.map === '' ? 0 : tokenizer.count(result.map));
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('fixture sanity', () => {
  it('has the files the goldens describe', () => {
    expect(statSync(join(FIXTURE, 'src', 'store.ts')).isFile()).toBe(true);
  });
});
