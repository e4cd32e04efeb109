/**
 * TypeScript and JavaScript scanner (TS, TSX, JSX, .mts/.cts, .d.ts): module- and namespace-level
 * declarations plus class and interface members. Function bodies and object literals are skipped
 * whole, so locals never surface as definitions.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { closeBlock } from './brace-blocks.js';
import {
  AT,
  BANG,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  COLON,
  COMMA,
  DOT,
  EQUALS,
  GREATER,
  HASH,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  QUESTION,
  SEMICOLON,
  STAR,
} from './character-codes.js';
import {
  FIRST_ON_LINE,
  IDENTIFIER,
  type LexerOptions,
  lex,
  MAX_ANGLE_TOKENS,
  MAX_HEADER_TOKENS,
  NUMBER,
  PUNCTUATION,
  SPACE_BEFORE,
  STRING,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';
import { TokenParser } from './token-parser.js';

const KEYWORDS = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'let',
  'yield',
  'await',
  'implements',
  'interface',
  'package',
  'private',
  'protected',
  'public',
  'static',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  dollarIdentifiers: true,
  javascriptLiterals: true,
  keywords: KEYWORDS,
};

/** Words that may precede a declaration without changing what it declares. */
const STATEMENT_MODIFIERS = new Set(['export', 'default', 'declare', 'abstract', 'async']);

/** Words that may precede a class or interface member's name. */
const MEMBER_MODIFIERS = new Set([
  'public',
  'private',
  'protected',
  'static',
  'readonly',
  'abstract',
  'declare',
  'override',
  'async',
  'accessor',
  'get',
  'set',
  'export',
]);

/** Modifiers that make a constructor parameter a class field. */
const PARAMETER_MODIFIERS = new Set(['public', 'private', 'protected', 'readonly', 'override']);

/** Punctuation that, ending a line or starting the next, continues an expression or type. */
const CONTINUATION = new Set([46, 63, 58, 124, 38, 43, 45, 42, 47, 37, 61, 62, 60, 44, 40, 91, 33, 126, 94]);

interface Frame {
  /** `module` is the file itself; `namespace` bodies hold statements; `class`/`interface` hold members. */
  kind: 'module' | 'namespace' | 'class' | 'interface';
  scope: string | undefined;
  definition: Definition | undefined;
}

/** Scans TypeScript (including TSX and declaration files). */
export function scanTypeScript(text: string): ScanResult {
  return new TypeScriptParser(lex(text, LEXER_OPTIONS)).parse();
}

/** Scans JavaScript (including JSX, ESM and CommonJS); the TypeScript grammar is a superset. */
export function scanJavaScript(text: string): ScanResult {
  return scanTypeScript(text);
}

class TypeScriptParser extends TokenParser<Frame> {
  private readonly text: string;

  constructor(tokens: TokenList) {
    super(tokens, { kind: 'module', scope: undefined, definition: undefined });
    this.text = tokens.text;
  }

  parse(): ScanResult {
    let index = 0;
    while (index < this.count) {
      const frame = this.stack[this.stack.length - 1]!;
      if (this.punct(index, CLOSE_BRACE)) {
        closeBlock(this.tokens, index, this.stack);
        index++;
        continue;
      }
      const next =
        frame.kind === 'module' || frame.kind === 'namespace'
          ? this.parseStatement(index, frame)
          : this.parseMember(index, frame);
      index = Math.max(next, index + 1);
    }
    return this.result();
  }

  // Unlike the shared `punctuationCode`, no `index < count` test: the lexer zeroes a margin of
  // kinds past the last token, and this is the TypeScript parser's hottest query.
  private code(index: number): number {
    return this.tokens.kinds[index] === PUNCTUATION ? this.text.charCodeAt(this.tokens.starts[index]!) : 0;
  }

  /** Skips decorators `@a.b(...)`; returns the first token after them. */
  private skipDecorators(index: number): number {
    while (this.punct(index, AT) && this.isName(index + 1) && !this.word(index + 1, 'interface')) {
      index += 2;
      while (this.punct(index, DOT) && this.isName(index + 1)) index += 2;
      if (this.punct(index, LESS)) index = this.skipAngles(index);
      if (this.punct(index, OPEN_PAREN)) index = skipGroup(this.tokens, index, this.count);
    }
    return index;
  }

