/**
 * What an error message may show of itself: messages often quote what the user gave (a flag
 * value, a path, a task word), and that can be a megabyte of pasted text or hold terminal control
 * characters. One line, control characters escaped, at most a short excerpt.
 */

import { escapeControls } from '@ctxkit/tokenize';

/** The most characters of a message printed; the rest is counted, not shown. */
export const MAX_ERROR_CHARS = 300;

/**
 * `message` on one line, its control characters escaped as in all human output (`escapeControls`:
 * a newline shows as `\n`), cut to {@link MAX_ERROR_CHARS}.
 */
export function errorExcerpt(message: string): string {
  const line = message;
  const head = line.length > MAX_ERROR_CHARS * 2 ? line.slice(0, MAX_ERROR_CHARS * 2) : line;
  const escaped = escapeControls(head);
  if (escaped.length <= MAX_ERROR_CHARS && head.length === line.length) return escaped;
  let cut = escaped.slice(0, MAX_ERROR_CHARS);
  // Never half a surrogate pair.
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}… (cut from ${line.length} characters)`;
}
