/** Which characters start and continue names, which are digits and which are Unicode spaces. */

import {
  DIGIT_NINE,
  DIGIT_ZERO,
  DOLLAR,
  LOWER_A,
  LOWER_Z,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
} from './character-codes.js';

/** ASCII character classes, looked up instead of compared: bit 1 starts a name, bit 2 continues one. */
/** Code points below this are ASCII, classed by table lookup. */
const ASCII_SIZE = 128;
const NAME_START = 1;
const NAME_PART = 2;
const ASCII_CLASS = (() => {
  const table = new Uint8Array(ASCII_SIZE);
  for (let code = 0; code < ASCII_SIZE; code++) {
    const letter =
      (code >= LOWER_A && code <= LOWER_Z) || (code >= UPPER_A && code <= UPPER_Z) || code === UNDERSCORE;
    if (letter) table[code] = NAME_START | NAME_PART;
    else if (isDigit(code)) table[code] = NAME_PART;
  }
  return table;
})();

/** The first non-ASCII code point that may be part of a name (`ª`); below it only ASCII classes count. */
const FIRST_NAME_CODE_POINT = 0xaa;

/** Whether `code` starts a name (`$` too where `dollar`); any non-space character past U+00A9 does. */
export function isIdentifierStart(code: number, dollar: boolean): boolean {
  if (code < ASCII_SIZE) return (ASCII_CLASS[code]! & NAME_START) !== 0 || (dollar && code === DOLLAR);
  return code >= FIRST_NAME_CODE_POINT && !isUnicodeSpace(code);
}

/** Whether `code` continues a name (digits too). */
export function isIdentifierPart(code: number, dollar: boolean): boolean {
  if (code < ASCII_SIZE) return (ASCII_CLASS[code]! & NAME_PART) !== 0 || (dollar && code === DOLLAR);
  return code >= FIRST_NAME_CODE_POINT && !isUnicodeSpace(code);
}

/** Unicode space separators, the byte-order mark and the line/paragraph separators. */
export function isUnicodeSpace(code: number): boolean {
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

/** `0`–`9`. */
export function isDigit(code: number): boolean {
  return code >= DIGIT_ZERO && code <= DIGIT_NINE;
}
