import { readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { ignoredBecause } from '@ctxkit/repomap';
import { escapeControls, unescapeControls } from '@ctxkit/tokenize';
import { UserError } from '../../errors.js';
import { resolveInside } from '../paths.js';

/** Lines returned when the caller gives no limit: a screenful of context, not a whole file. */
export const DEFAULT_READ_LIMIT = 400;
/** The most lines one call may return, so a single read cannot flood a small model's window. */
export const MAX_READ_LIMIT = 2000;
/** Longer lines are cut (minified bundles, data blobs) and say so. */
export const MAX_LINE_CHARS = 2000;
/** Files above this size are refused rather than loaded whole. */
export const MAX_READ_BYTES = 16 * 1024 * 1024;

/** Arguments of the `read` tool. */
export interface ReadArguments {
  /** File path relative to the served directory. */
  path: string;
  /** First line to return, 1-based (the numbers excerpts and maps show). */
  offset?: number;
  /** How many lines to return at most. */
  limit?: number;
}

/** Which files `read` serves beyond those the repo map lists. */
export interface ReadPolicy {
  /** Serve files the walk ignores (git-ignored, default ignores, `ignore`); never those in `.git/`. */
  allowIgnored?: boolean;
  /** The configured extra ignore patterns. */
  ignore?: readonly string[];
}

/**
 * Refuses a file the repo map would not list: anything inside `.git/` always, an ignored file
 * (`.env`, `node_modules/…`) unless the policy allows it. Checked on the path as asked and on the
 * path it really is, so a link cannot dress up `.env` or `.git/config` as something else.
 */
function refuseHidden(root: string, requested: string, real: string, policy: ReadPolicy): void {
  const shown = escapeControls(requested);
  const relativePaths = [relative(root, resolve(root, requested)), relative(root, real)];
  for (const path of new Set(relativePaths.map((path) => path.split(sep).join('/')))) {
    const reason = ignoredBecause(root, path, policy.ignore ? { ignore: policy.ignore } : {});
    if (reason === 'inside .git')
      throw new UserError(`refused: ${shown} is inside .git/, which is never served`);
    if (reason !== undefined && !policy.allowIgnored) {
      throw new UserError(
        `refused: ${shown} is ignored (${reason}); start the server with --allow-ignored to serve ignored files`,
      );
    }
  }
}

/**
 * Lines `offset`…`offset+limit-1` of a file inside `root`, each prefixed with its real 1-based
 * line number and a tab, under a header naming the span, with a footer saying how to continue when
 * the file goes on. Paths outside `root` (by `..` or a symbolic link), directories, binary and
 * huge files are refused with a {@link UserError}, and so are files inside `.git/` and, unless
 * `policy` allows them, files the repository ignores.
 */
export function readFileLines(root: string, input: ReadArguments, policy: ReadPolicy = {}): string {
  const offset = input.offset ?? 1;
  const limit = Math.min(input.limit ?? DEFAULT_READ_LIMIT, MAX_READ_LIMIT);
  if (!Number.isInteger(offset) || offset < 1) {
    throw new UserError(`offset must be a line number (1 or more), found ${offset}`);
  }
  if (!Number.isInteger(limit) || limit < 1) throw new UserError(`limit must be 1 or more, found ${limit}`);
  const path = resolveNamed(root, input.path);
  const shown = escapeControls(input.path);
  refuseHidden(root, input.path, path, policy);
  const stats = statSync(path);
  if (stats.isDirectory()) throw new UserError(`${shown} is a directory, expected a file`);
  if (stats.size > MAX_READ_BYTES) {
    throw new UserError(`${shown} is ${stats.size} bytes, more than read serves (${MAX_READ_BYTES})`);
  }
  const buffer = readFileSync(path);
  if (buffer.subarray(0, 8192).includes(0)) throw new UserError(`${shown} is a binary file`);
  const lines = splitLines(buffer.toString('utf8'));
  if (lines.length === 0) return `${shown} is empty\n`;
  if (offset > lines.length) {
    throw new UserError(
      `offset ${offset} is past the end of ${shown} (${lines.length === 1 ? '1 line' : `${lines.length} lines`})`,
    );
  }
  const last = Math.min(lines.length, offset + limit - 1);
  const width = String(last).length;
  let text = `${shown} lines ${offset}-${last} of ${lines.length}\n`;
  for (let number = offset; number <= last; number++) {
    text += `${String(number).padStart(width)}\t${clipLine(lines[number - 1] ?? '')}\n`;
  }
  if (last < lines.length) {
    text += `[${lines.length - last} more lines; call read with offset ${last + 1}]\n`;
  }
  return text;
}

/**
 * The file `requested` names inside `root`: as given, or, when nothing has that name, the name
 * that rendered text showed escaped (`unescapeControls`), so a path copied from a map works.
 */
function resolveNamed(root: string, requested: string): string {
  try {
    return resolveInside(root, requested);
  } catch (error) {
    const unescaped = unescapeControls(requested);
    if (unescaped === requested) throw error;
    try {
      return resolveInside(root, unescaped);
    } catch {
      throw error;
    }
  }
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  // A final newline ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function clipLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${line.slice(0, MAX_LINE_CHARS)} [line cut at ${MAX_LINE_CHARS} of ${line.length} characters]`;
}
