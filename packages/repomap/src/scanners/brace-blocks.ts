/**
 * Moving through the declarations of the brace-and-semicolon languages whose members are read
 * token by token (Java, C#, Rust): reading a header up to its body, skipping to a declaration's
 * `;`, stepping over text no rule recognises, and closing a block's frame at its `}` (which the
 * TypeScript scanner shares; C's own `closeFrame` also ends trailing declarators, so it stays apart).
 */
import type { Definition } from '../types.js';
import {
  CLOSE_BRACE,
  EQUALS,
  GREATER,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  SEMICOLON,
} from './character-codes.js';
import { MAX_ANGLE_TOKENS, MAX_HEADER_TOKENS, punctuationCode, skipGroup, type TokenList } from './lexer.js';

/** How one language's `<…>` type lists end; the languages differ in exactly these three points. */
export interface AngleRules {
  /** `(…)` and `[…]` inside the list are stepped over whole (C# tuples, Rust `Fn(A) -> B`, arrays). */
  stepOverGroups: boolean;
  /** A `}` ends the list (Java, C#); in Rust it does not. */
  closeBraceEnds: boolean;
  /** `->` is an arrow, not a closing `>` (Rust). */
  arrowIsNotClose: boolean;
}

const MINUS = 45;

/**
 * Skips a `<…>` list starting at `open` and returns the index after its `>`; stops early (returning
 * that index) at `;`, `{` or, where the rules say so, `}`. Gives up after MAX_ANGLE_TOKENS tokens and
 * treats the `<` as a comparison.
 */
export function skipAngleList(tokens: TokenList, open: number, rules: AngleRules): number {
  let depth = 0;
  const limit = Math.min(tokens.count, open + MAX_ANGLE_TOKENS);
  for (let index = open; index < limit; index++) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === LESS) depth++;
    else if (punctuation === GREATER) {
      if (
        rules.arrowIsNotClose &&
        punctuationCode(tokens, index - 1) === MINUS &&
        tokens.ends[index - 1] === tokens.starts[index]
      )
        continue;
      if (--depth === 0) return index + 1;
    } else if (rules.stepOverGroups && (punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET)) {
      index = skipGroup(tokens, index, limit) - 1;
    } else if (
      punctuation === SEMICOLON ||
      punctuation === OPEN_BRACE ||
      (rules.closeBraceEnds && punctuation === CLOSE_BRACE)
    ) {
      return index;
    }
  }
  return open + 1;
}

/** What one language's headers may contain beyond parentheses. */
export interface HeaderRules {
  /** The language's own `<…>` skipper: each closes its lists on different tokens. */
  skipAngles: (tokens: TokenList, open: number) => number;
  /** `[…]` is a group to step over whole (Rust and C# attributes and arrays; Java has only `[]`). */
  bracketGroups: boolean;
  /** `=>` starts an expression body (C#). */
  arrowBodies: boolean;
}

/** Where a header ends. */
export interface Header {
  /** The last token of the header proper (before the body, `=>` or `;`). */
  last: number;
  /** The body's `{` (or the `=` of `=>`), or -1 when the declaration has none. */
  body: number;
  /** Whether {@link body} is an expression body `=> …;`. */
  arrow: boolean;
  /** Where parsing resumes when there is no body: past the `;`, or at a `}` that closes the enclosing block. */
  resume: number;
}

/** From just after a declared name to its `{` body, `=>` (where the rules allow it) or `;`. */
export function scanHeader(tokens: TokenList, index: number, rules: HeaderRules): Header {
  const { skipAngles, bracketGroups, arrowBodies } = rules;
  const limit = Math.min(tokens.count, index + MAX_HEADER_TOKENS);
  let last = index - 1;
  while (index < limit) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === OPEN_BRACE) return { last, body: index, arrow: false, resume: index };
    if (arrowBodies && punctuation === EQUALS && punctuationCode(tokens, index + 1) === GREATER)
      return { last, body: index, arrow: true, resume: index };
    if (punctuation === SEMICOLON) return { last, body: -1, arrow: false, resume: index + 1 };
    if (punctuation === CLOSE_BRACE) return { last, body: -1, arrow: false, resume: index };
    if (punctuation === LESS) {
      index = skipAngles(tokens, index);
      last = index - 1;
      continue;
    }
    if (punctuation === OPEN_PAREN || (bracketGroups && punctuation === OPEN_BRACKET)) {
      index = skipGroup(tokens, index, tokens.count);
      last = index - 1;
      continue;
    }
    last = index;
    index++;
  }
  return { last, body: -1, arrow: false, resume: index };
}

/** Past a body (`{…}`) or an expression body (`=> …;`), ending the definition (if any) on its last line. */
export function skipBody(tokens: TokenList, header: Header, definition?: Definition): number {
  if (header.body < 0) return header.resume;
  const end = header.arrow
    ? skipToSemicolon(tokens, header.body + 2)
    : skipGroup(tokens, header.body, tokens.count);
  if (definition) definition.endLine = tokens.lines[end - 1]!;
  return end;
}

/** To past the `;` ending a declaration, stepping over bracketed groups (not past a `}` that closes the enclosing block). */
export function skipToSemicolon(tokens: TokenList, index: number): number {
  while (index < tokens.count) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === SEMICOLON) return index + 1;
    if (punctuation === CLOSE_BRACE) return index;
    if (punctuation === OPEN_BRACE || punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET) {
      index = skipGroup(tokens, index, tokens.count);
      continue;
    }
    index++;
  }
  return index;
}

/** Past unrecognised member text: one token, or one whole bracketed group. */
export function stepOver(tokens: TokenList, index: number): number {
  const punctuation = punctuationCode(tokens, index);
  if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACE || punctuation === OPEN_BRACKET) {
    return skipGroup(tokens, index, tokens.count);
  }
  return index + 1;
}

/**
 * At the `}` at `index`: pops the innermost block's frame (never the outermost, the file's, which a
 * stray `}` must not close) and ends its definition on that line.
 */
export function closeBlock(
  tokens: TokenList,
  index: number,
  stack: { definition: Definition | undefined }[],
): void {
  if (stack.length <= 1) return;
  const frame = stack.pop()!;
  if (frame.definition) frame.definition.endLine = tokens.lines[index]!;
}
