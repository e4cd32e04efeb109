import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, sep } from 'node:path';
import { failType } from '@ctxkit/internal';
import { buildInstructions, checkBuildOptions } from './build-instructions.js';
import { checkBoolean, checkObject, checkPathList } from './check-options.js';
import { expandClaudeImports } from './claude-imports.js';
import {
  CTXKIT_INSTRUCTION_FILES,
  CURSOR_RULES_DIRECTORY,
  NESTED_INSTRUCTION_FILES,
  normalizeRelativePath,
  README_FILE,
  ROOT_INSTRUCTION_FILES,
  scopeDirectories,
} from './instruction-files.js';
import type {
  InstructionProblem,
  InstructionSource,
  InstructionsResult,
  LoadInstructionsOptions,
} from './types.js';

/**
 * Load the project's instruction files (AGENTS.md, CLAUDE.md, Cursor rules, nested AGENTS.md of
 * the directories in scope, …) into one deterministic, budgeted text plus a report of what was
 * kept and dropped. Missing conventional files are simply absent (a missing `files` entry is a
 * problem); malformed front matter is reported in `problems` and the file still loads as plain
 * text. Throws a TypeError or RangeError for bad options, including a root that is not a directory.
 *
 * @example
 * const result = await loadInstructions({ root: '.', scope: ['packages/api/src/server.ts'] });
 * prompt = result.text + prompt;
 */
export async function loadInstructions(options: LoadInstructionsOptions): Promise<InstructionsResult> {
  await checkLoadOptions(options);
  // Where the root really is, to refuse links that lead out of it (unless the caller opts in).
  const rootReal = options.followExternalLinks ? undefined : await realpath(options.root);
  const scope = (options.scope ?? []).map((file) => toRelative(options.root, file));
  // A directory in scope (`--scope packages/api`) brings its own nested files, not just its parents'.
  const scopeForDiscovery = await Promise.all(
    scope.map(async (path) =>
      (await isDirectory(join(options.root, ...path.split('/')))) ? `${path}/` : path,
    ),
  );
  const candidates: string[] = [...ROOT_INSTRUCTION_FILES];
  candidates.push(...(await listCursorRules(options.root)));
  candidates.push(...CTXKIT_INSTRUCTION_FILES);
  for (const directory of scopeDirectories(scopeForDiscovery)) {
    for (const name of NESTED_INSTRUCTION_FILES) candidates.push(`${directory}/${name}`);
  }
  // The caller named these files, so one that cannot load is reported rather than skipped.
  const extraFiles = new Set<string>();
  for (const file of options.files ?? []) {
    const path = toRelative(options.root, file) || '.';
    extraFiles.add(path);
    candidates.push(path);
  }
  if (options.includeReadme) candidates.push(README_FILE);

  const sources: InstructionSource[] = [];
  const readProblems: InstructionProblem[] = [];
  for (const path of [...new Set(candidates)]) {
    const extra = extraFiles.has(path);
    // Extra files must stay inside the root: instruction loading never reads outside the project.
    const outside = extra && /^\.\.(\/|$)/.test(posix.normalize(path));
    const read = outside ? { absent: 'outside the root' } : await readSource(options.root, path, rootReal);
    if (read.absent !== undefined) {
      if (extra)
        readProblems.push({ path, line: 1, message: `listed in files but ${read.absent}; left out` });
      continue;
    }
    if (read.problem) readProblems.push(read.problem);
    if (read.source) sources.push(read.source);
  }
  // CLAUDE.md files may import others with `@path` lines (Claude Code's convention).
  const loaded = new Set(sources.map((source) => source.path));
  const readImport = async (path: string): Promise<string | undefined | { error: string }> => {
    try {
      const absolute = join(options.root, ...path.split('/'));
      if (!(await stat(absolute)).isFile()) return undefined;
      if (rootReal !== undefined && !isInside(rootReal, await realpath(absolute)))
        return { error: OUTSIDE_LINK };
      const { text } = decodeText(await readFile(absolute));
      // `@logo.png` is not instructions: a file with NUL bytes stays an unexpanded line.
      return text.includes('\0') ? undefined : text;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : { error: describeReadError(error) };
    }
  };
  for (const [index, source] of sources.entries()) {
    if (source.path !== 'CLAUDE.md' && !source.path.endsWith('/CLAUDE.md')) continue;
    const expanded = await expandClaudeImports(source.path, source.text, { loaded, read: readImport });
    sources[index] = { ...source, text: expanded.text };
    readProblems.push(...expanded.problems);
  }
  const result = buildInstructions(sources, {
    scope,
    maxTotalBytes: options.maxTotalBytes,
    maxFileBytes: options.maxFileBytes,
  });
  // Files that exist but cannot be read (or imported) come first: their text is missing entirely.
  return { ...result, problems: [...readProblems, ...result.problems] };
}

