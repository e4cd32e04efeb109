/**
 * Skippers every language shares: backslash escapes, quoted bodies, runs up to a terminator,
 * interpolation holes, C-style block comments and regular-expression literals. Each starts at
 * `state.position`, advances it (never past the end) and counts the line breaks it crosses.
 */

import { isIdentifierPart } from './character-classes.js';
import {
  BACKSLASH,
  CARRIAGE_RETURN,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  DOUBLE_QUOTE,
  HASH,
  LINE_FEED,
  OPEN_BRACE,
  OPEN_BRACKET,
  SINGLE_QUOTE,
  SLASH,
  STAR,
} from './character-codes.js';
import { type LexerState, newLine } from './lexer-state.js';

/**
 * Past the backslash escape at `position` (the backslash and the character it escapes); an
 * escaped line break still starts a new line.
 */
export function skipEscape(state: LexerState): void {
  if (state.text.charCodeAt(state.position + 1) === LINE_FEED) newLine(state, state.position + 1);
  state.position += 2;
}

/**
 * Skips a quoted literal body from `position` (just past the opening quote) to past the closing
 * quote; single-line forms stop at an unescaped line end. With `hashHoles` (Ruby's `"…"` and
 * backticks), `#{…}` holes are skipped with their nested strings, counting braces.
 */
export function skipQuoted(state: LexerState, quote: number, multiline: boolean, hashHoles = false): void {
  const text = state.text;
  const length = state.length;
  while (state.position < length) {
    const code = text.charCodeAt(state.position);
    if (code === BACKSLASH) {
      skipEscape(state);
      continue;
    }
    if (code === quote) {
      state.position++;
      return;
    }
    if (code === LINE_FEED) {
      if (!multiline) return;
      newLine(state, state.position);
    } else if (hashHoles && code === HASH && text.charCodeAt(state.position + 1) === OPEN_BRACE) {
      state.position += 2;
      skipHole(state, true);
      continue;
    }
    state.position++;
  }
  state.position = Math.min(state.position, length);
}

/** Skips to past `terminator` (a run of identical quote characters, e.g. `"""`) or the file end. */
export function skipUntil(state: LexerState, terminator: string, escapes: boolean): void {
  const text = state.text;
  const length = state.length;
  const first = terminator.charCodeAt(0);
  while (state.position < length) {
    const code = text.charCodeAt(state.position);
    if (escapes && code === BACKSLASH) {
      skipEscape(state);
      continue;
    }
    if (code === LINE_FEED) {
      newLine(state, state.position);
    } else if (code === first && text.startsWith(terminator, state.position)) {
      state.position += terminator.length;
      return;
    }
    state.position++;
  }
  state.position = Math.min(state.position, length);
}

/**
 * Skips an interpolation hole from just past its `{` to past its closing `}` (or the file end):
 * braces nest and line breaks count; a string inside — `"…"`, or also `'…'` where `singleQuotes`
 * (Ruby) — is skipped to its closing quote or its line end, without further nesting.
 */
export function skipHole(state: LexerState, singleQuotes: boolean): void {
  const text = state.text;
  const length = state.length;
  let depth = 1;
  while (state.position < length && depth > 0) {
    const inner = text.charCodeAt(state.position);
    if (inner === OPEN_BRACE) depth++;
    else if (inner === CLOSE_BRACE) depth--;
    else if (inner === LINE_FEED) {
      newLine(state, state.position);
    } else if (inner === DOUBLE_QUOTE || (singleQuotes && inner === SINGLE_QUOTE)) {
      state.position++;
      while (
        state.position < length &&
        text.charCodeAt(state.position) !== inner &&
        text.charCodeAt(state.position) !== LINE_FEED
      ) {
        state.position += text.charCodeAt(state.position) === BACKSLASH ? 2 : 1;
      }
    }
    state.position++;
  }
}

/**
 * Skips a block comment from just past its opening `/*` to past its closing `*\/` (or the file
 * end); with `nested` (Rust) inner `/*` open further levels.
 */
export function skipBlockComment(state: LexerState, nested: boolean): void {
  const text = state.text;
  const length = state.length;
  let depth = 1;
  while (state.position < length) {
    const inner = text.charCodeAt(state.position);
    if (inner === STAR && text.charCodeAt(state.position + 1) === SLASH) {
      state.position += 2;
      if (--depth === 0) break;
      continue;
    }
    if (nested && inner === SLASH && text.charCodeAt(state.position + 1) === STAR) {
      state.position += 2;
      depth++;
      continue;
    }
    if (inner === LINE_FEED) newLine(state, state.position);
    state.position++;
  }
  state.spaced = true;
}

/** Ruby regular expressions may span lines (`/x` extended mode); the look-ahead stays bounded. */
const MAX_MULTILINE_REGEX = 8192;

/**
 * Tries a regular-expression literal at `position` (a `/`); returns false (consuming nothing) when
 * the line ends before it closes, so the `/` is then an operator. A failed attempt records how far
 * it scanned ({@link LexerState.regexFailedUntil}) and attempts starting before that fail at once,
 * so a long line of `/[` fragments (or an unclosed multi-line one) is scanned once, not once per slash.
 */
export function tryRegex(state: LexerState, multiline = false): boolean {
  if (state.position < state.regexFailedUntil) return false;
  const text = state.text;
  const length = state.length;
  let scan = state.position + 1;
  let inClass = false;
  let newlines = 0;
  let lastNewline = -1;
  const limit = multiline ? Math.min(length, state.position + MAX_MULTILINE_REGEX) : length;
  while (scan < limit) {
    const code = text.charCodeAt(scan);
    if (code === LINE_FEED || code === CARRIAGE_RETURN) {
      if (!multiline) {
        state.regexFailedUntil = scan;
        return false;
      }
      if (code === LINE_FEED) {
        newlines++;
        lastNewline = scan;
      }
    }
    if (code === BACKSLASH) {
      if (text.charCodeAt(scan + 1) === LINE_FEED) {
        newlines++;
        lastNewline = scan + 1;
      }
      scan += 2;
      continue;
    }
    if (inClass) {
      if (code === CLOSE_BRACKET) inClass = false;
    } else if (code === OPEN_BRACKET) {
      inClass = true;
    } else if (code === SLASH) {
      scan++;
      while (scan < length && isIdentifierPart(text.charCodeAt(scan), false)) scan++;
      state.position = scan;
      if (newlines > 0) {
        state.line += newlines;
        state.lineStart = lastNewline + 1;
      }
      return true;
    }
    scan++;
  }
  state.regexFailedUntil = scan;
  return false;
}
