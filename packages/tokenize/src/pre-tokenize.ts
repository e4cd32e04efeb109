import { CharacterClass, characterClassTable } from './character-classes.js';

/**
 * Hand-written equivalents of the split patterns of cl100k_base and o200k_base, with the semantics of the
 * Rust `fancy-regex` engine OpenAI's tokenizer runs them on (leftmost-first alternation, greedy
 * quantifiers with backtracking, Unicode White_Space for `\s`). A JavaScript RegExp cannot be used: its
 * `\s` includes U+FEFF and excludes U+0085, its Unicode tables are newer than the reference's, and the
 * backtracking in `\s*[\r\n]+` makes long whitespace runs quadratic. Each function returns where the
 * piece starting at `start` ends; every character is examined a bounded number of times, so splitting is
 * linear in the length of the text.
 */
export type PieceSplitter = (text: string, start: number) => number;

const { other, upper, lower, letterOther, mark, number, space, newline } = CharacterClass;
const APOSTROPHE = 0x27;
const SPACE_CHARACTER = 0x20;
const SLASH = 0x2f;
const CARRIAGE_RETURN = 0x0d;
const LINE_FEED = 0x0a;
/** Longest run `\p{N}{1,3}` takes. */
const MAX_DIGITS = 3;

let classes: Uint8Array = new Uint8Array(0);
/** Width in UTF-16 code units of the code point {@link classAt} just classified. */
let width = 1;

/** Load the character tables the splitters read; call once before splitting. */
export function preparePieceSplitters(): void {
  if (classes.length === 0) classes = characterClassTable();
}

// A lone surrogate is seen as U+FFFD (class other), as the reference sees it after wasm-bindgen's UTF-8
// conversion.
function classAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 0xd800 || code > 0xdfff) {
    width = 1;
    return classes[code] as number;
  }
  if (code <= 0xdbff && at + 1 < text.length) {
    const low = text.charCodeAt(at + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      width = 2;
      return classes[((code - 0xd800) << 10) + (low - 0xdc00) + 0x10000] as number;
    }
  }
  width = 1;
  return other;
}

function isLetter(codeClass: number): boolean {
  return codeClass >= upper && codeClass <= letterOther;
}

/** `[^\r\n\p{L}\p{N}]`: the optional character in front of a word. */
function isWordPrefix(codeClass: number): boolean {
  return codeClass === other || codeClass === mark || codeClass === space;
}

/** `[^\s\p{L}\p{N}]`: punctuation and symbols. */
function isPunctuation(codeClass: number): boolean {
  return codeClass === other || codeClass === mark;
}

/** o200k's `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`. */
function isLeadingLetter(codeClass: number): boolean {
  return codeClass === upper || codeClass === letterOther || codeClass === mark;
}

/** o200k's `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`. */
function isTrailingLetter(codeClass: number): boolean {
  return codeClass === lower || codeClass === letterOther || codeClass === mark;
}

/**
 * Length after the apostrophe of `(?i:'s|'t|'re|'ve|'m|'ll|'d)`, or 0. Case-insensitive as Rust's regex
 * does it, with simple Unicode case folding: `s` also matches U+017F LATIN SMALL LETTER LONG S.
 */
function contractionLength(text: string, at: number): number {
  if (at >= text.length) return 0;
  switch (text.charCodeAt(at)) {
    case 0x73: // s
    case 0x53: // S
    case 0x17f: // ſ
    case 0x74: // t
    case 0x54: // T
    case 0x6d: // m
    case 0x4d: // M
    case 0x64: // d
    case 0x44: // D
      return 1;
    case 0x72: // r
    case 0x52: // R
    case 0x76: // v
    case 0x56: {
      // V
      const second = at + 1 < text.length ? text.charCodeAt(at + 1) : 0;
      return second === 0x65 || second === 0x45 ? 2 : 0;
    }
    case 0x6c: // l
    case 0x4c: {
      // L
      const second = at + 1 < text.length ? text.charCodeAt(at + 1) : 0;
      return second === 0x6c || second === 0x4c ? 2 : 0;
    }
    default:
      return 0;
  }
}

function letterRunEnd(text: string, at: number): number {
  const length = text.length;
  while (at < length && isLetter(classAt(text, at))) at += width;
  return at;
}

function punctuationRunEnd(text: string, at: number): number {
  const length = text.length;
  while (at < length && isPunctuation(classAt(text, at))) at += width;
  return at;
}

function numberEnd(text: string, at: number): number {
  const length = text.length;
  for (let digits = 0; digits < MAX_DIGITS && at < length; digits++) {
    if (classAt(text, at) !== number) break;
    at += width;
  }
  return at;
}

/**
 * The whitespace alternatives shared by both patterns, at a whitespace character:
 * `\s*[\r\n]+` (through the last line break of the run), else `\s+(?!\S)` (the run, less its last
 * character unless the run ends the text), else `\s+`. White_Space code points are all single UTF-16
 * units, so "less its last character" is `end - 1`.
 */
