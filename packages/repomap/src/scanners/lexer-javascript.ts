/**
 * JavaScript and TypeScript literals: template literals (whose `${…}` holes are code, tracked on
 * {@link LexerState.templateDepths}), regular-expression literals, and JSX text quotes.
 */

import {
  BACKQUOTE,
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  DOLLAR,
  LESS,
  LINE_FEED,
  OPEN_BRACE,
  SLASH,
} from './character-codes.js';
import { skipEscape, tryRegex } from './lexer-literals.js';
import { emit, type LexerState, lastTokenText, newLine } from './lexer-state.js';
import { IDENTIFIER, PUNCTUATION, STRING } from './token-list.js';

/** Words after which a `/` starts a regular expression rather than dividing. */
const REGEX_AFTER_WORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * Skips a template literal's text from just past "`" (or past a hole's closing `}`); stops past
 * the closing "`" or just past a `${`, pushing a new hole onto the stack.
 */
export function skipTemplate(state: LexerState): void {
  const text = state.text;
  const length = state.length;
  while (state.position < length) {
    const code = text.charCodeAt(state.position);
    if (code === BACKSLASH) {
      skipEscape(state);
      continue;
    }
    if (code === BACKQUOTE) {
      state.position++;
      return;
    }
    if (code === DOLLAR && text.charCodeAt(state.position + 1) === OPEN_BRACE) {
      state.position += 2;
      state.templateDepths.push(0);
      return;
    }
    if (code === LINE_FEED) newLine(state, state.position);
    state.position++;
  }
  state.position = Math.min(state.position, length);
}

/**
 * JSX text such as `<p>isn't</p>`: code never puts a quote right after a name, prose does. Whether
 * the `'` at the current position is such a quote (then a punctuation token, not a string).
 */
export function isJsxApostrophe(state: LexerState): boolean {
  const tokens = state.tokens;
  return !state.spaced && state.lastKind === IDENTIFIER && tokens.ends[tokens.count - 1] === state.start;
}

/**
 * At punctuation `code`: a regular expression where a `/` may start one, or the brace bookkeeping
 * of template holes (a `}` that closes a hole resumes the template's text). Returns whether it
 * recorded a token.
 */
export function lexJavaScriptPunctuation(state: LexerState, code: number): boolean {
  const depths = state.templateDepths;
  if (code === SLASH) {
    const lastKind = state.lastKind;
    const lastCode = state.lastCode;
    const regexAllowed =
      lastKind === 0 ||
      (lastKind === PUNCTUATION &&
        lastCode !== CLOSE_PAREN &&
        lastCode !== CLOSE_BRACKET &&
        lastCode !== CLOSE_BRACE &&
        // `</` closes a JSX element.
        !(lastCode === LESS && !state.spaced)) ||
      (lastKind === IDENTIFIER && REGEX_AFTER_WORDS.has(lastTokenText(state)));
    if (regexAllowed && tryRegex(state)) {
      emit(state, STRING);
      return true;
    }
  } else if (code === OPEN_BRACE && depths.length > 0) {
    depths[depths.length - 1]!++;
  } else if (code === CLOSE_BRACE && depths.length > 0) {
    const top = depths.length - 1;
    if (depths[top] === 0) {
      // The hole closes: the template's text resumes.
      depths.pop();
      state.position++;
      skipTemplate(state);
      emit(state, STRING);
      return true;
    }
    depths[top]!--;
  }
  return false;
}
