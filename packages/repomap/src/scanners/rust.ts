/**
 * Rust scanner: items at module level and inside `mod`, `impl` and `trait` blocks — functions and
 * methods (scoped by the impl's self type or the trait), struct/enum/union/trait/impl, struct fields,
 * modules, consts (constants), statics (variables), type aliases and `macro_rules!`. Function and macro bodies are skipped whole.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import {
  type AngleRules,
  closeBlock,
  type HeaderRules,
  scanHeader,
  skipAngleList,
  skipBody,
  skipToSemicolon,
} from './brace-blocks.js';
import {
  BANG,
  CLOSE_BRACE,
  COLON,
  COMMA,
  HASH,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  SEMICOLON,
} from './character-codes.js';
import { addDefinition, pushDefinition } from './definitions.js';
import {
  isIdentifier,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  punctuationCode,
  STRING,
  signatureOf,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'as',
  'async',
  'await',
  'break',
  'const',
  'continue',
  'crate',
  'dyn',
  'else',
  'enum',
  'extern',
  'false',
  'fn',
  'for',
  'if',
  'impl',
  'in',
  'let',
  'loop',
  'match',
  'mod',
  'move',
  'mut',
  'pub',
  'ref',
  'return',
  'self',
  'static',
  'struct',
  'super',
  'trait',
  'true',
  'type',
  'unsafe',
  'use',
  'where',
  'while',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  nestedBlockComments: true,
  rustLiterals: true,
  keywords: KEYWORDS,
};

/** Words allowed before an item's keyword. */
const QUALIFIERS = new Set(['pub', 'const', 'async', 'unsafe', 'extern', 'default', 'safe']);

interface Frame {
  kind: 'module' | 'impl' | 'trait';
  /** What members are scoped by: the module name, the impl's self type or the trait name. */
  scope: string | undefined;
  definition: Definition | undefined;
}

/** Scans Rust source. */
export function scanRust(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const stack: Frame[] = [{ kind: 'module', scope: undefined, definition: undefined }];
  let index = 0;
  while (index < tokens.count) {
    if (isPunctuation(tokens, index, CLOSE_BRACE)) {
      closeBlock(tokens, index, stack);
      index++;
      continue;
    }
    const next = parseItem(tokens, index, stack, definitions);
    index = Math.max(next, index + 1);
  }
  return { definitions, references: tokens.references };
}

/** Skips attributes `#[…]` and `#![…]`. */
function skipAttributes(tokens: TokenList, index: number): number {
  while (isPunctuation(tokens, index, HASH)) {
    let open = index + 1;
    if (isPunctuation(tokens, open, BANG)) open++;
    if (!isPunctuation(tokens, open, OPEN_BRACKET)) return index;
    index = skipGroup(tokens, open, tokens.count);
  }
  return index;
}

/** Rust type lists hold `Fn(A) -> B` and `[T; N]`; `->` is no closing `>`, and a `}` does not end them. */
const RUST_ANGLES: AngleRules = { stepOverGroups: true, closeBraceEnds: false, arrowIsNotClose: true };

function skipAngles(tokens: TokenList, open: number): number {
  return skipAngleList(tokens, open, RUST_ANGLES);
}

/** Rust headers hold `#[…]` attributes and `[T; N]` arrays; bodies are always blocks. */
const HEADER_RULES: HeaderRules = { skipAngles, bracketGroups: true, arrowBodies: false };

