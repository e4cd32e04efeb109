/**
 * The shared lexer under every scanner: one left-to-right pass that skips comments and string
 * contents, counts identifier references, and records tokens in flat typed arrays (no object per
 * token) for the language's declaration parser. Every loop advances the position, so the pass is
 * linear in the input and cannot throw on malformed text.
 *
 * This file holds the main loop, which dispatches on the character at the position; the state it
 * advances is a {@link LexerState} (`lexer-state.ts`), the token arrays live in `token-list.ts`, and
 * each language's literal and comment skippers in its own `lexer-<language>.ts` (shared ones in
 * `lexer-literals.ts`).
 */

import { isDigit, isIdentifierPart, isIdentifierStart, isUnicodeSpace } from './character-classes.js';
import {
  BACKQUOTE,
  CARRIAGE_RETURN,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  DOT,
  DOUBLE_QUOTE,
  FORM_FEED,
  GREATER,
  HASH,
  HIGH_SURROGATE_FIRST,
  HIGH_SURROGATE_LAST,
  LINE_FEED,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  SINGLE_QUOTE,
  SLASH,
  SPACE,
  STAR,
  TAB,
  VERTICAL_TAB,
} from './character-codes.js';
import { mayStartRawString, startDirective, tryCppRawString } from './lexer-c.js';
import { lexCSharpLiteral } from './lexer-csharp.js';
import { isJsxApostrophe, lexJavaScriptPunctuation, skipTemplate } from './lexer-javascript.js';
import { skipBlockComment, skipQuoted, skipUntil } from './lexer-literals.js';
import { isPythonPrefix, skipPythonString, tryPrefixedPythonString } from './lexer-python.js';
import { lexRubyLiteral, rubyMethodNameEnd, skipHeredocBodies } from './lexer-ruby.js';
import { lexRustQuote, mayStartRustPrefix, tryPrefixedRustString } from './lexer-rust.js';
import { emit, type LexerOptions, LexerState, push, skipToLineEnd } from './lexer-state.js';
import {
  blankLookaheadMargin,
  FIRST_ON_LINE,
  IDENTIFIER,
  NUMBER,
  openTokenList,
  PUNCTUATION,
  SPACE_BEFORE,
  STRING,
  sharedBuffers,
  type TokenBuffers,
  type TokenList,
} from './token-list.js';

export type { LexerOptions } from './lexer-state.js';
export {
  DIRECTIVE_START,
  FIRST_ON_LINE,
  IDENTIFIER,
  IN_DIRECTIVE,
  NUMBER,
  PUNCTUATION,
  SPACE_BEFORE,
  STRING,
  type TokenList,
} from './token-list.js';

/** {@link LexerOptions} resolved to plain booleans, read for every token. */
interface LexerRules {
  readonly cComments: boolean;
  readonly hashComments: boolean;
  readonly nestedBlockComments: boolean;
  readonly dollar: boolean;
  readonly pythonStrings: boolean;
  readonly javascriptLiterals: boolean;
  readonly backquoteRawStrings: boolean;
  readonly rustLiterals: boolean;
  readonly textBlocks: boolean;
  readonly cPreprocessor: boolean;
  readonly rubyLiterals: boolean;
  readonly csharpLiterals: boolean;
  /** Some string prefix looks like the start of a name (Python, C++ raw strings, Rust). */
  readonly prefixedStrings: boolean;
}

function resolveRules(options: LexerOptions): LexerRules {
  return {
    cComments: options.cComments === true,
    hashComments: options.hashComments === true,
    nestedBlockComments: options.nestedBlockComments === true,
    dollar: options.dollarIdentifiers === true,
    pythonStrings: options.pythonStrings === true,
    javascriptLiterals: options.javascriptLiterals === true,
    backquoteRawStrings: options.backquoteRawStrings === true,
    rustLiterals: options.rustLiterals === true,
    textBlocks: options.textBlocks === true,
    cPreprocessor: options.cPreprocessor === true,
    rubyLiterals: options.rubyLiterals === true,
    csharpLiterals: options.csharpLiterals === true,
    prefixedStrings:
      options.pythonStrings === true || options.cPreprocessor === true || options.rustLiterals === true,
  };
}

/** A mutable reference count; one map lookup per identifier finds and bumps it. */
interface Counter {
  count: number;
}

/** The counter cell of every keyword: never incremented, never reported. */
const KEYWORD: Counter = { count: 0 };

