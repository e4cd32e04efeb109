// Error and log messages a task quotes, found in the string literals of a file. A user pastes what
// the program printed ("failed to flush the buffer, and hit limit for retries"); the line that
// prints it is where the behaviour starts, and often within a few lines of the fix. Messages are
// templated in code (`"cannot read %s: %d"`, `f"...{name}..."`, `"..." + x + "..."`), so the
// literal is split at its placeholders and each fixed fragment is looked up in the task alone.
// Pure text analysis, linear in the file: a lexer-free literal scan, one lookup per fragment.

/** A fragment shorter than this says nothing about where it came from (`"error: "`, `"none"`). */
export const MIN_MESSAGE_FRAGMENT = 16;
/** …and must hold at least this many words: a long identifier in quotes is not a message. */
const MIN_MESSAGE_WORDS = 3;
/** A line longer than this is data (a table, a minified bundle), not a line that prints a message. */
const MAX_MESSAGE_LINE = 1000;

// A double-, single- or back-quoted literal on one line, escapes included. One pass per line; the
// body is a simple alternation, so a pathological line costs linear time.
const LITERAL = /"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\\n]|\\.)*)`/g;
// Where a template is filled in: printf-style (`%s`, `%-5d`, `%(name)s`), brace-style (`{}`,
// `{0}`, `{name}`, `{:>8}`), interpolation (`${x}`, `#{x}`) and escapes (`\n`, `\t`, `\"`).
const PLACEHOLDER =
  /%\([\w.]+\)[-+ #0-9.]*[a-zA-Z]|%[-+#0-9.*]*(?:l{1,2}|h{1,2}|[jztLq])?[diouxXeEfFgGcsSpaAvqTtwr%]|\$\{[^}]*\}|#\{[^}]*\}|\{[^{}]*\}|\\./g;

/** The task as fragments are looked up in it: lower-cased, whitespace collapsed. */
export function normalizeMessageText(task: string): string {
  return task.toLowerCase().replace(/\s+/g, ' ');
}

/** The fixed fragments of the literals on `line` that are long enough to name a message, normalized. */
export function messageFragments(line: string): string[] {
  if (line.length > MAX_MESSAGE_LINE || !/["'`]/.test(line)) return [];
  const fragments: string[] = [];
  for (const match of line.matchAll(LITERAL)) {
    const body = match[1] ?? match[2] ?? match[3] ?? '';
    if (body.length < MIN_MESSAGE_FRAGMENT) continue;
    for (const part of body.split(PLACEHOLDER)) {
      // Punctuation at a fragment's ends is where a value was glued on (`"path: "`, `" (code "`).
      const fragment = normalizeMessageText(part)
        .trim()
        .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
      if (fragment.length < MIN_MESSAGE_FRAGMENT) continue;
      if (fragment.split(' ').length < MIN_MESSAGE_WORDS) continue;
      fragments.push(fragment);
    }
  }
  return fragments;
}

/**
 * The lines of `lines` whose literals hold a fragment the task quotes (`task` normalized by
 * {@link normalizeMessageText}), by fragment: a caller can set aside a fragment found on so many
 * lines that it is boilerplate there.
 */
export function quotedMessageLines(lines: readonly string[], task: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  if (task.length < MIN_MESSAGE_FRAGMENT) return found;
  lines.forEach((text, index) => {
    for (const fragment of messageFragments(text)) {
      if (!task.includes(fragment)) continue;
      const at = found.get(fragment);
      if (at === undefined) found.set(fragment, [index + 1]);
      else if (at[at.length - 1] !== index + 1) at.push(index + 1);
    }
  });
  return found;
}
