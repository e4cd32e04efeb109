/**
 * Ruby scanner: classes and modules (with `A::B` names), methods (instance and `self.` singleton,
 * operator and setter names, endless `def x = …`), constants, and `attr_*` accessors. Blocks are
 * matched by their `end`: openers count only at the start of a statement, so modifier `if`/`while`
 * and one-line `while … do` do not open anything.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { addDefinition } from './definitions.js';
import {
  FIRST_ON_LINE,
  IDENTIFIER,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  PUNCTUATION,
  SPACE_BEFORE,
  STRING,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'BEGIN',
  'END',
  'alias',
  'and',
  'begin',
  'break',
  'case',
  'class',
  'def',
  'defined?',
  'do',
  'else',
  'elsif',
  'end',
  'ensure',
  'false',
  'for',
  'if',
  'in',
  'module',
  'next',
  'nil',
  'not',
  'or',
  'redo',
  'rescue',
  'retry',
  'return',
  'self',
  'super',
  'then',
  'true',
  'undef',
  'unless',
  'until',
  'when',
  'while',
  'yield',
]);

const LEXER_OPTIONS: LexerOptions = {
  hashComments: true,
  rubyLiterals: true,
  keywords: KEYWORDS,
};

/** Keywords that open a block closed by `end` when they start a statement. */
const STATEMENT_OPENERS = new Set(['if', 'unless', 'while', 'until', 'case', 'begin', 'for']);

/** Tokens after which a keyword still starts a statement (`x = if …`, `(begin …)`). */
const VALUE_POSITIONS = new Set([59, 61, 40, 44, 91, 123, 124, 38, 63, 58, 33]);

/** Accessor macros whose symbol arguments define methods. */
const ACCESSORS = new Set(['attr_accessor', 'attr_reader', 'attr_writer', 'attr']);

const MAX_HEADER_TOKENS = 512;

interface Block {
  kind: 'class' | 'module' | 'def' | 'other';
  /** The scope members inside take: the class/module name (or the enclosing one for `class << self`). */
  scope: string | undefined;
  definition: Definition | undefined;
  /** Whether the block is inside a method body (its assignments are locals). */
  inMethod: boolean;
}

