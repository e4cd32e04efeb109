/**
 * File walking: which files of a tree the repo map reads. Honours nested `.gitignore` files,
 * `.git/info/exclude`, a default ignore list and caller patterns; follows symbolic links inside the
 * root without ever looping, and skips (with a reason) links whose real path leaves the root, so
 * nothing outside it reaches a model unless the caller opts in; skips oversized files with a reason. Content checks (binary,
 * undecodable) happen when a file is read, see `scan-file.ts`.
 */
import {
  type Dirent,
  lstatSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compareStrings } from '@ctxkit/internal';
import { configIgnoresCase } from './git-config.js';
import {
  type IgnorePattern,
  ignoreFileLines,
  ignoreSubject,
  parseIgnoreLine,
  toByteString,
} from './gitignore-pattern.js';
import { ExtensionTally, type UnscannedExtension } from './unscanned.js';

/**
 * Paths no repo map wants: dependency and build output directories, caches, lock files and
 * minified/bundled files. Gitignore syntax; a repository's own `.gitignore` can re-include (`!`).
 */
export const DEFAULT_IGNORE_PATTERNS: readonly string[] = [
  '.git/',
  '.hg/',
  '.svn/',
  'node_modules/',
  'bower_components/',
  'jspm_packages/',
  'vendor/',
  '.venv/',
  'venv/',
  '.tox/',
  '.nox/',
  '__pycache__/',
  '.mypy_cache/',
  '.pytest_cache/',
  '.ruff_cache/',
  '.eggs/',
  '*.egg-info/',
  'dist/',
  'build/',
  'out/',
  'target/',
  '.next/',
  '.nuxt/',
  '.svelte-kit/',
  '.turbo/',
  '.cache/',
  'coverage/',
  '.ctxkit/',
  '.idea/',
  '.vscode/',
  '*.min.js',
  '*.min.mjs',
  '*.min.css',
  '*.bundle.js',
  '*-bundle.js',
  '*.map',
  '*.d.ts.map',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lockb',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'composer.lock',
  'Gemfile.lock',
  'go.sum',
];

/** Files larger than this many bytes are skipped unless the caller says otherwise: they are data, not code. */
export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** A file the walk selected, with what the cache keys on. */
export interface WalkedFile {
  /** Path relative to the root, `/`-separated. */
  path: string;
  /** Absolute path to read the file from (the link's own path for symbolic links). */
  absolutePath: string;
  size: number;
  mtimeMs: number;
}

/** A file (or directory) left out, and why, in words a user can act on. */
export interface SkippedFile {
  /** Path relative to the root, `/`-separated. */
  path: string;
  reason: string;
}

/** Options of {@link walkRepository}. */
export interface WalkOptions {
  /** Absolute root directory. */
  root: string;
  /** Which files to return at all (e.g. files a scanner reads); others are passed over silently. */
  selectFile: (path: string) => boolean;
  /** Files larger than this are skipped with a reason; default {@link DEFAULT_MAX_FILE_BYTES}. */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns, relative to the root; they take precedence over every other rule. */
  ignore?: readonly string[];
  /**
   * Follow symbolic links whose real path is outside the root (files and directories). Off by
   * default: such a link is skipped with a reason, so nothing outside the root is ever read.
   */
  followExternalLinks?: boolean;
}

/** What {@link walkRepository} found, both lists sorted by path. */
export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
  /** Files not ignored but not selected (nothing reads them), counted per extension. */
  unscanned: UnscannedExtension[];
}

/**
 * The ignore rules of one directory level: patterns relative to `base` (`''` or `dir/`), in file
 * order (the last matching one decides), matched as git matches them (see `gitignore-pattern.ts`).
 */
