import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { walkRepository } from './walk.js';

// Differential test: the walk must list exactly the files `git ls-files --cached --others
// --exclude-standard` lists, for generated trees and ignore files (case variants, negations,
// directory-only and anchored patterns, `**`, brackets, escapes, trailing spaces, nested
// .gitignore files, .git/info/exclude, core.ignorecase). Several cases share one repository, each
// in its own directory, so one git call checks them all; the walk is compared both on the whole
// repository and on each case's directory alone (where the rules above it apply).

// Thousands of small files: in memory where the system has a memory file system.
const scratch = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
const workspace = realpathSync(mkdtempSync(join(scratch, 'ctxkit-repomap-git-parity-')));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

/** Batches per run (about 6.5 cases each); PARITY_RUNS=5000 searches longer. */
const RUNS = Number(process.env.PARITY_RUNS ?? 600);

const gitAvailable = spawnSync('git', ['--version']).status === 0;

/** Names chosen to collide under case folding, to need escapes, and to hold non-ASCII bytes. */
const NAMES = [
  'a',
  'A',
  'b',
  'config',
  'Config',
  'CONFIG',
  'config.go',
  'Config.go',
  'main.go',
  'x.log',
  'X.LOG',
  '.env',
  'foo bar',
  'trail ',
  'f*o',
  'f?o',
  '[x]',
  '#hash',
  '!bang',
  'back\\slash',
  'café',
  'Straße',
  'a.b',
  '-x',
  'z9',
  'deep',
];

/** Pattern pieces that are not names: wildcards, classes, ranges, malformed brackets. */
const WILDCARDS = [
  '*',
  '?',
  '**',
  '***',
  '*.go',
  '*.GO',
  '*.log',
  'c*',
  'C*',
  '*g',
  'c?nfig',
  '?onfig*',
  '[cC]onfig',
  '[C]onfig',
  '[a-c]',
  '[A-C]*',
  '[!a]',
  '[^a-z]*',
  '[]x]*',
  '[[:upper:]]*',
  '[[:lower:]]',
  '[[:alpha:]][[:punct:]]*',
  '[[:digit:]]*',
  '[[:bogus:]]',
  '[[x]',
  '[x',
  'caf?',
  'caf??',
  'Stra*e',
  'f\\*o',
  'f\\?o',
  '\\[x]',
  'back\\\\slash',
  'foo\\ bar',
  'trail\\ ',
  'a\\.b',
];

const caseVariant = (name: string) =>
  fc.constantFrom(name, name.toLowerCase(), name.toUpperCase(), name[0]!.toUpperCase() + name.slice(1));

