import { rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listDefinitions, scanRepository } from './scan-repository.js';
import { makeTree as makeSmallTree } from './test-tree.js';
import { walkRepository } from './walk.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const makeTree = (files: Record<string, string | Uint8Array>) => makeSmallTree(files, 'walk', roots);

const everything = () => true;
const paths = async (root: string, ignore?: string[]) =>
  (await walkRepository({ root, selectFile: everything, ignore })).files.map((file) => file.path);

describe('walkRepository', () => {
  it('honours nested .gitignore files, re-includes, and .git/info/exclude', async () => {
    const root = makeTree({
      '.gitignore': '*.log\ngenerated/\n!keep.log\n',
      '.git/info/exclude': 'secret.ts\n',
      'a.ts': '',
      'debug.log': '',
      'keep.log': '',
      'secret.ts': '',
      'generated/out.ts': '',
      'pkg/.gitignore': '/local.ts\n!debug.log\n',
      'pkg/local.ts': '',
      'pkg/debug.log': '',
      'pkg/deep/local.ts': '',
    });
    expect(await paths(root)).toEqual([
      '.gitignore',
      'a.ts',
      'keep.log',
      'pkg/.gitignore',
      'pkg/debug.log',
      'pkg/deep/local.ts',
    ]);
  });

  it('applies the ignore files of the repository above a walked subdirectory, as git does', async () => {
    const top = makeTree({
      '.git/info/exclude': 'secret.ts\n',
      '.gitignore': '*.gen.ts\n/pkg/sub/anchored.ts\n/sub/not-from-here.ts\n',
      'pkg/.gitignore': 'sub/local.ts\n!sub/keep.gen.ts\n',
      'pkg/sub/a.ts': '',
      'pkg/sub/x.gen.ts': '',
      'pkg/sub/keep.gen.ts': '',
      'pkg/sub/anchored.ts': '',
      'pkg/sub/local.ts': '',
      'pkg/sub/secret.ts': '',
      'pkg/sub/not-from-here.ts': '',
      'pkg/sub/.gitignore': 'own.ts\n',
      'pkg/sub/own.ts': '',
    });
    expect(await paths(join(top, 'pkg', 'sub'))).toEqual([
      '.gitignore',
      'a.ts',
      'keep.gen.ts',
      'not-from-here.ts',
    ]);
    // A directory the repository ignores, walked on purpose, is walked for what it holds.
    const built = makeTree({
      '.git/HEAD': '',
      '.gitignore': 'dist/\n*.tmp.js\n',
      'dist/index.js': '',
      'dist/util.js': '',
    });
    expect(await paths(join(built, 'dist'))).toEqual(['index.js', 'util.js']);
    // Outside a repository, nothing above the walked directory applies.
    const loose = makeTree({ '.gitignore': '*.ts\n', 'dir/a.ts': '' });
    expect(await paths(join(loose, 'dir'))).toEqual(['a.ts']);
  });

  it('judges files by name where every file rule is a bare name, like git', async () => {
    const root = makeTree({
      // `out` (no slash) ignores directories and files named out; `!out/` re-includes the directory,
      // so its files stay unless their own name is ignored.
      '.gitignore': '# generated\n*.gen.ts\nout\n!out/\n!keep.gen.ts\ntmp*/\n',
      'tmp1/x.ts': '',
      'src/tmp2/y.ts': '',
      'src/tmp.ts': '',
      'a.gen.ts': '',
      'keep.gen.ts': '',
      'src/deep/b.gen.ts': '',
      'src/deep/keep.gen.ts': '',
      'src/out': '',
      'out/c.ts': '',
      'out/d.gen.ts': '',
      // A rule with a slash is matched on the path, so only this one file goes.
      'lib/.gitignore': 'sub/only.ts\n',
      'lib/sub/only.ts': '',
      'lib/only.ts': '',
      'lib/other/sub/only.ts': '',
    });
    expect(await paths(root)).toEqual([
      '.gitignore',
      'keep.gen.ts',
      'lib/.gitignore',
      'lib/only.ts',
      'lib/other/sub/only.ts',
      'out/c.ts',
      'src/deep/keep.gen.ts',
      'src/tmp.ts',
    ]);
  });

  it('matches ignore rules case-sensitively, as git does, unless core.ignorecase is set', async () => {
    const files = {
      '.gitignore': 'Config\nConfig.*\n',
      'pkg/config/load.go': '',
      'pkg/config.go': '',
      'pkg/Config': '',
      'pkg/Config.json': '',
    };
    const linux = makeTree({ ...files, '.git/config': '[core]\n\tignorecase = false\n' });
    expect(await paths(linux)).toEqual(['.gitignore', 'pkg/config.go', 'pkg/config/load.go']);
    const mac = makeTree({ ...files, '.git/config': '[core]\n\tignorecase = true\n' });
    expect(await paths(mac)).toEqual(['.gitignore']);
    // Whatever the rules say, nothing named .git is walked, as in git.
    const reincluded = makeTree({ '.gitignore': '!.git/\n', '.git/config': '', 'a.ts': '' });
    expect(await paths(reincluded)).toEqual(['.gitignore', 'a.ts']);
  });

  it('leaves out dependency, build and lock files by default, and caller patterns', async () => {
    const root = makeTree({
      'src/app.ts': '',
      'src/app.min.js': '',
      'node_modules/lib/index.js': '',
      'dist/app.js': '',
      'build/out.py': '',
      'pnpm-lock.yaml': '',
      'vendor/mod/x.go': '',
      '__pycache__/x.py': '',
      'scripts/tool.py': '',
    });
    expect(await paths(root)).toEqual(['scripts/tool.py', 'src/app.ts']);
    expect(await paths(root, ['scripts/'])).toEqual(['src/app.ts']);
  });

  it('skips oversized files with a reason naming the limit', async () => {
    const root = makeTree({ 'big.ts': 'x'.repeat(2048), 'small.ts': 'x' });
    const result = await walkRepository({ root, selectFile: everything, maxFileBytes: 1024 });
    expect(result.files.map((file) => file.path)).toEqual(['small.ts']);
    expect(result.skipped).toEqual([{ path: 'big.ts', reason: 'larger than 1024 bytes (2048)' }]);
  });

  it('follows links inside the root once and never loops', async () => {
    const root = makeTree({ 'src/a.ts': '', 'outside.ts': '' });
    symlinkSync(join(root, 'src'), join(root, 'src', 'loop'));
    symlinkSync(root, join(root, 'src', 'up'));
    symlinkSync(join(root, 'missing'), join(root, 'dangling'));
    symlinkSync(tmpdir(), join(root, 'tmp-link'));
    const result = await walkRepository({ root, selectFile: everything });
    expect(result.files.map((file) => file.path)).toEqual(['outside.ts', 'src/a.ts']);
    expect(result.skipped).toEqual([
      { path: 'dangling', reason: 'broken symbolic link' },
      { path: 'src/loop', reason: 'symbolic link to a directory already walked' },
      { path: 'src/up', reason: 'symbolic link to a directory already walked' },
      { path: 'tmp-link', reason: 'symbolic link to a directory outside the root' },
    ]);
  });
});