interface IgnoreLevel {
  base: string;
  /**
   * Put before a path relative to the walk root to make it relative to this level's directory:
   * set for the `.gitignore` files of a repository above the walked directory (`sub/dir/`).
   */
  prefix?: string;
  patterns: IgnorePattern[];
  /** `core.ignorecase`: paths are ASCII-lower-cased before they are matched. */
  fold: boolean;
  /** Where the rules come from, for a user (`pkg/.gitignore`, `the default ignore list`). */
  source: string;
  /**
   * Set when every pattern is a bare name (no `/` but a trailing one): such a pattern matches by
   * a path's last component alone, at any depth, so the outcome depends on the name (and on being
   * a directory) only and is remembered per name. On a warm build this test runs for every file.
   */
  byName?: Map<string, FileVerdict>;
}

/** What one level says about a file: it ignores it, re-includes it, or has no matching rule. */
type FileVerdict = 'ignored' | 'unignored' | 'none';

/** One level of rules from gitignore lines (bytes as latin1 characters, see `toByteString`). */
function ignoreLevel(
  base: string,
  lines: readonly string[],
  fold: boolean,
  source: string,
  prefix?: string,
): IgnoreLevel {
  const patterns: IgnorePattern[] = [];
  for (const line of lines) {
    const pattern = parseIgnoreLine(line, fold);
    if (pattern) patterns.push(pattern);
  }
  const level: IgnoreLevel = { base, patterns, fold, source };
  if (prefix) level.prefix = prefix;
  if (patterns.every((pattern) => pattern.basename)) level.byName = new Map();
  return level;
}

/** What `level` says about `subject`, a path relative to the level's directory without a final `/`. */
function levelVerdict(level: IgnoreLevel, subject: string, directory: boolean): FileVerdict {
  const path = ignoreSubject(subject, level.fold);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const { patterns } = level;
  for (let index = patterns.length - 1; index >= 0; index--) {
    const pattern = patterns[index]!;
    if (pattern.directoryOnly && !directory) continue;
    if (pattern.regex.test(pattern.basename ? name : path)) return pattern.negated ? 'unignored' : 'ignored';
  }
  return 'none';
}

/**
 * What `level` says about `path` (relative to the walk root; a directory when it ends in `/`).
 * Where every rule is a bare name, the verdict depends on the name alone and is remembered.
 */
function verdictAt(level: IgnoreLevel, path: string, directory: boolean): FileVerdict {
  const relativePath = (level.prefix ?? '') + path.slice(level.base.length, directory ? -1 : undefined);
  const { byName } = level;
  if (!byName) return levelVerdict(level, relativePath, directory);
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1);
  const key = directory ? `${name}/` : name;
  let verdict = byName.get(key);
  if (verdict === undefined) {
    verdict = levelVerdict(level, name, directory);
    byName.set(key, verdict);
  }
  return verdict;
}

/**
 * Decides whether `path` (relative to the root; directories end in `/`) is ignored. Levels are
 * ordered from lowest to highest precedence; like git, the most specific level with a matching
 * rule (ignore or re-include) decides.
 */
function isIgnored(levels: readonly IgnoreLevel[], path: string): boolean {
  return decidingLevel(levels, path) !== undefined;
}

/** The level whose rule ignores `path` (see {@link isIgnored}), or `undefined` when it is not ignored. */
function decidingLevel(levels: readonly IgnoreLevel[], path: string): IgnoreLevel | undefined {
  const directory = path.endsWith('/');
  for (let index = levels.length - 1; index >= 0; index--) {
    const level = levels[index]!;
    if (!path.startsWith(level.base)) continue;
    const verdict = verdictAt(level, path, directory);
    if (verdict !== 'none') return verdict === 'ignored' ? level : undefined;
  }
  return undefined;
}

/** The repository `root` is in: its top directory and git directory, or `undefined` outside one. */
function findRepository(root: string): { top: string; gitDirectory: string } | undefined {
  for (let top = root; ; top = dirname(top)) {
    const dotGit = join(top, '.git');
    const info = statOrUndefined(dotGit);
    if (info?.isDirectory()) return { top, gitDirectory: dotGit };
    if (info?.isFile()) {
      // A worktree or submodule: `.git` is a file naming the real git directory.
      const named = /^gitdir:\s*(.+?)\s*$/m.exec(readTextOrUndefined(dotGit) ?? '')?.[1];
      if (named) return { top, gitDirectory: resolve(top, named) };
    }
    if (dirname(top) === top) return undefined;
  }
}

