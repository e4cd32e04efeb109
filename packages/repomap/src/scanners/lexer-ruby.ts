/**
 * Ruby literals: `=begin`/`=end` comments, heredocs, `%w[…]`-style literals, interpolated strings,
 * regular expressions, `?c` characters, `$"`-style globals, `name?`/`name!` method names and `__END__`.
 */

import { isIdentifierPart, isIdentifierStart } from './character-classes.js';
import {
  BACKQUOTE,
  BACKSLASH,
  BANG,
  CARRIAGE_RETURN,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  COLON,
  DOLLAR,
  DOUBLE_QUOTE,
  EQUALS,
  GREATER,
  LESS,
  LINE_FEED,
  LOWER_I,
  LOWER_Q,
  LOWER_R,
  LOWER_S,
  LOWER_W,
  LOWER_X,
  MINUS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  PERCENT,
  QUESTION,
  SINGLE_QUOTE,
  SLASH,
  SPACE,
  TILDE,
  UNDERSCORE,
  UPPER_I,
  UPPER_Q,
  UPPER_W,
} from './character-codes.js';
import { skipQuoted, tryRegex } from './lexer-literals.js';
import { emit, type LexerState, lastTokenText, push } from './lexer-state.js';
import { IDENTIFIER, NUMBER, PUNCTUATION, STRING } from './token-list.js';

/** Ruby words after which a `/` starts a regular expression. */
const RUBY_REGEX_AFTER_WORDS = new Set([
  'if',
  'elsif',
  'unless',
  'when',
  'and',
  'or',
  'not',
  'while',
  'until',
  'return',
  'then',
  'puts',
  'print',
]);

/** `split /,/` is a regex argument; `def /(other)` defines division; `a / b` divides. */
function isRubyRegexAfterWord(word: string, spaced: boolean, next: number): boolean {
  if (word === 'def') return false;
  return RUBY_REGEX_AFTER_WORDS.has(word) || (spaced && next !== SPACE && next !== EQUALS);
}

/**
 * At `code`, before names and numbers are tried: any Ruby-only literal or comment. Returns whether
 * it consumed anything; at `__END__` it moves to the end of the text (nothing after it is code).
 */
export function lexRubyLiteral(state: LexerState, code: number): boolean {
  const text = state.text;
  const position = state.position;
  const atLineStart = state.startColumn === 0;
  if (code === EQUALS && atLineStart && text.startsWith('=begin', position)) {
    skipBeginEndComment(state);
    return true;
  }
  if (code === UNDERSCORE && atLineStart && text.startsWith('__END__', position)) {
    const after = text.charCodeAt(position + 7);
    if (Number.isNaN(after) || after === LINE_FEED || after === CARRIAGE_RETURN) {
      state.position = state.length;
      return true;
    }
  }
  if (code === DOUBLE_QUOTE || code === BACKQUOTE || code === SINGLE_QUOTE) {
    state.position++;
    // Ruby strings may span lines; single quotes have no holes.
    skipQuoted(state, code, true, code !== SINGLE_QUOTE);
    emit(state, STRING);
    return true;
  }
  if (
    (code === LESS && text.charCodeAt(position + 1) === LESS && tryHeredoc(state)) ||
    (code === PERCENT && tryPercentLiteral(state))
  ) {
    emit(state, STRING);
    return true;
  }
  if (code === SLASH && tryRubyRegex(state)) {
    emit(state, STRING);
    return true;
  }
  if (code === QUESTION && tryCharacterLiteral(state)) return true;
  if (
    code === DOLLAR &&
    position + 1 < state.length &&
    !isIdentifierStart(text.charCodeAt(position + 1), false)
  ) {
    // `$"`, `$'`, `$!` … special globals: the punctuation is part of the name, not a quote.
    state.position += 2;
    emit(state, PUNCTUATION);
    return true;
  }
  return false;
}

/** Past a name at `end`: just past a `?` or `!` that ends a predicate or bang method (`empty?`, `save!`). */
export function rubyMethodNameEnd(text: string, end: number): number {
  // Not `a!= b` or `a ?b :c`.
  const suffix = text.charCodeAt(end);
  const after = text.charCodeAt(end + 1);
  return (suffix === QUESTION || suffix === BANG) &&
    after !== EQUALS &&
    !isIdentifierPart(after, false) &&
    after !== COLON
    ? end + 1
    : end;
}

/** `=begin` … `=end` block comment, both at a line start. */
function skipBeginEndComment(state: LexerState): void {
  const text = state.text;
  const length = state.length;
  while (state.position < length) {
    const next = text.indexOf('\n', state.position);
    if (next < 0) {
      state.position = length;
      break;
    }
    state.line++;
    state.lineStart = next + 1;
    state.position = next + 1;
    if (text.startsWith('=end', state.position)) {
      while (state.position < length && text.charCodeAt(state.position) !== LINE_FEED) state.position++;
      break;
    }
  }
  state.spaced = true;
}

/** At a `/`: a regular expression where one may start (multi-line after `=`, `(`, `,` or a keyword). */
function tryRubyRegex(state: LexerState): boolean {
  const lastKind = state.lastKind;
  const lastCode = state.lastCode;
  const next = state.text.charCodeAt(state.position + 1);
  const regexAllowed =
    lastKind === 0 ||
    (lastKind === PUNCTUATION &&
      lastCode !== CLOSE_PAREN &&
      lastCode !== CLOSE_BRACKET &&
      lastCode !== CLOSE_BRACE) ||
    (lastKind === IDENTIFIER && isRubyRegexAfterWord(lastTokenText(state), state.spaced, next));
  // After `=`, `(`, `,` or a keyword a regex may span lines; after a method name it may not.
  return regexAllowed && tryRegex(state, lastKind !== IDENTIFIER || next === LINE_FEED);
}

