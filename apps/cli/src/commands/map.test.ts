import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ctxkit-map-cli-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(
    join(root, 'src', 'store.ts'),
    'export class Store {\n  get(key: string): string {\n    return key;\n  }\n}\n',
  );
  writeFileSync(
    join(root, 'src', 'app.ts'),
    "import { Store } from './store.js';\n\nexport function startApp(store: Store): void {\n  store.get('x');\n}\n",
  );
  writeFileSync(join(root, 'tool.py'), 'def parse_args(argv):\n    return argv\n');
  writeFileSync(join(root, 'task.md'), 'startApp crashes when the Store is empty\n');
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('ctxkit map', () => {
  it('prints the contract document with --json', async () => {
    const { code, stdout } = await runInProcess(
      ['map', root, '--query', 'startApp fails', '--json', '--no-cache'],
      root,
    );
    expect(code).toBe(0);
    const document = JSON.parse(stdout);
    expect(Object.keys(document).sort()).toEqual(
      [
        'budget',
        'cache',
        'files',
        'map',
        'ranking',
        'root',
        'skipped',
        'symbols',
        'tokens',
        'unscanned',
      ].sort(),
    );
    expect(document.files).toBe(3);
    expect(document.ranking[0].path).toBe('src/app.ts');
    expect(document.ranking.map((entry: { path: string }) => entry.path).sort()).toEqual([
      'src/app.ts',
      'src/store.ts',
      'tool.py',
    ]);
    expect(document.symbols[0]).toEqual({
      path: 'src/app.ts',
      name: 'startApp',
      kind: 'function',
      line: 3,
      signature: expect.stringContaining('startApp'),
    });
    expect(document.tokens).toBeLessThanOrEqual(document.budget);
    expect(document.cache).toEqual({ hits: 0, misses: 3 });
  });

  it('reads the query from a file and honours --tokens', async () => {
    const { code, stdout } = await runInProcess(
      ['map', root, '--query-file', join(root, 'task.md'), '--tokens', '12', '--json', '--no-cache'],
      root,
    );
    expect(code).toBe(0);
    const document = JSON.parse(stdout);
    expect(document.budget).toBe(12);
    expect(document.tokens).toBeLessThanOrEqual(12);
  });

  it('prints the map text and a summary without --json', async () => {
    const { code, stdout, stderr } = await runInProcess(['map', root, '--no-cache'], root);
    expect(code).toBe(0);
    expect(stdout).toContain('src/store.ts:\n');
    expect(stderr).toMatch(
      /^3 files scanned, 1 file not read, no scanner \(\.md 1\); map \d+\/1024 tokens; cache 0 hits, 3 misses\n$/,
    );
  });

  it('says there is nothing to map in an empty directory', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'ctxkit-map-empty-'));
    try {
      const { code, stdout, stderr } = await runInProcess(['map', empty, '--no-cache'], empty);
      expect(code).toBe(0);
      expect(stdout).toBe('(nothing to map: no files here)\n');
      expect(stderr).toBe('0 files scanned; map 0/1024 tokens; cache 0 hits, 0 misses\n');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('names the extensions it has no scanner for, in the summary and in --json', async () => {
    const elixir = mkdtempSync(join(tmpdir(), 'ctxkit-map-elixir-'));
    try {
      mkdirSync(join(elixir, 'lib'));
      writeFileSync(join(elixir, 'lib', 'app.ex'), 'defmodule App do\nend\n');
      writeFileSync(join(elixir, 'lib', 'worker.ex'), 'defmodule App.Worker do\nend\n');
      writeFileSync(join(elixir, 'mix.exs'), 'defmodule App.MixProject do\nend\n');
      writeFileSync(join(elixir, 'README.md'), '# App\n');
      const human = await runInProcess(['map', elixir, '--no-cache', '--query', 'the worker'], elixir);
      // No scanner of their own, yet in the map: by path, in rank order (the one the task names first).
      expect(human.stdout).toBe('lib/worker.ex:\nlib/app.ex:\nmix.exs:\n');
      expect(human.stderr).toBe(
        '3 files scanned, 3 of them by identifiers only, no scanner (.ex 2, .exs 1), 1 file not read, no scanner (.md 1); map 13/1024 tokens; cache 0 hits, 3 misses\n',
      );
      const json = await runInProcess(
        ['map', elixir, '--no-cache', '--json', '--query', 'the worker'],
        elixir,
      );
      const document = JSON.parse(json.stdout);
      expect(document.unscanned).toEqual([
        { extension: '.ex', files: 2, ranked: true },
        { extension: '.exs', files: 1, ranked: true },
        { extension: '.md', files: 1, ranked: false },
      ]);
      // Still found by a task about them: ranked by path and the identifiers they mention.
      expect(document.ranking[0].path).toBe('lib/worker.ex');
      rmSync(join(elixir, 'lib'), { recursive: true });
      rmSync(join(elixir, 'mix.exs'));
      const unread = await runInProcess(['map', elixir, '--no-cache'], elixir);
      expect(unread.stdout).toBe('(nothing to map: no source file a scanner reads)\n');
      writeFileSync(join(elixir, 'one.py'), '# no definitions\n');
      const one = await runInProcess(['map', elixir, '--no-cache'], elixir);
      expect(one.stdout).toBe('(nothing to map: no definitions in 1 file)\n');
      expect(one.stderr).toBe(
        '1 file scanned, 1 file not read, no scanner (.md 1); map 0/1024 tokens; cache 0 hits, 1 miss\n',
      );
    } finally {
      rmSync(elixir, { recursive: true, force: true });
    }
  });

  it('rejects a malformed budget, both query flags, and a missing directory in one line each', async () => {
    const badTokens = await runInProcess(['map', root, '--tokens', 'lots'], root);
    expect(badTokens.code).toBe(2);
    expect(badTokens.stderr).toBe('ctxkit: --tokens expects a whole number of tokens, got "lots"\n');
    const both = await runInProcess(['map', root, '--query', 'a', '--query-file', 'task.md'], root);
    expect(both.code).toBe(2);
    expect(both.stderr).toBe('ctxkit: give either --query or --query-file, not both\n');
    const missing = await runInProcess(['map', join(root, 'nope')], root);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such directory');
  });
});

describe('ctxkit symbols', () => {
  it('lists every definition of a directory in path and line order', async () => {
    const { code, stdout } = await runInProcess(['symbols', root, '--json', '--no-cache'], root);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual([
      { path: 'src/app.ts', name: 'startApp', kind: 'function', line: 3 },
      { path: 'src/store.ts', name: 'Store', kind: 'class', line: 1 },
      { path: 'src/store.ts', name: 'get', kind: 'method', line: 2 },
      { path: 'tool.py', name: 'parse_args', kind: 'function', line: 1 },
    ]);
  });

  it('scans a single file and names an unsupported one', async () => {
    const single = await runInProcess(['symbols', join(root, 'tool.py')], root);
    expect(single.code).toBe(0);
    expect(single.stdout).toBe('tool.py:1  function parse_args\n');
    const unsupported = await runInProcess(['symbols', join(root, 'task.md')], root);
    expect(unsupported.code).toBe(2);
    expect(unsupported.stderr).toContain('no scanner reads');
  });
});
