/**
 * File walking: which files of a tree the repo map reads. Honours nested `.gitignore` files,
 * `.git/info/exclude`, a default ignore list and caller patterns; follows symbolic links inside the
 * root without ever looping; skips oversized files with a reason. Content checks (binary,
 * undecodable) happen when a file is read, see `scan-file.ts`.
 */
import {
  type Dirent,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  type Stats,
  statSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
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
}

/** What {@link walkRepository} found, both lists sorted by path. */
export interface WalkResult {
  files: WalkedFile[];
  skipped: SkippedFile[];
  /** Files not ignored but not selected (nothing reads them), counted per extension. */
  unscanned: UnscannedExtension[];
}

/**
 * The ignore rules of one directory level: patterns relative to `base` (`''` or `dir/`). Files are
 * tested against `fileRules` only: the patterns that can match a file. A pattern ending in `/`
 * matches directories alone, and a file's directories were already tested on the way down (the
 * walk never enters an ignored one), so testing it against every file is wasted work, and on a
 * warm build this test runs for every file of the tree.
 */
interface IgnoreLevel {
  base: string;
  /**
   * Put before a path relative to the walk root to make it relative to this level's directory:
   * set for the `.gitignore` files of a repository above the walked directory (`sub/dir/`).
   */
  prefix?: string;
  rules: Ignore;
  fileRules: Ignore;
  /**
   * Set when no file rule contains a `/`: such a pattern matches a file by its name alone, at any
   * depth, so the outcome depends on the name only and is remembered per name.
   */
  byName?: Map<string, FileVerdict>;
  /** The same for directories, set when no rule has a `/` but a trailing one. */
  directoryByName?: Map<string, FileVerdict>;
}

/** What one level says about a file: it ignores it, re-includes it, or has no matching rule. */
type FileVerdict = 'ignored' | 'unignored' | 'none';

/** Whether a gitignore line can only ever match directories (ends in an unescaped `/`). */
function isDirectoryOnly(line: string): boolean {
  const trimmed = line.trimEnd();
  return trimmed.endsWith('/') && !trimmed.endsWith('\\/');
}

