/**
 * Escaping of control characters in names (file paths, skill names, titles) that rendered text
 * shows: a newline in a file name would split a map entry in two, and an escape sequence would
 * reach a terminal or a prompt as a command. Here, not in each package, because every ctxkit
 * package already depends on this one and they must all escape the same way.
 *
 * A name without a control character is returned unchanged, so ordinary paths look as they are.
 * A name with one is escaped C-style, reversibly (see {@link unescapeControls}): `\` becomes `\\`,
 * tab, newline and carriage return become `\t`, `\n`, `\r`, and every other control character
 * becomes `\xHH` (C0 U+0000–U+001F, DEL U+007F, C1 U+0080–U+009F) or `\uHHHH` (the line and
 * paragraph separators U+2028 and U+2029, which break lines in JavaScript and many editors).
 */

/** The characters {@link escapeControls} escapes (apart from `\`, escaped only alongside them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/g;

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
};

/** Whether `text` holds a character that {@link escapeControls} would escape. */
export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

/** `text` with its control characters escaped; unchanged (backslashes too) when it has none. */
export function escapeControls(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROL_OR_BACKSLASH, (character) => {
    const short = SHORT_ESCAPES[character];
    if (short !== undefined) return short;
    const code = character.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

const ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|([\\tnr]))/g;
const SHORT_UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

/**
 * The name {@link escapeControls} escaped, back as it was: for a name read from rendered text
 * and used again (a path to open). Text is decoded only when it is exactly what `escapeControls`
 * makes of the decoded name; anything else (`src\windows\path.ts`, `a\nb\q`) is returned as
 * written. A real name can look escaped (`a\nb` with a backslash), so a caller opening a path
 * tries the name as given first and this decoding second.
 */
export function unescapeControls(text: string): string {
  if (!text.includes('\\')) return text;
  const decoded = text.replace(ESCAPE, (_match, hex?: string, unicode?: string, short?: string) =>
    short !== undefined ? SHORT_UNESCAPES[short]! : String.fromCharCode(Number.parseInt(hex ?? unicode!, 16)),
  );
  return hasControlCharacters(decoded) && escapeControls(decoded) === text ? decoded : text;
}
