/**
 * PHP scanner: classes, interfaces, traits and enums (scoped by an enclosing one, which PHP does not
 * nest, so only functions declared inside methods are scoped), functions, methods, constructors,
 * class constants, enum cases and properties. One pass over the tokens with a stack of open braces:
 * a declaration's `{` opens its frame and the matching `}` gives its last line. Variables (`$name`)
 * are not references — they are local by default — except as the property a `->name` reads.
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { CLOSE_BRACE, COLON, OPEN_BRACE, OPEN_PAREN, SEMICOLON } from './character-codes.js';
import { addDefinition, pushDefinition } from './definitions.js';
import {
  isIdentifier,
  isPunctuation,
  isWord,
  type LexerOptions,
  lex,
  MAX_HEADER_TOKENS,
  punctuationCode,
  signatureOf,
  type TokenList,
  tokenText,
} from './lexer.js';

const KEYWORDS = new Set([
  'abstract',
  'and',
  'array',
  'as',
  'break',
  'callable',
  'case',
  'catch',
  'class',
  'clone',
  'const',
  'continue',
  'declare',
  'default',
  'do',
  'echo',
  'else',
  'elseif',
  'empty',
  'enddeclare',
  'endfor',
  'endforeach',
  'endif',
  'endswitch',
  'endwhile',
  'enum',
  'extends',
  'false',
  'final',
  'finally',
  'fn',
  'for',
  'foreach',
  'function',
  'global',
  'goto',
  'if',
  'implements',
  'include',
  'include_once',
  'instanceof',
  'insteadof',
  'interface',
  'isset',
  'list',
  'match',
  'namespace',
  'new',
  'null',
  'or',
  'print',
  'private',
  'protected',
  'public',
  'readonly',
  'require',
  'require_once',
  'return',
  'static',
  'switch',
  'throw',
  'trait',
  'true',
  'try',
  'unset',
  'use',
  'var',
  'while',
  'xor',
  'yield',
]);

const LEXER_OPTIONS: LexerOptions = {
  cComments: true,
  hashComments: true,
  dollarIdentifiers: true,
  keywords: KEYWORDS,
};

const TYPE_KINDS: Readonly<Record<string, DefinitionKind>> = {
  class: 'class',
  interface: 'interface',
  trait: 'trait',
  enum: 'enum',
};

/** Words that may lead a member declaration (before `function`, `const` or a property). */
const MODIFIERS = new Set([
  'abstract',
  'final',
  'public',
  'protected',
  'private',
  'static',
  'readonly',
  'var',
]);

const ARROW_HEAD = 45; // `-` of `->`
/** Punctuation inside a property's type: `?int`, `int|string`, `\\App\\Model`, `A&B`. */
const TYPE_PUNCTUATION = new Set([63, 124, 92, 38]);
const GREATER = 62;

interface Frame {
  /** The definition whose body this brace opens, if any. */
  definition: Definition | undefined;
  /** Set for a class, interface, trait or enum body: its members are declared directly inside. */
  typeName: string | undefined;
  /** The body of an anonymous class: nothing inside it is reported. */
  anonymous?: boolean;
}

/** A frame on the stack, with what it inherits from the frames below it (kept so no lookup walks the stack). */
interface OpenFrame extends Frame {
  /** The name of the innermost definition whose body this is or is inside. */
  enclosing: string | undefined;
  /** Inside an anonymous class's body. */
  hidden: boolean;
}

/** Whether token `index` follows `->`, `?->` or `::`: a member access, not a declaration. */
function isMemberAccess(tokens: TokenList, index: number): boolean {
  const previous = punctuationCode(tokens, index - 1);
  if (previous === GREATER) return punctuationCode(tokens, index - 2) === ARROW_HEAD;
  return previous === COLON && punctuationCode(tokens, index - 2) === COLON;
}

/** The first token of the modifiers before `index` (e.g. `public static` before `function`). */
function modifiersStart(tokens: TokenList, index: number): number {
  let start = index;
  while (start > 0 && isIdentifier(tokens, start - 1) && MODIFIERS.has(tokenText(tokens, start - 1))) start--;
  return start;
}

/** The index of the `{` or `;` ending a header that starts at `from`, or -1 within MAX_HEADER_TOKENS. */
function headerEnd(tokens: TokenList, from: number): number {
  const limit = Math.min(tokens.count, from + MAX_HEADER_TOKENS);
  let depth = 0;
  for (let index = from; index < limit; index++) {
    const code = punctuationCode(tokens, index);
    if (code === OPEN_PAREN) depth++;
    else if (code === 41) depth--;
    else if (depth <= 0 && (code === OPEN_BRACE || code === SEMICOLON)) return index;
  }
  return -1;
}