  /** Skips a `<…>` type-parameter or type-argument list, not closing on the `>` of `=>`. */
  private skipAngles(open: number): number {
    let depth = 0;
    const limit = Math.min(this.count, open + MAX_ANGLE_TOKENS);
    for (let index = open; index < limit; index++) {
      const code = this.code(index);
      if (code === LESS) depth++;
      else if (code === GREATER) {
        if (this.punct(index - 1, EQUALS) && (this.tokens.flags[index]! & SPACE_BEFORE) === 0) continue;
        if (--depth === 0) return index + 1;
      } else if (code === OPEN_PAREN || code === OPEN_BRACKET || code === OPEN_BRACE) {
        index = skipGroup(this.tokens, index, limit) - 1;
      } else if (code === SEMICOLON || code === CLOSE_BRACE || code === CLOSE_PAREN) {
        return index;
      }
    }
    return open + 1;
  }

  /**
   * From just after a declared name, walks the rest of a function-like header (type parameters,
   * parameters, return type) to its body `{` or its end. Returns the last header token and the body
   * `{` index (or -1), plus where parsing resumes.
   */
  private scanHeader(index: number): { last: number; body: number; resume: number } {
    const limit = Math.min(this.count, index + MAX_HEADER_TOKENS);
    const first = index;
    let last = index - 1;
    let previousCode = 0;
    while (index < limit) {
      const code = this.code(index);
      if (code === OPEN_BRACE) {
        // `{` right after `:`, `|`, `&`, `<` or `,` opens an object type, not the body.
        if (
          previousCode === COLON ||
          previousCode === 124 ||
          previousCode === 38 ||
          previousCode === COMMA ||
          previousCode === LESS
        ) {
          index = skipGroup(this.tokens, index, this.count);
          last = index - 1;
          previousCode = CLOSE_BRACE;
          continue;
        }
        return { last, body: index, resume: index };
      }
      if (code === SEMICOLON || code === CLOSE_BRACE) return { last, body: -1, resume: index };
      if (
        index > first &&
        (this.tokens.flags[index]! & FIRST_ON_LINE) !== 0 &&
        !CONTINUATION.has(code) &&
        !CONTINUATION.has(previousCode)
      ) {
        return { last, body: -1, resume: index };
      }
      if (code === OPEN_PAREN || code === OPEN_BRACKET) {
        index = skipGroup(this.tokens, index, this.count);
        last = index - 1;
        previousCode = CLOSE_PAREN;
        continue;
      }
      if (code === LESS) {
        index = this.skipAngles(index);
        last = index - 1;
        previousCode = GREATER;
        continue;
      }
      previousCode = code;
      last = index;
      index++;
    }
    return { last, body: -1, resume: index };
  }

  /**
   * Skips a property's type and initializer or a variable's initializer: to `;`, `,` (when
   * `stopAtComma`), the closing `}` of the enclosing body, or a new line that starts a new statement.
   */
  private skipExpression(index: number, stopAtComma: boolean): number {
    // What precedes decides whether a line break ends the statement (`() => {}` then `class …`).
    let previousCode = index > 0 ? this.code(index - 1) : -1;
    while (index < this.count) {
      const code = this.code(index);
      if (code === SEMICOLON || code === CLOSE_BRACE || code === CLOSE_PAREN || code === CLOSE_BRACKET)
        return index;
      if (stopAtComma && code === COMMA) return index;
      if (
        previousCode !== -1 &&
        (this.tokens.flags[index]! & FIRST_ON_LINE) !== 0 &&
        !CONTINUATION.has(code) &&
        !CONTINUATION.has(previousCode) &&
        !this.word(index, 'as') &&
        !this.word(index, 'satisfies') &&
        !this.word(index, 'extends') &&
        !this.word(index - 1, 'new') &&
        !this.word(index - 1, 'typeof') &&
        !this.word(index - 1, 'keyof')
      ) {
        return index;
      }
      if (code === OPEN_PAREN || code === OPEN_BRACKET || code === OPEN_BRACE) {
        index = skipGroup(this.tokens, index, this.count);
        previousCode = CLOSE_PAREN;
        continue;
      }
      // `Record<string, number>`, `new Map<K, V>()`: a comma inside type arguments ends nothing.
      if (stopAtComma && code === LESS && this.tokens.kinds[index - 1] === IDENTIFIER) {
        index = this.skipAngles(index);
        previousCode = GREATER;
        continue;
      }
      previousCode = code;
      index++;
    }
    return index;
  }