/**
 * Lexes `text` with the rules of one language. Never throws: unterminated strings end at the line
 * end (or the file end for multi-line forms), stray characters become punctuation. The tokens are
 * written into `buffers` (by default the thread's shared ones), valid until the next call with them.
 */
export function lex(text: string, options: LexerOptions, buffers: TokenBuffers = sharedBuffers): TokenList {
  const tokens = openTokenList(text, buffers);
  const state = new LexerState(tokens, buffers);
  const rules = resolveRules(options);
  // Keywords map to a sentinel cell, so they cost the same one lookup as any name.
  const counters = new Map<string, Counter>();
  for (const keyword of options.keywords) counters.set(keyword, KEYWORD);
  const length = text.length;
  // Options as boolean locals: the main loop tests them for every character.
  const {
    cComments,
    cPreprocessor,
    csharpLiterals,
    rubyLiterals,
    hashComments,
    dollar,
    javascriptLiterals,
    prefixedStrings,
  } = rules;

  if (text.startsWith('#!')) {
    while (state.position < length && text.charCodeAt(state.position) !== LINE_FEED) state.position++;
  }

  while (state.position < length) {
    const position = state.position;
    const code = text.charCodeAt(position);
    if (code === LINE_FEED) {
      endLine(state);
      continue;
    }
    if (isSpace(code)) {
      // A whole run of spaces at once (indentation is most of a file's whitespace).
      let end = position + 1;
      while (end < length && isSpace(text.charCodeAt(end))) end++;
      state.position = end;
      state.spaced = true;
      continue;
    }
    state.start = position;
    state.startLine = state.line;
    state.startColumn = position - state.lineStart;

    if (cComments && code === SLASH && trySkipCComment(state, rules.nestedBlockComments)) continue;
    if (cPreprocessor && code === HASH && state.firstOnLine && !state.inDirective) {
      startDirective(state);
      continue;
    }
    if (csharpLiterals && lexCSharpLiteral(state, code)) continue;
    if (rubyLiterals && lexRubyLiteral(state, code)) continue;
    if (hashComments && code === HASH) {
      skipToLineEnd(state);
      continue;
    }
    if (isIdentifierStart(code, dollar)) {
      // Names are most tokens: read here, in the loop, rather than in a function of their own.
      if (prefixedStrings && tryPrefixedString(state, code, rules)) continue;
      let end = position + 1;
      while (end < length && isIdentifierPart(text.charCodeAt(end), dollar)) end++;
      if (rubyLiterals) end = rubyMethodNameEnd(text, end);
      state.position = end;
      push(state, IDENTIFIER, position, end, state.startLine, state.startColumn);
      const word = text.slice(position, end);
      const counter = counters.get(word);
      if (counter === undefined) counters.set(word, { count: 1 });
      else if (counter !== KEYWORD) counter.count++;
      continue;
    }
    if (isDigit(code) || (code === DOT && isDigit(text.charCodeAt(position + 1)))) {
      lexNumber(state, cPreprocessor);
      continue;
    }
    if (code === SINGLE_QUOTE && javascriptLiterals && isJsxApostrophe(state)) {
      state.position++;
      emit(state, PUNCTUATION);
      continue;
    }
    if (code === DOUBLE_QUOTE || code === SINGLE_QUOTE) {
      lexQuoted(state, code, rules);
      continue;
    }
    if (code === BACKQUOTE) {
      lexBackquote(state, rules);
      continue;
    }
    if (javascriptLiterals && lexJavaScriptPunctuation(state, code)) continue;

    state.position++;
    // Keep a surrogate pair together so no token splits a character.
    if (code >= HIGH_SURROGATE_FIRST && code <= HIGH_SURROGATE_LAST && state.position < length)
      state.position++;
    emit(state, PUNCTUATION);
  }
  blankLookaheadMargin(tokens, buffers, state.line);
  const references = tokens.references;
  for (const [word, counter] of counters)
    if (counter !== KEYWORD) references.set(detachString(word), counter.count);
  return tokens;
}

/** Space, tab, carriage return, form feed, vertical tab or a Unicode space (line feeds end lines instead). */
function isSpace(code: number): boolean {
  return (
    code === SPACE ||
    code === TAB ||
    code === CARRIAGE_RETURN ||
    code === FORM_FEED ||
    code === VERTICAL_TAB ||
    (code >= 0xa0 && isUnicodeSpace(code))
  );
}

