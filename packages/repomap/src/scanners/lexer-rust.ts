/** Rust literals: raw strings `r#"…"#`, byte strings `b"…"`/`br"…"`/`b'…'`, and `'a'` characters versus `'a` lifetimes. */

import { isIdentifierPart } from './character-classes.js';
import { BACKSLASH, DOUBLE_QUOTE, HASH, LOWER_B, LOWER_R, SINGLE_QUOTE } from './character-codes.js';
import { skipQuoted, skipUntil } from './lexer-literals.js';
import { emit, type LexerState } from './lexer-state.js';
import { PUNCTUATION, STRING } from './token-list.js';

/** Whether `code` may start a string prefix (`r`, `b`). */
export function mayStartRustPrefix(code: number): boolean {
  return code === LOWER_R || code === LOWER_B;
}

/** At a name starting with `r` or `b`: records a raw or byte string and returns true, if it is one. */
export function tryPrefixedRustString(state: LexerState, code: number): boolean {
  const text = state.text;
  const position = state.position;
  let end = position + 1;
  if (code === LOWER_B && text.charCodeAt(end) === LOWER_R) end++;
  const raw = text.charCodeAt(end - 1) === LOWER_R;
  let hashes = 0;
  while (raw && text.charCodeAt(end + hashes) === HASH) hashes++;
  if (text.charCodeAt(end + hashes) === DOUBLE_QUOTE) {
    state.position = end + hashes + 1;
    if (raw) skipUntil(state, '"' + '#'.repeat(hashes), false);
    else skipQuoted(state, DOUBLE_QUOTE, true);
    emit(state, STRING);
    return true;
  }
  if (code === LOWER_B && text.charCodeAt(position + 1) === SINGLE_QUOTE) {
    state.position += 2;
    skipQuoted(state, SINGLE_QUOTE, false);
    emit(state, STRING);
    return true;
  }
  return false;
}

/**
 * From just past a `'`: `'a'` or `'\n'` is a character (a string token); `'a` without a closing
 * quote right after one character is a lifetime or label — the quote and the name after it are
 * neither a string nor a reference (one punctuation token).
 */
export function lexRustQuote(state: LexerState): void {
  const text = state.text;
  const next = text.charCodeAt(state.position);
  const afterOne = text.codePointAt(state.position) ?? 0;
  const width = afterOne > 0xffff ? 2 : 1;
  if (next === BACKSLASH || text.charCodeAt(state.position + width) === SINGLE_QUOTE) {
    skipQuoted(state, SINGLE_QUOTE, false);
    emit(state, STRING);
    return;
  }
  while (state.position < state.length && isIdentifierPart(text.charCodeAt(state.position), false)) {
    state.position++;
  }
  emit(state, PUNCTUATION);
}
