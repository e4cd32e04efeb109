/**
 * One gitignore line, read the way git reads it (`dir.c` and `wildmatch.c`): trailing spaces
 * trimmed unless escaped, `!` negates, a trailing `/` matches directories only, a pattern without
 * any other `/` matches a path's last component, any other is anchored at its file's directory;
 * `*`, `?` and `[…]` never match `/`, `**` spans directories only as a whole component. Matching
 * works on UTF-8 bytes (one latin1 character per byte) as git does, so `?` matches one byte.
 *
 * With `core.ignorecase` git folds ASCII case in a particular way, reproduced here: the path and
 * the pattern's plain characters are lower-cased, ranges also match the lower-case form of the
 * capitals they span, but a plain capital inside brackets (`[C]`) then matches nothing.
 */

/** A parsed gitignore line. */
export interface IgnorePattern {
  /** `!pattern`: re-includes what it matches. */
  negated: boolean;
  /** `pattern/`: matches directories only. */
  directoryOnly: boolean;
  /** No `/` but a trailing one: tested against a path's last component, at any depth. */
  basename: boolean;
  /** Tests a subject made by {@link ignoreSubject} (the whole relative path or its last component). */
  regex: RegExp;
}

/** Any run of bytes, `/` and newlines included. */
const ANY = '[\\s\\S]*';

/**
 * The pattern of one line of a gitignore file (without its line break), or `undefined` for a
 * blank line, a comment, or a pattern that can never match (an unclosed `[`, a trailing `\`).
 * `line` holds bytes as latin1 characters (see {@link toByteString}); `fold` is `core.ignorecase`.
 */
export function parseIgnoreLine(line: string, fold: boolean): IgnorePattern | undefined {
  if (line === '' || line[0] === '#') return undefined;
  let pattern = trimTrailingSpaces(line);
  let negated = false;
  if (pattern[0] === '!') {
    negated = true;
    pattern = pattern.slice(1);
  }
  let directoryOnly = false;
  if (pattern.endsWith('/')) {
    directoryOnly = true;
    pattern = pattern.slice(0, -1);
  }
  if (pattern === '') return undefined;
  const basename = !pattern.includes('/');
  if (!basename && pattern[0] === '/') pattern = pattern.slice(1);
  const source = globSource(pattern, fold);
  if (source === undefined) return undefined;
  return { negated, directoryOnly, basename, regex: new RegExp(`^${source}$`) };
}

/** The lines of a gitignore file's bytes (latin1 text): git's line breaks and byte-order mark. */
export function ignoreFileLines(text: string): string[] {
  const body = text.startsWith('\xef\xbb\xbf') ? text.slice(3) : text;
  return body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

/** `text` as its UTF-8 bytes, one latin1 character per byte (ASCII text is returned as it is). */
export function toByteString(text: string): string {
  return /^[\x00-\x7f]*$/.test(text) ? text : Buffer.from(text, 'utf8').toString('latin1');
}

/** What a pattern's regex is tested against: the path's bytes, ASCII-lower-cased when folding. */
export function ignoreSubject(path: string, fold: boolean): string {
  const bytes = toByteString(path);
  return fold ? asciiLower(bytes) : bytes;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (capitals) => capitals.toLowerCase());
}

/** Git's `trim_trailing_spaces`: unescaped trailing spaces go, a `\ ` stays. */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (character === ' ') {
      if (lastSpace < 0) lastSpace = index;
    } else {
      if (character === '\\') {
        index++;
        if (index >= line.length) return line;
      }
      lastSpace = -1;
    }
  }
  return lastSpace < 0 ? line : line.slice(0, lastSpace);
}