function parseItem(tokens: TokenList, index: number, stack: Frame[], definitions: Definition[]): number {
  const frame = stack[stack.length - 1]!;
  index = skipAttributes(tokens, index);
  const start = index;
  while (isIdentifier(tokens, index) && QUALIFIERS.has(tokenText(tokens, index))) {
    const word = tokenText(tokens, index);
    // `const NAME` is an item keyword, not a qualifier; `const fn`/`const unsafe fn` qualify.
    if (word === 'const' && !isIdentifier(tokens, index + 1)) break;
    if (word === 'const' && !QUALIFIERS.has(tokenText(tokens, index + 1)) && !isWord(tokens, index + 1, 'fn'))
      break;
    index++;
    if (word === 'pub' && isPunctuation(tokens, index, OPEN_PAREN))
      index = skipGroup(tokens, index, tokens.count);
    if (word === 'extern' && tokens.kinds[index] === STRING) index++;
  }
  if (!isIdentifier(tokens, index)) {
    if (index > start && isPunctuation(tokens, index, OPEN_BRACE)) {
      // `extern "C" { … }`: its foreign items belong to the enclosing module.
      stack.push({ kind: 'module', scope: frame.scope, definition: undefined });
      return index + 1;
    }
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === OPEN_BRACE || punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET) {
      return skipGroup(tokens, index, tokens.count);
    }
    return index + 1;
  }
  const keyword = tokenText(tokens, index);
  const nameIndex = index + 1;
  const scope = frame.scope;
  switch (keyword) {
    case 'fn': {
      if (!isIdentifier(tokens, nameIndex)) return nameIndex;
      const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
      const kind: DefinitionKind = frame.kind === 'module' ? 'function' : 'method';
      const definition = addDefinition(definitions, tokens, nameIndex, kind, start, header.last, scope);
      return skipBody(tokens, header, definition);
    }
    case 'struct':
    case 'enum':
    case 'union': {
      if (!isIdentifier(tokens, nameIndex)) return nameIndex;
      if (
        keyword === 'union' &&
        !(isPunctuation(tokens, nameIndex + 1, OPEN_BRACE) || isPunctuation(tokens, nameIndex + 1, LESS))
      ) {
        return nameIndex;
      }
      const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
      const definition = addDefinition(definitions, tokens, nameIndex, keyword, start, header.last, scope);
      if (header.body < 0) return header.resume;
      const end = skipGroup(tokens, header.body, tokens.count);
      definition.endLine = tokens.lines[end - 1]!;
      if (keyword !== 'enum') parseFields(tokens, header.body, end - 1, definition.name, definitions);
      return end;
    }
    case 'trait': {
      if (!isIdentifier(tokens, nameIndex)) return nameIndex;
      const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
      const definition = addDefinition(definitions, tokens, nameIndex, 'trait', start, header.last, scope);
      if (header.body < 0) return header.resume;
      stack.push({ kind: 'trait', scope: definition.name, definition });
      return header.body + 1;
    }
    case 'impl': {
      const header = scanHeader(tokens, nameIndex, HEADER_RULES);
      const self = implSelfType(tokens, nameIndex, header.body >= 0 ? header.body : header.last + 1);
      if (self === undefined) return header.resume;
      // Named by its self type, but placed on the `impl` keyword's line.
      const definition = pushDefinition(
        definitions,
        tokenText(tokens, self),
        'impl',
        tokens.lines[index]!,
        signatureOf(tokens, start, header.last),
        scope,
      );
      if (header.body < 0) return header.resume;
      stack.push({ kind: 'impl', scope: definition.name, definition });
      return header.body + 1;
    }
    case 'mod': {
      if (!isIdentifier(tokens, nameIndex)) return nameIndex;
      const definition = addDefinition(definitions, tokens, nameIndex, 'module', start, nameIndex, scope);
      if (isPunctuation(tokens, nameIndex + 1, OPEN_BRACE)) {
        stack.push({ kind: 'module', scope: definition.name, definition });
        return nameIndex + 2;
      }
      return nameIndex + 1;
    }
    case 'const':
    case 'static': {
      let name = nameIndex;
      if (isWord(tokens, name, 'mut')) name++;
      if (!isIdentifier(tokens, name) || tokenText(tokens, name) === '_')
        return skipToSemicolon(tokens, name);
      const end = skipToSemicolon(tokens, name + 1);
      const equals = findEquals(tokens, name + 1, end);
      addDefinition(
        definitions,
        tokens,
        name,
        keyword === 'static' ? 'variable' : 'constant',
        start,
        equals - 1,
        scope,
      );
      return end;
    }
    case 'type': {
      if (!isIdentifier(tokens, nameIndex)) return nameIndex;
      const end = skipToSemicolon(tokens, nameIndex + 1);
      const last = isPunctuation(tokens, end - 1, SEMICOLON) ? end - 2 : end - 1;
      addDefinition(definitions, tokens, nameIndex, 'type', start, Math.min(last, nameIndex + 40), scope);
      return end;
    }
    case 'macro_rules': {
      if (!isPunctuation(tokens, nameIndex, BANG) || !isIdentifier(tokens, nameIndex + 1)) return nameIndex;
      const definition = addDefinition(
        definitions,
        tokens,
        nameIndex + 1,
        'macro',
        start,
        nameIndex + 1,
        scope,
      );
      const body = nameIndex + 2;
      const punctuation = punctuationCode(tokens, body);
      if (punctuation !== OPEN_BRACE && punctuation !== OPEN_PAREN && punctuation !== OPEN_BRACKET)
        return body;
      const end = skipGroup(tokens, body, tokens.count);
      definition.endLine = tokens.lines[end - 1]!;
      return end;
    }
    case 'use':
      return skipToSemicolon(tokens, nameIndex);
    default: {
      // A macro call at item level (`thread_local! { … }`) or stray code: step over it.
      if (isPunctuation(tokens, nameIndex, BANG)) {
        const punctuation = punctuationCode(tokens, nameIndex + 1);
        if (punctuation === OPEN_BRACE || punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET) {
          return skipGroup(tokens, nameIndex + 1, tokens.count);
        }
      }
      return index + 1;
    }
  }
}

