/**
 * The lexer's explicit state: where it is in the text, what the last token was, and the few
 * language-specific stacks (template holes, pending heredocs). One {@link LexerState} per `lex`
 * call; the skippers in `lexer-*.ts` take it and advance {@link LexerState.position}.
 */

import { BACKSLASH } from './character-codes.js';
import {
  FIRST_ON_LINE,
  growTokenList,
  IN_DIRECTIVE,
  PUNCTUATION,
  SPACE_BEFORE,
  type TokenBuffers,
  type TokenList,
} from './token-list.js';

/**
 * How one language writes comments, strings and names. Every rule is off unless set, so a language
 * names only the rules it uses.
 */
export interface LexerOptions {
  /** `//` line comments and `/* *\/` block comments (every language but Python and Ruby). */
  cComments?: boolean;
  /** `#` starts a line comment (Python, Ruby). */
  hashComments?: boolean;
  /** Block comments nest (Rust). */
  nestedBlockComments?: boolean;
  /** `$` may appear in identifiers (JavaScript, Java). */
  dollarIdentifiers?: boolean;
  /** Python string prefixes and triple-quoted strings. */
  pythonStrings?: boolean;
  /** JavaScript template literals (whose `${}` holes are code) and regular-expression literals. */
  javascriptLiterals?: boolean;
  /** Backquoted raw strings spanning lines (Go). */
  backquoteRawStrings?: boolean;
  /** Rust raw strings `r#"…"#`, byte strings, and `'a'` characters versus `'a` lifetimes. */
  rustLiterals?: boolean;
  /** `"""` text blocks (Java). */
  textBlocks?: boolean;
  /**
   * C/C++: `#` directives (to the end of the line, `\\` continuing it) whose tokens carry
   * {@link IN_DIRECTIVE}; `R"delim(…)delim"` raw strings; `'` digit separators in numbers.
   */
  cPreprocessor?: boolean;
  /**
   * Ruby: `=begin`/`=end` comments, heredocs, `%w[…]`-style literals, interpolated strings,
   * `name?`/`name!` method names, `?c` characters, `$"`-style globals and `__END__`.
   */
  rubyLiterals?: boolean;
  /**
   * C#: verbatim `@"…"`, interpolated `$"…{hole}…"` (holes skipped with their nested strings),
   * raw `"""…"""` strings, and `#if`/`#region` directive lines read as comments.
   */
  csharpLiterals?: boolean;
  /** Words that are never references (reserved keywords). */
  keywords: ReadonlySet<string>;
}

/** A Ruby heredoc whose body starts on the next line. */
export interface PendingHeredoc {
  terminator: string;
  /** `<<~` or `<<-`: the terminator may be indented. */
  indented: boolean;
}

/** The mutable state of one `lex` call. */
export class LexerState {
  readonly text: string;
  readonly length: number;
  readonly tokens: TokenList;
  /** Where {@link growTokenList} leaves the larger arrays for the next file. */
  readonly buffers: TokenBuffers;
  /** Offset of the next character to read. */
  position = 0;
  /** Offset, line and column where the token being read starts (set before each token). */
  start = 0;
  startLine = 1;
  startColumn = 0;
  /** 1-based line of {@link position}. */
  line = 1;
  /** Offset of the first character of the current line (columns count from it). */
  lineStart = 0;
  /** No token yet on the current line. */
  firstOnLine = true;
  /** Whitespace or a comment since the last token. */
  spaced = false;
  /** Kind of the last token (0 before the first). */
  lastKind = 0;
  /** Character of the last token when it was punctuation, else 0. */
  lastCode = 0;
  /** C preprocessor: inside a directive line. */
  inDirective = false;
  /** C preprocessor: the line so far ends with `\`, so the directive continues on the next line. */
  continued = false;
  /** A failed regular-expression attempt scanned up to here; attempts starting before it fail at once. */
  regexFailedUntil = -1;
  /** JavaScript: the stack of open `{` counts inside each template `${` hole. */
  readonly templateDepths: number[] = [];
  /** Ruby: heredoc terminators whose bodies start on the next line. */
  readonly heredocs: PendingHeredoc[] = [];

  constructor(tokens: TokenList, buffers: TokenBuffers) {
    this.text = tokens.text;
    this.length = tokens.text.length;
    this.tokens = tokens;
    this.buffers = buffers;
  }
}

/** Records a token; the flags come from the state (first on its line, spaced, in a directive). */
export function push(
  state: LexerState,
  kind: number,
  start: number,
  end: number,
  startLine: number,
  startColumn: number,
): void {
  const tokens = state.tokens;
  if (tokens.count === tokens.kinds.length) growTokenList(tokens, state.buffers);
  const index = tokens.count++;
  tokens.kinds[index] = kind;
  tokens.flags[index] =
    (state.firstOnLine ? FIRST_ON_LINE : 0) |
    (state.spaced ? SPACE_BEFORE : 0) |
    (state.inDirective ? IN_DIRECTIVE : 0);
  tokens.starts[index] = start;
  tokens.ends[index] = end;
  tokens.lines[index] = startLine;
  tokens.columns[index] = startColumn;
  state.firstOnLine = false;
  state.spaced = false;
  const code = kind === PUNCTUATION ? state.text.charCodeAt(start) : 0;
  state.continued = code === BACKSLASH;
  state.lastKind = kind;
  state.lastCode = code;
}

/** Records the token being read: from {@link LexerState.start} to the current position. */
export function emit(state: LexerState, kind: number): void {
  push(state, kind, state.start, state.position, state.startLine, state.startColumn);
}

/** The source text of the last token pushed. */
export function lastTokenText(state: LexerState): string {
  const tokens = state.tokens;
  return state.text.slice(tokens.starts[tokens.count - 1], tokens.ends[tokens.count - 1]);
}

/** Counts the line break at `at` (the next line starts just past it). */
export function newLine(state: LexerState, at: number): void {
  state.line++;
  state.lineStart = at + 1;
}

/** Skips to the end of the line (not past its line feed): a line comment or directive. */
export function skipToLineEnd(state: LexerState): void {
  const end = state.text.indexOf('\n', state.position);
  state.position = end < 0 ? state.length : end;
  state.spaced = true;
}