/** One byte as a regex escape. */
function hex(character: string): string {
  return `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

function literal(character: string, fold: boolean): string {
  const folded = fold ? asciiLower(character) : character;
  return /[A-Za-z0-9_]/.test(folded) ? folded : hex(folded);
}

/** The regex source of a wildmatch pattern with WM_PATHNAME, or `undefined` if it never matches. */
function globSource(pattern: string, fold: boolean): string | undefined {
  let source = '';
  let index = 0;
  while (index < pattern.length) {
    const character = pattern[index]!;
    if (character === '*') {
      let end = index;
      while (pattern[end] === '*') end++;
      // `**` spans directories only as a whole component: at the start or after `/`, and at the
      // end or before `/`; anywhere else it is one `*`.
      const spanning = end - index >= 2 && (index === 0 || pattern[index - 1] === '/');
      if (spanning && end === pattern.length) {
        source += ANY;
        index = end;
      } else if (spanning && pattern[end] === '/') {
        source += `(?:${ANY}/)?`;
        index = end + 1;
      } else if (spanning && pattern[end] === '\\' && pattern[end + 1] === '/') {
        source += ANY;
        index = end;
      } else {
        source += '[^/]*';
        index = end;
      }
    } else if (character === '?') {
      source += '[^/]';
      index++;
    } else if (character === '\\') {
      if (index + 1 >= pattern.length) return undefined;
      source += literal(pattern[index + 1]!, fold);
      index += 2;
    } else if (character === '[') {
      const bracket = bracketSource(pattern, index, fold);
      if (!bracket) return undefined;
      source += bracket.source;
      index = bracket.end;
    } else {
      source += literal(character, fold);
      index++;
    }
  }
  return source;
}

const CLASSES: Record<string, string> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  blank: ' \\t',
  cntrl: '\\x00-\\x1f\\x7f',
  digit: '0-9',
  graph: '\\x21-\\x7e',
  lower: 'a-z',
  print: '\\x20-\\x7e',
  punct: '\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e',
  space: ' \\t\\n\\r',
  upper: 'A-Z',
  xdigit: '0-9A-Fa-f',
};

/**
 * A `[…]` starting at `start`, as wildmatch reads it: `!` or `^` negates, the first character is
 * taken literally even when it is `]`, `a-z` ranges, `\` escapes, `[:class:]` names. Returns the
 * regex source and the index after the closing `]`, or `undefined` when it never closes.
 */
function bracketSource(
  pattern: string,
  start: number,
  fold: boolean,
): { source: string; end: number } | undefined {
  let index = start + 1;
  let negated = false;
  if (pattern[index] === '!' || pattern[index] === '^') {
    negated = true;
    index++;
  }
  let parts = '';
  // The previous single character, a range's start; undefined after a range or a class.
  let previous: string | undefined;
  for (;;) {
    if (index >= pattern.length) return undefined;
    let character = pattern[index]!;
    let next: string | undefined;
    if (character === '\\') {
      index++;
      if (index >= pattern.length) return undefined;
      character = pattern[index]!;
      parts += hex(character);
      next = character;
    } else if (
      character === '-' &&
      previous !== undefined &&
      index + 1 < pattern.length &&
      pattern[index + 1] !== ']'
    ) {
      index++;
      let last = pattern[index]!;
      if (last === '\\') {
        index++;
        if (index >= pattern.length) return undefined;
        last = pattern[index]!;
      }
      if (previous <= last) {
        parts += `${hex(previous)}-${hex(last)}`;
        // Folding, a range also takes the lower-case forms of the capitals it spans.
        const from = previous < 'A' ? 'A' : previous;
        const to = last > 'Z' ? 'Z' : last;
        if (fold && from <= to) parts += `${hex(asciiLower(from))}-${hex(asciiLower(to))}`;
      }
      next = undefined;
    } else if (character === '[' && pattern[index + 1] === ':') {
      const nameStart = index + 2;
      let close = nameStart;
      while (close < pattern.length && pattern[close] !== ']') close++;
      if (close >= pattern.length) return undefined;
      if (close - nameStart - 1 < 0 || pattern[close - 1] !== ':') {
        // Not a class after all: the `[` is a plain character and reading goes on after it.
        parts += hex('[');
        next = '[';
      } else {
        const name = pattern.slice(nameStart, close - 1);
        const members = name === 'upper' && fold ? 'A-Za-z' : CLASSES[name];
        if (members === undefined || !Object.hasOwn(CLASSES, name)) return undefined;
        parts += members;
        next = undefined;
        index = close;
      }
    } else {
      parts += hex(character);
      next = character;
    }
    previous = next;
    index++;
    if (pattern[index] === ']') break;
  }
  const end = index + 1;
  if (parts === '') return { source: negated ? '[^/]' : '(?!)', end };
  return { source: negated ? `[^${parts}/]` : `(?!/)[${parts}]`, end };
}
