/**
 * Go scanner: functions, methods (scoped by receiver type), type declarations (struct, interface,
 * alias, generic), struct fields and interface methods, and const/var declarations including
 * grouped `( … )` blocks. Function bodies are skipped whole.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  COMMA,
  DOT,
  EQUALS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
} from './character-codes.js';
import { pushDefinition } from './definitions.js';
import {
  FIRST_ON_LINE,
  IDENTIFIER,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  MAX_HEADER_TOKENS,
  NUMBER,
  punctuationCode,
  STRING,
  signatureOf,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'break',
  'case',
  'chan',
  'const',
  'continue',
  'default',
  'defer',
  'else',
  'fallthrough',
  'for',
  'func',
  'go',
  'goto',
  'if',
  'import',
  'interface',
  'map',
  'package',
  'range',
  'return',
  'select',
  'struct',
  'switch',
  'type',
  'var',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  backquoteRawStrings: true,
  keywords: KEYWORDS,
};

/** Scans Go source. */
export function scanGo(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const count = tokens.count;
  let index = 0;
  while (index < count) {
    if (tokens.kinds[index] === IDENTIFIER && isDeclarationStart(tokens, index)) {
      const keyword = tokenText(tokens, index);
      if (keyword === 'func') {
        index = parseFunction(tokens, index, definitions);
        continue;
      }
      if (keyword === 'type' || keyword === 'const' || keyword === 'var') {
        index = parseDeclaration(tokens, index, keyword, definitions);
        continue;
      }
    }
    const code = punctuationCode(tokens, index);
    // Anything else at top level (package, import, stray code) is stepped over group by group.
    index = code === OPEN_BRACE || code === OPEN_PAREN ? skipGroup(tokens, index, count) : index + 1;
  }
  return { definitions, references: tokens.references };
}

/** Top-level declarations start a line (Go's formatting is uniform; a stray `func` mid-line is an expression). */
function isDeclarationStart(tokens: TokenList, index: number): boolean {
  return (tokens.flags[index]! & FIRST_ON_LINE) !== 0 || index === 0 || isPunctuation(tokens, index - 1, 59);
}

/** Go reuses one signature for every name of a grouped spec (`a, b int`), so it passes it ready-made. */
function add(
  definitions: Definition[],
  tokens: TokenList,
  name: number,
  kind: DefinitionKind,
  signature: string,
  scope?: string,
): Definition {
  return pushDefinition(definitions, tokenText(tokens, name), kind, tokens.lines[name]!, signature, scope);
}

/** `func Name…`, `func (r *T) Name…`; returns the index after the body (or header). */
function parseFunction(tokens: TokenList, start: number, definitions: Definition[]): number {
  let index = start + 1;
  let receiver: string | undefined;
  if (isPunctuation(tokens, index, OPEN_PAREN)) {
    const close = skipGroup(tokens, index, Math.min(tokens.count, index + MAX_HEADER_TOKENS));
    receiver = receiverType(tokens, index + 1, close - 1);
    index = close;
  }
  if (tokens.kinds[index] !== IDENTIFIER) return index;
  const nameIndex = index;
  const header = scanSignatureEnd(tokens, nameIndex + 1);
  const definition = add(
    definitions,
    tokens,
    nameIndex,
    receiver !== undefined ? 'method' : 'function',
    signatureOf(tokens, start, header.last),
    receiver,
  );
  if (header.body < 0) return header.last + 1;
  const end = skipGroup(tokens, header.body, tokens.count);
  definition.endLine = tokens.lines[end - 1]!;
  return end;
}

/** The receiver's base type name: the last identifier outside brackets, e.g. `Set` in `(s *Set[T])`. */
function receiverType(tokens: TokenList, from: number, to: number): string | undefined {
  let name: string | undefined;
  let depth = 0;
  for (let index = from; index < to; index++) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === OPEN_BRACKET) depth++;
    else if (punctuation === CLOSE_BRACKET) depth--;
    else if (depth === 0 && tokens.kinds[index] === IDENTIFIER) name = tokenText(tokens, index);
  }
  return name;
}

/**
 * Walks a function header after its name: type parameters, parameters, results. Stops at the body's
 * `{` (a `{` right after `struct`/`interface` is a type literal) or at the end of the line.
 */
