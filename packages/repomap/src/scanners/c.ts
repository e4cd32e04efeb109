/**
 * C and C++ scanner (one grammar: C++ is read as a superset, so C++ headers named `.h` work too):
 * functions and prototypes, methods (in class bodies or qualified `Class::name`), constructors,
 * struct/union/class/enum with fields and enumerators, typedefs and `using` aliases, namespaces,
 * global variables and `#define` macros. Function bodies and initializers are skipped whole;
 * preprocessor lines are never read as declarations.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import {
  AMPERSAND,
  CARET,
  CLOSE_BRACE,
  CLOSE_PAREN,
  COLON,
  COMMA,
  EQUALS,
  GREATER,
  LESS,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  SEMICOLON,
  STAR,
  TILDE,
} from './character-codes.js';
import {
  DIRECTIVE_START,
  FIRST_ON_LINE,
  IN_DIRECTIVE,
  type LexerOptions,
  lex,
  MAX_ANGLE_TOKENS,
  punctuationCode,
  STRING,
  signatureOf,
  skipGroup,
  type TokenList,
  tokenText,
} from './lexer.js';
import { TokenParser } from './token-parser.js';

/** C's reserved words: never a declared name, even where C++ words like `class` or `new` are. */
const C_KEYWORDS = new Set([
  'auto',
  'break',
  'case',
  'char',
  'const',
  'continue',
  'default',
  'do',
  'double',
  'else',
  'enum',
  'extern',
  'float',
  'for',
  'goto',
  'if',
  'inline',
  'int',
  'long',
  'register',
  'restrict',
  'return',
  'short',
  'signed',
  'sizeof',
  'static',
  'struct',
  'switch',
  'typedef',
  'union',
  'unsigned',
  'void',
  'volatile',
  'while',
  'bool',
  'true',
  'false',
  'operator',
]);

