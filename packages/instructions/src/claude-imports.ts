import { posix } from 'node:path';
import { parseFrontMatter } from './front-matter.js';
import type { InstructionProblem } from './types.js';

/** How many imports deep an import chain is followed, as in Claude Code. */
export const MAX_IMPORT_DEPTH = 5;

/** A line that is only an import: `@docs/rules.md`, optionally as a list item. */
const IMPORT_LINE = /^[ \t]*(?:[-*][ \t]+)?@([^\s@`]+)[ \t]*\r?$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** What {@link expandClaudeImports} needs from the file system. */
export interface ImportContext {
  /** Root-relative paths that load as instruction files of their own: importing one adds nothing. */
  loaded: ReadonlySet<string>;
  /**
   * Read a root-relative path: its text, `undefined` when there is no such file, or an error code
   * when it exists but cannot be read.
   */
  read: (path: string) => Promise<string | undefined | { error: string }>;
}

/**
 * Expand Claude Code's `@path` imports in a CLAUDE.md: a line that is only `@path` (relative to the
 * importing file) is replaced by that file's text (front matter removed), recursively up to
 * {@link MAX_IMPORT_DEPTH}. An import of a file that loads on its own (`@AGENTS.md`, the common
 * "CLAUDE.md defers to AGENTS.md" file) or of a file already on the import chain is removed, so
 * nothing is loaded twice. Imports outside the root or of missing files stay as text (an `@scope/name`
 * line may be a package name, not a file); unreadable files are reported. `@` mentions inside a
 * sentence or a code fence are left alone.
 */
export async function expandClaudeImports(
  path: string,
  text: string,
  context: ImportContext,
): Promise<{ text: string; problems: InstructionProblem[] }> {
  const problems: InstructionProblem[] = [];
  const expanded = await expand(path, text, context, [path], problems);
  return { text: expanded, problems };
}

async function expand(
  path: string,
  text: string,
  context: ImportContext,
  chain: readonly string[],
  problems: InstructionProblem[],
): Promise<string> {
  const lines = text.split('\n');
  const output: string[] = [];
  let fence: string | undefined;
  for (const [index, line] of lines.entries()) {
    const fenceMatch = FENCE.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMatch !== undefined && fenceMatch[0] === fence[0] && fenceMatch.length >= fence.length)
        fence = undefined;
      output.push(line);
      continue;
    }
    if (fenceMatch !== undefined) fence = fenceMatch;
    const target = fenceMatch === undefined ? IMPORT_LINE.exec(line)?.[1] : undefined;
    const resolved = target === undefined ? undefined : resolveImport(path, target);
    if (resolved === undefined) {
      output.push(line);
      continue;
    }
    if (context.loaded.has(resolved) || chain.includes(resolved)) continue;
    if (chain.length > MAX_IMPORT_DEPTH) {
      problems.push({
        path,
        line: index + 1,
        message: `import @${target} is more than ${MAX_IMPORT_DEPTH} imports deep; left as text`,
      });
      output.push(line);
      continue;
    }
    const read = await context.read(resolved);
    if (read === undefined) {
      output.push(line);
      continue;
    }
    if (typeof read !== 'string') {
      problems.push({ path, line: index + 1, message: `cannot read import @${target} (${read.error})` });
      output.push(line);
      continue;
    }
    const body = parseFrontMatter(read).body.replace(/\n$/, '');
    output.push(await expand(resolved, body, context, [...chain, resolved], problems));
  }
  return output.join('\n');
}

/** The root-relative path an import names, or undefined when it leaves the root or is not relative. */
function resolveImport(importingPath: string, target: string): string | undefined {
  if (target.startsWith('~') || target.startsWith('/') || /^[A-Za-z]:/.test(target)) return undefined;
  const directory = posix.dirname(importingPath);
  const joined = posix.normalize(posix.join(directory === '.' ? '' : directory, target));
  if (joined === '..' || joined.startsWith('../') || joined === '.' || joined === '') return undefined;
  return joined;
}
