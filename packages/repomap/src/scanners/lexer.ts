/**
 * The shared lexer under every scanner: one left-to-right pass that skips comments and string
 * contents, counts identifier references, and records tokens in flat typed arrays (no object per
 * token) for the language's declaration parser. Every loop advances the position, so the pass is
 * linear in the input and cannot throw on malformed text.
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

/**
 * How one language writes comments, strings and names. Every rule is off unless set, so a language
 * names only the rules it uses.
 */
export interface LexerOptions {
  /** `//` line comments and `/* *\/` block comments (every language but Python and Ruby). */
  cComments?: boolean;
  /** `#` starts a line comment (Python, Ruby). */
  hashComments?: boolean;
  /** Block comments nest (Rust). */
  nestedBlockComments?: boolean;
  /** `$` may appear in identifiers (JavaScript, Java). */
  dollarIdentifiers?: boolean;
  /** Python string prefixes and triple-quoted strings. */
  pythonStrings?: boolean;
  /** JavaScript template literals (whose `${}` holes are code) and regular-expression literals. */
  javascriptLiterals?: boolean;
  /** Backquoted raw strings spanning lines (Go). */
  backquoteRawStrings?: boolean;
  /** Rust raw strings `r#"…"#`, byte strings, and `'a'` characters versus `'a` lifetimes. */
  rustLiterals?: boolean;
  /** `"""` text blocks (Java). */
  textBlocks?: boolean;
  /**
   * C/C++: `#` directives (to the end of the line, `\\` continuing it) whose tokens carry
   * {@link IN_DIRECTIVE}; `R"delim(…)delim"` raw strings; `'` digit separators in numbers.
   */
  cPreprocessor?: boolean;
  /**
   * Ruby: `=begin`/`=end` comments, heredocs, `%w[…]`-style literals, interpolated strings,
   * `name?`/`name!` method names, `?c` characters, `$"`-style globals and `__END__`.
   */
  rubyLiterals?: boolean;
  /**
   * C#: verbatim `@"…"`, interpolated `$"…{hole}…"` (holes skipped with their nested strings),
   * raw `"""…"""` strings, and `#if`/`#region` directive lines read as comments.
   */
  csharpLiterals?: boolean;
  /** Words that are never references (reserved keywords). */
  keywords: ReadonlySet<string>;
}

/**
 * Tokens of one file as parallel arrays (valid until the next {@link lex} call, which reuses them),
 * plus the reference counts gathered on the way.
 */
export interface TokenList {
  /** The scanned source. */
  readonly text: string;
  /** How many tokens there are (the arrays are longer; entries past `count` are blank). */
  count: number;
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
  /** Identifier counts outside comments and strings, keywords excluded. */
  references: Map<string, number>;
}

const INITIAL_CAPACITY = 4096;
/** Tokens blanked past the end of each file; parsers look at most a few tokens ahead. */
const LOOKAHEAD_MARGIN = 16;

/**
 * Token arrays shared by successive {@link lex} calls: scanning many files one after another then
 * allocates (and garbage-collects) nothing per token, which keeps the pass fast and its memory flat.
 * Scanning is synchronous, so one set per thread suffices; a TokenList is valid until the next call.
 */
const shared: Pick<TokenList, 'kinds' | 'flags' | 'starts' | 'ends' | 'lines' | 'columns'> = {
  kinds: new Uint8Array(INITIAL_CAPACITY),
  flags: new Uint8Array(INITIAL_CAPACITY),
  starts: new Int32Array(INITIAL_CAPACITY),
  ends: new Int32Array(INITIAL_CAPACITY),
  lines: new Int32Array(INITIAL_CAPACITY),
  columns: new Int32Array(INITIAL_CAPACITY),
};

function grow(tokens: TokenList): void {
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
  shared.kinds = tokens.kinds;
  shared.flags = tokens.flags;
  shared.starts = tokens.starts;
  shared.ends = tokens.ends;
  shared.lines = tokens.lines;
  shared.columns = tokens.columns;
}

/** ASCII character classes, looked up instead of compared: bit 1 starts a name, bit 2 continues one. */
const NAME_START = 1;
const NAME_PART = 2;
const ASCII_CLASS = (() => {
  const table = new Uint8Array(128);
  for (let code = 0; code < 128; code++) {
    const letter = (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
    if (letter) table[code] = NAME_START | NAME_PART;
    else if (code >= 48 && code <= 57) table[code] = NAME_PART;
  }
  return table;
})();

function isIdentifierStart(code: number, dollar: boolean): boolean {
  if (code < 128) return (ASCII_CLASS[code]! & NAME_START) !== 0 || (dollar && code === 36);
  return code >= 0xaa && !isUnicodeSpace(code);
}

function isIdentifierPart(code: number, dollar: boolean): boolean {
  if (code < 128) return (ASCII_CLASS[code]! & NAME_PART) !== 0 || (dollar && code === 36);
  return code >= 0xaa && !isUnicodeSpace(code);
}

function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x1680 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    (code >= 0x2000 && code <= 0x200a)
  );
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Ruby words after which a `/` starts a regular expression. */
const RUBY_REGEX_AFTER_WORDS = new Set([
  'if',
  'elsif',
  'unless',
  'when',
  'and',
  'or',
  'not',
  'while',
  'until',
  'return',
  'then',
  'puts',
  'print',
]);