function whitespaceEnd(text: string, start: number): number {
  const length = text.length;
  let at = start;
  let afterLastNewline = -1;
  while (at < length) {
    const codeClass = classAt(text, at);
    if (codeClass === newline) afterLastNewline = at + 1;
    else if (codeClass !== space) break;
    at += 1;
  }
  if (afterLastNewline > 0) return afterLastNewline;
  if (at === length) return at;
  return at - 1 > start ? at - 1 : at;
}

/**
 * cl100k_base: `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|
 * \s*[\r\n]+|\s+(?!\S)|\s+`.
 */
export function splitCl100k(text: string, start: number): number {
  const length = text.length;
  const first = text.charCodeAt(start);
  if (first === APOSTROPHE) {
    const contraction = contractionLength(text, start + 1);
    if (contraction > 0) return start + 1 + contraction;
  }
  const firstClass = classAt(text, start);
  const firstEnd = start + width;
  if (isLetter(firstClass)) return letterRunEnd(text, firstEnd);
  if (isWordPrefix(firstClass) && firstEnd < length && isLetter(classAt(text, firstEnd))) {
    return letterRunEnd(text, firstEnd + width);
  }
  if (firstClass === number) return numberEnd(text, start);
  let punctuationStart = -1;
  if (isPunctuation(firstClass)) punctuationStart = firstEnd;
  else if (first === SPACE_CHARACTER && firstEnd < length && isPunctuation(classAt(text, firstEnd))) {
    punctuationStart = firstEnd + width;
  }
  if (punctuationStart >= 0) {
    let end = punctuationRunEnd(text, punctuationStart);
    while (end < length) {
      const code = text.charCodeAt(end);
      if (code !== CARRIAGE_RETURN && code !== LINE_FEED) break;
      end += 1;
    }
    return end;
  }
  return whitespaceEnd(text, start);
}

/** o200k's `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+` from `at`, or -1. */
function lowerWordEnd(text: string, at: number): number {
  const length = text.length;
  // Greedy leading run; remember where the last character that is also a trailing letter ends, which is
  // where backtracking lands when the run is not followed by a trailing letter.
  let afterLastShared = -1;
  while (at < length) {
    const codeClass = classAt(text, at);
    if (!isLeadingLetter(codeClass)) break;
    at += width;
    if (codeClass !== upper) afterLastShared = at;
  }
  if (at < length && classAt(text, at) === lower) return trailingRunEnd(text, at + width);
  return afterLastShared;
}

/** o200k's `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*` from `at`, or -1. */
function upperWordEnd(text: string, at: number): number {
  const length = text.length;
  if (at >= length || !isLeadingLetter(classAt(text, at))) return -1;
  at += width;
  while (at < length && isLeadingLetter(classAt(text, at))) at += width;
  return trailingRunEnd(text, at);
}

function trailingRunEnd(text: string, at: number): number {
  const length = text.length;
  while (at < length && isTrailingLetter(classAt(text, at))) at += width;
  return at;
}

function withContraction(text: string, end: number): number {
  if (end >= text.length || text.charCodeAt(end) !== APOSTROPHE) return end;
  const contraction = contractionLength(text, end + 1);
  return contraction > 0 ? end + 1 + contraction : end;
}

/**
 * o200k_base: `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|…|'d)?|
 * [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|…|'d)?|\p{N}{1,3}|
 *  ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`.
 */
export function splitO200k(text: string, start: number): number {
  const length = text.length;
  const firstClass = classAt(text, start);
  const firstEnd = start + width;
  const prefixed = isWordPrefix(firstClass) && firstEnd < length;
  // Alternation order: first word form with then without the prefix, then the second word form.
  if (prefixed) {
    const end = lowerWordEnd(text, firstEnd);
    if (end > 0) return withContraction(text, end);
  }
  if (firstClass !== other && firstClass !== space) {
    const end = lowerWordEnd(text, start);
    if (end > 0) return withContraction(text, end);
  }
  if (prefixed) {
    const end = upperWordEnd(text, firstEnd);
    if (end > 0) return withContraction(text, end);
  }
  const end = upperWordEnd(text, start);
  if (end > 0) return withContraction(text, end);
  if (firstClass === number) return numberEnd(text, start);
  let punctuationStart = -1;
  if (isPunctuation(firstClass)) punctuationStart = firstEnd;
  else if (text.charCodeAt(start) === SPACE_CHARACTER && firstEnd < length) {
    if (isPunctuation(classAt(text, firstEnd))) punctuationStart = firstEnd + width;
  }
  if (punctuationStart >= 0) {
    let end = punctuationRunEnd(text, punctuationStart);
    while (end < length) {
      const code = text.charCodeAt(end);
      if (code !== CARRIAGE_RETURN && code !== LINE_FEED && code !== SLASH) break;
      end += 1;
    }
    return end;
  }
  return whitespaceEnd(text, start);
}

/** Split `text` into pre-tokens with `splitter`; for tests and debugging. */
export function splitPieces(text: string, splitter: PieceSplitter): string[] {
  preparePieceSplitters();
  const pieces: string[] = [];
  for (let start = 0; start < text.length; ) {
    const end = splitter(text, start);
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
