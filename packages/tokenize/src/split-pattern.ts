import { UnsupportedTokenizerError } from './tokenizer-errors.js';

/**
 * Split patterns in tokenizer.json files are written for the Oniguruma engine of the Rust `tokenizers`
 * crate. The ones local models ship use a small subset of its syntax, which maps onto a JavaScript
 * RegExp in `u` mode one construct at a time:
 * - `\s` / `\S` are Unicode White_Space (Oniguruma's meaning; JavaScript's `\s` adds U+FEFF and lacks
 *   U+0085), `\d` / `\D` are `\p{Nd}`;
 * - `(?i:…)` is ASCII case folding (`'s` also matches `'S`), spelled out as `[sS]`, since Node 20's
 *   RegExp has no inline modifiers;
 * - literals, `\p{…}`, classes, groups, alternation and greedy quantifiers mean the same in both.
 * Anything else (`\w`, `\b`, anchors, atomic groups, possessive or lazy quantifiers, POSIX brackets,
 * lookbehind, backreferences) is rejected by name rather than translated approximately. This is the
 * translation @huggingface/tokenizers (npm) also makes for these constructs, so splits agree with it.
 */

const SHORTHANDS: Readonly<Record<string, string>> = {
  s: '\\p{White_Space}',
  S: '\\P{White_Space}',
  d: '\\p{Nd}',
  D: '\\P{Nd}',
};
/** Escapes that mean the same character in both engines. */
const LITERAL_ESCAPES = new Set(['r', 'n', 't', 'f', 'v', '0']);
const UNSUPPORTED_ESCAPES: Readonly<Record<string, string>> = {
  w: 'the word class \\w',
  W: 'the non-word class \\W',
  b: 'the word boundary \\b',
  B: 'the non-boundary \\B',
  A: 'the anchor \\A',
  z: 'the anchor \\z',
  Z: 'the anchor \\Z',
  G: 'the anchor \\G',
  h: 'the hex-digit class \\h',
  H: 'the non-hex-digit class \\H',
  k: 'a named backreference',
  X: 'the grapheme cluster \\X',
  R: 'the line break \\R',
};

/** Translate the split pattern `source` of `where` (a tokenizer.json path) into a global Unicode RegExp. */
export function translateSplitPattern(source: string, where: string): RegExp {
  let out = '';
  let foldAscii = 0; // depth inside (?i:…) groups
  const groups: boolean[] = []; // per open group: whether it is a (?i:…) group
  let inClass = false;
  const fail = (construct: string, at: number): never => {
    throw new UnsupportedTokenizerError(
      where,
      `the split pattern uses ${construct} (at index ${at} of ${JSON.stringify(source)}), which has no exact JavaScript equivalent here`,
    );
  };
  for (let at = 0; at < source.length; ) {
    const character = source[at] as string;
    if (character === '\\') {
      const next = source[at + 1];
      if (next === undefined) fail('a trailing backslash', at);
      const name = next as string;
      if (name === 'p' || name === 'P') {
        const close = source.indexOf('}', at);
        if (source[at + 2] !== '{' || close < 0) fail('a property escape without braces', at);
        out += source.slice(at, close + 1);
        at = close + 1;
        continue;
      }
      if (name in SHORTHANDS) {
        out += SHORTHANDS[name];
      } else if (name in UNSUPPORTED_ESCAPES) {
        fail(UNSUPPORTED_ESCAPES[name] as string, at);
      } else if (name === 'x' || name === 'u') {
        const hex = /^\\[xu](\{[0-9A-Fa-f]+\}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{2})/.exec(source.slice(at));
        if (!hex) fail('a malformed hex escape', at);
        const digits = (hex as RegExpExecArray)[1] as string;
        out += `\\u{${digits.replace(/[{}]/g, '')}}`;
        at += (hex as RegExpExecArray)[0].length;
        continue;
      } else if (LITERAL_ESCAPES.has(name)) {
        out += `\\${name}`;
      } else if (/[A-Za-z0-9]/.test(name)) {
        fail(`the escape \\${name}`, at);
      } else {
        // An escaped symbol is that symbol; JavaScript's u mode accepts only syntax characters escaped.
        out += /[\^$\\.*+?()[\]{}|/-]/.test(name) ? `\\${name}` : name;
      }
      at += 2;
      continue;
    }
    if (inClass) {
      if (character === '[') fail('a nested character class', at);
      if (character === ']') inClass = false;
      if (character === '&' && source[at + 1] === '&') fail('a class intersection', at);
      out += foldAscii > 0 && /[A-Za-z]/.test(character) ? foldedClassMember(source, at, fail) : character;
      at += 1;
      continue;
    }
    switch (character) {
      case '[':
        if (source.startsWith('[:', at)) fail('a POSIX bracket expression', at);
        inClass = true;
        out += character;
        if (source[at + 1] === '^') {
          out += '^';
          at += 1;
        }
        at += 1;
        continue;
      case '(': {
        if (source.startsWith('(?i:', at)) {
          groups.push(true);
          foldAscii += 1;
          out += '(?:';
          at += 4;
          continue;
        }
        if (source.startsWith('(?:', at) || source.startsWith('(?=', at) || source.startsWith('(?!', at)) {
          groups.push(false);
          out += source.slice(at, at + 3);
          at += 3;
          continue;
        }
        if (source[at + 1] === '?') fail(`the group ${JSON.stringify(source.slice(at, at + 3))}`, at);
        groups.push(false);
        out += '(?:'; // capturing groups only change what a split keeps when behavior is not Isolated
        at += 1;
        continue;
      }
      case ')':
        if (groups.pop()) foldAscii -= 1;
        out += ')';
        at += 1;
        continue;
      case '*':
      case '+':
      case '?':
      case '}': {
        out += character;
        at += 1;
        const after = source[at];
        if (after === '+') fail('a possessive quantifier', at);
        if (after === '?') fail('a lazy quantifier', at);
        continue;
      }
      case '^':
      case '$':
        fail(`the anchor ${character}`, at);
        break;
      case '.':
        // Oniguruma's `.` excludes only \n.
        out += '[^\\n]';
        at += 1;
        continue;
      default:
        out +=
          foldAscii > 0 && /[A-Za-z]/.test(character)
            ? `[${character.toLowerCase()}${character.toUpperCase()}]`
            : character;
        at += 1;
    }
  }
  if (inClass) fail('an unterminated character class', source.length);
  try {
    return new RegExp(out, 'gu');
  } catch (error) {
    return fail(`syntax JavaScript rejects (${(error as Error).message})`, 0);
  }
}

/** Inside a class under (?i:…): a letter, or a range of letters, and its other case. */
function foldedClassMember(
  source: string,
  at: number,
  fail: (construct: string, at: number) => never,
): string {
  const character = source[at] as string;
  if (source[at + 1] === '-' || source[at - 1] === '-') fail('a case-insensitive class range', at);
  return `${character.toLowerCase()}${character.toUpperCase()}`;
}
