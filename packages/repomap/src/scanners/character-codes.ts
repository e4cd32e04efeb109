/**
 * Character codes of the punctuation the scanners test for, by name (compared with
 * `punctuationCode` / `isPunctuation` results and `charCodeAt`).
 */
/** `!` */
export const BANG = 33;
/** `#` */
export const HASH = 35;
/** `&` */
export const AMPERSAND = 38;
/** `(` */
export const OPEN_PAREN = 40;
/** `)` */
export const CLOSE_PAREN = 41;
/** `*` */
export const STAR = 42;
/** `,` */
export const COMMA = 44;
/** `.` */
export const DOT = 46;
/** `:` */
export const COLON = 58;
/** `;` */
export const SEMICOLON = 59;
/** `<` */
export const LESS = 60;
/** `=` */
export const EQUALS = 61;
/** `>` */
export const GREATER = 62;
/** `?` */
export const QUESTION = 63;
/** `@` */
export const AT = 64;
/** `[` */
export const OPEN_BRACKET = 91;
/** `\\` */
export const BACKSLASH = 92;
/** `]` */
export const CLOSE_BRACKET = 93;
/** `^` */
export const CARET = 94;
/** `{` */
export const OPEN_BRACE = 123;
/** `}` */
export const CLOSE_BRACE = 125;
/** `~` */
export const TILDE = 126;