/** `split /,/` is a regex argument; `def /(other)` defines division; `a / b` divides. */
function isRubyRegexAfterWord(word: string, spaced: boolean, next: number): boolean {
  if (word === 'def') return false;
  return RUBY_REGEX_AFTER_WORDS.has(word) || (spaced && next !== 32 && next !== 61);
}

/** The counter cell of every keyword: never incremented, never reported. */
const KEYWORD = { count: 0 };

/** Words after which a `/` starts a regular expression rather than dividing. */
const REGEX_AFTER_WORDS = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/**
 * Lexes `text` with the rules of one language. Never throws: unterminated strings end at the line
 * end (or the file end for multi-line forms), stray characters become punctuation.
 */
export function lex(text: string, options: LexerOptions): TokenList {
  const tokens: TokenList = {
    text,
    count: 0,
    kinds: shared.kinds,
    flags: shared.flags,
    starts: shared.starts,
    ends: shared.ends,
    lines: shared.lines,
    columns: shared.columns,
    references: new Map(),
  };
  const length = text.length;
  const dollar = options.dollarIdentifiers === true;
  const keywords = options.keywords;
  // Options as boolean locals: the main loop tests them for every character.
  const cComments = options.cComments === true;
  const hashComments = options.hashComments === true;
  const nestedBlockComments = options.nestedBlockComments === true;
  const pythonStrings = options.pythonStrings === true;
  const javascriptLiterals = options.javascriptLiterals === true;
  const backquoteRawStrings = options.backquoteRawStrings === true;
  const rustLiterals = options.rustLiterals === true;
  const textBlocks = options.textBlocks === true;
  const cPreprocessor = options.cPreprocessor === true;
  const rubyLiterals = options.rubyLiterals === true;
  const csharpLiterals = options.csharpLiterals === true;
  // One map lookup per identifier: counts live in mutable cells, keywords map to a sentinel cell.
  const counters = new Map<string, { count: number }>();
  for (const keyword of keywords) counters.set(keyword, KEYWORD);
  let position = 0;
  let line = 1;
  let lineStart = 0;
  let firstOnLine = true;
  let spaced = false;
  // JavaScript: the stack of open `{` counts inside each template `${` hole.
  const templateDepths: number[] = [];
  let lastKind = 0;
  let lastCode = 0;
  // Ruby: heredoc terminators whose bodies start on the next line.
  const heredocs: { terminator: string; indented: boolean }[] = [];
  // C preprocessor: inside a directive line, and whether the line so far ends with `\`.
  let inDirective = false;
  let continued = false;

  const push = (kind: number, start: number, end: number, startLine: number, startColumn: number) => {
    if (tokens.count === tokens.kinds.length) grow(tokens);
    const index = tokens.count++;
    tokens.kinds[index] = kind;
    tokens.flags[index] =
      (firstOnLine ? FIRST_ON_LINE : 0) | (spaced ? SPACE_BEFORE : 0) | (inDirective ? IN_DIRECTIVE : 0);
    tokens.starts[index] = start;
    tokens.ends[index] = end;
    tokens.lines[index] = startLine;
    tokens.columns[index] = startColumn;
    firstOnLine = false;
    spaced = false;
    continued = kind === PUNCTUATION && text.charCodeAt(start) === 92;
    lastKind = kind;
    lastCode = kind === PUNCTUATION ? text.charCodeAt(start) : 0;
  };

  // Past the backslash escape at `position` (the backslash and the character it escapes); an
  // escaped line break still starts a new line.
  const skipEscape = () => {
    if (text.charCodeAt(position + 1) === 10) {
      line++;
      lineStart = position + 2;
    }
    position += 2;
  };

  // Skips a quoted literal body from `position` (just past the opening quote) to past the closing
  // quote; single-line forms stop at an unescaped line end. With `hashHoles` (Ruby's `"…"` and
  // backticks), `#{…}` holes are skipped with their nested strings, counting braces.
  const skipQuoted = (quote: number, multiline: boolean, hashHoles = false) => {
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === 92) {
        skipEscape();
        continue;
      }
      if (code === quote) {
        position++;
        return;
      }
      if (code === 10) {
        if (!multiline) return;
        line++;
        lineStart = position + 1;
      } else if (hashHoles && code === 35 && text.charCodeAt(position + 1) === 123) {
        position += 2;
        skipHole(true);
        continue;
      }
      position++;
    }
    position = Math.min(position, length);
  };

  // Skips to past `terminator` (a run of identical quote characters, e.g. `"""`) or the file end.
  const skipUntil = (terminator: string, escapes: boolean) => {
    while (position < length) {
      const code = text.charCodeAt(position);
      if (escapes && code === 92) {
        skipEscape();
        continue;
      }
      if (code === 10) {
        line++;
        lineStart = position + 1;
      } else if (code === terminator.charCodeAt(0) && text.startsWith(terminator, position)) {
        position += terminator.length;
        return;
      }
      position++;
    }
    position = Math.min(position, length);
  };

  // Skips a template literal's text from just past "`" (or past a hole's closing `}`); stops past
  // the closing "`" or just past a `${`, pushing a new hole onto the stack.
  const skipTemplate = () => {
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === 92) {
        skipEscape();
        continue;
      }
      if (code === 96) {
        position++;
        return;
      }
      if (code === 36 && text.charCodeAt(position + 1) === 123) {
        position += 2;
        templateDepths.push(0);
        return;
      }
      if (code === 10) {
        line++;
        lineStart = position + 1;
      }
      position++;
    }
    position = Math.min(position, length);
  };

  // Tries a regular-expression literal at `position` (a `/`); returns false (consuming nothing) when
  // the line ends before it closes, so the `/` is then an operator.
  // Ruby regular expressions may span lines (`/x` extended mode); the look-ahead stays bounded.
  const MAX_MULTILINE_REGEX = 8192;
  // A failed attempt scanned up to here; attempts starting before it fail at once, so a long line
  // of `/[` fragments (or an unclosed multi-line one) is scanned once, not once per slash.
  let regexFailedUntil = -1;
  const tryRegex = (multiline = false): boolean => {
    if (position < regexFailedUntil) return false;
    const failed = (at: number): boolean => {
      regexFailedUntil = at;
      return false;
    };
    let scan = position + 1;
    let inClass = false;
    let newlines = 0;
    let lastNewline = -1;
    const limit = multiline ? Math.min(length, position + MAX_MULTILINE_REGEX) : length;
    while (scan < limit) {
      const code = text.charCodeAt(scan);
      if (code === 10 || code === 13) {
        if (!multiline) return failed(scan);
        if (code === 10) {
          newlines++;
          lastNewline = scan;
        }
      }
      if (code === 92) {
        if (text.charCodeAt(scan + 1) === 10) {
          newlines++;
          lastNewline = scan + 1;
        }
        scan += 2;
        continue;
      }
      if (inClass) {
        if (code === 93) inClass = false;
      } else if (code === 91) {
        inClass = true;
      } else if (code === 47) {
        scan++;
        while (scan < length && isIdentifierPart(text.charCodeAt(scan), false)) scan++;
        position = scan;
        if (newlines > 0) {
          line += newlines;
          lineStart = lastNewline + 1;
        }
        return true;
      }
      scan++;
    }
    return failed(scan);
  };

  if (text.startsWith('#!')) {
    while (position < length && text.charCodeAt(position) !== 10) position++;
  }

  while (position < length) {
    const code = text.charCodeAt(position);
    if (code === 10) {
      line++;
      position++;
      lineStart = position;
      firstOnLine = true;
      spaced = true;
      if (!continued) inDirective = false;
      continued = false;
      if (heredocs.length > 0) skipHeredocBodies();
      continue;
    }
    if (
      code === 32 ||
      code === 9 ||
      code === 13 ||
      code === 12 ||
      code === 11 ||
      (code >= 0xa0 && isUnicodeSpace(code))
    ) {
      position++;
      spaced = true;
      continue;
    }
    const start = position;
    const startLine = line;
    const startColumn = position - lineStart;

    if (cComments && code === 47) {
      const next = text.charCodeAt(position + 1);
      if (next === 47) {
        while (position < length && text.charCodeAt(position) !== 10) position++;
        spaced = true;
        continue;
      }
      if (next === 42) {
        position += 2;
        let depth = 1;
        while (position < length) {
          const inner = text.charCodeAt(position);
          if (inner === 42 && text.charCodeAt(position + 1) === 47) {
            position += 2;
            if (--depth === 0) break;
            continue;
          }
          if (nestedBlockComments && inner === 47 && text.charCodeAt(position + 1) === 42) {
            position += 2;
            depth++;
            continue;
          }
          if (inner === 10) {
            line++;
            lineStart = position + 1;
          }
          position++;
        }
        spaced = true;
        continue;
      }
    }
    if (cPreprocessor && code === 35 && firstOnLine && !inDirective) {
      inDirective = true;
      position++;
      push(PUNCTUATION, start, position, startLine, startColumn);
      tokens.flags[tokens.count - 1]! |= DIRECTIVE_START;
      continue;
    }
    if (csharpLiterals) {
      if (code === 35 && firstOnLine) {
        while (position < length && text.charCodeAt(position) !== 10) position++;
        spaced = true;
        continue;
      }
      if (code === 64 || code === 36 || code === 34) {
        // Prefixes `@`, `$`, `$@`, `@$`, `$$…` before a quote.
        let quote = position;
        let verbatim = false;
        let interpolated = false;
        while (quote < length && quote - position < 8) {
          const prefix = text.charCodeAt(quote);
          if (prefix === 64) verbatim = true;
          else if (prefix === 36) interpolated = true;
          else break;
          quote++;
        }
        if (text.charCodeAt(quote) === 34 && (quote > position || code === 34)) {
          if (!verbatim && text.startsWith('"""', quote)) {
            // Raw string literal: closes with as many quotes as it opened with (at least three).
            let run = quote;
            while (run < length && text.charCodeAt(run) === 34) run++;
            position = run;
            skipUntil('"'.repeat(run - quote), false);
          } else {
            position = quote + 1;
            skipCSharpString(verbatim, interpolated);
          }
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
      }
    }
    if (rubyLiterals) {
      if (code === 61 && startColumn === 0 && text.startsWith('=begin', position)) {
        // `=begin` … `=end` block comment, both at a line start.
        while (position < length) {
          const next = text.indexOf('\n', position);
          if (next < 0) {
            position = length;
            break;
          }
          line++;
          lineStart = next + 1;
          position = next + 1;
          if (text.startsWith('=end', position)) {
            while (position < length && text.charCodeAt(position) !== 10) position++;
            break;
          }
        }
        spaced = true;
        continue;
      }
      if (code === 95 && startColumn === 0 && text.startsWith('__END__', position)) {
        const after = text.charCodeAt(position + 7);
        if (Number.isNaN(after) || after === 10 || after === 13) break;
      }
      if (code === 34 || code === 96 || code === 39) {
        position++;
        // Ruby strings may span lines; single quotes have no holes.
        skipQuoted(code, true, code !== 39);
        push(STRING, start, position, startLine, startColumn);
        continue;
      }
      if (code === 60 && text.charCodeAt(position + 1) === 60 && tryHeredoc()) {
        push(STRING, start, position, startLine, startColumn);
        continue;
      }
      if (code === 37 && tryPercentLiteral()) {
        push(STRING, start, position, startLine, startColumn);
        continue;
      }
      if (code === 47) {
        const regexAllowed =
          lastKind === 0 ||
          (lastKind === PUNCTUATION && lastCode !== 41 && lastCode !== 93 && lastCode !== 125) ||
          (lastKind === IDENTIFIER &&
            isRubyRegexAfterWord(
              text.slice(tokens.starts[tokens.count - 1], tokens.ends[tokens.count - 1]),
              spaced,
              text.charCodeAt(position + 1),
            ));
        // After `=`, `(`, `,` or a keyword a regex may span lines; after a method name it may not.
        if (regexAllowed && tryRegex(lastKind !== IDENTIFIER || text.charCodeAt(position + 1) === 10)) {
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
      }
      if (code === 63 && (lastKind === PUNCTUATION || lastKind === 0 || spaced) && position + 2 <= length) {
        // `?a` character literal (not the ternary `?`, which has a space after it).
        const next = text.charCodeAt(position + 1);
        const after = text.charCodeAt(position + 2);
        if (next > 32 && next !== 63 && !isIdentifierPart(after, false)) {
          position += next === 92 ? 3 : 2;
          push(STRING, start, Math.min(position, length), startLine, startColumn);
          position = Math.min(position, length);
          continue;
        }
      }
      if (code === 36 && position + 1 < length && !isIdentifierStart(text.charCodeAt(position + 1), false)) {
        // `$"`, `$'`, `$!` … special globals: the punctuation is part of the name, not a quote.
        position += 2;
        push(PUNCTUATION, start, position, startLine, startColumn);
        continue;
      }
    }
    if (hashComments && code === 35) {
      while (position < length && text.charCodeAt(position) !== 10) position++;
      spaced = true;
      continue;
    }

    if (isIdentifierStart(code, dollar)) {
      // String prefixes: Python r"…" f'…' b"""…""", Rust b"…" r#"…"# br"…".
      if (pythonStrings && isPythonPrefix(code)) {
        let end = position;
        while (end < length && end - position < 3 && isPythonPrefix(text.charCodeAt(end))) end++;
        const quote = text.charCodeAt(end);
        if ((quote === 34 || quote === 39) && end > position && end - position <= 2) {
          position = end;
          lexPythonString(quote);
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
      }
      if (cPreprocessor && (code === 82 || code === 117 || code === 85 || code === 76)) {
        // C++ raw strings: R"delim( … )delim", also u8R, uR, UR, LR.
        let quote = position;
        while (quote < length && quote - position < 3 && text.charCodeAt(quote) !== 34) quote++;
        if (
          text.charCodeAt(quote) === 34 &&
          text.charCodeAt(quote - 1) === 82 &&
          /^(u8|u|U|L)?R$/.test(text.slice(position, quote))
        ) {
          // The delimiter is at most 16 characters, so the search for `(` is bounded.
          let open = quote + 1;
          while (open < length && open - quote <= 17 && text.charCodeAt(open) !== 40) open++;
          if (text.charCodeAt(open) === 40 && !/[\s\\)]/.test(text.slice(quote + 1, open))) {
            position = open + 1;
            skipUntil(`)${text.slice(quote + 1, open)}"`, false);
            push(STRING, start, position, startLine, startColumn);
            continue;
          }
        }
      }
      if (rustLiterals && (code === 114 || code === 98)) {
        let end = position + 1;
        if (code === 98 && text.charCodeAt(end) === 114) end++;
        const raw = text.charCodeAt(end - 1) === 114;
        let hashes = 0;
        while (raw && text.charCodeAt(end + hashes) === 35) hashes++;
        if (text.charCodeAt(end + hashes) === 34) {
          position = end + hashes + 1;
          if (raw) skipUntil('"' + '#'.repeat(hashes), false);
          else skipQuoted(34, true);
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
        if (code === 98 && text.charCodeAt(position + 1) === 39) {
          position += 2;
          skipQuoted(39, false);
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
      }
      position++;
      while (position < length && isIdentifierPart(text.charCodeAt(position), dollar)) position++;
      if (rubyLiterals) {
        // Predicate and bang methods: `empty?`, `save!` (but not `a!= b` or `a ?b :c`).
        const suffix = text.charCodeAt(position);
        if (
          (suffix === 63 || suffix === 33) &&
          text.charCodeAt(position + 1) !== 61 &&
          !isIdentifierPart(text.charCodeAt(position + 1), false) &&
          text.charCodeAt(position + 1) !== 58
        ) {
          position++;
        }
      }
      push(IDENTIFIER, start, position, startLine, startColumn);
      const word = text.slice(start, position);
      const counter = counters.get(word);
      if (counter === undefined) counters.set(word, { count: 1 });
      else if (counter !== KEYWORD) counter.count++;
      continue;
    }

    if (isDigit(code) || (code === 46 && isDigit(text.charCodeAt(position + 1)))) {
      position++;
      while (position < length) {
        const inner = text.charCodeAt(position);
        if (isIdentifierPart(inner, false) || (inner === 46 && isDigit(text.charCodeAt(position + 1)))) {
          position++;
        } else if (inner === 39 && cPreprocessor && isIdentifierPart(text.charCodeAt(position + 1), false)) {
          // C++14 digit separator: 1'000'000.
          position++;
        } else break;
      }
      push(NUMBER, start, position, startLine, startColumn);
      continue;
    }

    // JSX text such as `<p>isn't</p>`: code never puts a quote right after a name, prose does.
    if (
      code === 39 &&
      javascriptLiterals &&
      !spaced &&
      lastKind === IDENTIFIER &&
      tokens.ends[tokens.count - 1] === start
    ) {
      position++;
      push(PUNCTUATION, start, position, startLine, startColumn);
      continue;
    }
    if (code === 34 || code === 39) {
      position++;
      if (pythonStrings) {
        position = start;
        lexPythonString(code);
      } else if (textBlocks && code === 34 && text.startsWith('""', position)) {
        position += 2;
        skipUntil('"""', true);
      } else if (rustLiterals && code === 39) {
        // 'a' or '\n' is a character; 'a (no closing quote right after one character) is a lifetime.
        const next = text.charCodeAt(position);
        const afterOne = text.codePointAt(position) ?? 0;
        const width = afterOne > 0xffff ? 2 : 1;
        if (next === 92 || text.charCodeAt(position + width) === 39) {
          skipQuoted(39, false);
        } else {
          // A lifetime or label: the quote and the name after it are neither a string nor a reference.
          while (position < length && isIdentifierPart(text.charCodeAt(position), false)) position++;
          push(PUNCTUATION, start, position, startLine, startColumn);
          continue;
        }
      } else {
        skipQuoted(code, false);
      }
      push(STRING, start, position, startLine, startColumn);
      continue;
    }

    if (code === 96) {
      position++;
      if (javascriptLiterals) {
        skipTemplate();
        push(STRING, start, position, startLine, startColumn);
        continue;
      }
      if (backquoteRawStrings) {
        skipUntil('`', false);
        push(STRING, start, position, startLine, startColumn);
        continue;
      }
      push(PUNCTUATION, start, position, startLine, startColumn);
      continue;
    }

    if (javascriptLiterals) {
      if (code === 47) {
        const regexAllowed =
          lastKind === 0 ||
          (lastKind === PUNCTUATION &&
            lastCode !== 41 &&
            lastCode !== 93 &&
            lastCode !== 125 &&
            // `</` closes a JSX element.
            !(lastCode === 60 && !spaced)) ||
          (lastKind === IDENTIFIER &&
            REGEX_AFTER_WORDS.has(
              text.slice(tokens.starts[tokens.count - 1], tokens.ends[tokens.count - 1]),
            ));
        if (regexAllowed && tryRegex()) {
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
      } else if (code === 123 && templateDepths.length > 0) {
        templateDepths[templateDepths.length - 1]!++;
      } else if (code === 125 && templateDepths.length > 0) {
        const top = templateDepths.length - 1;
        if (templateDepths[top] === 0) {
          // The hole closes: the template's text resumes.
          templateDepths.pop();
          position++;
          skipTemplate();
          push(STRING, start, position, startLine, startColumn);
          continue;
        }
        templateDepths[top]!--;
      }
    }

    position++;
    // Keep a surrogate pair together so no token splits a character.
    if (code >= 0xd800 && code <= 0xdbff && position < length) position++;
    push(PUNCTUATION, start, position, startLine, startColumn);
  }
  // The arrays are reused across calls: blank a margin past the last token so that a parser's
  // short lookahead beyond the end reads "no token", never a previous file's tokens.
  while (tokens.count + LOOKAHEAD_MARGIN > tokens.kinds.length) grow(tokens);
  const marginEnd = tokens.count + LOOKAHEAD_MARGIN;
  tokens.kinds.fill(0, tokens.count, marginEnd);
  tokens.flags.fill(0, tokens.count, marginEnd);
  tokens.starts.fill(length, tokens.count, marginEnd);
  tokens.ends.fill(length, tokens.count, marginEnd);
  tokens.lines.fill(line, tokens.count, marginEnd);
  tokens.columns.fill(0, tokens.count, marginEnd);
  const references = tokens.references;
  for (const [word, counter] of counters)
    if (counter !== KEYWORD) references.set(detachString(word), counter.count);
  return tokens;

  // Skips an interpolation hole from just past its `{` to past its closing `}` (or the file end):
  // braces nest and line breaks count; a string inside — `"…"`, or also `'…'` where `singleQuotes`
  // (Ruby) — is skipped to its closing quote or its line end, without further nesting.
  function skipHole(singleQuotes: boolean): void {
    let depth = 1;
    while (position < length && depth > 0) {
      const inner = text.charCodeAt(position);
      if (inner === 123) depth++;
      else if (inner === 125) depth--;
      else if (inner === 10) {
        line++;
        lineStart = position + 1;
      } else if (inner === 34 || (singleQuotes && inner === 39)) {
        position++;
        while (position < length && text.charCodeAt(position) !== inner && text.charCodeAt(position) !== 10) {
          position += text.charCodeAt(position) === 92 ? 2 : 1;
        }
      }
      position++;
    }
  }

  // C#: skips a regular, verbatim (`""` escapes a quote, lines allowed) or interpolated string
  // from just past its opening quote; `{{` is a literal brace, `{hole}` may hold nested strings.
  function skipCSharpString(verbatim: boolean, interpolated: boolean): void {
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === 92 && !verbatim) {
        position += 2;
        continue;
      }
      if (code === 34) {
        if (verbatim && text.charCodeAt(position + 1) === 34) {
          position += 2;
          continue;
        }
        position++;
        return;
      }
      if (code === 10) {
        if (!verbatim) return;
        line++;
        lineStart = position + 1;
      } else if (interpolated && code === 123) {
        if (text.charCodeAt(position + 1) === 123) {
          position += 2;
          continue;
        }
        position++;
        skipHole(false);
        continue;
      }
      position++;
    }
    position = Math.min(position, length);
  }

  // Ruby heredoc opener at `position` (`<<~ID`, `<<-ID`, `<<ID`, quoted IDs): records the
  // terminator for the body that starts on the next line.
  function tryHeredoc(): boolean {
    let cursor = position + 2;
    const flag = text.charCodeAt(cursor);
    const indented = flag === 126 || flag === 45;
    if (indented) cursor++;
    let quote = text.charCodeAt(cursor);
    if (quote === 34 || quote === 39 || quote === 96) cursor++;
    else quote = 0;
    const nameStart = cursor;
    while (cursor < length && isIdentifierPart(text.charCodeAt(cursor), false)) cursor++;
    if (cursor === nameStart) return false;
    const name = text.slice(nameStart, cursor);
    // `<<ID` without `~`/`-` must look like a heredoc (upper-case), not a shift (`a<<b`).
    if (!indented && quote === 0 && !/^[A-Z_][A-Z0-9_]*$/.test(name)) return false;
    if (quote !== 0) {
      if (text.charCodeAt(cursor) !== quote) return false;
      cursor++;
    }
    heredocs.push({ terminator: name, indented });
    position = cursor;
    return true;
  }

  // Skips the bodies of pending heredocs from the start of the current line.
  function skipHeredocBodies(): void {
    for (const heredoc of heredocs) {
      while (position < length) {
        let end = text.indexOf('\n', position);
        if (end < 0) end = length;
        const content = text.slice(position, end).replace(/\r$/, '');
        const done = (heredoc.indented ? content.trim() : content) === heredoc.terminator;
        position = Math.min(end + 1, length);
        line++;
        lineStart = position;
        if (done) break;
      }
    }
    heredocs.length = 0;
    firstOnLine = true;
    spaced = true;
  }

  // Ruby `%w[…]`, `%i(…)`, `%q{…}`, `%Q|…|`, `%r{…}`, `%(…)`: bracket delimiters nest.
  function tryPercentLiteral(): boolean {
    let cursor = position + 1;
    const letter = text.charCodeAt(cursor);
    const typed =
      letter === 119 ||
      letter === 87 ||
      letter === 105 ||
      letter === 73 ||
      letter === 113 ||
      letter === 81 ||
      letter === 114 ||
      letter === 115 ||
      letter === 120;
    if (typed) cursor++;
    const open = text.charCodeAt(cursor);
    const bracket = open === 40 || open === 91 || open === 123 || open === 60;
    if (!typed) {
      // A bare `%(…)` only where a value may start (not `a % (b)`).
      const valueBefore =
        lastKind === IDENTIFIER ||
        lastKind === NUMBER ||
        lastKind === STRING ||
        (lastKind === PUNCTUATION && (lastCode === 41 || lastCode === 93 || lastCode === 125));
      if (
        !bracket ||
        (valueBefore && !(lastKind === IDENTIFIER && spaced && text.charCodeAt(cursor + 1) !== 32))
      )
        return false;
    } else if (Number.isNaN(open) || open <= 32 || isIdentifierPart(open, false)) {
      return false;
    }
    const close = open === 40 ? 41 : open === 91 ? 93 : open === 123 ? 125 : open === 60 ? 62 : open;
    cursor++;
    let depth = 1;
    while (cursor < length) {
      const code = text.charCodeAt(cursor);
      if (code === 92) {
        cursor += 2;
        continue;
      }
      if (code === 10) {
        line++;
        lineStart = cursor + 1;
      } else if (code === close) {
        if (--depth === 0) {
          cursor++;
          break;
        }
      } else if (bracket && code === open) {
        depth++;
      }
      cursor++;
    }
    position = Math.min(cursor, length);
    return true;
  }

  function lexPythonString(quote: number): void {
    // `position` is at the opening quote (prefix already skipped).
    if (text.charCodeAt(position + 1) === quote && text.charCodeAt(position + 2) === quote) {
      position += 3;
      const terminator = String.fromCharCode(quote, quote, quote);
      skipUntil(terminator, true);
      return;
    }
    position++;
    skipQuoted(quote, false);
  }
}

function isPythonPrefix(code: number): boolean {
  const lower = code | 32;
  return lower === 114 || lower === 98 || lower === 117 || lower === 102;
}

/** V8 shares the characters of substrings this long with their parent string instead of copying. */
const SHARED_SUBSTRING_LENGTH = 13;

/**
 * A copy of `value` that does not keep its parent string alive. Names and signatures are slices of
 * a whole file's text; a scan result kept in memory (or a cache) must not pin every file it came from.
 */
export function detachString(value: string): string {
  // Concatenating then slicing flattens into a fresh string of just these characters.
  return value.length < SHARED_SUBSTRING_LENGTH ? value : `${value} `.slice(0, -1);
}

/** The token's source text. */
export function tokenText(tokens: TokenList, index: number): string {
  return tokens.text.slice(tokens.starts[index], tokens.ends[index]);
}

/** The character of token `index` when it is punctuation; 0 for any other token or past the last one. */
export function punctuationCode(tokens: TokenList, index: number): number {
  return index < tokens.count && tokens.kinds[index] === PUNCTUATION
    ? tokens.text.charCodeAt(tokens.starts[index]!)
    : 0;
}

/** Whether token `index` is an identifier (or keyword); false past the last token. */
export function isIdentifier(tokens: TokenList, index: number): boolean {
  return index < tokens.count && tokens.kinds[index] === IDENTIFIER;
}

/** Whether token `index` is the one-character punctuation `char`. */
export function isPunctuation(tokens: TokenList, index: number, char: number): boolean {
  return (
    index < tokens.count &&
    tokens.kinds[index] === PUNCTUATION &&
    tokens.text.charCodeAt(tokens.starts[index]!) === char
  );
}

/** Whether token `index` is the identifier or keyword `word`. */
export function isWord(tokens: TokenList, index: number, word: string): boolean {
  if (index >= tokens.count || tokens.kinds[index] !== IDENTIFIER) return false;
  const start = tokens.starts[index]!;
  return tokens.ends[index]! - start === word.length && tokens.text.startsWith(word, start);
}

/** How far a declaration header (parameters, return type, bounds) may run before a scanner gives up on it. */
export const MAX_HEADER_TOKENS = 1024;

/** Type-parameter lists are short; a `<` that does not close within this many tokens is an operator. */
export const MAX_ANGLE_TOKENS = 256;

/** Longest signature kept, in characters; longer headers end with an ellipsis. */
export const MAX_SIGNATURE_LENGTH = 200;

/**
 * The source of tokens `from`..`to` (inclusive) on one line: any run of whitespace or comments
 * between tokens becomes one space. Bounded by {@link MAX_SIGNATURE_LENGTH}.
 */
export function signatureOf(tokens: TokenList, from: number, to: number): string {
  const last = Math.min(to, tokens.count - 1);
  if (last < from) return '';
  const text = tokens.text;
  const start = tokens.starts[from]!;
  // Fast path, the common case: tokens separated by nothing or one space, no line breaks inside —
  // the header is then one slice of the source (no per-token strings to collect).
  let end = start;
  let plain = true;
  for (let index = from; index <= last && plain; index++) {
    const tokenStart = tokens.starts[index]!;
    const gap = tokenStart - end;
    if (index > from && gap !== 0 && !(gap === 1 && text.charCodeAt(end) === 32)) plain = false;
    end = tokens.ends[index]!;
    if (end - start > MAX_SIGNATURE_LENGTH) break;
  }
  if (plain) {
    const raw = text.slice(start, end);
    if (!raw.includes('\n') && !raw.includes('\r')) {
      return raw.length > MAX_SIGNATURE_LENGTH ? `${raw.slice(0, MAX_SIGNATURE_LENGTH)}…` : raw;
    }
  }
  const pieces: string[] = [];
  let length = 0;
  for (let index = from; index <= last; index++) {
    if (index > from && (tokens.flags[index]! & (SPACE_BEFORE | FIRST_ON_LINE)) !== 0) {
      pieces.push(' ');
      length++;
    }
    let piece = text.slice(
      tokens.starts[index],
      Math.min(tokens.ends[index]!, tokens.starts[index]! + MAX_SIGNATURE_LENGTH),
    );
    // A multi-line string in a header (rare) must not break the one-line form.
    if (piece.includes('\n') || piece.includes('\r')) piece = piece.replace(/\s+/g, ' ');
    pieces.push(piece);
    length += piece.length;
    if (length > MAX_SIGNATURE_LENGTH) return `${pieces.join('').slice(0, MAX_SIGNATURE_LENGTH)}…`;
  }
  return pieces.join('');
}

/** Index of the token after the bracket group opened at `open` (`(`, `[`, `{` or `<`), or `limit`. */
export function skipGroup(tokens: TokenList, open: number, limit: number): number {
  const text = tokens.text;
  const opener = text.charCodeAt(tokens.starts[open]!);
  const closer = opener === 40 ? 41 : opener === 91 ? 93 : opener === 123 ? 125 : 62;
  let depth = 0;
  for (let index = open; index < limit; index++) {
    if (tokens.kinds[index] !== PUNCTUATION) continue;
    const code = text.charCodeAt(tokens.starts[index]!);
    if (code === opener) depth++;
    else if (code === closer && --depth === 0) return index + 1;
  }
  return limit;
}
