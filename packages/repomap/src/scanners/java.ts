/**
 * Java scanner: classes, interfaces, enums (with their constants), records, annotation types,
 * methods, constructors and fields, nested types scoped by their enclosing type. Method bodies,
 * initializer blocks and field initializers (anonymous classes included) are skipped whole.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import {
  type AngleRules,
  closeBlock,
  type HeaderRules,
  scanHeader,
  skipAngleList,
  skipBody,
  stepOver,
} from './brace-blocks.js';
import {
  AT,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  DOT,
  EQUALS,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  SEMICOLON,
} from './character-codes.js';
import { addDefinition } from './definitions.js';
import {
  isIdentifier,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  punctuationCode,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'abstract',
  'assert',
  'boolean',
  'break',
  'byte',
  'case',
  'catch',
  'char',
  'class',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extends',
  'final',
  'finally',
  'float',
  'for',
  'goto',
  'if',
  'implements',
  'import',
  'instanceof',
  'int',
  'interface',
  'long',
  'native',
  'new',
  'package',
  'private',
  'protected',
  'public',
  'return',
  'short',
  'static',
  'strictfp',
  'super',
  'switch',
  'synchronized',
  'this',
  'throw',
  'throws',
  'transient',
  'try',
  'void',
  'volatile',
  'while',
  'true',
  'false',
  'null',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  dollarIdentifiers: true,
  textBlocks: true,
  keywords: KEYWORDS,
};

const MODIFIERS = new Set([
  'public',
  'protected',
  'private',
  'static',
  'final',
  'abstract',
  'sealed',
  'strictfp',
  'default',
  'synchronized',
  'native',
  'transient',
  'volatile',
]);

const TYPE_KEYWORDS = new Set(['class', 'interface', 'enum', 'record']);

interface Frame {
  kind: 'file' | 'class' | 'interface' | 'enum' | 'record';
  name: string | undefined;
  definition: Definition | undefined;
  /** Enums begin with their constants, up to the first `;`. */
  inEnumConstants: boolean;
}

/** Scans Java source. */
export function scanJava(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const stack: Frame[] = [{ kind: 'file', name: undefined, definition: undefined, inEnumConstants: false }];
  let index = 0;
  while (index < tokens.count) {
    const frame = stack[stack.length - 1]!;
    if (isPunctuation(tokens, index, CLOSE_BRACE)) {
      closeBlock(tokens, index, stack);
      index++;
      continue;
    }
    const next = frame.inEnumConstants
      ? parseEnumConstant(tokens, index, frame, definitions)
      : parseMember(tokens, index, frame, stack, definitions);
    index = Math.max(next, index + 1);
  }
  return { definitions, references: tokens.references };
}

/** Skips annotations `@A`, `@a.b.C(…)` (but not `@interface`). */
function skipAnnotations(tokens: TokenList, index: number): number {
  while (
    isPunctuation(tokens, index, AT) &&
    isIdentifier(tokens, index + 1) &&
    !isWord(tokens, index + 1, 'interface')
  ) {
    index += 2;
    while (isPunctuation(tokens, index, DOT) && isIdentifier(tokens, index + 1)) index += 2;
    if (isPunctuation(tokens, index, OPEN_PAREN)) index = skipGroup(tokens, index, tokens.count);
  }
  return index;
}

/** Java type lists hold no parenthesised or bracketed groups, and a `}` ends them. */
const JAVA_ANGLES: AngleRules = { stepOverGroups: false, closeBraceEnds: true, arrowIsNotClose: false };

function skipAngles(tokens: TokenList, open: number): number {
  return skipAngleList(tokens, open, JAVA_ANGLES);
}

/** Java headers hold `[]` only, and no expression bodies. */
const HEADER_RULES: HeaderRules = { skipAngles, bracketGroups: false, arrowBodies: false };

/** A type: `a.b.C<…>[]…` possibly annotated; returns the index after it, or `index` when there is none. */
function skipType(tokens: TokenList, index: number): number {
  index = skipAnnotations(tokens, index);
  if (!isIdentifier(tokens, index)) return index;
  index++;
  for (;;) {
    if (isPunctuation(tokens, index, LESS)) index = skipAngles(tokens, index);
    else if (isPunctuation(tokens, index, DOT) && !isPunctuation(tokens, index + 1, DOT)) {
      index = skipAnnotations(tokens, index + 1);
      if (!isIdentifier(tokens, index)) return index;
      index++;
    } else if (
      isPunctuation(tokens, index, OPEN_BRACKET) &&
      isPunctuation(tokens, index + 1, CLOSE_BRACKET)
    ) {
      index += 2;
    } else if (isPunctuation(tokens, index, DOT)) {
      // Varargs `...`.
      while (isPunctuation(tokens, index, DOT)) index++;
    } else {
      return index;
    }
  }
}

function parseEnumConstant(
  tokens: TokenList,
  index: number,
  frame: Frame,
  definitions: Definition[],
): number {
  const punctuation = punctuationCode(tokens, index);
  if (punctuation === SEMICOLON) {
    frame.inEnumConstants = false;
    return index + 1;
  }
  if (punctuation === COMMA) return index + 1;
  index = skipAnnotations(tokens, index);
  if (!isIdentifier(tokens, index)) return index + 1;
  const nameIndex = index;
  index++;
  if (isPunctuation(tokens, index, OPEN_PAREN)) index = skipGroup(tokens, index, tokens.count);
  addDefinition(definitions, tokens, nameIndex, 'constant', nameIndex, index - 1, frame.name);
  if (isPunctuation(tokens, index, OPEN_BRACE)) index = skipGroup(tokens, index, tokens.count);
  return index;
}