/** Throw on options a caller got wrong, before any file is read. */
async function checkLoadOptions(options: LoadInstructionsOptions): Promise<void> {
  checkObject('loadInstructions', 'options', options);
  const { root } = options;
  if (typeof root !== 'string' || root === '') failType('loadInstructions', 'root', 'a directory path', root);
  checkBuildOptions('loadInstructions', options);
  checkPathList('loadInstructions', 'files', options.files, true);
  checkBoolean('loadInstructions', 'includeReadme', options.includeReadme);
  checkBoolean('loadInstructions', 'followExternalLinks', options.followExternalLinks);
  // A mistyped root would otherwise look like a project without instruction files.
  let directory: boolean;
  try {
    directory = (await stat(root)).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' || code === 'ENOTDIR' ? 'it does not exist' : describeReadError(error);
    throw new RangeError(`loadInstructions: root is not a directory: ${root} (${why})`);
  }
  if (!directory) throw new RangeError(`loadInstructions: root is not a directory: ${root}`);
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Read one candidate: `absent` says why the project has no such file (reported only for `files`
 * entries), a problem when it has one that cannot be read (permissions, a symlink loop, an I/O
 * error) — one bad file must not cost the model every other rule, and the report must say why it
 * is missing.
 */
async function readSource(
  root: string,
  path: string,
  rootReal: string | undefined,
): Promise<{ source?: InstructionSource; problem?: InstructionProblem; absent?: string }> {
  const absolute = join(root, ...path.split('/'));
  try {
    const info = await stat(absolute);
    if (!info.isFile())
      return { absent: info.isDirectory() ? 'it is a directory' : 'it is not a regular file' };
    const real = await realpath(absolute);
    // Checked before reading: a link out of the project (`CLAUDE.md -> ~/.ssh/id_rsa`) is never read.
    if (rootReal !== undefined && !isInside(rootReal, real)) {
      return { problem: { path, line: 1, message: `${OUTSIDE_LINK}; left out` } };
    }
    const bytes = await readFile(absolute);
    // A NUL byte in the first 8000 bytes is how git tells binary from text: not instructions.
    if (bytes.subarray(0, BINARY_PROBE_BYTES).includes(0)) {
      return { problem: { path, line: 1, message: 'binary file (it holds NUL bytes); left out' } };
    }
    const { text, utf8 } = decodeText(bytes);
    const source = { path, text, identity: real };
    if (utf8) return { source };
    return {
      source,
      problem: { path, line: 1, message: 'not valid UTF-8; read as Windows-1252 (save it as UTF-8)' },
    };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent (or a dangling symlink) means "this project has no such file".
    if (code === 'ENOENT' || code === 'ENOTDIR') return { absent: 'not found' };
    return {
      problem: { path, line: 1, message: `cannot read the file (${describeReadError(error)}); left out` },
    };
  }
}

/** Why a file behind a link that leaves the root is not loaded. */
const OUTSIDE_LINK = 'symbolic link outside the root';

/** Whether the real path `path` is the real path `root` or below it. */
function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return below === '' || (!isAbsolute(below) && below !== '..' && !below.startsWith(`..${sep}`));
}

/** How many leading bytes are searched for a NUL byte (git's own limit). */
const BINARY_PROBE_BYTES = 8000;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * UTF-8 — or, for bytes that are not valid UTF-8 (rules saved by a Windows editor), Windows-1252,
 * so `“quotes”` and `café` reach the model as written instead of as U+FFFD.
 */
function decodeText(bytes: Uint8Array): { text: string; utf8: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), utf8: true };
  } catch {
    // Node's TextDecoder treats 'windows-1252' as Latin-1, so 0x80–0x9F are mapped here.
    const text = Buffer.from(bytes)
      .toString('latin1')
      .replace(
        /[\u0080-\u009f]/g,
        (character) => WINDOWS_1252_HIGH[character.charCodeAt(0) - 0x80] ?? character,
      );
    return { text, utf8: false };
  }
}

/** Windows-1252's characters for bytes 0x80–0x9F (the five unassigned ones stay as they are). */
const WINDOWS_1252_HIGH = [
  '\u20ac',
  '\u0081',
  '\u201a',
  '\u0192',
  '\u201e',
  '\u2026',
  '\u2020',
  '\u2021',
  '\u02c6',
  '\u2030',
  '\u0160',
  '\u2039',
  '\u0152',
  '\u008d',
  '\u017d',
  '\u008f',
  '\u0090',
  '\u2018',
  '\u2019',
  '\u201c',
  '\u201d',
  '\u2022',
  '\u2013',
  '\u2014',
  '\u02dc',
  '\u2122',
  '\u0161',
  '\u203a',
  '\u0153',
  '\u009d',
  '\u017e',
  '\u0178',
];

/** A read failure in words a user can act on. */
function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') return 'symbolic link loop';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? String(error);
}

/** How deep below .cursor/rules rule files are looked for. */
const MAX_RULES_DEPTH = 4;

/** Every `*.mdc` below .cursor/rules (Cursor allows sub-folders), sorted. */
async function listCursorRules(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(relativeDirectory: string, depth = 0): Promise<void> {
    // Linked folders are followed, so a depth limit is what stops a link cycle.
    if (depth > MAX_RULES_DEPTH) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(join(root, ...relativeDirectory.split('/')), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = `${relativeDirectory}/${entry.name}`;
      if (entry.isDirectory()) await walk(path, depth + 1);
      else if (entry.name.endsWith('.mdc')) found.push(path);
      // A linked sub-folder of shared rules (symlinked files are read through readSource).
      else if (entry.isSymbolicLink() && (await isDirectory(join(root, ...path.split('/')))))
        await walk(path, depth + 1);
    }
  }
  await walk(CURSOR_RULES_DIRECTORY);
  return found.sort();
}

function toRelative(root: string, file: string): string {
  const relativePath = isAbsolute(file) ? relative(root, file) : file;
  return normalizeRelativePath(relativePath.split(sep).join('/'));
}
