import { compareStrings } from '@ctxkit/internal';
/**
 * Instruction files at the project root, highest priority first. Priority decides the order in
 * the text and, because the budget is spent in that order, who is cut first when space runs out.
 */
export const ROOT_INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md', 'AGENT.md', '.cursorrules'] as const;
/** Directory of Cursor rule files (`*.mdc`, with `globs`/`alwaysApply` front matter). */
export const CURSOR_RULES_DIRECTORY = '.cursor/rules';
/** ctxkit's own instruction files, layered under the root files. */
export const CTXKIT_INSTRUCTION_FILES = ['.ctxkit/AGENTS.md', '.ctxkit/PROJECT.md'] as const;
/** File names that nested directories of a monorepo may carry, in priority order. */
export const NESTED_INSTRUCTION_FILES = ['AGENTS.md', 'CLAUDE.md'] as const;
/** Loaded only on request, last: a README is mostly badges and install steps. */
export const README_FILE = 'README.md';

/** What role a path plays among instruction files. */
export type InstructionKind = 'root' | 'cursor-rule' | 'ctxkit' | 'nested' | 'readme' | 'other';

/** Classify a root-relative path. */
export function classifyInstructionPath(path: string): InstructionKind {
  if ((ROOT_INSTRUCTION_FILES as readonly string[]).includes(path)) return 'root';
  if (path.startsWith(`${CURSOR_RULES_DIRECTORY}/`) && path.endsWith('.mdc')) return 'cursor-rule';
  if ((CTXKIT_INSTRUCTION_FILES as readonly string[]).includes(path)) return 'ctxkit';
  if (path === README_FILE) return 'readme';
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (path.includes('/') && (NESTED_INSTRUCTION_FILES as readonly string[]).includes(name)) return 'nested';
  return 'other';
}

/**
 * Compare two root-relative paths by instruction priority: root files in their fixed order,
 * Cursor rules by path, ctxkit files, nested files shallowest first (so the closest directory
 * comes last and can refine what the root said), then anything else, README last.
 */
export function compareInstructionPaths(left: string, right: string): number {
  const leftKey = priorityKey(left);
  const rightKey = priorityKey(right);
  for (let index = 0; index < leftKey.length; index += 1) {
    const a = leftKey[index] ?? 0;
    const b = rightKey[index] ?? 0;
    if (a !== b) return a < b ? -1 : 1;
  }
  return compareStrings(left, right);
}

function priorityKey(path: string): [number, number, string, number] {
  const kind = classifyInstructionPath(path);
  const name = path.slice(path.lastIndexOf('/') + 1);
  const directory = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  switch (kind) {
    case 'root':
      return [0, (ROOT_INSTRUCTION_FILES as readonly string[]).indexOf(path), '', 0];
    case 'cursor-rule':
      return [1, 0, path, 0];
    case 'ctxkit':
      return [2, (CTXKIT_INSTRUCTION_FILES as readonly string[]).indexOf(path), '', 0];
    case 'nested':
      return [
        3,
        directory.split('/').length,
        directory,
        (NESTED_INSTRUCTION_FILES as readonly string[]).indexOf(name),
      ];
    case 'other':
      return [4, 0, path, 0];
    case 'readme':
      return [5, 0, '', 0];
  }
}

/**
 * Directories (relative, never the root) that contain a file in `scope`, shallowest first: the
 * places where nested AGENTS.md/CLAUDE.md files apply. An entry ending in `/` is a directory and
 * counts itself.
 */
export function scopeDirectories(scope: readonly string[]): string[] {
  const directories = new Set<string>();
  for (const file of scope) {
    const normalized = normalizeRelativePath(file);
    if (normalized === '' || normalized === '.' || normalized.startsWith('../')) continue;
    const parts = normalized.split('/');
    // A trailing '/' marks a directory in scope: its own nested files apply too.
    const last = /[\\/]$/.test(file) ? parts.length : parts.length - 1;
    for (let depth = 1; depth <= last; depth += 1) directories.add(parts.slice(0, depth).join('/'));
  }
  return [...directories].sort((left, right) => {
    const depth = left.split('/').length - right.split('/').length;
    return depth !== 0 ? depth : compareStrings(left, right);
  });
}

/** `./a\\b/` → `a/b`: the one spelling of a relative path used in reports and matching. */
export function normalizeRelativePath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '')
    .replace(/\/+/g, '/')
    .replace(/\/$/, '');
}