  private parseStatement(index: number, frame: Frame): number {
    index = this.skipDecorators(index);
    const start = index;
    while (this.isName(index) && STATEMENT_MODIFIERS.has(tokenText(this.tokens, index))) {
      const following = index + 1;
      if (!this.isName(following) && !this.punct(following, STAR)) break;
      index++;
    }
    if (!this.isName(index)) {
      const code = this.code(index);
      if (code === OPEN_BRACE || code === OPEN_PAREN || code === OPEN_BRACKET)
        return skipGroup(this.tokens, index, this.count);
      return index + 1;
    }
    const keyword = tokenText(this.tokens, index);
    const scope = frame.scope;
    switch (keyword) {
      case 'function': {
        let nameIndex = index + 1;
        if (this.punct(nameIndex, STAR)) nameIndex++;
        if (!this.isName(nameIndex)) return nameIndex;
        const header = this.scanHeader(nameIndex + 1);
        const definition = this.add(
          tokenText(this.tokens, nameIndex),
          'function',
          nameIndex,
          start,
          header.last,
          scope,
        );
        return this.skipBody(header, definition);
      }
      case 'class':
      case 'interface': {
        const nameIndex = index + 1;
        const named =
          this.isName(nameIndex) && !this.word(nameIndex, 'extends') && !this.word(nameIndex, 'implements');
        if (keyword === 'interface' && !named) return index + 1;
        const header = this.scanHeader(named ? nameIndex + 1 : nameIndex);
        if (!named) return header.body >= 0 ? skipGroup(this.tokens, header.body, this.count) : header.resume;
        const name = tokenText(this.tokens, nameIndex);
        const definition = this.add(name, keyword, nameIndex, start, header.last, scope);
        if (header.body < 0) return header.resume;
        this.stack.push({ kind: keyword, scope: name, definition });
        return header.body + 1;
      }
      case 'type': {
        const nameIndex = index + 1;
        if (
          !this.isName(nameIndex) ||
          !(this.punct(nameIndex + 1, EQUALS) || this.punct(nameIndex + 1, LESS))
        ) {
          return index + 1;
        }
        let equals = nameIndex + 1;
        if (this.punct(equals, LESS)) equals = this.skipAngles(equals);
        const end = this.skipExpression(equals + 1, false);
        this.add(
          tokenText(this.tokens, nameIndex),
          'type',
          nameIndex,
          start,
          this.lastOnLine(nameIndex, end),
          scope,
        );
        return end;
      }
      case 'enum': {
        return this.parseEnum(start, index, scope);
      }
      case 'const':
        if (this.word(index + 1, 'enum')) return this.parseEnum(start, index + 1, scope);
        return this.parseVariables(start, index + 1, scope, 'constant');
      case 'let':
      case 'var':
        return this.parseVariables(start, index + 1, scope, 'variable');
      case 'namespace':
      case 'module':
      case 'global': {
        let nameIndex = keyword === 'global' ? index : index + 1;
        const quoted = this.tokens.kinds[nameIndex] === STRING;
        if (!this.isName(nameIndex) && !quoted) return index + 1;
        if (keyword === 'global' && !this.punct(index + 1, OPEN_BRACE)) return index + 1;
        let name = quoted
          ? tokenText(this.tokens, nameIndex).slice(1, -1)
          : keyword === 'global'
            ? undefined
            : tokenText(this.tokens, nameIndex);
        // `namespace A.B.C {`: the innermost name is what the body declares into.
        while (this.punct(nameIndex + 1, DOT) && this.isName(nameIndex + 2)) {
          nameIndex += 2;
          name = tokenText(this.tokens, nameIndex);
        }
        if (!this.punct(nameIndex + 1, OPEN_BRACE)) {
          if (quoted && this.punct(nameIndex + 1, SEMICOLON)) return nameIndex + 2;
          return nameIndex + 1;
        }
        const definition =
          name !== undefined && !quoted
            ? this.add(name, 'namespace', nameIndex, start, nameIndex, scope)
            : undefined;
        this.stack.push({ kind: 'namespace', scope: name ?? scope, definition });
        return nameIndex + 2;
      }
      case 'import':
        if (this.punct(index + 1, OPEN_PAREN) || this.punct(index + 1, DOT)) return index + 1;
        return this.skipExpression(index + 1, false);
      default:
        return index + 1;
    }
  }

