/** Python strings: `r"…"`, `f'…'`, `b"""…"""` prefixes and triple-quoted strings. */

import {
  ASCII_CASE_BIT,
  DOUBLE_QUOTE,
  LOWER_B,
  LOWER_F,
  LOWER_R,
  LOWER_U,
  SINGLE_QUOTE,
} from './character-codes.js';
import { skipQuoted, skipUntil } from './lexer-literals.js';
import { emit, type LexerState } from './lexer-state.js';
import { STRING } from './token-list.js';

/** `r`, `b`, `u` or `f` in either case. */
export function isPythonPrefix(code: number): boolean {
  const lower = code | ASCII_CASE_BIT;
  return lower === LOWER_R || lower === LOWER_B || lower === LOWER_U || lower === LOWER_F;
}

/**
 * At a name starting with a prefix letter: a string when one or two prefix letters precede a quote.
 * Returns whether it recorded the string.
 */
export function tryPrefixedPythonString(state: LexerState): boolean {
  const text = state.text;
  const position = state.position;
  let end = position;
  while (end < state.length && end - position < 3 && isPythonPrefix(text.charCodeAt(end))) end++;
  const quote = text.charCodeAt(end);
  if ((quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) && end > position && end - position <= 2) {
    state.position = end;
    skipPythonString(state, quote);
    emit(state, STRING);
    return true;
  }
  return false;
}

/** Skips a string from its opening `quote` at `position` (prefix already skipped): `"…"` or `"""…"""`. */
export function skipPythonString(state: LexerState, quote: number): void {
  const text = state.text;
  if (text.charCodeAt(state.position + 1) === quote && text.charCodeAt(state.position + 2) === quote) {
    state.position += 3;
    skipUntil(state, String.fromCharCode(quote, quote, quote), true);
    return;
  }
  state.position++;
  skipQuoted(state, quote, false);
}