function parseMember(
  tokens: TokenList,
  index: number,
  frame: Frame,
  stack: Frame[],
  definitions: Definition[],
): number {
  const first = punctuationCode(tokens, index);
  if (first === SEMICOLON) return index + 1;
  index = skipAnnotations(tokens, index);
  const start = index;
  while (isIdentifier(tokens, index)) {
    const word = tokenText(tokens, index);
    if (MODIFIERS.has(word)) {
      index++;
    } else if (
      word === 'non' &&
      punctuationCode(tokens, index + 1) === 45 &&
      isWord(tokens, index + 2, 'sealed')
    ) {
      index += 3;
    } else {
      break;
    }
    index = skipAnnotations(tokens, index);
  }
  if (frame.kind === 'file' && (isWord(tokens, index, 'package') || isWord(tokens, index, 'import'))) {
    while (index < tokens.count && !isPunctuation(tokens, index, SEMICOLON)) index++;
    return index + 1;
  }
  if (isPunctuation(tokens, index, OPEN_BRACE)) return skipGroup(tokens, index, tokens.count);
  const scope = frame.name;
  // Type declarations.
  const isAnnotationType = isPunctuation(tokens, index, AT) && isWord(tokens, index + 1, 'interface');
  const typeKeyword = isAnnotationType
    ? 'interface'
    : isIdentifier(tokens, index)
      ? tokenText(tokens, index)
      : '';
  if (
    isAnnotationType ||
    (TYPE_KEYWORDS.has(typeKeyword) &&
      isIdentifier(tokens, index + 1) &&
      (typeKeyword !== 'record' ||
        isPunctuation(tokens, index + 2, OPEN_PAREN) ||
        isPunctuation(tokens, index + 2, LESS)))
  ) {
    const nameIndex = isAnnotationType ? index + 2 : index + 1;
    if (!isIdentifier(tokens, nameIndex)) return nameIndex;
    const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
    const kind: DefinitionKind =
      typeKeyword === 'enum' ? 'enum' : typeKeyword === 'interface' ? 'interface' : 'class';
    const definition = addDefinition(definitions, tokens, nameIndex, kind, start, header.last, scope);
    if (header.body < 0) return header.resume;
    stack.push({
      kind:
        typeKeyword === 'enum' || typeKeyword === 'interface' || typeKeyword === 'record'
          ? typeKeyword
          : 'class',
      name: definition.name,
      definition,
      inEnumConstants: typeKeyword === 'enum',
    });
    return header.body + 1;
  }
  if (frame.kind === 'file') return index + 1;
  // Generic method type parameters.
  if (isPunctuation(tokens, index, LESS)) index = skipAngles(tokens, index);
  // Constructor: `Name(` matching the enclosing type; compact record constructor: `Name {`.
  if (isIdentifier(tokens, index) && tokenText(tokens, index) === frame.name) {
    const isCompact = frame.kind === 'record' && isPunctuation(tokens, index + 1, OPEN_BRACE);
    if (isPunctuation(tokens, index + 1, OPEN_PAREN) || isCompact) {
      const header = isCompact
        ? { last: index, body: index + 1, arrow: false, resume: index + 1 }
        : scanHeader(tokens, index + 1, HEADER_RULES);
      const definition = addDefinition(definitions, tokens, index, 'constructor', start, header.last, scope);
      return skipBody(tokens, header, definition);
    }
  }
  const afterType = skipType(tokens, index);
  if (afterType === index || !isIdentifier(tokens, afterType)) {
    return stepOver(tokens, index);
  }
  const nameIndex = afterType;
  if (isPunctuation(tokens, nameIndex + 1, OPEN_PAREN)) {
    const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
    const definition = addDefinition(definitions, tokens, nameIndex, 'method', start, header.last, scope);
    return skipBody(tokens, header, definition);
  }
  // Fields: `Type a = 1, b[] = {…}, c;`
  let cursor = nameIndex;
  let declaratorStart = start;
  while (isIdentifier(tokens, cursor)) {
    const name = cursor;
    cursor++;
    while (isPunctuation(tokens, cursor, OPEN_BRACKET) && isPunctuation(tokens, cursor + 1, CLOSE_BRACKET))
      cursor += 2;
    const end = skipInitializer(tokens, cursor);
    const signatureEnd = isPunctuation(tokens, cursor, EQUALS) ? cursor - 1 : end - 1;
    addDefinition(definitions, tokens, name, 'field', declaratorStart, Math.max(signatureEnd, name), scope);
    if (!isPunctuation(tokens, end, COMMA)) return isPunctuation(tokens, end, SEMICOLON) ? end + 1 : end;
    cursor = end + 1;
    declaratorStart = cursor;
  }
  return cursor;
}

/** To the `,` or `;` ending a field declarator (bracketed groups, array initializers, anonymous classes skipped). */
function skipInitializer(tokens: TokenList, index: number): number {
  while (index < tokens.count) {
    const punctuation = punctuationCode(tokens, index);
    if (punctuation === SEMICOLON || punctuation === CLOSE_BRACE) return index;
    // A `,` inside type arguments (`new HashMap<K, V>()`) does not start another declarator.
    if (punctuation === COMMA && isDeclaratorStart(tokens, index + 1)) return index;
    if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACE || punctuation === OPEN_BRACKET) {
      index = skipGroup(tokens, index, tokens.count);
      continue;
    }
    index++;
  }
  return index;
}

function isDeclaratorStart(tokens: TokenList, index: number): boolean {
  if (!isIdentifier(tokens, index)) return false;
  const punctuation = punctuationCode(tokens, index + 1);
  return (
    punctuation === EQUALS ||
    punctuation === COMMA ||
    punctuation === SEMICOLON ||
    punctuation === OPEN_BRACKET
  );
}
