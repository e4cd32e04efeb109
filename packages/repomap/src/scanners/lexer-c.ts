/** C and C++: preprocessor directive lines and `R"delim(…)delim"` raw strings. */

import { DOUBLE_QUOTE, LOWER_U, OPEN_PAREN, UPPER_L, UPPER_R, UPPER_U } from './character-codes.js';
import { skipUntil } from './lexer-literals.js';
import { emit, type LexerState } from './lexer-state.js';
import { DIRECTIVE_START, PUNCTUATION, STRING } from './token-list.js';

/** The longest raw-string delimiter C++ allows, so the search for its `(` is bounded. */
const MAX_RAW_DELIMITER = 16;

/**
 * The `#` that opens a directive line: its tokens (to the line end, or further after a `\`) carry
 * `IN_DIRECTIVE`, and this one also `DIRECTIVE_START`.
 */
export function startDirective(state: LexerState): void {
  state.inDirective = true;
  state.position++;
  emit(state, PUNCTUATION);
  state.tokens.flags[state.tokens.count - 1]! |= DIRECTIVE_START;
}

/** Whether `code` may start a raw-string prefix (`R`, `u8R`, `uR`, `UR`, `LR`). */
export function mayStartRawString(code: number): boolean {
  return code === UPPER_R || code === LOWER_U || code === UPPER_U || code === UPPER_L;
}

/** At a name that may be a raw-string prefix: records the raw string and returns true, if it is one. */
export function tryCppRawString(state: LexerState): boolean {
  const text = state.text;
  const length = state.length;
  const position = state.position;
  let quote = position;
  while (quote < length && quote - position < 3 && text.charCodeAt(quote) !== DOUBLE_QUOTE) quote++;
  if (
    text.charCodeAt(quote) !== DOUBLE_QUOTE ||
    text.charCodeAt(quote - 1) !== UPPER_R ||
    !/^(u8|u|U|L)?R$/.test(text.slice(position, quote))
  ) {
    return false;
  }
  let open = quote + 1;
  while (open < length && open - quote <= MAX_RAW_DELIMITER + 1 && text.charCodeAt(open) !== OPEN_PAREN)
    open++;
  if (text.charCodeAt(open) !== OPEN_PAREN || /[\s\\)]/.test(text.slice(quote + 1, open))) return false;
  state.position = open + 1;
  skipUntil(state, `)${text.slice(quote + 1, open)}"`, false);
  emit(state, STRING);
  return true;
}
