/**
 * Python scanner (.py, .pyi): classes, functions and methods (async and decorated, nested with their
 * enclosing scope), module-level assignments and class attributes. Blocks are found from the
 * indentation of logical lines; bracketed and backslash-continued lines belong to their statement.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { BACKSLASH, COLON, COMMA, EQUALS, SEMICOLON } from './character-codes.js';
import { addDefinition } from './definitions.js';
import {
  FIRST_ON_LINE,
  IDENTIFIER,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  MAX_HEADER_TOKENS,
  PUNCTUATION,
  SPACE_BEFORE,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

const LEXER_OPTIONS: LexerOptions = {
  hashComments: true,
  pythonStrings: true,
  keywords: KEYWORDS,
};

interface ParserState {
  /** How many open blocks are functions: assignments inside any of them (outside a class body) are locals. */
  openFunctions: number;
}

/** An open `class` or `def` block: lines indented deeper than `indent` are inside it. */
interface Block {
  indent: number;
  kind: 'class' | 'def';
  name: string;
  definition: Definition;
}

/** Scans Python source or stub files. */
export function scanPython(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const blocks: Block[] = [];
  const state: ParserState = { openFunctions: 0 };
  const count = tokens.count;
  let depth = 0;

  const closeBlocks = (indent: number, lastLine: number) => {
    while (blocks.length > 0 && blocks[blocks.length - 1]!.indent >= indent) {
      const block = blocks.pop()!;
      block.definition.endLine = lastLine;
      if (block.kind === 'def') state.openFunctions--;
    }
  };

  for (let index = 0; index < count; index++) {
    const kind = tokens.kinds[index];
    const isStatementStart =
      depth === 0 &&
      (tokens.flags[index]! & FIRST_ON_LINE) !== 0 &&
      !(index > 0 && isPunctuation(tokens, index - 1, BACKSLASH));
    if (isStatementStart) {
      const indent = tokens.columns[index]!;
      closeBlocks(indent, index > 0 ? lastLineOf(tokens, index - 1) : 1);
      if (kind === IDENTIFIER) parseStatement(tokens, index, indent, blocks, state, definitions);
    } else if (depth === 0 && kind === IDENTIFIER && isPunctuation(tokens, index - 1, SEMICOLON)) {
      // `x = 1; y = 2`: a simple statement after `;` shares the line's block.
      parseStatement(tokens, index, Number.MAX_SAFE_INTEGER, blocks, state, definitions);
    }
    if (kind === PUNCTUATION) {
      const code = tokens.text.charCodeAt(tokens.starts[index]!);
      if (code === 40 || code === 91 || code === 123) depth++;
      else if ((code === 41 || code === 93 || code === 125) && depth > 0) depth--;
    }
  }
  closeBlocks(-1, count > 0 ? lastLineOf(tokens, count - 1) : 1);
  return { definitions, references: tokens.references };
}

/** The line a token ends on (a triple-quoted string may span several). */
function lastLineOf(tokens: TokenList, index: number): number {
  let line = tokens.lines[index]!;
  const text = tokens.text;
  for (let position = tokens.starts[index]!; position < tokens.ends[index]!; position++) {
    if (text.charCodeAt(position) === 10) line++;
  }
  return line;
}

function parseStatement(
  tokens: TokenList,
  index: number,
  indent: number,
  blocks: Block[],
  state: ParserState,
  definitions: Definition[],
) {
  const parent = blocks[blocks.length - 1];
  const start = index;
  if (isWord(tokens, index, 'async') && isWord(tokens, index + 1, 'def')) index++;
  const isDef = isWord(tokens, index, 'def');
  if (isDef || isWord(tokens, index, 'class')) {
    const nameIndex = index + 1;
    if (nameIndex >= tokens.count || tokens.kinds[nameIndex] !== IDENTIFIER) return;
    // The name must follow on the keyword's own line: `class` alone on a line is a syntax error, and
    // taking the next line's first word would invent a definition whose block ends before it starts.
    if (tokens.lines[nameIndex] !== tokens.lines[index]) return;
    const headerEnd = findHeaderColon(tokens, nameIndex + 1);
    const name = tokenText(tokens, nameIndex);
    const kind: DefinitionKind = isDef ? (parent?.kind === 'class' ? 'method' : 'function') : 'class';
    const definition = addDefinition(
      definitions,
      tokens,
      nameIndex,
      kind,
      start,
      headerEnd,
      parent?.name,
      name,
    );
    blocks.push({ indent, kind: isDef ? 'def' : 'class', name, definition });
    if (isDef) state.openFunctions++;
    return;
  }
  // Assignments define names only at module level and directly in a class body.
  if (parent?.kind !== 'class' && state.openFunctions > 0) return;
  parseAssignment(tokens, index, parent, definitions);
}

