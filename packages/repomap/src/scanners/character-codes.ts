/**
 * Character codes the lexer and the scanners test for, by name (compared with
 * `punctuationCode` / `isPunctuation` results and `charCodeAt`).
 */
/** Tab. */
export const TAB = 9;
/** `\n` */
export const LINE_FEED = 10;
/** Vertical tab. */
export const VERTICAL_TAB = 11;
/** Form feed. */
export const FORM_FEED = 12;
/** `\r` */
export const CARRIAGE_RETURN = 13;
/** ` ` */
export const SPACE = 32;
/** `!` */
export const BANG = 33;
/** `"` */
export const DOUBLE_QUOTE = 34;
/** `#` */
export const HASH = 35;
/** `$` */
export const DOLLAR = 36;
/** `%` */
export const PERCENT = 37;
/** `&` */
export const AMPERSAND = 38;
/** `'` */
export const SINGLE_QUOTE = 39;
/** `(` */
export const OPEN_PAREN = 40;
/** `)` */
export const CLOSE_PAREN = 41;
/** `*` */
export const STAR = 42;
/** `,` */
export const COMMA = 44;
/** `-` */
export const MINUS = 45;
/** `.` */
export const DOT = 46;
/** `/` */
export const SLASH = 47;
/** `0` */
export const DIGIT_ZERO = 48;
/** `9` */
export const DIGIT_NINE = 57;
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
/** `A` */
export const UPPER_A = 65;
/** `I` */
export const UPPER_I = 73;
/** `L` */
export const UPPER_L = 76;
/** `Q` */
export const UPPER_Q = 81;
/** `R` */
export const UPPER_R = 82;
/** `U` */
export const UPPER_U = 85;
/** `W` */
export const UPPER_W = 87;
/** `Z` */
export const UPPER_Z = 90;
/** `[` */
export const OPEN_BRACKET = 91;
/** `\\` */
export const BACKSLASH = 92;
/** `]` */
export const CLOSE_BRACKET = 93;
/** `^` */
export const CARET = 94;
/** `_` */
export const UNDERSCORE = 95;
/** `` ` `` */
export const BACKQUOTE = 96;
/** `a` */
export const LOWER_A = 97;
/** `b` */
export const LOWER_B = 98;
/** `f` */
export const LOWER_F = 102;
/** `i` */
export const LOWER_I = 105;
/** `q` */
export const LOWER_Q = 113;
/** `r` */
export const LOWER_R = 114;
/** `s` */
export const LOWER_S = 115;
/** `u` */
export const LOWER_U = 117;
/** `w` */
export const LOWER_W = 119;
/** `x` */
export const LOWER_X = 120;
/** `z` */
export const LOWER_Z = 122;
/** `{` */
export const OPEN_BRACE = 123;
/** `}` */
export const CLOSE_BRACE = 125;
/** `~` */
export const TILDE = 126;
/** Bit that turns an ASCII upper-case letter into its lower-case form. */
export const ASCII_CASE_BIT = 32;
/** First and last high (leading) surrogate of a UTF-16 pair. */
export const HIGH_SURROGATE_FIRST = 0xd800;
export const HIGH_SURROGATE_LAST = 0xdbff;