function scanSignatureEnd(tokens: TokenList, index: number): { last: number; body: number } {
  const limit = Math.min(tokens.count, index + MAX_HEADER_TOKENS);
  let last = index - 1;
  while (index < limit) {
    if ((tokens.flags[index]! & FIRST_ON_LINE) !== 0 && !isContinuation(tokens, index - 1)) break;
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === OPEN_BRACE) {
      if (isWord(tokens, index - 1, 'struct') || isWord(tokens, index - 1, 'interface')) {
        index = skipGroup(tokens, index, tokens.count);
        last = index - 1;
        continue;
      }
      return { last, body: index };
    }
    if (punctuation === 59 || punctuation === CLOSE_BRACE) break;
    if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET) {
      index = skipGroup(tokens, index, tokens.count);
      last = index - 1;
      continue;
    }
    last = index;
    index++;
  }
  return { last, body: -1 };
}

/** Whether a line ending in token `index` continues on the next (Go's semicolon insertion rule, inverted). */
function isContinuation(tokens: TokenList, index: number): boolean {
  if (index < 0) return false;
  const kind = tokens.kinds[index];
  if (kind === STRING || kind === NUMBER) return false;
  if (kind === IDENTIFIER) return false;
  const punctuation = punctuationCode(tokens, index);
  return !(
    punctuation === CLOSE_PAREN ||
    punctuation === CLOSE_BRACKET ||
    punctuation === CLOSE_BRACE ||
    punctuation === 59
  );
}

/** `type`, `const` or `var`, single or grouped. */
function parseDeclaration(
  tokens: TokenList,
  start: number,
  keyword: string,
  definitions: Definition[],
): number {
  const index = start + 1;
  if (!isPunctuation(tokens, index, OPEN_PAREN)) return parseSpec(tokens, index, start, keyword, definitions);
  const close = skipGroup(tokens, index, tokens.count);
  let cursor = index + 1;
  while (cursor < close - 1) {
    const isSpecStart =
      tokens.kinds[cursor] === IDENTIFIER &&
      (cursor === index + 1 ||
        (tokens.flags[cursor]! & FIRST_ON_LINE) !== 0 ||
        isPunctuation(tokens, cursor - 1, 59)) &&
      !isContinuation(tokens, cursor - 1);
    if (isSpecStart || (cursor === index + 1 && tokens.kinds[cursor] === IDENTIFIER)) {
      cursor = Math.max(parseSpec(tokens, cursor, cursor, keyword, definitions, close - 1), cursor + 1);
      continue;
    }
    const punctuation = punctuationCode(tokens, cursor);
    cursor =
      punctuation === OPEN_BRACE || punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET
        ? skipGroup(tokens, cursor, close)
        : cursor + 1;
  }
  return close;
}

/**
 * One spec: `Name[TypeParams] Type` for types, `a, b Type = values` for const/var. `from` is where
 * the signature begins (the keyword for an ungrouped spec). Returns where parsing resumes.
 */
function parseSpec(
  tokens: TokenList,
  index: number,
  from: number,
  keyword: string,
  definitions: Definition[],
  limit = tokens.count,
): number {
  if (tokens.kinds[index] !== IDENTIFIER) return index;
  if (keyword === 'type') {
    const nameIndex = index;
    let cursor = index + 1;
    if (isPunctuation(tokens, cursor, OPEN_BRACKET) && isTypeParameterList(tokens, cursor)) {
      cursor = skipGroup(tokens, cursor, limit);
    }
    if (isPunctuation(tokens, cursor, EQUALS)) cursor++;
    const name = tokenText(tokens, nameIndex);
    let kind: DefinitionKind = 'type';
    if (isWord(tokens, cursor, 'struct')) kind = 'struct';
    else if (isWord(tokens, cursor, 'interface')) kind = 'interface';
    if (kind !== 'type' && isPunctuation(tokens, cursor + 1, OPEN_BRACE)) {
      const definition = add(definitions, tokens, nameIndex, kind, signatureOf(tokens, from, cursor));
      const end = skipGroup(tokens, cursor + 1, limit);
      definition.endLine = tokens.lines[end - 1]!;
      parseMembers(tokens, cursor + 1, end - 1, kind, name, definitions);
      return end;
    }
    const end = skipLine(tokens, cursor, limit);
    add(definitions, tokens, nameIndex, 'type', signatureOf(tokens, from, end - 1));
    return end;
  }
  const names: number[] = [];
  const cursor = collectNames(tokens, index, names);
  // From the last name: a spec that is only names (`B` in an iota group) ends at its own line.
  const end = skipLine(tokens, cursor, limit);
  const signature = signatureOf(tokens, from, end - 1);
  for (const nameIndex of names) {
    if (tokenText(tokens, nameIndex) === '_') continue;
    add(definitions, tokens, nameIndex, keyword === 'const' ? 'constant' : 'variable', signature);
  }
  return end;
}