  /** `enum E { … }` (also `const enum`): the members stay inside the skipped body. */
  private parseEnum(start: number, index: number, scope: string | undefined): number {
    const nameIndex = index + 1;
    if (!this.isName(nameIndex)) return index + 1;
    const definition = this.add(
      tokenText(this.tokens, nameIndex),
      'enum',
      nameIndex,
      start,
      nameIndex,
      scope,
    );
    if (!this.punct(nameIndex + 1, OPEN_BRACE)) return nameIndex + 1;
    const end = skipGroup(this.tokens, nameIndex + 1, this.count);
    definition.endLine = this.tokens.lines[end - 1]!;
    return end;
  }

  /** The last token before `end` that is on the same line as `from` (at least `from`). */
  private lastOnLine(from: number, end: number): number {
    const line = this.tokens.lines[from]!;
    let last = from;
    for (let index = from + 1; index < end && this.tokens.lines[index] === line; index++) {
      if (this.punct(index, OPEN_BRACE)) break;
      last = index;
    }
    return last;
  }

  private skipBody(header: { last: number; body: number; resume: number }, definition: Definition): number {
    if (header.body < 0) return header.resume;
    const end = skipGroup(this.tokens, header.body, this.count);
    definition.endLine = this.tokens.lines[end - 1]!;
    return end;
  }

  /** `const a = 1, b = () => 2;` — every simple declarator; destructuring patterns are skipped. */
  private parseVariables(
    start: number,
    index: number,
    scope: string | undefined,
    kind: DefinitionKind,
  ): number {
    let first = true;
    while (index < this.count) {
      if (!this.isName(index)) {
        if (this.punct(index, OPEN_BRACE) || this.punct(index, OPEN_BRACKET)) {
          index = skipGroup(this.tokens, index, this.count);
        } else if (first) {
          return index;
        }
      }
      const nameIndex = this.isName(index) ? index : -1;
      let after = nameIndex >= 0 ? nameIndex + 1 : index;
      if (this.punct(after, BANG)) after++;
      if (this.punct(after, COLON)) after = this.skipExpression(after + 1, true);
      let valueKind = kind;
      let bodyEnd = -1;
      let signatureEnd = nameIndex;
      if (this.punct(after, EQUALS)) {
        const value = after + 1;
        if (nameIndex >= 0 && first && this.word(value, 'class'))
          return this.parseClassExpression(start, nameIndex, value, scope);
        if (this.startsFunction(value)) {
          valueKind = 'function';
          const header = this.scanArrowHeader(value);
          signatureEnd = header.last;
          bodyEnd = header.body >= 0 ? skipGroup(this.tokens, header.body, this.count) : -1;
          after = bodyEnd >= 0 ? this.skipExpression(bodyEnd, true) : this.skipExpression(value, true);
        } else {
          after = this.skipExpression(value, true);
          signatureEnd = this.lastOnLine(nameIndex >= 0 ? nameIndex : value, after);
        }
      } else if (nameIndex >= 0) {
        signatureEnd = after - 1;
      }
      if (nameIndex >= 0) {
        const definition = this.add(
          tokenText(this.tokens, nameIndex),
          valueKind,
          nameIndex,
          first ? start : nameIndex,
          Math.max(signatureEnd, nameIndex),
          scope,
        );
        if (bodyEnd >= 0) definition.endLine = this.tokens.lines[bodyEnd - 1]!;
        // An expression-bodied arrow (`(a) => async (b) => { … }`) ends where its expression does.
        else if (valueKind === 'function')
          definition.endLine = this.tokens.lines[Math.max(after - 1, nameIndex)]!;
      }
      first = false;
      if (!this.punct(after, COMMA)) return after;
      index = after + 1;
    }
    return index;
  }

