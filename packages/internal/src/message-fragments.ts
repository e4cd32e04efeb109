// The fixed text of the messages a program prints, as they appear in its string literals. A user
// pastes what the program printed ("failed to flush the buffer, and hit limit for retries"), and
// both the ranking (which files print it) and the excerpts (which line) look it up. Messages are
// templated in code (`"cannot read %s: %d"`, `f"...{name}..."`, `"..." + x + "..."`), so a literal
// is split at its placeholders and each fixed fragment is looked up in the task on its own.
// Pure text analysis, linear in the line: a lexer-free literal scan.

/** A fragment shorter than this says nothing about where it came from (`"error: "`, `"none"`). */
export const MIN_MESSAGE_FRAGMENT = 16;
/** …and must hold at least this many words: a long identifier in quotes is not a message. */
const MIN_MESSAGE_WORDS = 3;
/** A line longer than this is data (a table, a minified bundle), not a line that prints a message. */
const MAX_MESSAGE_LINE = 1000;

// A double-, single- or back-quoted literal on one line, escapes included. The body is written
// unrolled (runs of plain characters between escapes), which matches what `(plain|escape)*` does
// in linear time with far fewer steps.
const LITERAL =
  /"([^"\\\n]*(?:\\.[^"\\\n]*)*)"|'([^'\\\n]*(?:\\.[^'\\\n]*)*)'|`([^`\\\n]*(?:\\.[^`\\\n]*)*)`/g;
// Where a template is filled in: printf-style (`%s`, `%-5d`, Python's `%(name)s`, Ruby's
// `%<name>s`), brace-style (`{}`, `{0}`, `{name}`, `{:>8}`), interpolation (`${x}`, `#{x}`) and
// escapes (`\n`, `\t`, `\"`).
const PLACEHOLDER =
  /%\([\w.]+\)[-+ #0-9.]*[a-zA-Z]|%<[\w.]+>[-+ #0-9.]*[a-zA-Z]|%[-+#0-9.*]*(?:l{1,2}|h{1,2}|[jztLq])?[diouxXeEfFgGcsSpaAvqTtwr%]|\$\{[^}]*\}|#\{[^}]*\}|\{[^{}]*\}|\\./g;

// Two whitespace characters anywhere: what a body needs to hold three words.
const TWO_SPACES = /\s[\s\S]*\s/;

/**
 * Text as fragments are compared: lower-cased, whitespace collapsed, backticks dropped. Backticks
 * are markup on both sides: a message marks code in them (rubocop's ``Use `File::NULL` instead``),
 * which one tool prints and another strips, and an issue's author adds or leaves them out.
 */
export function normalizeMessageText(task: string): string {
  return task.toLowerCase().replace(/`/g, '').replace(/\s+/g, ' ');
}

/** The fixed fragments of the literals on `line` that are long enough to name a message, normalized. */
export function messageFragments(line: string): string[] {
  const fragments: string[] = [];
  if (line.length > MAX_MESSAGE_LINE || !/["'`]/.test(line)) return fragments;
  for (const match of line.matchAll(LITERAL)) addFragments(match[1] ?? match[2] ?? match[3] ?? '', fragments);
  return fragments;
}

/**
 * The fragments of every line of `text` in turn, as {@link messageFragments} gives them, handed to
 * `take` until it returns false. One search over the whole text: a literal never spans lines, so
 * the matches are those of each line, and only a line holding a long literal is measured.
 */
export function forEachMessageFragment(text: string, take: (fragment: string) => boolean): void {
  let lineEnd = -1;
  let lineTooLong = false;
  const fragments: string[] = [];
  for (const match of text.matchAll(LITERAL)) {
    const body = match[1] ?? match[2] ?? match[3] ?? '';
    if (body.length < MIN_MESSAGE_FRAGMENT) continue;
    const at = match.index ?? 0;
    if (at > lineEnd) {
      const end = text.indexOf('\n', at);
      lineEnd = end === -1 ? text.length : end;
      lineTooLong = lineEnd - (text.lastIndexOf('\n', at) + 1) > MAX_MESSAGE_LINE;
    }
    if (lineTooLong) continue;
    fragments.length = 0;
    addFragments(body, fragments);
    for (const fragment of fragments) if (!take(fragment)) return;
  }
}

/** The fragments of one literal's body, split at its placeholders, pushed to `into`. */
function addFragments(body: string, into: string[]): void {
  // Three words need two whitespace characters: most literals (names, keys, paths) have none.
  if (body.length < MIN_MESSAGE_FRAGMENT || !TWO_SPACES.test(body)) return;
  for (const part of body.split(PLACEHOLDER)) {
    // Punctuation at a fragment's ends is where a value was glued on (`"path: "`, `" (code "`).
    const fragment = normalizeMessageText(part)
      .trim()
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (fragment.length < MIN_MESSAGE_FRAGMENT) continue;
    if (messageWordCount(fragment) < MIN_MESSAGE_WORDS) continue;
    into.push(fragment);
  }
}

/** Words of a normalized fragment (single spaces between them). */
export function messageWordCount(fragment: string): number {
  let words = 1;
  for (let at = fragment.indexOf(' '); at !== -1; at = fragment.indexOf(' ', at + 1)) words++;
  return words;
}