/** Index of the first `=` at depth 0 between `from` and `to`, or `to`. */
function findEquals(tokens: TokenList, from: number, to: number): number {
  for (let index = from; index < to; index++) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === 61) return index;
    if (punctuation === LESS) index = skipAngles(tokens, index) - 1;
    else if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET)
      index = skipGroup(tokens, index, to) - 1;
  }
  return isPunctuation(tokens, to - 1, SEMICOLON) ? to - 1 : to;
}

/** The self type of `impl<…> Trait for Type<…>` or `impl<…> Type<…>`: the last path segment before its generics. */
function implSelfType(tokens: TokenList, index: number, end: number): number | undefined {
  if (isPunctuation(tokens, index, LESS)) index = skipAngles(tokens, index);
  let typeStart = index;
  for (let cursor = index; cursor < end; cursor++) {
    if (isWord(tokens, cursor, 'where')) {
      end = cursor;
      break;
    }
    if (isWord(tokens, cursor, 'for')) typeStart = cursor + 1;
    else if (isPunctuation(tokens, cursor, LESS)) cursor = skipAngles(tokens, cursor) - 1;
    else if (isPunctuation(tokens, cursor, OPEN_PAREN) || isPunctuation(tokens, cursor, OPEN_BRACKET)) {
      cursor = skipGroup(tokens, cursor, end) - 1;
    }
  }
  let name: number | undefined;
  for (let cursor = typeStart; cursor < end; cursor++) {
    if (isPunctuation(tokens, cursor, LESS)) break;
    if (isIdentifier(tokens, cursor) && !KEYWORDS.has(tokenText(tokens, cursor))) name = cursor;
  }
  if (name !== undefined || typeStart === index) return name;
  // `impl Debug for !`: a self type without a name; the trait names the block.
  for (let cursor = index; cursor < typeStart - 1; cursor++) {
    if (isPunctuation(tokens, cursor, LESS)) break;
    if (isIdentifier(tokens, cursor) && !KEYWORDS.has(tokenText(tokens, cursor))) name = cursor;
  }
  return name;
}

/** Named fields `name: Type` directly inside a struct or union body. */
function parseFields(
  tokens: TokenList,
  open: number,
  close: number,
  scope: string,
  definitions: Definition[],
): void {
  if (!isPunctuation(tokens, open, OPEN_BRACE)) return;
  let index = open + 1;
  let fieldStart = index;
  let atFieldStart = true;
  while (index < close) {
    if (atFieldStart) {
      index = skipAttributes(tokens, index);
      fieldStart = index;
      atFieldStart = false;
    }
    if (index >= close) break;
    if (isWord(tokens, index, 'pub')) {
      index++;
      if (isPunctuation(tokens, index, OPEN_PAREN)) index = skipGroup(tokens, index, close);
      continue;
    }
    if (
      isIdentifier(tokens, index) &&
      isPunctuation(tokens, index + 1, COLON) &&
      !isPunctuation(tokens, index + 2, COLON)
    ) {
      let end = index + 2;
      while (end < close && !isPunctuation(tokens, end, COMMA)) {
        const punctuation = punctuationCode(tokens, end);
        if (punctuation === LESS) end = skipAngles(tokens, end);
        else if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET || punctuation === OPEN_BRACE) {
          end = skipGroup(tokens, end, close);
        } else end++;
      }
      addDefinition(definitions, tokens, index, 'field', fieldStart, end - 1, scope);
      index = end + 1;
      atFieldStart = true;
      continue;
    }
    index++;
  }
}