/** Where a git directory's shared files (config, info/exclude) live: itself, or its `commondir`. */
function commonDirectoryOf(gitDirectory: string): string {
  const common = readTextOrUndefined(join(gitDirectory, 'commondir'))?.trim();
  return common ? resolve(gitDirectory, common) : gitDirectory;
}

/**
 * The ignore rules that reach `root` from its git repository, lowest precedence first: the
 * repository's `.git/info/exclude`, then the `.gitignore` files of every directory from the
 * repository's top down to `root`'s parent (root's own are read by the walk). As git does, they
 * apply when a subdirectory is walked on its own; outside a repository there are none above root.
 */
function repositoryLevels(
  root: string,
  repository: { top: string; gitDirectory: string } | undefined,
  fold: boolean,
): IgnoreLevel[] {
  if (!repository) return [];
  const { top } = repository;
  const above: string[] = [];
  for (let directory = root; directory !== top; directory = dirname(directory))
    above.push(dirname(directory));
  const prefixOf = (directory: string) => {
    const relativeRoot = toPosix(relative(directory, root));
    return relativeRoot === '' ? undefined : `${relativeRoot}/`;
  };
  // Lowest precedence first, each with the directory its patterns are relative to.
  const sources: { directory: string; lines: string[]; source: string }[] = [];
  const exclude = readIgnoreFile(join(commonDirectoryOf(repository.gitDirectory), 'info', 'exclude'));
  if (exclude !== undefined) sources.push({ directory: top, lines: exclude, source: '.git/info/exclude' });
  for (const directory of above.reverse()) {
    const file = join(directory, '.gitignore');
    const lines = readIgnoreFile(file, true);
    if (lines !== undefined) sources.push({ directory, lines, source: toPosix(relative(root, file)) });
  }
  const levels = sources.map(({ directory, lines, source }) => ({
    directory,
    level: ignoreLevel('', lines, fold, source, prefixOf(directory)),
  }));
  // A directory the repository ignores (`dist/`, `node_modules/`), walked on purpose, is mapped
  // for what it holds: its repository's rules would leave nothing.
  for (let directory = root; directory !== top; directory = dirname(directory)) {
    for (let index = levels.length - 1; index >= 0; index--) {
      const { directory: base, level } = levels[index]!;
      const below = relative(base, directory);
      if (below === '' || below.startsWith('..')) continue;
      const verdict = levelVerdict(level, toPosix(below), true);
      if (verdict === 'ignored') return [];
      if (verdict === 'unignored') break;
    }
  }
  return levels.map(({ level }) => level);
}

/** Whether the repository's config sets `core.ignorecase` (git then matches ignore rules without case). */
function repositoryIgnoresCase(repository: { gitDirectory: string } | undefined): boolean {
  if (!repository) return false;
  const text = readTextOrUndefined(join(commonDirectoryOf(repository.gitDirectory), 'config'));
  return text !== undefined && configIgnoresCase(text);
}

