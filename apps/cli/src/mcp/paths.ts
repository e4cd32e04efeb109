import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { fileUserError, UserError } from '../errors.js';

/** Whether `path` is `root` or below it (both absolute and normalised). */
export function isInside(root: string, path: string): boolean {
  const relativePath = relative(root, path);
  if (relativePath === '') return true;
  if (isAbsolute(relativePath)) return false;
  return relativePath !== '..' && !relativePath.startsWith(`..${sep}`);
}

/**
 * Check that paths an argument names (a scope, a focus list) stay inside `root`, lexically: they
 * may name files that do not exist yet, so symbolic links are not resolved — these paths only
 * steer ranking and gating, nothing is read through them.
 */
export function requireInside(root: string, paths: readonly string[], argument: string): void {
  for (const path of paths) {
    if (!isInside(root, resolve(root, path))) {
      throw new UserError(`refused: ${argument} path ${path} is outside the served directory`);
    }
  }
}

/**
 * The real path of `requested` (relative to `root`, or absolute) if it lies inside `root`, else a
 * refusal. Checked twice: lexically, so `..` cannot climb out, and after resolving symbolic links,
 * so a link inside the tree cannot point out of it. `root` must itself be a real path.
 */
export function resolveInside(root: string, requested: string): string {
  if (requested.includes('\0')) throw new UserError('refused: the path contains a NUL byte');
  const candidate = resolve(root, requested);
  if (!isInside(root, candidate)) {
    throw new UserError(`refused: ${requested} is outside the served directory`);
  }
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch (error) {
    throw fileUserError(error, requested) ?? error;
  }
  if (!isInside(root, real)) {
    throw new UserError(`refused: ${requested} is a symbolic link to a path outside the served directory`);
  }
  return real;
}