/** Scans PHP source. */
export function scanPhp(text: string): ScanResult {
  const tokens = lex(text, LEXER_OPTIONS);
  const definitions: Definition[] = [];
  const stack: OpenFrame[] = [];
  // The frame the next `{` opens: set by a declaration header, cleared by a `;`.
  let pending: Frame | undefined;
  const inType = () => stack[stack.length - 1]?.typeName;
  const enclosingName = () => stack[stack.length - 1]?.enclosing;

  for (let index = 0; index < tokens.count; index++) {
    const code = punctuationCode(tokens, index);
    if (code === OPEN_BRACE) {
      const frame = pending ?? { definition: undefined, typeName: undefined };
      const below = stack[stack.length - 1];
      stack.push({
        ...frame,
        enclosing: frame.definition?.name ?? below?.enclosing,
        hidden: frame.anonymous === true || below?.hidden === true,
      });
      pending = undefined;
      continue;
    }
    if (code === CLOSE_BRACE) {
      const frame = stack.pop();
      if (frame?.definition) frame.definition.endLine = tokens.lines[index]!;
      continue;
    }
    if (code === SEMICOLON) {
      pending = undefined;
      continue;
    }
    if (!isIdentifier(tokens, index) || isMemberAccess(tokens, index)) continue;
    const word = tokenText(tokens, index);

    const typeKind = TYPE_KINDS[word];
    if (word === 'class' && index > 0 && isWord(tokens, index - 1, 'new')) {
      // `new class(...) { … }`: an anonymous class, whose members no other file can name.
      const end = headerEnd(tokens, index);
      if (end >= 0 && punctuationCode(tokens, end) === OPEN_BRACE) {
        pending = { definition: undefined, typeName: undefined, anonymous: true };
        index = end - 1;
      }
      continue;
    }
    if (stack[stack.length - 1]?.hidden) continue;
    // `enum Suit: string`, `class A extends B implements C`.
    if (typeKind && isIdentifier(tokens, index + 1)) {
      const end = headerEnd(tokens, index);
      if (end < 0 || punctuationCode(tokens, end) !== OPEN_BRACE) continue;
      const from = modifiersStart(tokens, index);
      const definition = addDefinition(
        definitions,
        tokens,
        index + 1,
        typeKind,
        from,
        end - 1,
        enclosingName(),
      );
      pending = { definition, typeName: definition.name };
      index = end - 1;
      continue;
    }

    if (word === 'function') {
      let nameIndex = index + 1;
      if (punctuationCode(tokens, nameIndex) === 38) nameIndex++; // `function &name()` returns a reference
      if (!isIdentifier(tokens, nameIndex) || !isPunctuation(tokens, nameIndex + 1, OPEN_PAREN)) continue;
      const end = headerEnd(tokens, nameIndex);
      const from = modifiersStart(tokens, index);
      const owner = inType();
      const name = tokenText(tokens, nameIndex);
      const kind: DefinitionKind = owner ? (name === '__construct' ? 'constructor' : 'method') : 'function';
      const last = end < 0 ? Math.min(tokens.count - 1, nameIndex + 1) : end - 1;
      const definition = addDefinition(
        definitions,
        tokens,
        nameIndex,
        kind,
        from,
        last,
        owner ?? enclosingName(),
      );
      if (end >= 0 && punctuationCode(tokens, end) === OPEN_BRACE) {
        pending = { definition, typeName: undefined };
        index = end - 1;
      } else if (end >= 0) index = end - 1;
      continue;
    }

    const owner = inType();
    if (!owner) continue;
    if (word === 'const' || word === 'case') {
      // `const int LIMIT = 3;` (typed since 8.3) or `case Hearts = 'H';`: the name is the last
      // identifier before `=` or `;`.
      let nameIndex = -1;
      let at = index + 1;
      for (; at < tokens.count && at < index + 8; at++) {
        const next = punctuationCode(tokens, at);
        if (next === 61 || next === SEMICOLON) break;
        if (isIdentifier(tokens, at)) nameIndex = at;
      }
      if (nameIndex < 0) continue;
      addDefinition(
        definitions,
        tokens,
        nameIndex,
        'constant',
        modifiersStart(tokens, index),
        nameIndex,
        owner,
      );
      index = nameIndex;
      continue;
    }
    if (word.startsWith('$') && word.length > 1) {
      // Directly in a type body, a variable is a property: `public ?int $count = 0;`. Its
      // signature starts at the modifiers, past the type between them and the name.
      let from = index;
      while (
        from > 0 &&
        from > index - 8 &&
        (isIdentifier(tokens, from - 1) || TYPE_PUNCTUATION.has(punctuationCode(tokens, from - 1)))
      )
        from--;
      pushDefinition(
        definitions,
        word.slice(1),
        'property',
        tokens.lines[index]!,
        signatureOf(tokens, from, index),
        owner,
      );
    }
  }
  // Variables are locals; the property name a `->name` reads is counted without the `$`.
  const references = tokens.references;
  for (const name of [...references.keys()]) if (name.startsWith('$')) references.delete(name);
  return { definitions, references };
}