describe('scanRepository', () => {
  it('skips binary, undecodable and minified files with reasons, and scans the rest', async () => {
    const root = makeTree({
      'ok.py': 'def fine():\n    pass\n',
      'binary.py': new Uint8Array([0x64, 0x65, 0x66, 0x00, 0x01]),
      'latin1.py': new Uint8Array([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]),
      'bundle.js': `var a=1;${'function f(){return 1};'.repeat(400)}\n`,
      'notes.txt': 'not source',
    });
    const result = await scanRepository({ root, cache: false });
    expect(result.files.map((file) => file.path)).toEqual(['ok.py']);
    expect(result.skipped).toEqual([
      { path: 'binary.py', reason: 'binary file' },
      { path: 'bundle.js', reason: 'minified or generated file' },
      { path: 'latin1.py', reason: 'not valid UTF-8 text' },
    ]);
  });
});

describe('listDefinitions', () => {
  it('lists what scanRepository finds, in path and file order, one at a time', async () => {
    const root = makeTree({
      'src/b.ts': 'export function beta() {}\nexport class Alpha {}\n',
      'src/a.py': 'def gamma():\n    pass\n',
      'bin.py': Buffer.from([0x64, 0x00, 0x01]),
    });
    const listed = await listDefinitions({ root, cache: false });
    const scanned = await scanRepository({ root, cache: false });
    const rows = [...listed.definitions()];
    expect(listed.count).toBe(rows.length);
    expect(rows).toEqual(
      scanned.files.flatMap((file) =>
        file.scan.definitions.map(({ name, kind, line }) => ({ path: file.path, name, kind, line })),
      ),
    );
    expect(rows.map((row) => `${row.path}:${row.line} ${row.name}`)).toEqual([
      'src/a.py:1 gamma',
      'src/b.ts:1 beta',
      'src/b.ts:2 Alpha',
    ]);
    expect(listed.skipped).toEqual(scanned.skipped);
  });
});

describe('ignoredBecause', () => {
  it('names the rules that leave a file out, as the walk would', async () => {
    const root = makeTree({
      '.gitignore': '.env\n*.log\n',
      '.git/config': '[core]\n',
      '.git/info/exclude': 'private.ts\n',
      'pkg/.gitignore': 'local.ts\n!keep.log\n',
      'pkg/local.ts': '',
      'pkg/keep.log': '',
      'pkg/debug.log': '',
      'src/a.ts': '',
      'private.ts': '',
      '.env': 'SECRET=1',
      'node_modules/x/index.js': '',
    });
    const { ignoredBecause } = await import('./walk.js');
    expect(ignoredBecause(root, '.env')).toBe('.gitignore');
    expect(ignoredBecause(root, 'pkg/debug.log')).toBe('.gitignore');
    expect(ignoredBecause(root, 'pkg/local.ts')).toBe('pkg/.gitignore');
    expect(ignoredBecause(root, 'pkg/keep.log')).toBeUndefined();
    expect(ignoredBecause(root, 'private.ts')).toBe('.git/info/exclude');
    expect(ignoredBecause(root, 'node_modules/x/index.js')).toBe('the default ignore list');
    expect(ignoredBecause(root, 'src/a.ts')).toBeUndefined();
    expect(ignoredBecause(root, 'src/a.ts', { ignore: ['src/'] })).toBe('the configured ignore patterns');
    expect(ignoredBecause(root, '.git/config')).toBe('inside .git');
    expect(ignoredBecause(root, './src/../.git/config')).toBe('inside .git');
    // Every file the walk lists, and no other, is one ignoredBecause lets through.
    const listed = await paths(root);
    for (const path of ['.env', 'pkg/debug.log', 'pkg/local.ts', 'pkg/keep.log', 'private.ts', 'src/a.ts'])
      expect(ignoredBecause(root, path) === undefined).toBe(listed.includes(path));
  });
});
