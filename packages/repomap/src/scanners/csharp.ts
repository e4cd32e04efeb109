/**
 * C# scanner: namespaces (block and file-scoped), classes, structs, interfaces, records, enums
 * (with members), delegates, methods, constructors, properties, events, fields and operators,
 * nested types scoped by their enclosing type. Bodies, accessors and initializers are skipped whole.
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
  stepOver,
} from './brace-blocks.js';
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DOT,
  EQUALS,
  GREATER,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  QUESTION,
  SEMICOLON,
  STAR,
  TILDE,
} from './character-codes.js';
import { addDefinition } from './definitions.js';
import {
  isIdentifier,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  punctuationCode,
  signatureOf,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'abstract',
  'as',
  'base',
  'bool',
  'break',
  'byte',
  'case',
  'catch',
  'char',
  'checked',
  'class',
  'const',
  'continue',
  'decimal',
  'default',
  'delegate',
  'do',
  'double',
  'else',
  'enum',
  'event',
  'explicit',
  'extern',
  'false',
  'finally',
  'fixed',
  'float',
  'for',
  'foreach',
  'goto',
  'if',
  'implicit',
  'in',
  'int',
  'interface',
  'internal',
  'is',
  'lock',
  'long',
  'namespace',
  'new',
  'null',
  'object',
  'operator',
  'out',
  'override',
  'params',
  'private',
  'protected',
  'public',
  'readonly',
  'ref',
  'return',
  'sbyte',
  'sealed',
  'short',
  'sizeof',
  'stackalloc',
  'static',
  'string',
  'struct',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'uint',
  'ulong',
  'unchecked',
  'unsafe',
  'ushort',
  'using',
  'virtual',
  'void',
  'volatile',
  'while',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  csharpLiterals: true,
  keywords: KEYWORDS,
};

const MODIFIERS = new Set([
  'public',
  'private',
  'protected',
  'internal',
  'static',
  'readonly',
  'const',
  'volatile',
  'virtual',
  'override',
  'abstract',
  'sealed',
  'extern',
  'unsafe',
  'new',
  'partial',
  'async',
  'fixed',
  'required',
  'file',
  'ref',
  'implicit',
  'explicit',
]);

const TYPE_KEYWORDS = new Set(['class', 'struct', 'interface', 'enum', 'record']);

interface Frame {
  kind: 'file' | 'namespace' | 'type' | 'enum';
  /** The enclosing type or namespace name members are scoped by. */
  name: string | undefined;
  /** The declaring type's own name (for constructors); undefined in namespaces. */
  typeName: string | undefined;
  definition: Definition | undefined;
}

/** Scans C# source. */
export function scanCSharp(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const stack: Frame[] = [{ kind: 'file', name: undefined, typeName: undefined, definition: undefined }];
  let index = 0;
  while (index < tokens.count) {
    const frame = stack[stack.length - 1]!;
    if (isPunctuation(tokens, index, CLOSE_BRACE)) {
      closeBlock(tokens, index, stack);
      index++;
      continue;
    }
    const next =
      frame.kind === 'enum'
        ? parseEnumMember(tokens, index, frame, definitions)
        : parseMember(tokens, index, frame, stack, definitions);
    index = Math.max(next, index + 1);
  }
  return { definitions, references: tokens.references };
}

/** Skips attribute sections `[Serializable]`, `[return: NotNull]`. */
function skipAttributes(tokens: TokenList, index: number): number {
  while (isPunctuation(tokens, index, OPEN_BRACKET)) index = skipGroup(tokens, index, tokens.count);
  return index;
}

/** C# type lists may hold `(…)` tuples and `[…]` arrays; a `}` ends them. */
const CSHARP_ANGLES: AngleRules = { stepOverGroups: true, closeBraceEnds: true, arrowIsNotClose: false };

function skipAngles(tokens: TokenList, open: number): number {
  return skipAngleList(tokens, open, CSHARP_ANGLES);
}

/** C# headers hold `[Attribute]` sections and arrays; `=> …;` is an expression body. */
const HEADER_RULES: HeaderRules = { skipAngles, bracketGroups: true, arrowBodies: true };