  /** `const Name = class [Inner] extends Base { … }`: a class named by its variable, members and all. */
  private parseClassExpression(
    start: number,
    nameIndex: number,
    classIndex: number,
    scope: string | undefined,
  ): number {
    let headerStart = classIndex + 1;
    if (
      this.isName(headerStart) &&
      !this.word(headerStart, 'extends') &&
      !this.word(headerStart, 'implements')
    ) {
      headerStart++;
    }
    const header = this.scanHeader(headerStart);
    const name = tokenText(this.tokens, nameIndex);
    const definition = this.add(name, 'class', nameIndex, start, header.last, scope);
    if (header.body < 0) return header.resume;
    this.stack.push({ kind: 'class', scope: name, definition });
    return header.body + 1;
  }

  /** Whether an initializer starting at `index` is a function: `function`, `async …`, `x =>`, `(…) =>`. */
  private startsFunction(index: number): boolean {
    if (this.word(index, 'function')) return true;
    if (this.word(index, 'async')) index++;
    if (this.word(index, 'function')) return true;
    if (this.isName(index)) return this.isArrow(index + 1);
    if (this.punct(index, LESS)) index = this.skipAngles(index);
    if (!this.punct(index, OPEN_PAREN)) return false;
    const close = skipGroup(this.tokens, index, Math.min(this.count, index + MAX_HEADER_TOKENS));
    if (this.isArrow(close)) return true;
    if (!this.punct(close, COLON)) return false;
    // `(…): ReturnType =>`: look past the return type for the arrow.
    const limit = Math.min(this.count, close + MAX_HEADER_TOKENS);
    for (let cursor = close + 1; cursor < limit; cursor++) {
      if (this.isArrow(cursor)) return true;
      const code = this.code(cursor);
      if (code === LESS) cursor = this.skipAngles(cursor) - 1;
      else if (code === OPEN_PAREN || code === OPEN_BRACKET || code === OPEN_BRACE) {
        cursor = skipGroup(this.tokens, cursor, limit) - 1;
      } else if (
        code === SEMICOLON ||
        code === EQUALS ||
        code === COMMA ||
        code === CLOSE_PAREN ||
        code === CLOSE_BRACE
      ) {
        return false;
      }
    }
    return false;
  }

  private isArrow(index: number): boolean {
    return (
      this.punct(index, EQUALS) &&
      this.punct(index + 1, GREATER) &&
      (this.tokens.flags[index + 1]! & SPACE_BEFORE) === 0
    );
  }

  /** The header of an arrow or function expression: its parameters and return type, up to `=>` or the body. */
  private scanArrowHeader(index: number): { last: number; body: number } {
    const limit = Math.min(this.count, index + MAX_HEADER_TOKENS);
    for (let cursor = index; cursor < limit; cursor++) {
      const code = this.code(cursor);
      if (this.isArrow(cursor)) {
        const body = this.punct(cursor + 2, OPEN_BRACE) ? cursor + 2 : -1;
        return { last: cursor + 1, body };
      }
      if (code === OPEN_PAREN) cursor = skipGroup(this.tokens, cursor, limit) - 1;
      else if (code === OPEN_BRACE) return { last: cursor - 1, body: cursor };
      else if (code === SEMICOLON) return { last: cursor - 1, body: -1 };
    }
    return { last: index, body: -1 };
  }