/** A name as a pattern segment: as it is, with its specials escaped, or in another case. */
const nameSegment = fc
  .constantFrom(...NAMES)
  .chain((name) =>
    fc.oneof(
      fc.constant(name.replace(/[*?[\\]/g, (special) => `\\${special}`).replace(/^[#!]/, '\\$&')),
      caseVariant(name),
    ),
  );

const segment = fc.oneof({ weight: 3, arbitrary: nameSegment }, fc.constantFrom(...WILDCARDS));

/** One gitignore line. */
const ignoreLine = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .record({
        negated: fc.integer({ min: 0, max: 2 }),
        leadingSlash: fc.integer({ min: 0, max: 3 }),
        leadingStars: fc.integer({ min: 0, max: 6 }),
        segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
        trailingStars: fc.integer({ min: 0, max: 9 }),
        trailingSlash: fc.integer({ min: 0, max: 3 }),
        trailingSpace: fc.constantFrom('', '', '', '', '  ', '\\ ', ' \\ ', '\t'),
      })
      .map(
        (line) =>
          (line.negated === 0 ? '!' : '') +
          (line.leadingSlash === 0 ? '/' : '') +
          (line.leadingStars === 0 ? '**/' : '') +
          line.segments.join('/') +
          (line.trailingStars === 0 ? '/**' : '') +
          (line.trailingSlash === 0 ? '/' : '') +
          line.trailingSpace,
      ),
  },
  fc.constantFrom('', '# comment', '#config', ' #config', '!', '/', '\\#hash', '\\!bang', '*', '!*/', '**'),
);

const ignoreLines = (max: number) => fc.array(ignoreLine, { maxLength: max });

const path = fc
  .array(fc.constantFrom(...NAMES).chain(caseVariant), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join('/'));

/** One case: files, its own root .gitignore, and .gitignore files in some of its directories. */
const treeCase = fc.record({
  files: fc.array(path, { minLength: 1, maxLength: 12 }),
  gitignore: ignoreLines(6),
  nested: fc.array(fc.record({ directory: fc.nat(), lines: ignoreLines(4) }), { maxLength: 2 }),
  crlf: fc.boolean(),
});

/** Several cases in one repository, with its shared exclude file and setting. */
const batch = fc.record({
  cases: fc.array(treeCase, { minLength: 1, maxLength: 12 }),
  exclude: ignoreLines(4),
  topGitignore: ignoreLines(3),
  ignoreCase: fc.boolean(),
});

type Batch = typeof batch extends fc.Arbitrary<infer T> ? T : never;

/** The files of a case that can coexist (no path both a file and a directory), with its directories. */
function layout(files: readonly string[]): { files: string[]; directories: string[] } {
  const kept: string[] = [];
  const fileSet = new Set<string>();
  const directorySet = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    const parents = parts.slice(0, -1).map((_, index) => parts.slice(0, index + 1).join('/'));
    if (fileSet.has(file) || directorySet.has(file) || parents.some((parent) => fileSet.has(parent)))
      continue;
    kept.push(file);
    fileSet.add(file);
    for (const parent of parents) directorySet.add(parent);
  }
  return { files: kept, directories: [...directorySet].sort() };
}

let repositories = 0;

/** Writes a batch as a fresh repository (made by hand: git needs HEAD, objects and refs only). */
function writeBatch(value: Batch): string {
  const top = join(workspace, `r${repositories++}`);
  mkdirSync(join(top, '.git', 'objects'), { recursive: true });
  mkdirSync(join(top, '.git', 'refs'), { recursive: true });
  mkdirSync(join(top, '.git', 'info'), { recursive: true });
  writeFileSync(join(top, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(
    join(top, '.git', 'config'),
    `[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tignorecase = ${value.ignoreCase}\n`,
  );
  writeFileSync(join(top, '.git', 'info', 'exclude'), value.exclude.join('\n'));
  if (value.topGitignore.length > 0) writeFileSync(join(top, '.gitignore'), value.topGitignore.join('\n'));
  value.cases.forEach((treeCase, index) => {
    const base = join(top, `c${index}`);
    const { files, directories } = layout(treeCase.files);
    for (const file of files) {
      mkdirSync(dirname(join(base, file)), { recursive: true });
      writeFileSync(join(base, file), '');
    }
    mkdirSync(base, { recursive: true });
    const newline = treeCase.crlf ? '\r\n' : '\n';
    if (treeCase.gitignore.length > 0)
      writeFileSync(join(base, '.gitignore'), treeCase.gitignore.join(newline));
    for (const nested of treeCase.nested) {
      if (directories.length === 0) break;
      const directory = directories[nested.directory % directories.length]!;
      writeFileSync(join(base, directory, '.gitignore'), nested.lines.join(newline));
    }
  });
  return top;
}

/** What git lists in `top`, one call: tracked (none) plus untracked files that are not ignored. */
function gitFiles(top: string): string[] {
  const result = spawnSync(
    'git',
    ['-c', 'core.quotepath=off', 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: top,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: workspace,
        XDG_CONFIG_HOME: workspace,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CEILING_DIRECTORIES: dirname(top),
      },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`git ls-files failed: ${result.stderr}`);
  return result.stdout
    .split('\0')
    .filter((file) => file !== '')
    .sort();
}

async function walkedFiles(root: string): Promise<string[]> {
  const { files } = await walkRepository({ root, selectFile: () => true });
  return files.map((file) => file.path).sort();
}

const sorted = (paths: string[]) => [...paths].sort();

describe.skipIf(!gitAvailable)('the walk against git ls-files', () => {
  it(
    'lists exactly the files git lists, for generated trees and ignore rules',
    async () => {
      let cases = 0;
      await fc.assert(
        fc.asyncProperty(batch, async (value) => {
          const top = writeBatch(value);
          try {
            const expected = gitFiles(top);
            expect(await walkedFiles(top)).toEqual(expected);
            // Each case's directory walked alone: the exclude file and the top .gitignore still apply.
            for (let index = 0; index < value.cases.length; index++) {
              const prefix = `c${index}/`;
              const own = expected
                .filter((file) => file.startsWith(prefix))
                .map((file) => file.slice(prefix.length));
              const walked = await walkedFiles(join(top, `c${index}`)).catch(() => []);
              // A case directory the top rules ignore is walked on purpose for what it holds; git
              // lists nothing there, so only cases git descends into are compared.
              if (own.length > 0) expect(walked).toEqual(sorted(own));
            }
            cases += value.cases.length;
          } finally {
            rmSync(top, { recursive: true, force: true });
          }
        }),
        { numRuns: RUNS },
      );
      expect(cases).toBeGreaterThan(1000);
    },
    // About 15 ms a batch alone, but each spawns git and a walk: on two cores shared with the
    // rest of the suite a batch has taken 200 ms, so the limit leaves room for a loaded machine.
    RUNS * 1000,
  );
});