function readTextOrUndefined(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The lines of an ignore file, as bytes (latin1 characters), or `undefined` when there is none.
 * Like git, a `.gitignore` in the working tree that is a symbolic link is not read (`inTree`).
 */
function readIgnoreFile(path: string, inTree = false): string[] | undefined {
  try {
    if (inTree && lstatSync(path).isSymbolicLink()) return undefined;
    return ignoreFileLines(readFileSync(path, 'latin1'));
  } catch {
    return undefined;
  }
}

/** The stat of `path`, or `undefined` when it cannot be had (gone, no permission, …). */
function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** Paths in code-unit order, the one order every sorted path list of this package uses. */
export function comparePaths(left: string, right: string): number {
  return compareStrings(left, right);
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/**
 * Walks `options.root` and returns every selected file that is not ignored, plus skipped files with
 * reasons. Output order is by path, independent of the order the file system lists entries in.
 *
 * Synchronous inside on purpose: listing a directory or stat-ing a cached inode takes
 * microseconds, while a promise per call through the thread pool costs tens, and a warm build
 * lists and stats the whole tree. Callers start other I/O (the cache read) before calling it.
 */
export async function walkRepository(options: WalkOptions): Promise<WalkResult> {
  return walkRepositorySync(options);
}

function walkRepositorySync(options: WalkOptions): WalkResult {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const rootReal = realpathSync(options.root);
  const rootPrefix = rootReal.endsWith(sep) ? rootReal : rootReal + sep;
  const followExternal = options.followExternalLinks === true;
  const files: WalkedFile[] = [];
  const skipped: SkippedFile[] = [];
  const unscanned = new ExtensionTally(false);
  // Directories already walked, by device and inode: a symbolic link back to one of them is a loop
  // (or a second view of the same files) and is not followed again.
  const visited = new Set<string>();

  const { fold, baseLevels, callerLevel } = rulesOf(rootReal, options.ignore);

  // Directories reached through symbolic links wait until the real tree is walked and are then
  // taken in path order, so which of two views of one directory is walked and which is reported
  // never depends on the order the file system lists entries in.
  const linkedDirectories: { absolute: string; relativeDir: string; parents: IgnoreLevel[] }[] = [];

  const statFile = (childAbsolute: string, childPath: string) => {
    const info = statOrUndefined(childAbsolute);
    if (!info) skipped.push({ path: childPath, reason: 'unreadable file' });
    else if (info.size > maxFileBytes) {
      skipped.push({ path: childPath, reason: `larger than ${maxFileBytes} bytes (${info.size})` });
    } else
      files.push({ path: childPath, absolutePath: childAbsolute, size: info.size, mtimeMs: info.mtimeMs });
  };

  const separator = sep;
  const walkDirectory = (absolute: string, relativeDir: string, parents: IgnoreLevel[]): void => {
    const identityInfo = statOrUndefined(absolute);
    if (!identityInfo) return;
    const identity = `${identityInfo.dev}:${identityInfo.ino}`;
    if (visited.has(identity)) {
      skipped.push({
        path: relativeDir.slice(0, -1) || '.',
        reason: 'symbolic link to a directory already walked',
      });
      return;
    }
    visited.add(identity);

    let entries: Dirent[];
    try {
      entries = readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      skipped.push({
        path: relativeDir.slice(0, -1) || '.',
        reason: `unreadable directory (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
      return;
    }
    const levels = [...parents];
    // Like git, a `.gitignore` that is a symbolic link is not read.
    const ignoreFile = entries.find((entry) => entry.name === '.gitignore');
    if (ignoreFile && !ignoreFile.isSymbolicLink()) {
      const gitignore = readIgnoreFile(join(absolute, '.gitignore'));
      if (gitignore !== undefined)
        levels.push(ignoreLevel(relativeDir, gitignore, fold, `${relativeDir}.gitignore`));
    }
    const effective = callerLevel ? [...levels, callerLevel] : levels;

    for (const entry of entries) {
      // Concatenated, not joined: `absolute` is already normal, and join costs per entry.
      const childAbsolute = absolute.endsWith(separator)
        ? absolute + entry.name
        : absolute + separator + entry.name;
      const childPath = relativeDir + entry.name;
      // Like git, never anything named `.git`, file or directory, whatever the rules say.
      if (entry.name === '.git' || (fold && entry.name.toLowerCase() === '.git')) continue;
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(childAbsolute);
        } catch (error) {
          const loop = (error as NodeJS.ErrnoException).code === 'ELOOP';
          skipped.push({ path: childPath, reason: loop ? 'symbolic link loop' : 'broken symbolic link' });
          continue;
        }
        const info = statOrUndefined(target);
        if (!info) continue;
        const inside = followExternal || target === rootReal || target.startsWith(rootPrefix);
        if (info.isDirectory()) {
          if (isIgnored(effective, `${childPath}/`)) continue;
          if (!inside)
            skipped.push({ path: childPath, reason: 'symbolic link to a directory outside the root' });
          else
            linkedDirectories.push({
              absolute: childAbsolute,
              relativeDir: `${childPath}/`,
              parents: levels,
            });
        } else if (info.isFile() && !isIgnored(effective, childPath)) {
          if (!options.selectFile(childPath)) unscanned.add(entry.name);
          else if (!inside) skipped.push({ path: childPath, reason: 'symbolic link outside the root' });
          else statFile(childAbsolute, childPath);
        }
      } else if (entry.isDirectory()) {
        if (!isIgnored(effective, `${childPath}/`)) walkDirectory(childAbsolute, `${childPath}/`, levels);
      } else if (entry.isFile()) {
        if (options.selectFile(childPath)) {
          if (!isIgnored(effective, childPath)) statFile(childAbsolute, childPath);
        } else if (!isIgnored(effective, childPath)) unscanned.add(entry.name);
      }
    }
  };

  walkDirectory(options.root, '', baseLevels);
  while (linkedDirectories.length > 0) {
    linkedDirectories.sort((left, right) => comparePaths(left.relativeDir, right.relativeDir));
    const next = linkedDirectories.shift()!;
    walkDirectory(next.absolute, next.relativeDir, next.parents);
  }
  const byPath = (left: { path: string }, right: { path: string }) => comparePaths(left.path, right.path);
  files.sort(byPath);
  skipped.sort(byPath);
  return { files, skipped, unscanned: unscanned.list() };
}

/** The rules every path under `rootReal` starts with: defaults, the repository's, the caller's. */
function rulesOf(
  rootReal: string,
  ignore: readonly string[] | undefined,
): { fold: boolean; baseLevels: IgnoreLevel[]; callerLevel: IgnoreLevel | undefined } {
  const repository = findRepository(rootReal);
  // Git matches ignore rules case-sensitively unless the repository says otherwise.
  const fold = repositoryIgnoresCase(repository);
  const baseLevels: IgnoreLevel[] = [
    ignoreLevel('', DEFAULT_IGNORE_PATTERNS, fold, 'the default ignore list'),
    ...repositoryLevels(rootReal, repository, fold),
  ];
  const callerLevel: IgnoreLevel | undefined =
    ignore && ignore.length > 0
      ? ignoreLevel('', ignore.map(toByteString), fold, 'the configured ignore patterns')
      : undefined;
  return { fold, baseLevels, callerLevel };
}

/**
 * Why the walk of `root` would leave out the file `path` (relative to `root`, `/`-separated): the
 * ignore file whose rule does (`.gitignore`, `pkg/.gitignore`, `.git/info/exclude`, `the default
 * ignore list`, `the configured ignore patterns`), `inside .git` for anything in a `.git`
 * directory, or `undefined` when the walk would list it. For servers that hand out single files
 * (they must not serve what the map leaves out, a git-ignored `.env` above all).
 */
export function ignoredBecause(
  root: string,
  path: string,
  options: { ignore?: readonly string[] } = {},
): string | undefined {
  const rootReal = realpathSync(root);
  const { fold, baseLevels, callerLevel } = rulesOf(rootReal, options.ignore);
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '.git' || (fold && segment.toLowerCase() === '.git')))
    return 'inside .git';
  const levels = [...baseLevels];
  let directory = '';
  for (const [index, segment] of segments.entries()) {
    const gitignore = readIgnoreFile(join(rootReal, ...directory.split('/'), '.gitignore'), true);
    if (gitignore !== undefined)
      levels.push(ignoreLevel(directory, gitignore, fold, `${directory}.gitignore`));
    const child = directory + segment + (index === segments.length - 1 ? '' : '/');
    const level = decidingLevel(callerLevel ? [...levels, callerLevel] : levels, child);
    if (level) return level.source;
    directory = child;
  }
  return undefined;
}

/** `path` relative to `root` with `/` separators (for caller-supplied absolute paths). */
export function relativePosixPath(root: string, path: string): string {
  return toPosix(relative(root, path));
}