  /** `constructor(private readonly name: string)`: parameters with a modifier are also fields. */
  private addParameterProperties(open: number, scope: string | undefined): void {
    const close = skipGroup(this.tokens, open, this.count);
    let index = open + 1;
    while (index < close) {
      const start = index;
      index = this.skipDecorators(index);
      let modified = false;
      while (
        this.isName(index) &&
        PARAMETER_MODIFIERS.has(tokenText(this.tokens, index)) &&
        this.isName(index + 1)
      ) {
        modified = true;
        index++;
      }
      if (modified && this.isName(index)) {
        const end = this.skipExpression(index + 1, true);
        this.add(tokenText(this.tokens, index), 'field', index, start, end - 1, scope);
        index = end;
      }
      // To the next parameter.
      while (index < close - 1 && !this.punct(index, COMMA)) {
        const code = this.code(index);
        index =
          code === OPEN_PAREN || code === OPEN_BRACE || code === OPEN_BRACKET
            ? skipGroup(this.tokens, index, close)
            : index + 1;
      }
      index = Math.max(index + 1, start + 1);
    }
  }

  private parseMember(index: number, frame: Frame): number {
    const code = this.code(index);
    if (code === SEMICOLON || code === COMMA) return index + 1;
    index = this.skipDecorators(index);
    const start = index;
    while (this.isName(index) && MEMBER_MODIFIERS.has(tokenText(this.tokens, index))) {
      const following = index + 1;
      const followingKind = this.tokens.kinds[following];
      const isModifier =
        followingKind === IDENTIFIER ||
        followingKind === STRING ||
        followingKind === NUMBER ||
        this.punct(following, OPEN_BRACKET) ||
        this.punct(following, HASH) ||
        this.punct(following, STAR);
      if (!isModifier) break;
      index++;
    }
    if (this.punct(index, STAR)) index++;
    if (this.punct(index, OPEN_BRACE)) {
      // `static { … }` initialization block.
      return skipGroup(this.tokens, index, this.count);
    }
    let nameIndex = index;
    let name: string | undefined;
    if (this.punct(index, HASH) && this.isName(index + 1)) {
      nameIndex = index + 1;
      name = `#${tokenText(this.tokens, nameIndex)}`;
    } else if (this.isName(index)) {
      name = tokenText(this.tokens, index);
      if (name === 'new' && (this.punct(index + 1, OPEN_PAREN) || this.punct(index + 1, LESS)))
        name = undefined;
    } else if (this.tokens.kinds[index] === STRING || this.tokens.kinds[index] === NUMBER) {
      const literal = tokenText(this.tokens, index);
      name = this.tokens.kinds[index] === STRING ? literal.slice(1, -1) : literal;
    } else if (this.punct(index, OPEN_BRACKET)) {
      // Index signature `[key: string]: T` or computed name `[Symbol.iterator]()`: no plain name.
      nameIndex = skipGroup(this.tokens, index, this.count) - 1;
    } else if (!this.punct(index, OPEN_PAREN) && !this.punct(index, LESS)) {
      return index + 1;
    } else {
      nameIndex = index - 1;
    }
    let after = nameIndex + 1;
    if (this.punct(after, QUESTION) || this.punct(after, BANG)) after++;
    const scope = frame.scope;
    if (this.punct(after, OPEN_PAREN) || this.punct(after, LESS)) {
      const header = this.scanHeader(after);
      if (name !== undefined && name.length > 0) {
        const kind: DefinitionKind =
          name === 'constructor' && frame.kind === 'class' ? 'constructor' : 'method';
        const definition = this.add(name, kind, nameIndex, start, header.last, scope);
        if (kind === 'constructor' && this.punct(after, OPEN_PAREN))
          this.addParameterProperties(after, scope);
        return this.skipBody(header, definition);
      }
      return header.body >= 0 ? skipGroup(this.tokens, header.body, this.count) : header.resume;
    }
    const end = this.skipExpression(after, frame.kind === 'interface');
    if (name !== undefined && name.length > 0) {
      let signatureEnd = end - 1;
      // A property initialized with a function reads best as its parameter list, not its body.
      if (this.punct(after, EQUALS) && this.startsFunction(after + 1)) {
        signatureEnd = this.scanArrowHeader(after + 1).last;
        const definition = this.add(name, 'method', nameIndex, start, signatureEnd, scope);
        definition.endLine = this.tokens.lines[Math.max(end - 1, nameIndex)]!;
        return end;
      }
      signatureEnd = this.lastOnLine(nameIndex, end);
      this.add(name, frame.kind === 'class' ? 'field' : 'property', nameIndex, start, signatureEnd, scope);
    }
    return end;
  }
}