/** At a `?`: a `?a` character literal (not the ternary `?`, which has a space after it). */
function tryCharacterLiteral(state: LexerState): boolean {
  const text = state.text;
  const position = state.position;
  const length = state.length;
  if (!(state.lastKind === PUNCTUATION || state.lastKind === 0 || state.spaced) || position + 2 > length)
    return false;
  const next = text.charCodeAt(position + 1);
  const after = text.charCodeAt(position + 2);
  if (next <= SPACE || next === QUESTION || isIdentifierPart(after, false)) return false;
  const end = Math.min(position + (next === BACKSLASH ? 3 : 2), length);
  push(state, STRING, state.start, end, state.startLine, state.startColumn);
  state.position = end;
  return true;
}

/**
 * Heredoc opener at `position` (`<<~ID`, `<<-ID`, `<<ID`, quoted IDs): records the terminator for
 * the body that starts on the next line.
 */
function tryHeredoc(state: LexerState): boolean {
  const text = state.text;
  const length = state.length;
  let cursor = state.position + 2;
  const flag = text.charCodeAt(cursor);
  const indented = flag === TILDE || flag === MINUS;
  if (indented) cursor++;
  let quote = text.charCodeAt(cursor);
  if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE || quote === BACKQUOTE) cursor++;
  else quote = 0;
  const nameStart = cursor;
  while (cursor < length && isIdentifierPart(text.charCodeAt(cursor), false)) cursor++;
  if (cursor === nameStart) return false;
  const name = text.slice(nameStart, cursor);
  // `<<ID` without `~`/`-` must look like a heredoc (upper-case), not a shift (`a<<b`).
  if (!indented && quote === 0 && !/^[A-Z_][A-Z0-9_]*$/.test(name)) return false;
  if (quote !== 0) {
    if (text.charCodeAt(cursor) !== quote) return false;
    cursor++;
  }
  state.heredocs.push({ terminator: name, indented });
  state.position = cursor;
  return true;
}

/** Skips the bodies of pending heredocs from the start of the current line. */
export function skipHeredocBodies(state: LexerState): void {
  const text = state.text;
  const length = state.length;
  for (const heredoc of state.heredocs) {
    while (state.position < length) {
      let end = text.indexOf('\n', state.position);
      if (end < 0) end = length;
      const content = text.slice(state.position, end).replace(/\r$/, '');
      const done = (heredoc.indented ? content.trim() : content) === heredoc.terminator;
      state.position = Math.min(end + 1, length);
      state.line++;
      state.lineStart = state.position;
      if (done) break;
    }
  }
  state.heredocs.length = 0;
  state.firstOnLine = true;
  state.spaced = true;
}

/** Letters after `%` that name a literal's type (`%w`, `%W`, `%i`, `%I`, `%q`, `%Q`, `%r`, `%s`, `%x`). */
function isPercentType(letter: number): boolean {
  return (
    letter === LOWER_W ||
    letter === UPPER_W ||
    letter === LOWER_I ||
    letter === UPPER_I ||
    letter === LOWER_Q ||
    letter === UPPER_Q ||
    letter === LOWER_R ||
    letter === LOWER_S ||
    letter === LOWER_X
  );
}

/** The closing delimiter of a `%` literal opened with `open`: brackets pair, anything else closes itself. */
function closingDelimiter(open: number): number {
  if (open === OPEN_PAREN) return CLOSE_PAREN;
  if (open === OPEN_BRACKET) return CLOSE_BRACKET;
  if (open === OPEN_BRACE) return CLOSE_BRACE;
  if (open === LESS) return GREATER;
  return open;
}

/** `%w[…]`, `%i(…)`, `%q{…}`, `%Q|…|`, `%r{…}`, `%(…)`: bracket delimiters nest. */
function tryPercentLiteral(state: LexerState): boolean {
  const text = state.text;
  const length = state.length;
  let cursor = state.position + 1;
  const typed = isPercentType(text.charCodeAt(cursor));
  if (typed) cursor++;
  const open = text.charCodeAt(cursor);
  const bracket = open === OPEN_PAREN || open === OPEN_BRACKET || open === OPEN_BRACE || open === LESS;
  if (!typed) {
    // A bare `%(…)` only where a value may start (not `a % (b)`).
    const lastKind = state.lastKind;
    const lastCode = state.lastCode;
    const valueBefore =
      lastKind === IDENTIFIER ||
      lastKind === NUMBER ||
      lastKind === STRING ||
      (lastKind === PUNCTUATION &&
        (lastCode === CLOSE_PAREN || lastCode === CLOSE_BRACKET || lastCode === CLOSE_BRACE));
    if (
      !bracket ||
      (valueBefore && !(lastKind === IDENTIFIER && state.spaced && text.charCodeAt(cursor + 1) !== SPACE))
    )
      return false;
  } else if (Number.isNaN(open) || open <= SPACE || isIdentifierPart(open, false)) {
    return false;
  }
  const close = closingDelimiter(open);
  cursor++;
  let depth = 1;
  while (cursor < length) {
    const code = text.charCodeAt(cursor);
    if (code === BACKSLASH) {
      cursor += 2;
      continue;
    }
    if (code === LINE_FEED) {
      state.line++;
      state.lineStart = cursor + 1;
    } else if (code === close) {
      if (--depth === 0) {
        cursor++;
        break;
      }
    } else if (bracket && code === open) {
      depth++;
    }
    cursor++;
  }
  state.position = Math.min(cursor, length);
  return true;
}