/** A type: `global::A.B<C>?[]*`, a tuple `(int a, int b)`; returns the index after it, or `index`. */
function skipType(tokens: TokenList, index: number): number {
  if (isPunctuation(tokens, index, OPEN_PAREN)) {
    index = skipGroup(tokens, index, tokens.count);
  } else {
    if (!isIdentifier(tokens, index)) return index;
    index++;
  }
  for (;;) {
    if (isPunctuation(tokens, index, LESS)) index = skipAngles(tokens, index);
    else if (
      (isPunctuation(tokens, index, DOT) ||
        (isPunctuation(tokens, index, COLON) && isPunctuation(tokens, index + 1, COLON))) &&
      isIdentifier(tokens, index + (isPunctuation(tokens, index, DOT) ? 1 : 2))
    ) {
      index += isPunctuation(tokens, index, DOT) ? 2 : 3;
    } else if (
      isPunctuation(tokens, index, OPEN_BRACKET) &&
      (isPunctuation(tokens, index + 1, CLOSE_BRACKET) || isPunctuation(tokens, index + 1, COMMA))
    ) {
      index = skipGroup(tokens, index, tokens.count);
    } else if (isPunctuation(tokens, index, QUESTION) || isPunctuation(tokens, index, STAR)) {
      index++;
    } else {
      return index;
    }
  }
}

function parseEnumMember(tokens: TokenList, index: number, frame: Frame, definitions: Definition[]): number {
  if (isPunctuation(tokens, index, COMMA)) return index + 1;
  index = skipAttributes(tokens, index);
  if (!isIdentifier(tokens, index)) return index + 1;
  const nameIndex = index;
  addDefinition(definitions, tokens, nameIndex, 'constant', nameIndex, nameIndex, frame.name);
  // Skip `= value` to the next `,` or the closing `}`.
  index++;
  while (
    index < tokens.count &&
    !isPunctuation(tokens, index, COMMA) &&
    !isPunctuation(tokens, index, CLOSE_BRACE)
  ) {
    const punctuation = punctuationCode(tokens, index);
    index =
      punctuation === OPEN_PAREN || punctuation === OPEN_BRACKET
        ? skipGroup(tokens, index, tokens.count)
        : index + 1;
  }
  return index;
}

/** Where a member's declaration starts (after its attributes) and the scope its definitions go in. */
interface MemberStart {
  /** Index of the declaration's first token (its signature starts here). */
  start: number;
  scope: string | undefined;
}

/** One declaration in a file, namespace or type body; returns the index after it. */
function parseMember(
  tokens: TokenList,
  index: number,
  frame: Frame,
  stack: Frame[],
  definitions: Definition[],
): number {
  if (isPunctuation(tokens, index, SEMICOLON)) return index + 1;
  index = skipAttributes(tokens, index);
  const member: MemberStart = { start: index, scope: frame.name };
  if (
    isWord(tokens, index, 'using') ||
    (isWord(tokens, index, 'global') && isWord(tokens, index + 1, 'using'))
  ) {
    return skipToSemicolon(tokens, index);
  }
  if (isWord(tokens, index, 'namespace')) return parseNamespace(tokens, index, frame, stack, definitions);
  while (isIdentifier(tokens, index) && MODIFIERS.has(tokenText(tokens, index))) index++;
  if (isPunctuation(tokens, index, OPEN_BRACE)) return skipGroup(tokens, index, tokens.count);
  const declared = parseTypeDeclaration(tokens, index, member, stack, definitions);
  if (declared !== undefined) return declared;
  if (frame.kind === 'file' || frame.kind === 'namespace') return stepOver(tokens, index);
  return parseTypeMember(tokens, index, member, frame, definitions);
}

/** `namespace A.B { … }` or file-scoped `namespace A.B;` at `index` (the keyword). */
function parseNamespace(
  tokens: TokenList,
  index: number,
  frame: Frame,
  stack: Frame[],
  definitions: Definition[],
): number {
  // Namespaces go by their full dotted name (`Acme.Shapes`), as C# code refers to them.
  const firstName = index + 1;
  let nameIndex = firstName;
  if (!isIdentifier(tokens, nameIndex)) return index + 1;
  while (isPunctuation(tokens, nameIndex + 1, DOT) && isIdentifier(tokens, nameIndex + 2)) nameIndex += 2;
  const name = signatureOf(tokens, firstName, nameIndex).replace(/\s+/g, '');
  const definition = addDefinition(
    definitions,
    tokens,
    firstName,
    'namespace',
    index,
    nameIndex,
    frame.name,
    name,
  );
  if (isPunctuation(tokens, nameIndex + 1, OPEN_BRACE)) {
    stack.push({ kind: 'namespace', name, typeName: undefined, definition });
    return nameIndex + 2;
  }
  // File-scoped `namespace A.B;`: everything after belongs to it.
  stack.push({ kind: 'namespace', name, typeName: undefined, definition: undefined });
  return nameIndex + 1;
}

