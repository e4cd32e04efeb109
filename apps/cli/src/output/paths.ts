import { isAbsolute, relative, sep } from 'node:path';

/**
 * How a path is shown to a person: relative to `from` with `/` separators, `.` for `from`
 * itself. A path elsewhere on disk keeps its `../` prefix (or, on another drive, stays absolute)
 * so it is still unambiguous. Relative input is only normalised to `/` separators.
 */
export function displayPath(from: string, path: string): string {
  const shown = isAbsolute(path) ? relative(from, path) : path;
  if (shown === '') return '.';
  return shown.split(sep).join('/');
}