/** Whether a gitignore line is blank or a comment (matches nothing). */
function isInert(line: string): boolean {
  const trimmed = line.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/** One level of rules from gitignore lines. */
function ignoreLevel(base: string, lines: readonly string[], prefix?: string): IgnoreLevel {
  const fileLines = lines.filter((line) => !isDirectoryOnly(line));
  const level: IgnoreLevel = { base, rules: ignore().add([...lines]), fileRules: ignore().add(fileLines) };
  if (prefix) level.prefix = prefix;
  const bareName = (line: string) => isInert(line) || !line.trimEnd().replace(/\/$/, '').includes('/');
  if (fileLines.every(bareName)) level.byName = new Map();
  if (lines.every(bareName)) level.directoryByName = new Map();
  return level;
}

function verdictOf(result: { ignored: boolean; unignored: boolean }): FileVerdict {
  return result.unignored ? 'unignored' : result.ignored ? 'ignored' : 'none';
}

/**
 * What `level` says about `path` (a directory when it ends in `/`). A file is tested against the
 * rules that can match a file only; where every rule is a bare name, the verdict depends on the
 * name alone and is remembered per name.
 */
function verdictAt(level: IgnoreLevel, path: string, directory: boolean): FileVerdict {
  const relativePath = (level.prefix ?? '') + path.slice(level.base.length);
  const rules = directory ? level.rules : level.fileRules;
  const byName = directory ? level.directoryByName : level.byName;
  if (!byName) return verdictOf(rules.test(relativePath));
  // From the last `/` before the end: a directory's own trailing `/` stays part of its name.
  const name = relativePath.slice(relativePath.lastIndexOf('/', relativePath.length - 2) + 1);
  let verdict = byName.get(name);
  if (verdict === undefined) {
    verdict = verdictOf(rules.test(name));
    byName.set(name, verdict);
  }
  return verdict;
}

/**
 * Decides whether `path` (relative to the root; directories end in `/`) is ignored. Levels are
 * ordered from lowest to highest precedence; like git, the most specific level with a matching
 * rule (ignore or re-include) decides.
 */
function isIgnored(levels: readonly IgnoreLevel[], path: string): boolean {
  const directory = path.endsWith('/');
  for (let index = levels.length - 1; index >= 0; index--) {
    const level = levels[index]!;
    if (!path.startsWith(level.base)) continue;
    const verdict = verdictAt(level, path, directory);
    if (verdict !== 'none') return verdict === 'ignored';
  }
  return false;
}

/**
 * The ignore rules that reach `root` from its git repository, lowest precedence first: the
 * repository's `.git/info/exclude`, then the `.gitignore` files of every directory from the
 * repository's top down to `root`'s parent (root's own are read by the walk). As git does, they
 * apply when a subdirectory is walked on its own; outside a repository there are none above root.
 */
function repositoryLevels(root: string): IgnoreLevel[] {
  const above: string[] = [];
  let top = root;
  while (!existsSync(join(top, '.git'))) {
    const parent = dirname(top);
    if (parent === top) return [];
    above.push(parent);
    top = parent;
  }
  const prefixOf = (directory: string) => {
    const relativeRoot = toPosix(relative(directory, root));
    return relativeRoot === '' ? undefined : `${relativeRoot}/`;
  };
  // Lowest precedence first, each with the directory its patterns are relative to.
  const sources: { directory: string; lines: string[] }[] = [];
  const exclude = readIgnoreFile(join(top, '.git', 'info', 'exclude'));
  if (exclude !== undefined) sources.push({ directory: top, lines: exclude });
  for (const directory of above.reverse()) {
    const lines = readIgnoreFile(join(directory, '.gitignore'));
    if (lines !== undefined) sources.push({ directory, lines });
  }
  const levels = sources.map(({ directory, lines }) => ({
    directory,
    level: ignoreLevel('', lines, prefixOf(directory)),
  }));
  // A directory the repository ignores (`dist/`, `node_modules/`), walked on purpose, is mapped
  // for what it holds: its repository's rules would leave nothing.
  for (let directory = root; directory !== top; directory = dirname(directory)) {
    for (let index = levels.length - 1; index >= 0; index--) {
      const { directory: base, level } = levels[index]!;
      const below = relative(base, directory);
      if (below === '' || below.startsWith('..')) continue;
      const verdict = verdictOf(level.rules.test(`${toPosix(below)}/`));
      if (verdict === 'ignored') return [];
      if (verdict === 'unignored') break;
    }
  }
  return levels.map(({ level }) => level);
}

function readIgnoreFile(path: string): string[] | undefined {
  try {
    return readFileSync(path, 'utf8').split(/\r?\n/);
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
  return left < right ? -1 : left > right ? 1 : 0;
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
  const files: WalkedFile[] = [];
  const skipped: SkippedFile[] = [];
  const unscanned = new ExtensionTally(false);
  // Directories already walked, by device and inode: a symbolic link back to one of them is a loop
  // (or a second view of the same files) and is not followed again.
  const visited = new Set<string>();

  const baseLevels: IgnoreLevel[] = [ignoreLevel('', DEFAULT_IGNORE_PATTERNS), ...repositoryLevels(rootReal)];
  const callerLevel: IgnoreLevel | undefined =
    options.ignore && options.ignore.length > 0 ? ignoreLevel('', options.ignore) : undefined;

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
    if (entries.some((entry) => entry.name === '.gitignore')) {
      const gitignore = readIgnoreFile(join(absolute, '.gitignore'));
      if (gitignore !== undefined) levels.push(ignoreLevel(relativeDir, gitignore));
    }
    const effective = callerLevel ? [...levels, callerLevel] : levels;

    for (const entry of entries) {
      // Concatenated, not joined: `absolute` is already normal, and join costs per entry.
      const childAbsolute = absolute.endsWith(separator)
        ? absolute + entry.name
        : absolute + separator + entry.name;
      const childPath = relativeDir + entry.name;
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(childAbsolute);
        } catch {
          skipped.push({ path: childPath, reason: 'broken symbolic link' });
          continue;
        }
        const info = statOrUndefined(target);
        if (!info) continue;
        if (info.isDirectory()) {
          if (isIgnored(effective, `${childPath}/`)) continue;
          const inside = target === rootReal || target.startsWith(rootReal + sep);
          if (!inside)
            skipped.push({ path: childPath, reason: 'symbolic link to a directory outside the root' });
          else
            linkedDirectories.push({
              absolute: childAbsolute,
              relativeDir: `${childPath}/`,
              parents: levels,
            });
        } else if (info.isFile() && !isIgnored(effective, childPath)) {
          if (options.selectFile(childPath)) statFile(childAbsolute, childPath);
          else unscanned.add(entry.name);
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

/** `path` relative to `root` with `/` separators (for caller-supplied absolute paths). */
export function relativePosixPath(root: string, path: string): string {
  return toPosix(relative(root, path));
}