/**
 * A type declaration (`record struct`, `record class` included) or a delegate at `index` (past the
 * modifiers); undefined when the tokens there are neither.
 */
function parseTypeDeclaration(
  tokens: TokenList,
  index: number,
  member: MemberStart,
  stack: Frame[],
  definitions: Definition[],
): number | undefined {
  const { start, scope } = member;
  let keywordIndex = index;
  if (
    isWord(tokens, index, 'record') &&
    (isWord(tokens, index + 1, 'struct') || isWord(tokens, index + 1, 'class'))
  )
    keywordIndex++;
  const keyword = isIdentifier(tokens, index) ? tokenText(tokens, index) : '';
  if (TYPE_KEYWORDS.has(keyword) && isIdentifier(tokens, keywordIndex + 1)) {
    const nameIndex = keywordIndex + 1;
    const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
    const kind: DefinitionKind =
      keyword === 'enum'
        ? 'enum'
        : keyword === 'interface'
          ? 'interface'
          : keyword === 'struct' || tokenText(tokens, keywordIndex) === 'struct'
            ? 'struct'
            : 'class';
    const definition = addDefinition(definitions, tokens, nameIndex, kind, start, header.last, scope);
    if (header.body < 0 || header.arrow) return header.resume;
    const name = definition.name;
    stack.push({ kind: keyword === 'enum' ? 'enum' : 'type', name, typeName: name, definition });
    return header.body + 1;
  }
  if (keyword === 'delegate') {
    const afterType = skipType(tokens, index + 1);
    if (!isIdentifier(tokens, afterType)) return index + 1;
    const header = scanHeader(tokens, afterType + 1, HEADER_RULES);
    addDefinition(definitions, tokens, afterType, 'type', start, header.last, scope);
    return header.resume;
  }
  return undefined;
}

/**
 * A member of a type body at `index` (past the modifiers): constructor, destructor, operator,
 * indexer, method, property, event or fields.
 */
function parseTypeMember(
  tokens: TokenList,
  index: number,
  member: MemberStart,
  frame: Frame,
  definitions: Definition[],
): number {
  const { start, scope } = member;
  // Constructor `Name(` and destructor `~Name(`.
  if (
    isPunctuation(tokens, index, TILDE) &&
    isIdentifier(tokens, index + 1) &&
    isPunctuation(tokens, index + 2, OPEN_PAREN)
  ) {
    const header = scanHeader(tokens, index + 2, HEADER_RULES);
    const definition = addDefinition(
      definitions,
      tokens,
      index + 1,
      'method',
      start,
      header.last,
      scope,
      `~${tokenText(tokens, index + 1)}`,
    );
    return skipBody(tokens, header, definition);
  }
  if (
    isIdentifier(tokens, index) &&
    tokenText(tokens, index) === frame.typeName &&
    isPunctuation(tokens, index + 1, OPEN_PAREN)
  ) {
    const header = scanHeader(tokens, index + 1, HEADER_RULES);
    const definition = addDefinition(definitions, tokens, index, 'constructor', start, header.last, scope);
    return skipBody(tokens, header, definition);
  }
  const isEvent = isWord(tokens, index, 'event');
  const typeStart = isEvent ? index + 1 : index;
  const afterType = skipType(tokens, typeStart);
  if (afterType === typeStart) return stepOver(tokens, index);
  // Operators: `static T operator +(…)`, `implicit operator T(…)`.
  if (isWord(tokens, afterType, 'operator') || isWord(tokens, typeStart, 'operator')) {
    const operatorIndex = isWord(tokens, afterType, 'operator') ? afterType : typeStart;
    return parseOperator(tokens, operatorIndex, member, definitions);
  }
  // Indexer `T this[int i] { get; }`.
  if (isWord(tokens, afterType, 'this') && isPunctuation(tokens, afterType + 1, OPEN_BRACKET)) {
    const header = scanHeader(tokens, afterType + 1, HEADER_RULES);
    const definition = addDefinition(definitions, tokens, afterType, 'property', start, header.last, scope);
    return skipBody(tokens, header, definition);
  }
  // Explicit interface members `void IFoo.Bar()`: the name is the last segment.
  let nameIndex = afterType;
  if (!isIdentifier(tokens, nameIndex)) return stepOver(tokens, index);
  while (isPunctuation(tokens, nameIndex + 1, DOT) && isIdentifier(tokens, nameIndex + 2)) nameIndex += 2;
  if (isPunctuation(tokens, nameIndex + 1, LESS) || isPunctuation(tokens, nameIndex + 1, OPEN_PAREN)) {
    const header = scanHeader(tokens, nameIndex + 1, HEADER_RULES);
    const definition = addDefinition(definitions, tokens, nameIndex, 'method', start, header.last, scope);
    return skipBody(tokens, header, definition);
  }
  if (
    isPunctuation(tokens, nameIndex + 1, OPEN_BRACE) ||
    (isPunctuation(tokens, nameIndex + 1, EQUALS) && isPunctuation(tokens, nameIndex + 2, GREATER))
  ) {
    return parseProperty(tokens, nameIndex, isEvent, member, definitions);
  }
  return parseFields(tokens, nameIndex, member, definitions);
}