/** Scans Ruby source. */
export function scanRuby(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const blocks: Block[] = [];
  const count = tokens.count;
  // Line of the last `while`/`until`/`for` statement: a `do` on that line belongs to the loop.
  let loopLine = -1;

  // Each block records its members' scope when pushed, so lookups stay O(1) however deep the nesting.
  const scopeName = (): string | undefined => blocks[blocks.length - 1]?.scope;
  const insideMethod = (): boolean => blocks[blocks.length - 1]?.inMethod ?? false;
  const open = (kind: Block['kind'], scope: string | undefined, definition?: Definition) => {
    const parent = blocks[blocks.length - 1];
    const inMethod = kind === 'def' || (parent?.inMethod ?? false);
    const memberScope =
      kind === 'class' || kind === 'module' ? scope : kind === 'def' ? undefined : parent?.scope;
    blocks.push({ kind, scope: memberScope, definition, inMethod });
  };
  const add = (
    nameIndex: number,
    name: string,
    kind: DefinitionKind,
    from: number,
    to: number,
    scope?: string,
  ) => {
    return addDefinition(definitions, tokens, nameIndex, kind, from, to, scope, name);
  };

  for (let index = 0; index < count; index++) {
    if (tokens.kinds[index] !== IDENTIFIER) continue;
    const word = tokenText(tokens, index);
    // `.end`, `:end`, `obj.class` are method calls or symbols, not keywords.
    if (
      isPunctuation(tokens, index - 1, 46) ||
      (isPunctuation(tokens, index - 1, 58) && !isPunctuation(tokens, index - 2, 58))
    ) {
      continue;
    }
    if (word === 'end') {
      const block = blocks.pop();
      if (block?.definition) block.definition.endLine = tokens.lines[index]!;
      continue;
    }
    const atStatementStart = startsStatement(tokens, index);
    if (word === 'do') {
      if (tokens.lines[index] !== loopLine) open('other', undefined);
      continue;
    }
    // `def` also after a visibility call on its line: `private def helper`.
    if (
      word === 'def' &&
      (atStatementStart || (tokens.kinds[index - 1] === IDENTIFIER && startsStatement(tokens, index - 1)))
    ) {
      index = parseDef(tokens, index, open, scopeName(), definitions) - 1;
      continue;
    }
    if (!atStatementStart) continue;
    if (STATEMENT_OPENERS.has(word)) {
      open('other', undefined);
      if (word === 'while' || word === 'until' || word === 'for') loopLine = tokens.lines[index]!;
      continue;
    }
    if (word === 'class' || word === 'module') {
      if (word === 'class' && isPunctuation(tokens, index + 1, 60) && isPunctuation(tokens, index + 2, 60)) {
        // `class << self`: methods inside are the enclosing class's singleton methods.
        open('class', scopeName());
        continue;
      }
      let nameIndex = index + 1;
      let qualifier: string | undefined;
      while (
        tokens.kinds[nameIndex] === IDENTIFIER &&
        isPunctuation(tokens, nameIndex + 1, 58) &&
        isPunctuation(tokens, nameIndex + 2, 58) &&
        tokens.kinds[nameIndex + 3] === IDENTIFIER
      ) {
        qualifier = tokenText(tokens, nameIndex);
        nameIndex += 3;
      }
      if (tokens.kinds[nameIndex] !== IDENTIFIER) {
        open('other', undefined);
        continue;
      }
      const name = tokenText(tokens, nameIndex);
      const last = lastOnLine(tokens, nameIndex);
      const definition = add(nameIndex, name, word, index, last, qualifier ?? scopeName());
      open(word, name, definition);
      continue;
    }

    if (insideMethod()) continue;
    // Constants: `NAME = value` (not `==`, `=~`, `=>`).
    if (/^[A-Z]/.test(word) && isPunctuation(tokens, index + 1, 61) && !isCompoundEquals(tokens, index + 1)) {
      add(index, word, 'constant', index, lastOnLine(tokens, index), scopeName());
      continue;
    }
    if (ACCESSORS.has(word)) {
      const scope = scopeName();
      let cursor = index + 1;
      if (isPunctuation(tokens, cursor, 40)) cursor++;
      while (cursor < count && tokens.lines[cursor] === tokens.lines[index]) {
        if (
          isPunctuation(tokens, cursor, 58) &&
          tokens.kinds[cursor + 1] === IDENTIFIER &&
          !isPunctuation(tokens, cursor - 1, 58)
        ) {
          // A reader `name`, a writer `name=`, or both.
          const name = tokenText(tokens, cursor + 1);
          const signature = lastOnLine(tokens, index);
          if (word !== 'attr_writer') add(cursor + 1, name, 'property', index, signature, scope);
          if (word === 'attr_writer' || word === 'attr_accessor')
            add(cursor + 1, `${name}=`, 'property', index, signature, scope);
          cursor += 2;
        } else if (tokens.kinds[cursor] === STRING) {
          cursor++;
        } else if (isPunctuation(tokens, cursor, 44) || isPunctuation(tokens, cursor, 41)) {
          cursor++;
        } else break;
      }
    }
  }
  const lastLine = count > 0 ? tokens.lines[count - 1]! : 1;
  for (const block of blocks)
    if (block.definition && block.definition.endLine === undefined) block.definition.endLine = lastLine;
  return { definitions, references: tokens.references };
}

/** Whether the token starts a statement: first on its line, or after `;`, `=`, `(` and the like. */
function startsStatement(tokens: TokenList, index: number): boolean {
  if (index === 0 || (tokens.flags[index]! & FIRST_ON_LINE) !== 0) {
    // A line that continues an expression (`x = a ||\n  if …`) still starts a value.
    return true;
  }
  const previous = index - 1;
  if (tokens.kinds[previous] === PUNCTUATION) {
    return VALUE_POSITIONS.has(tokens.text.charCodeAt(tokens.starts[previous]!));
  }
  if (tokens.kinds[previous] === IDENTIFIER) {
    const word = tokenText(tokens, previous);
    // (`return if x` and `a and b if c` are modifier forms, so `return`/`and`/`or` are not here.)
    return word === 'then' || word === 'else' || word === 'do' || word === 'begin';
  }
  return false;
}

