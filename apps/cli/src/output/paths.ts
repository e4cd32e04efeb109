import { isAbsolute, relative, sep } from 'node:path';
import { escapeControls } from '@ctxkit/tokenize';

/**
 * How a path is shown to a person: relative to `from` with `/` separators, `.` for `from`
 * itself. A path elsewhere on disk keeps its `../` prefix (or, on another drive, stays absolute)
 * so it is still unambiguous. Relative input is only normalised to `/` separators. Control
 * characters are escaped (`escapeControls` of `@ctxkit/tokenize`), as in all human output.
 */
export function displayPath(from: string, path: string): string {
  const shown = isAbsolute(path) ? relative(from, path) : path;
  if (shown === '') return '.';
  return escapeControls(shown.split(sep).join('/'));
}