/** Every reserved word of C and C++ (one lexer and one grammar read both): never a reference. */
const KEYWORDS = new Set([
  ...C_KEYWORDS,
  'class',
  'namespace',
  'template',
  'typename',
  'public',
  'private',
  'protected',
  'virtual',
  'override',
  'final',
  'friend',
  'new',
  'delete',
  'this',
  'using',
  'constexpr',
  'noexcept',
  'nullptr',
  'static_cast',
  'dynamic_cast',
  'reinterpret_cast',
  'const_cast',
  'try',
  'catch',
  'throw',
  'explicit',
  'mutable',
  'decltype',
  'typeid',
  'consteval',
  'constinit',
  'co_await',
  'co_return',
  'co_yield',
  'concept',
  'requires',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  cPreprocessor: true,
  keywords: KEYWORDS,
};

/** Words that may start a declaration without naming anything (storage, qualifiers, specifiers). */
const SPECIFIERS = new Set([
  'static',
  'inline',
  'extern',
  'const',
  'volatile',
  'virtual',
  'explicit',
  'constexpr',
  'consteval',
  'constinit',
  'friend',
  'mutable',
  'register',
  'thread_local',
  '_Thread_local',
  '__inline',
  '__inline__',
  '__extension__',
  'typename',
]);

/** Words that end the tokens after a parameter list and before the body or `;`. */
const AFTER_PARAMETERS = new Set([
  'const',
  'volatile',
  'noexcept',
  'override',
  'final',
  'throw',
  'try',
  'requires',
  '__attribute__',
  'mutable',
  '&',
  'asm',
  '__asm__',
]);

/** Statement words that cannot be a declared name (they appear at file level only inside macros). */
const NOT_NAMES = new Set(['if', 'while', 'for', 'switch', 'return', 'sizeof', 'do', 'else', 'case', 'goto']);

const MAX_DECLARATION_TOKENS = 1024;

function recordKind(keyword: string): DefinitionKind {
  return keyword === 'enum'
    ? 'enum'
    : keyword === 'union'
      ? 'union'
      : keyword === 'class'
        ? 'class'
        : 'struct';
}

interface Frame {
  /** `file`/`namespace`/`extern` bodies hold declarations; `class` bodies hold members. */
  kind: 'file' | 'namespace' | 'class';
  scope: string | undefined;
  definition: Definition | undefined;
}

/** Scans C source or headers. */
export function scanC(text: string): ScanResult {
  return new CParser(lex(text, LEXER_OPTIONS)).parse();
}

/** Scans C++ source or headers (the same grammar as {@link scanC}). */
export function scanCpp(text: string): ScanResult {
  return scanC(text);
}

class CParser extends TokenParser<Frame> {
  constructor(tokens: TokenList) {
    super(tokens, { kind: 'file', scope: undefined, definition: undefined });
  }

  parse(): ScanResult {
    let index = 0;
    while (index < this.count) {
      if ((this.tokens.flags[index]! & IN_DIRECTIVE) !== 0) {
        index = this.parseDirective(index);
        continue;
      }
      const frame = this.stack[this.stack.length - 1]!;
      if (this.punct(index, CLOSE_BRACE)) {
        index = this.closeFrame(index, 1);
        continue;
      }
      index = Math.max(this.parseDeclaration(index, frame), index + 1);
    }
    return this.result();
  }

  private code(index: number): number {
    return punctuationCode(this.tokens, index);
  }

  private inDirective(index: number): boolean {
    return index < this.count && (this.tokens.flags[index]! & IN_DIRECTIVE) !== 0;
  }

  /**
   * Closes the frame ended by the `}` at `index` (never below `floor` frames); a record's trailing
   * declarators (`struct s { … } instance, *pointer;`) are variables or fields of the enclosing frame.
   */
  private closeFrame(index: number, floor: number, outer?: Frame): number {
    if (this.stack.length <= floor) return index + 1;
    const closed = this.stack.pop()!;
    if (closed.definition) closed.definition.endLine = this.tokens.lines[index]!;
    if (closed.kind !== 'class' || closed.definition === undefined) return index + 1;
    const enclosing = this.stack.length > floor || !outer ? this.stack[this.stack.length - 1]! : outer;
    return this.addTrailingDeclarators(index + 1, enclosing);
  }

  /** Declarators after a record body up to its `;`, as variables (or fields inside a record). */
  private addTrailingDeclarators(index: number, frame: Frame): number {
    if (this.punct(index, SEMICOLON)) return index + 1;
    const end = this.skipStatement(index);
    const kind: DefinitionKind = frame.kind === 'class' ? 'field' : 'variable';
    for (const nameIndex of this.declaratorNames(index, end - 1)) {
      this.add(tokenText(this.tokens, nameIndex), kind, nameIndex, nameIndex, nameIndex, frame.scope);
    }
    return end;
  }

  /** `#define NAME` or `#define NAME(args)` is a macro; every other directive is skipped. */
  private parseDirective(index: number): number {
    const start = index;
    if (
      this.punct(index, 35) &&
      this.word(index + 1, 'define') &&
      this.isName(index + 2) &&
      this.inDirective(index + 2)
    ) {
      const nameIndex = index + 2;
      let last = nameIndex;
      // `NAME(` with no space is a function-like macro: its parameters belong to the signature.
      if (
        this.punct(nameIndex + 1, OPEN_PAREN) &&
        this.tokens.starts[nameIndex + 1] === this.tokens.ends[nameIndex]
      ) {
        last = skipGroup(this.tokens, nameIndex + 1, Math.min(this.count, nameIndex + 64)) - 1;
      }
      this.add(tokenText(this.tokens, nameIndex), 'macro', nameIndex, start, last, undefined);
    }
    index++;
    while (index < this.count && this.inDirective(index) && !this.startsDirective(index)) index++;
    return index;
  }

  /** A `#` that opens the next directive (directives on consecutive lines are separate). */
  private startsDirective(index: number): boolean {
    return (this.tokens.flags[index]! & DIRECTIVE_START) !== 0;
  }

  /** Skips a `<…>` template list (a `>>` closes two). */
  private skipAngles(open: number): number {
    let depth = 0;
    const limit = Math.min(this.count, open + MAX_ANGLE_TOKENS);
    for (let index = open; index < limit; index++) {
      const code = this.code(index);
      if (code === LESS) depth++;
      else if (code === GREATER) {
        if (--depth === 0) return index + 1;
      } else if (code === OPEN_PAREN || code === OPEN_BRACKET) {
        index = skipGroup(this.tokens, index, limit) - 1;
      } else if (code === SEMICOLON || code === OPEN_BRACE || code === CLOSE_BRACE) {
        return index;
      }
    }
    return open + 1;
  }

  private parseDeclaration(index: number, frame: Frame): number {
    const code = this.code(index);
    if (code === SEMICOLON) return index + 1;
    if (code === OPEN_BRACE) return skipGroup(this.tokens, index, this.count);
    // C++ attributes `[[nodiscard]]`.
    if (code === OPEN_BRACKET && this.punct(index + 1, OPEN_BRACKET))
      return skipGroup(this.tokens, index, this.count);
    // A destructor `~Name(…)`.
    if (code === TILDE && this.isName(index + 1)) return this.parseDeclarator(index, frame);
    if (!this.isName(index)) return index + 1;
    const scope = frame.scope;
    const first = tokenText(this.tokens, index);
    // A macro alone on its line (`_XFUNCPROTOBEGIN`, `G_BEGIN_DECLS`) expands to nothing we read.
    if (this.isAloneOnLine(index) && /^[A-Z_][A-Z0-9_]*$/.test(first) && /[A-Z]/.test(first))
      return index + 1;

    if (
      frame.kind === 'class' &&
      (first === 'public' || first === 'private' || first === 'protected') &&
      this.punct(index + 1, COLON)
    ) {
      return index + 2;
    }
    if (first === 'template') {
      const after = this.punct(index + 1, LESS) ? this.skipAngles(index + 1) : index + 1;
      return this.parseDeclaration(after, frame);
    }
    if (first === 'namespace' || (first === 'inline' && this.word(index + 1, 'namespace'))) {
      const keyword = first === 'inline' ? index + 1 : index;
      let nameIndex = keyword + 1;
      let name: string | undefined;
      while (this.isName(nameIndex)) {
        name = tokenText(this.tokens, nameIndex);
        if (!(this.punct(nameIndex + 1, COLON) && this.punct(nameIndex + 2, COLON))) break;
        nameIndex += 3;
      }
      let open = name === undefined ? keyword + 1 : nameIndex + 1;
      // Attributes or visibility macros before the body: `namespace std _GLIBCXX_VISIBILITY(default) {`.
      while (this.isName(open) || (this.punct(open, OPEN_BRACKET) && this.punct(open + 1, OPEN_BRACKET))) {
        open =
          this.isName(open) && !this.punct(open + 1, OPEN_PAREN)
            ? open + 1
            : skipGroup(this.tokens, this.isName(open) ? open + 1 : open, this.count);
      }
      if (!this.punct(open, OPEN_BRACE)) return this.skipStatement(open);
      const definition =
        name !== undefined ? this.add(name, 'namespace', nameIndex, index, nameIndex, scope) : undefined;
      this.stack.push({ kind: 'namespace', scope: name ?? scope, definition });
      return open + 1;
    }
    if (first === 'extern' && this.tokens.kinds[index + 1] === STRING) {
      if (this.punct(index + 2, OPEN_BRACE)) {
        this.stack.push({ kind: 'namespace', scope, definition: undefined });
        return index + 3;
      }
      return this.parseDeclaration(index + 2, frame);
    }
    if (first === 'using') return this.parseUsing(index, scope);
    if (first === 'typedef') return this.parseTypedef(index, scope);
    if (first === 'static_assert' || first === '_Static_assert') return this.skipStatement(index);

    // Specifiers before a struct/class/union/enum keyword.
    let cursor = index;
    while (this.isName(cursor) && SPECIFIERS.has(tokenText(this.tokens, cursor))) cursor++;
    const keyword = this.isName(cursor) ? tokenText(this.tokens, cursor) : '';
    if (keyword === 'struct' || keyword === 'class' || keyword === 'union' || keyword === 'enum') {
      const handled = this.parseRecord(index, cursor, keyword, frame);
      if (handled >= 0) return handled;
    }
    return this.parseDeclarator(index, frame);
  }

  private isAloneOnLine(index: number): boolean {
    const flags = this.tokens.flags;
    return (
      (flags[index]! & FIRST_ON_LINE) !== 0 &&
      (index + 1 >= this.count || (flags[index + 1]! & FIRST_ON_LINE) !== 0)
    );
  }

  /** To past the `;` ending a statement, stepping over bracketed groups (not past a closing `}`). */
  private skipStatement(index: number): number {
    while (index < this.count) {
      const code = this.code(index);
      if (code === SEMICOLON) return index + 1;
      if (code === CLOSE_BRACE) return index;
      if (code === OPEN_BRACE || code === OPEN_PAREN || code === OPEN_BRACKET) {
        index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      index++;
    }
    return index;
  }

  /** `using Name = type;` is an alias; other `using` forms import names and define nothing. */
  private parseUsing(index: number, scope: string | undefined): number {
    const end = this.skipStatement(index);
    if (this.isName(index + 1) && this.punct(index + 2, EQUALS)) {
      this.add(
        tokenText(this.tokens, index + 1),
        'type',
        index + 1,
        index,
        Math.min(end - 2, index + 40),
        scope,
      );
    }
    return end;
  }

  /** `typedef … Name;`, `typedef struct Tag { … } Name, *PName;`, `typedef int (*Handler)(int);`. */
  private parseTypedef(index: number, scope: string | undefined): number {
    let cursor = index + 1;
    while (this.isName(cursor) && SPECIFIERS.has(tokenText(this.tokens, cursor))) cursor++;
    const keyword = this.isName(cursor) ? tokenText(this.tokens, cursor) : '';
    let anonymousBody = -1;
    let bodyKeyword = '';
    if (
      (keyword === 'struct' || keyword === 'union' || keyword === 'enum' || keyword === 'class') &&
      (this.punct(cursor + 1, OPEN_BRACE) || (this.isName(cursor + 1) && this.punct(cursor + 2, OPEN_BRACE)))
    ) {
      const open = this.punct(cursor + 1, OPEN_BRACE) ? cursor + 1 : cursor + 2;
      const close = skipGroup(this.tokens, open, this.count);
      if (open === cursor + 2) {
        // A tagged body is a definition of its own.
        const definition = this.add(
          tokenText(this.tokens, cursor + 1),
          recordKind(keyword),
          cursor + 1,
          index,
          cursor + 1,
          scope,
        );
        definition.endLine = this.tokens.lines[close - 1]!;
        this.parseMembers(open, close - 1, keyword, definition.name);
      } else {
        // An anonymous body: its members belong to the typedef name.
        anonymousBody = open;
        bodyKeyword = keyword;
      }
      cursor = close;
    }
    const end = this.skipStatement(cursor);
    const names = this.declaratorNames(cursor, end - 1);
    for (const nameIndex of names)
      this.add(tokenText(this.tokens, nameIndex), 'type', nameIndex, index, end - 2, scope);
    if (anonymousBody >= 0) {
      const close = skipGroup(this.tokens, anonymousBody, this.count);
      const owner = names.length > 0 ? tokenText(this.tokens, names[0]!) : undefined;
      this.parseMembers(anonymousBody, close - 1, bodyKeyword, owner);
    }
    return end;
  }

  /**
   * The declared names in `from`..`to` (a declarator list): identifiers followed by `,`, `;`, `[`,
   * `=`, `:` (bit-field) or `)` of a `(*name)` function pointer, at bracket depth 0.
   */
  private declaratorNames(from: number, to: number): number[] {
    const names: number[] = [];
    let index = from;
    while (index < to) {
      if (this.inDirective(index)) {
        index++;
        continue;
      }
      const code = this.code(index);
      if (code === OPEN_PAREN) {
        // `(*name)(…)` or `(&name)[…]`: the name inside a pointer declarator.
        const close = skipGroup(this.tokens, index, to + 1);
        // `(*name)(…)`, `(&name)[…]`, `(CALLCONV *name)(…)`, `(APIENTRYP name)(…)`: the last name
        // inside a group that is followed by parameters or dimensions.
        const last = close - 2;
        const followed = this.punct(close, OPEN_PAREN) || this.punct(close, OPEN_BRACKET);
        if (followed && last > index && this.isName(last) && this.punct(close - 1, CLOSE_PAREN)) {
          let allNamesOrPointers = true;
          for (let inner = index + 1; inner < last; inner++) {
            const innerCode = this.code(inner);
            if (!this.isName(inner) && innerCode !== STAR && innerCode !== CARET && innerCode !== AMPERSAND) {
              allNamesOrPointers = false;
              break;
            }
          }
          if (allNamesOrPointers) names.push(last);
        }
        index = close;
        continue;
      }
      if (code === OPEN_BRACKET || code === OPEN_BRACE) {
        index = skipGroup(this.tokens, index, to + 1);
        continue;
      }
      if (code === LESS && this.isName(index - 1)) {
        index = this.skipAngles(index);
        continue;
      }
      if (code === EQUALS) {
        // Skip the initializer to the next declarator.
        while (index < to && !this.punct(index, COMMA)) {
          const inner = this.code(index);
          index =
            inner === OPEN_PAREN || inner === OPEN_BRACE || inner === OPEN_BRACKET
              ? skipGroup(this.tokens, index, to + 1)
              : index + 1;
        }
        continue;
      }
      if (this.isName(index) && !C_KEYWORDS.has(tokenText(this.tokens, index)) && !this.isTag(index)) {
        const next = this.code(index + 1);
        if (next === OPEN_PAREN && this.punct(skipGroup(this.tokens, index + 1, to + 1), SEMICOLON)) {
          // `typedef void handler_t(int);`: a function type's name.
          names.push(index);
          index = skipGroup(this.tokens, index + 1, to + 1);
          continue;
        }
        if (
          index + 1 > to ||
          next === COMMA ||
          next === SEMICOLON ||
          next === OPEN_BRACKET ||
          next === EQUALS ||
          next === COLON ||
          // Brace initialization: `inline constexpr all_of_fn all_of{};`.
          next === OPEN_BRACE
        ) {
          if (!(next === COLON && this.punct(index + 2, COLON))) names.push(index);
        }
      }
      index++;
    }
    return names;
  }

  /** Whether the name at `index` is a struct/union/enum/class tag (`struct Name;` declares no variable). */
  private isTag(index: number): boolean {
    return (
      this.word(index - 1, 'struct') ||
      this.word(index - 1, 'union') ||
      this.word(index - 1, 'enum') ||
      this.word(index - 1, 'class')
    );
  }

  /** `struct Name { … }` (with fields) and friends; -1 when this is a declaration using the type instead. */
  private parseRecord(start: number, keywordIndex: number, keyword: string, frame: Frame): number {
    let nameIndex = keywordIndex + 1;
    if (keyword === 'enum' && (this.word(nameIndex, 'class') || this.word(nameIndex, 'struct'))) nameIndex++;
    // Attributes and export macros between the keyword and the name (`struct __packed name`).
    while (this.isName(nameIndex) && this.isName(nameIndex + 1) && !this.word(nameIndex + 1, 'final'))
      nameIndex++;
    if (!this.isName(nameIndex)) {
      if (this.punct(nameIndex, OPEN_BRACE)) {
        // An anonymous record: its enumerators still name constants; then the declarators after it.
        // Fields of an anonymous struct/union belong to the enclosing record (C11 anonymous members).
        const close = skipGroup(this.tokens, nameIndex, this.count);
        this.parseMembers(nameIndex, close - 1, keyword, keyword === 'enum' ? undefined : frame.scope);
        return this.addTrailingDeclarators(close, frame);
      }
      return -1;
    }
    let cursor = nameIndex + 1;
    if (this.punct(cursor, LESS)) cursor = this.skipAngles(cursor);
    if (this.word(cursor, 'final')) cursor++;
    // Base clause or enum underlying type, to the body.
    if (this.punct(cursor, COLON) && !this.punct(cursor + 1, COLON)) {
      const limit = Math.min(this.count, cursor + MAX_DECLARATION_TOKENS);
      while (cursor < limit && !this.punct(cursor, OPEN_BRACE) && !this.punct(cursor, SEMICOLON)) {
        cursor = this.punct(cursor, LESS) ? this.skipAngles(cursor) : cursor + 1;
      }
    }
    if (!this.punct(cursor, OPEN_BRACE)) return -1;
    const name = tokenText(this.tokens, nameIndex);
    const definition = this.add(name, recordKind(keyword), nameIndex, start, cursor - 1, frame.scope);
    if (keyword === 'enum') {
      const close = skipGroup(this.tokens, cursor, this.count);
      definition.endLine = this.tokens.lines[close - 1]!;
      this.parseMembers(cursor, close - 1, keyword, name);
      return this.addTrailingDeclarators(close, frame);
    }
    this.stack.push({ kind: 'class', scope: name, definition });
    return cursor + 1;
  }

  /** Enumerators of an enum body (`A, B = 2, C`), or the fields of a struct body read in isolation. */
  private parseMembers(open: number, close: number, keyword: string, scope: string | undefined): void {
    if (keyword !== 'enum') {
      const depth = this.stack.length;
      const outer: Frame = { kind: 'class', scope, definition: undefined };
      let index = open + 1;
      while (index < close) {
        if (this.inDirective(index)) {
          index = this.parseDirective(index);
          continue;
        }
        if (this.punct(index, CLOSE_BRACE)) {
          // The end of a nested record opened inside this body.
          index = this.closeFrame(index, depth, outer);
          continue;
        }
        const frame = this.stack.length > depth ? this.stack[this.stack.length - 1]! : outer;
        index = Math.max(this.parseDeclaration(index, frame), index + 1);
      }
      this.stack.length = depth;
      return;
    }
    let expectName = true;
    for (let index = open + 1; index < close; index++) {
      if (this.startsDirective(index)) {
        // `#define A A` right after an enumerator (glibc's idiom) is a macro.
        index = this.parseDirective(index) - 1;
        continue;
      }
      const code = this.code(index);
      if (code === OPEN_PAREN || code === OPEN_BRACE || code === OPEN_BRACKET) {
        index = skipGroup(this.tokens, index, close) - 1;
        continue;
      }
      if (code === COMMA) {
        expectName = true;
        continue;
      }
      if (expectName && this.isName(index) && !this.inDirective(index)) {
        this.add(tokenText(this.tokens, index), 'constant', index, index, index, scope);
        expectName = false;
      }
    }
  }

  /**
   * A declaration that is not a record definition: a function (definition or prototype), a method,
   * a constructor, or variables/fields. Returns where parsing resumes.
   */
  private parseDeclarator(start: number, frame: Frame): number {
    const limit = Math.min(this.count, start + MAX_DECLARATION_TOKENS);
    // Find the end of the declaration and the parameter list of a function declarator.
    let index = start;
    let parameters = -1;
    let terminator = -1;
    while (index < limit) {
      // A directive ends an unterminated line such as a macro call `__SYSCALL(nr, sys)`.
      if (this.inDirective(index)) break;
      const code = this.code(index);
      if (code === SEMICOLON || code === OPEN_BRACE || code === CLOSE_BRACE) {
        terminator = index;
        break;
      }
      if (code === EQUALS && parameters < 0 && !this.isOperatorName(index)) {
        terminator = index;
        break;
      }
      if (code === COLON && !this.punct(index + 1, COLON) && !this.punct(index - 1, COLON)) {
        // Constructor initializer list or bit-field: the declarator ends here.
        terminator = index;
        break;
      }
      if (code === LESS && this.isName(index - 1) && !this.word(index - 1, 'operator')) {
        index = this.skipAngles(index);
        continue;
      }
      if (
        code === OPEN_PAREN &&
        parameters < 0 &&
        this.punct(index + 1, STAR) &&
        this.isName(index + 2) &&
        this.punct(index + 3, OPEN_PAREN)
      ) {
        // `int (*handler(int sig))(int)`: a function returning a function pointer.
        parameters = index + 3;
        index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      if (code === OPEN_PAREN) {
        const close = skipGroup(this.tokens, index, this.count);
        // The first parameter list wins: later groups are annotation macros (`) _X_SENTINEL(0);`).
        if (parameters < 0 && this.namesFunction(index)) parameters = index;
        index = close;
        continue;
      }
      if (code === OPEN_BRACKET) {
        index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      index++;
    }
    if (terminator < 0) return Math.max(index, start + 1);
    const scope = frame.scope;
    if (parameters >= 0) {
      const nameIndex = this.functionName(parameters);
      const hasType = nameIndex !== undefined && this.hasTypeBefore(start, nameIndex.first);
      const body =
        this.code(terminator) === OPEN_BRACE
          ? terminator
          : this.code(terminator) === COLON
            ? this.findBody(terminator)
            : -1;
      let end: number;
      if (body >= 0) end = skipGroup(this.tokens, body, this.count);
      else end = this.code(terminator) === CLOSE_BRACE ? terminator : this.skipStatement(terminator);
      if (nameIndex === undefined) return end;
      const { name, index: nameAt, qualifier } = nameIndex;
      const isConstructor =
        (frame.kind === 'class' && name === frame.scope) || (qualifier !== undefined && name === qualifier);
      const isDestructor = name.startsWith('~');
      // Conversion operators (`operator bool()`) have no return type either.
      const isOperator = name.startsWith('operator');
      if (!hasType && !isConstructor && !isDestructor && !isOperator && qualifier === undefined) return end;
      if (NOT_NAMES.has(name)) return end;
      const memberScope = qualifier ?? (frame.kind === 'class' ? scope : undefined);
      const kind: DefinitionKind = isConstructor
        ? 'constructor'
        : memberScope !== undefined && (frame.kind === 'class' || qualifier !== undefined)
          ? 'method'
          : 'function';
      const definition = this.add(
        name,
        kind,
        nameAt,
        start,
        this.headerEnd(parameters, terminator),
        memberScope ?? scope,
      );
      if (body >= 0) definition.endLine = this.tokens.lines[end - 1]!;
      return end;
    }
    // Variables or fields.
    const end = this.code(terminator) === CLOSE_BRACE ? terminator : this.skipStatement(terminator);
    if (this.word(start, 'extern') || this.word(start, 'return') || this.word(start, 'goto')) return end;
    const names = this.declaratorNames(start, end - 1).filter((nameIndex) =>
      this.hasTypeBefore(start, nameIndex),
    );
    const kind: DefinitionKind = frame.kind === 'class' ? 'field' : 'variable';
    for (const nameIndex of names) {
      if (NOT_NAMES.has(tokenText(this.tokens, nameIndex))) continue;
      this.add(
        tokenText(this.tokens, nameIndex),
        kind,
        nameIndex,
        start,
        Math.max(nameIndex, this.lastBefore(terminator)),
        scope,
      );
    }
    return end;
  }

  /** The `{` of a constructor body after its `: member(init), …` list. */
  private findBody(colon: number): number {
    const limit = Math.min(this.count, colon + MAX_DECLARATION_TOKENS);
    for (let index = colon + 1; index < limit; index++) {
      const code = this.code(index);
      if (code === OPEN_PAREN) index = skipGroup(this.tokens, index, limit) - 1;
      else if (code === OPEN_BRACE) {
        // `member{init}` braces follow a name; the body follows `)` or `}`.
        if (this.isName(index - 1)) index = skipGroup(this.tokens, index, limit) - 1;
        else return index;
      } else if (code === SEMICOLON) return -1;
    }
    return -1;
  }

  /** The last token of a function header: the parameters and any qualifiers after them. */
  private headerEnd(parameters: number, terminator: number): number {
    return Math.max(parameters, this.lastBefore(terminator));
  }

  private lastBefore(terminator: number): number {
    return terminator - 1;
  }

  /** Whether the `(` at `open` follows a declarator name (not a cast, attribute or macro call). */
  private namesFunction(open: number): boolean {
    const before = open - 1;
    // `operator==(`, `operator bool(`, `operator<=>(`.
    if (this.isOperatorName(before)) return this.followsParameters(skipGroup(this.tokens, open, this.count));
    if (this.isName(before)) {
      const word = tokenText(this.tokens, before);
      if (
        word === '__attribute__' ||
        word === '__declspec' ||
        word === 'alignas' ||
        word === 'decltype' ||
        word === 'sizeof'
      ) {
        return false;
      }
      if (KEYWORDS.has(word) && word !== 'operator') return false;
      // An annotation macro after a declarator (`__int_type _M_i _GLIBCXX20_INIT(0);`).
      if (
        /^_*[A-Z][A-Z0-9_]{2,}$/.test(word) &&
        this.isName(before - 1) &&
        !KEYWORDS.has(tokenText(this.tokens, before - 1))
      ) {
        return false;
      }
      // A function-like macro before the real declarator (`SEC("x") int f(void)`): more declarator follows.
      const close = skipGroup(this.tokens, open, this.count);
      return this.followsParameters(close);
    }
    // `operator==(`, `foo<int>(`.
    if (this.code(before) === GREATER || this.isOperatorName(before)) {
      return this.followsParameters(skipGroup(this.tokens, open, this.count));
    }
    return false;
  }

  /** Whether what follows a parameter list's `)` is what ends a function declarator. */
  private followsParameters(index: number): boolean {
    const limit = Math.min(this.count, index + 64);
    while (index < limit) {
      const code = this.code(index);
      if (code === SEMICOLON || code === OPEN_BRACE || code === EQUALS || code === COLON || code === COMMA)
        return true;
      if (this.isName(index) && AFTER_PARAMETERS.has(tokenText(this.tokens, index))) {
        index++;
        if (this.punct(index, OPEN_PAREN)) index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      if (code === AMPERSAND) {
        index++;
        continue;
      }
      if (code === 45 && this.punct(index + 1, GREATER)) {
        // Trailing return type.
        return true;
      }
      if (this.isName(index) && /^[A-Z_][A-Z0-9_]*$/.test(tokenText(this.tokens, index))) {
        // Annotation macros after the parameters (`__THROW`, `NORETURN`).
        index++;
        if (this.punct(index, OPEN_PAREN)) index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      if (this.punct(index, OPEN_BRACKET) && this.punct(index + 1, OPEN_BRACKET)) {
        index = skipGroup(this.tokens, index, this.count);
        continue;
      }
      return false;
    }
    return false;
  }

  private isOperatorName(index: number): boolean {
    for (let back = index; back >= Math.max(0, index - 3); back--)
      if (this.word(back, 'operator')) return true;
    return false;
  }

  /**
   * Walking back from the `>` at `close` to the `<` that opens its template list: the token just
   * before that `<`, or `close` itself when none opens it within {@link MAX_ANGLE_TOKENS}.
   */
  private beforeAngles(close: number): number {
    let depth = 0;
    for (let back = close; back > Math.max(0, close - MAX_ANGLE_TOKENS); back--) {
      const code = this.code(back);
      if (code === GREATER) depth++;
      else if (code === LESS && --depth === 0) return back - 1;
    }
    return close;
  }

  /** The declared function name before the parameter list, with its `Class::` qualifier if any. */
  private functionName(
    open: number,
  ): { name: string; index: number; first: number; qualifier?: string } | undefined {
    let nameEnd = open - 1;
    // `foo<int>(`: walk back over the template arguments.
    if (this.code(nameEnd) === GREATER && !this.isOperatorName(nameEnd)) nameEnd = this.beforeAngles(nameEnd);
    let first = nameEnd;
    let name: string;
    const operatorAt = this.isOperatorName(nameEnd) ? this.findOperator(nameEnd) : -1;
    if (operatorAt >= 0) {
      first = operatorAt;
      name = signatureOf(this.tokens, operatorAt, nameEnd).replace(/\s+/g, '');
    } else if (this.isName(nameEnd)) {
      name = tokenText(this.tokens, nameEnd);
      if (this.punct(nameEnd - 1, TILDE)) {
        name = `~${name}`;
        first = nameEnd - 1;
      }
    } else {
      return undefined;
    }
    let qualifier: string | undefined;
    if (this.punct(first - 1, COLON) && this.punct(first - 2, COLON)) {
      let qualifierIndex = first - 3;
      if (this.code(qualifierIndex) === GREATER) qualifierIndex = this.beforeAngles(qualifierIndex);
      if (this.isName(qualifierIndex)) {
        qualifier = tokenText(this.tokens, qualifierIndex);
        first = qualifierIndex;
        // Outer qualifiers `a::B::f`: the scope is the innermost class.
        while (this.punct(first - 1, COLON) && this.punct(first - 2, COLON) && this.isName(first - 3))
          first -= 3;
      }
    }
    const result: { name: string; index: number; first: number; qualifier?: string } = {
      name,
      index: nameEnd,
      first,
    };
    if (qualifier !== undefined) result.qualifier = qualifier;
    return result;
  }

  private findOperator(index: number): number {
    for (let back = index; back >= Math.max(0, index - 3); back--)
      if (this.word(back, 'operator')) return back;
    return -1;
  }

  /** Whether a type precedes the declarator name (a return or variable type), beyond specifiers. */
  private hasTypeBefore(start: number, nameIndex: number): boolean {
    for (let index = start; index < nameIndex; index++) {
      if (this.isName(index) && !SPECIFIERS.has(tokenText(this.tokens, index))) return true;
    }
    return false;
  }
}