/**
 * Past the line feed at the position: a new line starts (a directive ends unless its line ended
 * with `\`), and pending Ruby heredoc bodies are skipped.
 */
function endLine(state: LexerState): void {
  state.line++;
  state.position++;
  state.lineStart = state.position;
  state.firstOnLine = true;
  state.spaced = true;
  if (!state.continued) state.inDirective = false;
  state.continued = false;
  if (state.heredocs.length > 0) skipHeredocBodies(state);
}

/** At a `/`: skips a `//` line or `/* *\/` block comment and returns true, or returns false for any other `/`. */
function trySkipCComment(state: LexerState, nested: boolean): boolean {
  const next = state.text.charCodeAt(state.position + 1);
  if (next === SLASH) {
    skipToLineEnd(state);
    return true;
  }
  if (next === STAR) {
    state.position += 2;
    skipBlockComment(state, nested);
    return true;
  }
  return false;
}

/**
 * A string whose prefix looks like a name (Python `r"…"` `f'…'` `b"""…"""`, C++ `R"(…)"`, Rust
 * `b"…"` `r#"…"#` `br"…"`); returns whether it recorded one.
 */
function tryPrefixedString(state: LexerState, code: number, rules: LexerRules): boolean {
  return (
    (rules.pythonStrings && isPythonPrefix(code) && tryPrefixedPythonString(state)) ||
    (rules.cPreprocessor && mayStartRawString(code) && tryCppRawString(state)) ||
    (rules.rustLiterals && mayStartRustPrefix(code) && tryPrefixedRustString(state, code))
  );
}

/** A numeric literal: digits, letters (`0x1f`, `1e5`, `10u`), inner `.` before a digit, C++14 `1'000`. */
function lexNumber(state: LexerState, digitSeparators: boolean): void {
  const text = state.text;
  const length = state.length;
  let position = state.position + 1;
  while (position < length) {
    const inner = text.charCodeAt(position);
    if (isIdentifierPart(inner, false) || (inner === DOT && isDigit(text.charCodeAt(position + 1)))) {
      position++;
    } else if (
      inner === SINGLE_QUOTE &&
      digitSeparators &&
      isIdentifierPart(text.charCodeAt(position + 1), false)
    ) {
      position++;
    } else break;
  }
  state.position = position;
  emit(state, NUMBER);
}

/** A `"…"` or `'…'` literal: Python's (maybe triple-quoted), Java's `"""` text block, Rust's character or lifetime. */
function lexQuoted(state: LexerState, quote: number, rules: LexerRules): void {
  if (rules.pythonStrings) {
    skipPythonString(state, quote);
  } else {
    state.position++;
    if (rules.textBlocks && quote === DOUBLE_QUOTE && state.text.startsWith('""', state.position)) {
      state.position += 2;
      skipUntil(state, '"""', true);
    } else if (rules.rustLiterals && quote === SINGLE_QUOTE) {
      lexRustQuote(state);
      return;
    } else {
      skipQuoted(state, quote, false);
    }
  }
  emit(state, STRING);
}

/** A "`": a JavaScript template literal, a Go raw string, or plain punctuation elsewhere. */
function lexBackquote(state: LexerState, rules: LexerRules): void {
  state.position++;
  if (rules.javascriptLiterals) {
    skipTemplate(state);
    emit(state, STRING);
  } else if (rules.backquoteRawStrings) {
    skipUntil(state, '`', false);
    emit(state, STRING);
  } else {
    emit(state, PUNCTUATION);
  }
}

/** V8 shares the characters of substrings this long with their parent string instead of copying. */
const SHARED_SUBSTRING_LENGTH = 13;

/**
 * A copy of `value` that does not keep its parent string alive. Names and signatures are slices of
 * a whole file's text; a scan result kept in memory (or a cache) must not pin every file it came from.
 */
export function detachString(value: string): string {
  // Concatenating then slicing flattens into a fresh string of just these characters.
  return value.length < SHARED_SUBSTRING_LENGTH ? value : `${value} `.slice(0, -1);
}

/** The token's source text. */
export function tokenText(tokens: TokenList, index: number): string {
  return tokens.text.slice(tokens.starts[index], tokens.ends[index]);
}

/** The character of token `index` when it is punctuation; 0 for any other token or past the last one. */
export function punctuationCode(tokens: TokenList, index: number): number {
  return index < tokens.count && tokens.kinds[index] === PUNCTUATION
    ? tokens.text.charCodeAt(tokens.starts[index]!)
    : 0;
}