/** `operator +(…)` or `implicit operator T(…)`, from the `operator` keyword at `operatorIndex`. */
function parseOperator(
  tokens: TokenList,
  operatorIndex: number,
  member: MemberStart,
  definitions: Definition[],
): number {
  let open = operatorIndex + 1;
  while (open < tokens.count && !isPunctuation(tokens, open, OPEN_PAREN) && open - operatorIndex < 8) open++;
  const name = `operator ${signatureOf(tokens, operatorIndex + 1, open - 1)}`.trim();
  const header = scanHeader(tokens, open, HEADER_RULES);
  const definition = addDefinition(
    definitions,
    tokens,
    operatorIndex,
    'method',
    member.start,
    header.last,
    member.scope,
    name,
  );
  return skipBody(tokens, header, definition);
}

/** Property (or event with accessors) named at `nameIndex`: `{ get; set; } = init;` or `=> expr;`. */
function parseProperty(
  tokens: TokenList,
  nameIndex: number,
  isEvent: boolean,
  member: MemberStart,
  definitions: Definition[],
): number {
  const definition = addDefinition(
    definitions,
    tokens,
    nameIndex,
    isEvent ? 'field' : 'property',
    member.start,
    nameIndex,
    member.scope,
  );
  if (isPunctuation(tokens, nameIndex + 1, OPEN_BRACE)) {
    const end = skipGroup(tokens, nameIndex + 1, tokens.count);
    definition.endLine = tokens.lines[end - 1]!;
    return isPunctuation(tokens, end, EQUALS) ? skipToSemicolon(tokens, end) : end;
  }
  return skipToSemicolon(tokens, nameIndex + 1);
}

/** Fields `T a = 1, b;` (also events without accessors), the first named at `nameIndex`. */
function parseFields(
  tokens: TokenList,
  nameIndex: number,
  member: MemberStart,
  definitions: Definition[],
): number {
  let cursor = nameIndex;
  let declaratorStart = member.start;
  while (isIdentifier(tokens, cursor)) {
    const name = cursor;
    const end = declaratorEnd(tokens, cursor + 1);
    const signatureEnd = isPunctuation(tokens, cursor + 1, EQUALS) ? cursor : end - 1;
    addDefinition(
      definitions,
      tokens,
      name,
      'field',
      declaratorStart,
      Math.max(signatureEnd, name),
      member.scope,
    );
    if (!isPunctuation(tokens, end, COMMA)) return isPunctuation(tokens, end, SEMICOLON) ? end + 1 : end;
    cursor = end + 1;
    declaratorStart = cursor;
  }
  return cursor;
}

/**
 * From just past a field's name: the index of the `;`, `}` or `,` that ends its declarator (a `,`
 * only before the next declarator's name), stepping over bracket groups and type arguments.
 */
function declaratorEnd(tokens: TokenList, end: number): number {
  while (end < tokens.count) {
    const punctuation = punctuationCode(tokens, end);
    if (punctuation === SEMICOLON || punctuation === CLOSE_BRACE) break;
    if (
      punctuation === COMMA &&
      isIdentifier(tokens, end + 1) &&
      (isPunctuation(tokens, end + 2, EQUALS) ||
        isPunctuation(tokens, end + 2, COMMA) ||
        isPunctuation(tokens, end + 2, SEMICOLON))
    )
      break;
    if (punctuation === OPEN_PAREN || punctuation === OPEN_BRACE || punctuation === OPEN_BRACKET) {
      end = skipGroup(tokens, end, tokens.count);
      continue;
    }
    if (punctuation === LESS && isIdentifier(tokens, end - 1)) {
      end = skipAngles(tokens, end);
      continue;
    }
    end++;
  }
  return end;
}