/**
 * Collects the names of a list `a, b, c` starting at `index` into `names`; returns where the list
 * stops: its last name, the token after a comma not followed by a name, or `index` when it is no name.
 */
function collectNames(tokens: TokenList, index: number, names: number[]): number {
  let cursor = index;
  while (tokens.kinds[cursor] === IDENTIFIER) {
    names.push(cursor);
    if (!isPunctuation(tokens, cursor + 1, COMMA)) break;
    cursor += 2;
  }
  return cursor;
}

/** `[T any]`, `[K comparable, V any]` rather than an array length `[N]` or `[]`. */
function isTypeParameterList(tokens: TokenList, open: number): boolean {
  if (tokens.kinds[open + 1] !== IDENTIFIER) return false;
  const after = open + 2;
  return (
    !isPunctuation(tokens, after, CLOSE_BRACKET) &&
    !isPunctuation(tokens, after, DOT) &&
    punctuationCode(tokens, after) !== 43
  );
}

/** To the end of a spec: the next line that does not continue this one, skipping bracketed groups. */
function skipLine(tokens: TokenList, index: number, limit: number): number {
  const first = index;
  while (index < limit) {
    if (index > first && (tokens.flags[index]! & FIRST_ON_LINE) !== 0 && !isContinuation(tokens, index - 1))
      return index;
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === 59) return index + 1;
    if (punctuation === CLOSE_PAREN || punctuation === CLOSE_BRACE) return index;
    if (punctuation === OPEN_BRACE || punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET) {
      index = skipGroup(tokens, index, limit);
      continue;
    }
    index++;
  }
  return index;
}

/** Struct fields (`A, B int`; embedded types are not definitions) and interface methods (`Read(p []byte) …`). */
function parseMembers(
  tokens: TokenList,
  open: number,
  close: number,
  kind: DefinitionKind,
  scope: string,
  definitions: Definition[],
): void {
  let index = open + 1;
  while (index < close) {
    const lineStart =
      tokens.kinds[index] === IDENTIFIER &&
      ((tokens.flags[index]! & FIRST_ON_LINE) !== 0 ||
        index === open + 1 ||
        isPunctuation(tokens, index - 1, 59));
    if (lineStart) {
      const end = skipLine(tokens, index, close);
      if (kind === 'interface') {
        if (isPunctuation(tokens, index + 1, OPEN_PAREN)) {
          add(definitions, tokens, index, 'method', signatureOf(tokens, index, end - 1), scope);
        }
      } else {
        const names: number[] = [];
        const cursor = collectNames(tokens, index, names);
        const typeStart = cursor + 1;
        const isEmbedded =
          typeStart >= end || isPunctuation(tokens, typeStart, DOT) || tokens.kinds[typeStart] === STRING;
        if (!isEmbedded) {
          const signature = signatureOf(tokens, index, lastBeforeTag(tokens, index, end - 1));
          for (const nameIndex of names) add(definitions, tokens, nameIndex, 'field', signature, scope);
        }
      }
      index = Math.max(end, index + 1);
      continue;
    }
    const punctuation = punctuationCode(tokens, index);
    index =
      punctuation === OPEN_BRACE || punctuation === OPEN_PAREN ? skipGroup(tokens, index, close) : index + 1;
  }
}

/** A field's signature stops before its struct tag string. */
function lastBeforeTag(tokens: TokenList, from: number, last: number): number {
  return last > from && tokens.kinds[last] === STRING ? last - 1 : last;
}