/** Whether token `index` is an identifier (or keyword); false past the last token. */
export function isIdentifier(tokens: TokenList, index: number): boolean {
  return index < tokens.count && tokens.kinds[index] === IDENTIFIER;
}

/** Whether token `index` is the one-character punctuation `char`. */
export function isPunctuation(tokens: TokenList, index: number, char: number): boolean {
  return (
    index < tokens.count &&
    tokens.kinds[index] === PUNCTUATION &&
    tokens.text.charCodeAt(tokens.starts[index]!) === char
  );
}

/** Whether token `index` is the identifier or keyword `word`. */
export function isWord(tokens: TokenList, index: number, word: string): boolean {
  if (index >= tokens.count || tokens.kinds[index] !== IDENTIFIER) return false;
  const start = tokens.starts[index]!;
  return tokens.ends[index]! - start === word.length && tokens.text.startsWith(word, start);
}

/** How far a declaration header (parameters, return type, bounds) may run before a scanner gives up on it. */
export const MAX_HEADER_TOKENS = 1024;

/** Type-parameter lists are short; a `<` that does not close within this many tokens is an operator. */
export const MAX_ANGLE_TOKENS = 256;

/** Longest signature kept, in characters; longer headers end with an ellipsis. */
export const MAX_SIGNATURE_LENGTH = 200;

/**
 * The source of tokens `from`..`to` (inclusive) on one line: any run of whitespace or comments
 * between tokens becomes one space. Bounded by {@link MAX_SIGNATURE_LENGTH}.
 */
export function signatureOf(tokens: TokenList, from: number, to: number): string {
  const last = Math.min(to, tokens.count - 1);
  if (last < from) return '';
  const text = tokens.text;
  const start = tokens.starts[from]!;
  // Fast path, the common case: tokens separated by nothing or one space, no line breaks inside —
  // the header is then one slice of the source (no per-token strings to collect).
  let end = start;
  let plain = true;
  for (let index = from; index <= last && plain; index++) {
    const tokenStart = tokens.starts[index]!;
    const gap = tokenStart - end;
    if (index > from && gap !== 0 && !(gap === 1 && text.charCodeAt(end) === SPACE)) plain = false;
    end = tokens.ends[index]!;
    if (end - start > MAX_SIGNATURE_LENGTH) break;
  }
  if (plain) {
    const raw = text.slice(start, end);
    if (!raw.includes('\n') && !raw.includes('\r')) {
      return raw.length > MAX_SIGNATURE_LENGTH ? `${raw.slice(0, MAX_SIGNATURE_LENGTH)}…` : raw;
    }
  }
  const pieces: string[] = [];
  let length = 0;
  for (let index = from; index <= last; index++) {
    if (index > from && (tokens.flags[index]! & (SPACE_BEFORE | FIRST_ON_LINE)) !== 0) {
      pieces.push(' ');
      length++;
    }
    let piece = text.slice(
      tokens.starts[index],
      Math.min(tokens.ends[index]!, tokens.starts[index]! + MAX_SIGNATURE_LENGTH),
    );
    // A multi-line string in a header (rare) must not break the one-line form.
    if (piece.includes('\n') || piece.includes('\r')) piece = piece.replace(/\s+/g, ' ');
    pieces.push(piece);
    length += piece.length;
    if (length > MAX_SIGNATURE_LENGTH) return `${pieces.join('').slice(0, MAX_SIGNATURE_LENGTH)}…`;
  }
  return pieces.join('');
}

/** Index of the token after the bracket group opened at `open` (`(`, `[`, `{` or `<`), or `limit`. */
export function skipGroup(tokens: TokenList, open: number, limit: number): number {
  const text = tokens.text;
  const opener = text.charCodeAt(tokens.starts[open]!);
  const closer =
    opener === OPEN_PAREN
      ? CLOSE_PAREN
      : opener === OPEN_BRACKET
        ? CLOSE_BRACKET
        : opener === OPEN_BRACE
          ? CLOSE_BRACE
          : GREATER;
  let depth = 0;
  for (let index = open; index < limit; index++) {
    if (tokens.kinds[index] !== PUNCTUATION) continue;
    const code = text.charCodeAt(tokens.starts[index]!);
    if (code === opener) depth++;
    else if (code === closer && --depth === 0) return index + 1;
  }
  return limit;
}