/** `NAME = …`, `NAME: T = …`, `NAME: T`, `a, b = …` and `a = b = …` at the start of a statement. */
function parseAssignment(
  tokens: TokenList,
  index: number,
  parent: Block | undefined,
  definitions: Definition[],
) {
  const names: number[] = [];
  let cursor = index;
  while (
    cursor < tokens.count &&
    tokens.kinds[cursor] === IDENTIFIER &&
    !KEYWORDS.has(tokenText(tokens, cursor))
  ) {
    names.push(cursor);
    if (!isPunctuation(tokens, cursor + 1, COMMA)) break;
    cursor += 2;
  }
  if (names.length === 0) return;
  const afterNames = names[names.length - 1]! + 1;
  const annotated = names.length === 1 && isPunctuation(tokens, afterNames, COLON);
  if (!annotated && !isPlainEquals(tokens, afterNames)) return;
  // Chained `a = b = value`: every target before the last `=` is defined.
  const chained: number[] = [];
  if (!annotated) {
    let next = afterNames + 1;
    while (
      next + 1 < tokens.count &&
      tokens.kinds[next] === IDENTIFIER &&
      tokens.lines[next] === tokens.lines[index] &&
      isPlainEquals(tokens, next + 1)
    ) {
      chained.push(next);
      next += 2;
    }
  }
  const lastOnLine = lastTokenOnLine(tokens, index);
  for (const nameIndex of [...names, ...chained]) {
    const name = tokenText(tokens, nameIndex);
    const kind: DefinitionKind = parent ? 'field' : isConstantName(name) ? 'constant' : 'variable';
    addDefinition(definitions, tokens, nameIndex, kind, index, lastOnLine, parent?.name, name);
  }
}

/** Whether token `index` is `=` on its own (not `==`, `<=`, `+=` …). */
function isPlainEquals(tokens: TokenList, index: number): boolean {
  if (!isPunctuation(tokens, index, EQUALS)) return false;
  if (isPunctuation(tokens, index + 1, EQUALS) && (tokens.flags[index + 1]! & SPACE_BEFORE) === 0)
    return false;
  return true;
}

function isConstantName(name: string): boolean {
  return /^_*[A-Z][A-Z0-9_]*$/.test(name);
}

/** The last token of the header (its `:`), or the last one looked at. */
function findHeaderColon(tokens: TokenList, index: number): number {
  const limit = Math.min(tokens.count, index + MAX_HEADER_TOKENS);
  let depth = 0;
  for (let cursor = index; cursor < limit; cursor++) {
    if (tokens.kinds[cursor] !== PUNCTUATION) continue;
    const code = tokens.text.charCodeAt(tokens.starts[cursor]!);
    if (code === 40 || code === 91 || code === 123) depth++;
    else if (code === 41 || code === 93 || code === 125) depth--;
    else if (code === COLON && depth <= 0) return cursor;
  }
  return Math.min(index, tokens.count - 1);
}

/** The last token on the statement's first line, capped to keep signatures short. */
function lastTokenOnLine(tokens: TokenList, index: number): number {
  const line = tokens.lines[index]!;
  let last = index;
  const limit = Math.min(tokens.count, index + 64);
  for (let cursor = index + 1; cursor < limit && tokens.lines[cursor] === line; cursor++) last = cursor;
  return last;
}
