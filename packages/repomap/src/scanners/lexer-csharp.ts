/**
 * C# literals: verbatim `@"…"`, interpolated `$"…{hole}…"` (holes skipped with their nested
 * strings), raw `"""…"""` strings, and `#if`/`#region` directive lines read as comments.
 */

import { AT, BACKSLASH, DOLLAR, DOUBLE_QUOTE, HASH, LINE_FEED, OPEN_BRACE } from './character-codes.js';
import { skipHole, skipUntil } from './lexer-literals.js';
import { emit, type LexerState, newLine, skipToLineEnd } from './lexer-state.js';
import { STRING } from './token-list.js';

/** At most this many `@`/`$` prefix characters before a string's quote. */
const MAX_STRING_PREFIX = 8;

/** At `code`: a directive line (skipped) or a string with its prefixes. Returns whether it consumed anything. */
export function lexCSharpLiteral(state: LexerState, code: number): boolean {
  if (code === HASH && state.firstOnLine) {
    skipToLineEnd(state);
    return true;
  }
  if (code !== AT && code !== DOLLAR && code !== DOUBLE_QUOTE) return false;
  const text = state.text;
  const length = state.length;
  const position = state.position;
  // Prefixes `@`, `$`, `$@`, `@$`, `$$…` before a quote.
  let quote = position;
  let verbatim = false;
  let interpolated = false;
  while (quote < length && quote - position < MAX_STRING_PREFIX) {
    const prefix = text.charCodeAt(quote);
    if (prefix === AT) verbatim = true;
    else if (prefix === DOLLAR) interpolated = true;
    else break;
    quote++;
  }
  if (text.charCodeAt(quote) !== DOUBLE_QUOTE || (quote === position && code !== DOUBLE_QUOTE)) return false;
  if (!verbatim && text.startsWith('"""', quote)) {
    // Raw string literal: closes with as many quotes as it opened with (at least three).
    let run = quote;
    while (run < length && text.charCodeAt(run) === DOUBLE_QUOTE) run++;
    state.position = run;
    skipUntil(state, '"'.repeat(run - quote), false);
  } else {
    state.position = quote + 1;
    skipCSharpString(state, verbatim, interpolated);
  }
  emit(state, STRING);
  return true;
}

/**
 * Skips a regular, verbatim (`""` escapes a quote, lines allowed) or interpolated string from just
 * past its opening quote; `{{` is a literal brace, `{hole}` may hold nested strings.
 */
function skipCSharpString(state: LexerState, verbatim: boolean, interpolated: boolean): void {
  const text = state.text;
  const length = state.length;
  while (state.position < length) {
    const code = text.charCodeAt(state.position);
    if (code === BACKSLASH && !verbatim) {
      state.position += 2;
      continue;
    }
    if (code === DOUBLE_QUOTE) {
      if (verbatim && text.charCodeAt(state.position + 1) === DOUBLE_QUOTE) {
        state.position += 2;
        continue;
      }
      state.position++;
      return;
    }
    if (code === LINE_FEED) {
      if (!verbatim) return;
      newLine(state, state.position);
    } else if (interpolated && code === OPEN_BRACE) {
      if (text.charCodeAt(state.position + 1) === OPEN_BRACE) {
        state.position += 2;
        continue;
      }
      state.position++;
      skipHole(state, false);
      continue;
    }
    state.position++;
  }
  state.position = Math.min(state.position, length);
}
