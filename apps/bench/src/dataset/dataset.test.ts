import { execFileSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMap } from '../benches/map-quality.js';
import { checkout, MissingCheckoutError } from './checkout.js';
import { goldDefinitions } from './gold.js';
import { shownLinesByFile } from './shown-lines.js';
import { type DevTask, parseLineMap, parseSpanMap, parseStringList, selectTasks } from './tasks.js';

describe('data-set fields', () => {
  it('reads Python literals and JSON alike', () => {
    expect(parseStringList("['a.py', 'b/c.py']")).toEqual(['a.py', 'b/c.py']);
    expect(parseStringList(['x.ts'])).toEqual(['x.ts']);
    expect(parseLineMap("{'a.py': [12, 40], 'b.py': []}")).toEqual({ 'a.py': [12, 40], 'b.py': [] });
    expect(parseLineMap({ 'a.go': [3] })).toEqual({ 'a.go': [3] });
    expect(parseSpanMap("{'seaborn/_core/plot.py': ['imports', 'Plotter._setup_scales']}")).toEqual({
      'seaborn/_core/plot.py': ['imports', 'Plotter._setup_scales'],
    });
  });

  it('narrows by repository, language, a per-repository sample and a limit, in file order', () => {
    const task = (instanceId: string, repo: string, language: string): DevTask => ({
      instanceId,
      repo,
      language,
      baseCommit: 'c',
      query: 'q',
      goldFiles: [],
      goldLines: {},
    });
    const tasks = [
      task('1', 'a/x', 'go'),
      task('2', 'a/x', 'go'),
      task('3', 'b/y', 'rust'),
      task('4', 'a/x', 'go'),
    ];
    const ids = (selected: DevTask[]) => selected.map((entry) => entry.instanceId);
    expect(ids(selectTasks(tasks, { perRepo: '2' }))).toEqual(['1', '2', '3']);
    expect(ids(selectTasks(tasks, { language: 'go', limit: '2' }))).toEqual(['1', '2']);
    expect(ids(selectTasks(tasks, { repo: 'b/y' }))).toEqual(['3']);
  });
});

describe('shownLinesByFile', () => {
  it('reads the numbered lines of each file block, blank lines included', () => {
    const text = [
      '<repo-map>',
      '12\tnot a file line',
      '</repo-map>',
      '',
      '<file path="a &amp; b.py" lines="60-62" of="90">',
      '... (lines 1-59 not shown)',
      '60\t    del merged[k]',
      '61',
      '62\t    return merged',
      '... (lines 63-90 not shown)',
      '</file>',
    ].join('\n');
    expect(shownLinesByFile(text)).toEqual(new Map([['a & b.py', new Set([60, 61, 62])]]));
  });
});

describe('parseMap', () => {
  it('lists files and the definition lines named under each, path-only files too', () => {
    const map = 'lib/worker.ex:\nsrc/a.py:\n⋮\n  10: class A:\n    12: def run(self):\n⋮\n';
    expect(parseMap(map)).toEqual(
      new Map([
        ['lib/worker.ex', new Set()],
        ['src/a.py', new Set([10, 12])],
      ]),
    );
  });
});

describe('goldDefinitions', () => {
  const text =
    'class Parser:\n    def parse(self):\n        return 1\n\n    def close(self):\n        pass\n\ndef main():\n    pass\n';

  it('finds the definitions a data set names, qualified by class', () => {
    expect(goldDefinitions('p.py', text, [], ['Parser.close', 'main', 'imports'])).toEqual([
      { path: 'p.py', name: 'Parser.close', line: 5, endLine: 6 },
      { path: 'p.py', name: 'main', line: 8, endLine: 9 },
    ]);
  });

  it('else takes the innermost definition enclosing each changed line', () => {
    expect(goldDefinitions('p.py', text, [3, 9], undefined).map((definition) => definition.name)).toEqual([
      'Parser.parse',
      'main',
    ]);
    expect(goldDefinitions('notes.md', 'text', [1], undefined)).toEqual([]);
  });
});

describe('checkout', () => {
  it('writes every file of the commit, export-ignored ones and links included', () => {
    const work = mkdtempSync(join(tmpdir(), 'ctxkit-checkout-'));
    try {
      const source = join(work, 'source');
      mkdirSync(join(source, 'src'), { recursive: true });
      writeFileSync(join(source, '.gitattributes'), 'src/hidden.ts export-ignore\n');
      writeFileSync(join(source, 'src/hidden.ts'), 'export const hidden = 1;\n');
      writeFileSync(join(source, 'src/main.ts'), 'export const main = 2;\n');
      symlinkSync('main.ts', join(source, 'src/link.ts'));
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: source,
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'a',
            GIT_AUTHOR_EMAIL: 'a@b',
            GIT_COMMITTER_NAME: 'a',
            GIT_COMMITTER_EMAIL: 'a@b',
          },
        })
          .toString()
          .trim();
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'one');
      const commit = git('rev-parse', 'HEAD');
      const mirrors = join(work, 'mirrors');
      execFileSync('git', ['clone', '-q', '--bare', source, join(mirrors, 'Owner+Name', 'repo')]);
      const root = checkout({ repo: 'owner/name', baseCommit: commit }, join(work, 'repos'), mirrors);
      expect(readFileSync(join(root, 'src/hidden.ts'), 'utf8')).toBe('export const hidden = 1;\n');
      expect(readlinkSync(join(root, 'src/link.ts'))).toBe('main.ts');
      expect(() =>
        checkout({ repo: 'owner/name', baseCommit: 'f'.repeat(40) }, join(work, 'repos'), mirrors),
      ).toThrow(MissingCheckoutError);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
