/**
 * The lexer's output: tokens of one file as parallel typed arrays (no object per token), and the
 * one piece of state kept between files — {@link TokenBuffers}, the arrays the next file reuses.
 *
 * State kept here, on purpose and bounded: one {@link TokenBuffers} per thread (module-level,
 * {@link sharedBuffers}). It grows to the largest file's token count and never shrinks; it holds
 * positions only, never text, so a scan leaks nothing from one file into the next (the lexer blanks a
 * margin past each file's last token, and a property test checks that results do not depend on what
 * was scanned before).
 */

/** A name, keyword or contextual keyword. */
export const IDENTIFIER = 1;
/** One punctuation character (multi-character operators are consecutive tokens). */
export const PUNCTUATION = 2;
/** A whole string, character or regular-expression literal. */
export const STRING = 3;
/** A numeric literal. */
export const NUMBER = 4;

/** Bit in {@link TokenList.flags}: the token is the first of its physical line. */
export const FIRST_ON_LINE = 1;
/** Bit in {@link TokenList.flags}: whitespace or a comment separates the token from the previous one. */
export const SPACE_BEFORE = 2;
/** Bit in {@link TokenList.flags}: the token belongs to a C preprocessor directive. */
export const IN_DIRECTIVE = 4;
/** Bit in {@link TokenList.flags}: the `#` that starts a C preprocessor directive. */
export const DIRECTIVE_START = 8;

/** The typed arrays of a {@link TokenList}, reusable from one file to the next. */
export interface TokenBuffers {
  /** {@link IDENTIFIER}, {@link PUNCTUATION}, {@link STRING} or {@link NUMBER} per token. */
  kinds: Uint8Array;
  /** {@link FIRST_ON_LINE}, {@link SPACE_BEFORE}, {@link IN_DIRECTIVE}, {@link DIRECTIVE_START} bits. */
  flags: Uint8Array;
  /** Offset of the token's first character in `text`. */
  starts: Int32Array;
  /** Offset just past the token's last character. */
  ends: Int32Array;
  /** 1-based line of the token's first character. */
  lines: Int32Array;
  /** 0-based column of the token's first character (tabs count as one). */
  columns: Int32Array;
}

/**
 * Tokens of one file as parallel arrays (valid until the next `lex` call, which reuses them),
 * plus the reference counts gathered on the way.
 */
export interface TokenList extends TokenBuffers {
  /** The scanned source. */
  readonly text: string;
  /** How many tokens there are (the arrays are longer; entries past `count` are blank). */
  count: number;
  /** Identifier counts outside comments and strings, keywords excluded. */
  references: Map<string, number>;
}

const INITIAL_CAPACITY = 4096;
/** Tokens blanked past the end of each file; parsers look at most a few tokens ahead. */
const LOOKAHEAD_MARGIN = 16;

/** Fresh, empty buffers of the initial capacity. */
export function createTokenBuffers(): TokenBuffers {
  return {
    kinds: new Uint8Array(INITIAL_CAPACITY),
    flags: new Uint8Array(INITIAL_CAPACITY),
    starts: new Int32Array(INITIAL_CAPACITY),
    ends: new Int32Array(INITIAL_CAPACITY),
    lines: new Int32Array(INITIAL_CAPACITY),
    columns: new Int32Array(INITIAL_CAPACITY),
  };
}

/**
 * Token arrays shared by successive `lex` calls: scanning many files one after another then
 * allocates (and garbage-collects) nothing per token, which keeps the pass fast and its memory flat.
 * Scanning is synchronous, so one set per thread suffices; a TokenList is valid until the next call.
 */
export const sharedBuffers: TokenBuffers = createTokenBuffers();

/** An empty token list over `text` that writes into `buffers`. */
export function openTokenList(text: string, buffers: TokenBuffers): TokenList {
  return {
    text,
    count: 0,
    kinds: buffers.kinds,
    flags: buffers.flags,
    starts: buffers.starts,
    ends: buffers.ends,
    lines: buffers.lines,
    columns: buffers.columns,
    references: new Map(),
  };
}

/** Doubles the arrays of `tokens` (keeping their contents) and makes `buffers` the larger ones. */
export function growTokenList(tokens: TokenList, buffers: TokenBuffers): void {
  const capacity = tokens.kinds.length * 2;
  const kinds = new Uint8Array(capacity);
  kinds.set(tokens.kinds);
  tokens.kinds = kinds;
  const flags = new Uint8Array(capacity);
  flags.set(tokens.flags);
  tokens.flags = flags;
  for (const key of ['starts', 'ends', 'lines', 'columns'] as const) {
    const next = new Int32Array(capacity);
    next.set(tokens[key]);
    tokens[key] = next;
  }
  buffers.kinds = tokens.kinds;
  buffers.flags = tokens.flags;
  buffers.starts = tokens.starts;
  buffers.ends = tokens.ends;
  buffers.lines = tokens.lines;
  buffers.columns = tokens.columns;
}

/**
 * The arrays are reused across calls: blanks a margin past the last token so that a parser's
 * short lookahead beyond the end reads "no token", never a previous file's tokens.
 */
export function blankLookaheadMargin(tokens: TokenList, buffers: TokenBuffers, lastLine: number): void {
  while (tokens.count + LOOKAHEAD_MARGIN > tokens.kinds.length) growTokenList(tokens, buffers);
  const marginEnd = tokens.count + LOOKAHEAD_MARGIN;
  const length = tokens.text.length;
  tokens.kinds.fill(0, tokens.count, marginEnd);
  tokens.flags.fill(0, tokens.count, marginEnd);
  tokens.starts.fill(length, tokens.count, marginEnd);
  tokens.ends.fill(length, tokens.count, marginEnd);
  tokens.lines.fill(lastLine, tokens.count, marginEnd);
  tokens.columns.fill(0, tokens.count, marginEnd);
}