function isCompoundEquals(tokens: TokenList, equals: number): boolean {
  const next = equals + 1;
  if (next >= tokens.count || (tokens.flags[next]! & SPACE_BEFORE) !== 0) return false;
  const code = tokens.text.charCodeAt(tokens.starts[next]!);
  return tokens.kinds[next] === PUNCTUATION && (code === 61 || code === 126 || code === 62);
}

function lastOnLine(tokens: TokenList, index: number): number {
  const line = tokens.lines[index]!;
  let last = index;
  const limit = Math.min(tokens.count, index + 64);
  for (let cursor = index + 1; cursor < limit && tokens.lines[cursor] === line; cursor++) {
    if (isPunctuation(tokens, cursor, 59)) break;
    last = cursor;
  }
  return last;
}

/**
 * `def name`, `def self.name`, `def obj.name`, `def ==(other)`, `def name=(value)`, endless
 * `def name(x) = expr`. Returns the index to continue from.
 */
function parseDef(
  tokens: TokenList,
  start: number,
  open: (kind: Block['kind'], scope: string | undefined, definition?: Definition) => void,
  scope: string | undefined,
  definitions: Definition[],
): number {
  let index = start + 1;
  // `def self.name` / `def obj.name`: a singleton method, scoped like the others.
  if (
    (isWord(tokens, index, 'self') || tokens.kinds[index] === IDENTIFIER) &&
    isPunctuation(tokens, index + 1, 46)
  ) {
    index += 2;
  }
  const nameIndex = index;
  let name: string;
  let after: number;
  if (tokens.kinds[index] === IDENTIFIER) {
    name = tokenText(tokens, index);
    after = index + 1;
    // Setter `def name=(value)` or `def name= value`.
    if (
      isPunctuation(tokens, after, 61) &&
      (tokens.flags[after]! & SPACE_BEFORE) === 0 &&
      (isPunctuation(tokens, after + 1, 40) ||
        (tokens.kinds[after + 1] === IDENTIFIER && tokens.lines[after + 1] === tokens.lines[after]))
    ) {
      name += '=';
      after++;
    }
  } else {
    // Operator methods: `==`, `<=>`, `[]`, `[]=`, `+@`, `!`.
    let cursor = index;
    name = '';
    while (
      cursor < tokens.count &&
      tokens.kinds[cursor] === PUNCTUATION &&
      !isPunctuation(tokens, cursor, 40) &&
      tokens.lines[cursor] === tokens.lines[start] &&
      name.length < 4
    ) {
      if (cursor > index && (tokens.flags[cursor]! & SPACE_BEFORE) !== 0) break;
      name += tokenText(tokens, cursor);
      cursor++;
    }
    after = cursor;
  }
  if (name.length === 0) {
    open('def', scope);
    return index;
  }
  // Parameters: `(…)` or bare to the end of the line.
  let last = after - 1;
  if (isPunctuation(tokens, after, 40)) {
    let depth = 0;
    const limit = Math.min(tokens.count, after + MAX_HEADER_TOKENS);
    for (let cursor = after; cursor < limit; cursor++) {
      if (isPunctuation(tokens, cursor, 40)) depth++;
      else if (isPunctuation(tokens, cursor, 41) && --depth === 0) {
        last = cursor;
        break;
      }
    }
  } else if (!(isPunctuation(tokens, after, 61) && !isCompoundEquals(tokens, after))) {
    last = Math.max(last, lastOnLine(tokens, Math.max(after - 1, nameIndex)));
  }
  const kind: DefinitionKind = scope !== undefined ? 'method' : 'function';
  const definition = addDefinition(definitions, tokens, nameIndex, kind, start, last, scope, name);
  // Endless method `def area = width * height` has no `end`.
  if (isPunctuation(tokens, last + 1, 61) && !isCompoundEquals(tokens, last + 1)) {
    definition.endLine = tokens.lines[last + 1]!;
    return last + 2;
  }
  open('def', scope, definition);
  return last + 1;
}
