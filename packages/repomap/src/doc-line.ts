/**
 * The first line of a definition's documentation, read from its file's lines: for Python the
 * docstring that opens a `def`/`class` body, otherwise (and for Python without one) the comment
 * block directly above the definition, past its attributes, annotations and decorators. It is the
 * summary's first sentence: cut at its end, or joined with the next lines when it wraps there, up
 * to MAX_DOC_LENGTH. Pure, linear in the lines it looks at, and never throws; the result is one whitespace-collapsed line
 * (control characters are left to the renderer's `escapeControls`, as for signatures).
 */
import type { Definition, Language } from './types.js';

/** Longer doc lines are cut here with `…`: the map wants the gist, not the paragraph. */
export const MAX_DOC_LENGTH = 100;

/**
 * How far above a definition attributes and decorators may reach before its comment. Larger
 * spans are code, not decoration, and walking them would make a scan quadratic in bad cases.
 */
const MAX_ATTRIBUTE_LINES = 12;
/** How many lines of a Python header (a long parameter list) are read to find its closing colon. */
const MAX_HEADER_LINES = 40;
/** How many comment lines are read looking for a prose line. */
const MAX_COMMENT_LINES = 60;
/**
 * Longer lines are generated or minified code, never documentation: {@link sourceLines} replaces
 * them with {@link LONG_LINE}, so the few lines read per definition cost little however long.
 */
export const MAX_LINE_LENGTH = 1000;
/** Stands for a line over MAX_LINE_LENGTH: code that is neither a comment nor an attribute. */
export const LONG_LINE = '\u0000';

/** `text` split into the lines {@link docLine} reads, long ones replaced by {@link LONG_LINE}. */
export function sourceLines(text: string): string[] {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    if (lines[index]!.length > MAX_LINE_LENGTH) lines[index] = LONG_LINE;
  }
  return lines;
}

/**
 * License-header rule: a comment block starting on line 1 of a file is the file's header, not the
 * first definition's doc, when it mentions a copyright or a license.
 */
const LICENSE_HEADER = /copyright|licen[cs]e|spdx-/i;

type DocLanguage = Language | 'generic';

/** The parts of a definition the extractor reads. */
export type DocTarget = Pick<Definition, 'name' | 'kind' | 'line' | 'signature'>;

/**
 * The first prose line of `definition`'s documentation in `lines` (the file split at `\n`, line
 * `n` at index `n - 1`, best from {@link sourceLines}), or `undefined` when it has none, when it only repeats the name or the
 * signature, or when anything unexpected happens.
 */
export function docLine(
  lines: readonly string[],
  definition: DocTarget,
  language: DocLanguage,
): string | undefined {
  try {
    const index = definition.line - 1;
    if (!Number.isInteger(index) || index < 0 || index >= lines.length) return undefined;
    let raw: string | undefined;
    if (
      language === 'python' &&
      (definition.kind === 'function' || definition.kind === 'method' || definition.kind === 'class')
    ) {
      raw = pythonDocstring(lines, index);
    }
    raw ??= commentAbove(lines, index, language);
    if (raw === undefined) return undefined;
    const text = shorten(raw);
    return text === '' || repeats(text, definition) ? undefined : text;
  } catch {
    return undefined;
  }
}

/** True when the doc says nothing the signature line does not already say. */
function repeats(text: string, definition: DocTarget): boolean {
  const squash = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const doc = squash(text);
  return doc === '' || doc === squash(definition.name) || squash(definition.signature).includes(doc);
}

function shorten(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  if (collapsed.length <= MAX_DOC_LENGTH) return collapsed;
  const cut = collapsed.slice(0, MAX_DOC_LENGTH - 1);
  // Cut at a word boundary when one is near, so the last word is not a fragment.
  const space = cut.lastIndexOf(' ');
  return `${(space >= MAX_DOC_LENGTH * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---------------------------------------------------------------------------------------------
// Python docstrings

const DOCSTRING_START = /^(?:[rRuU])?("""|'''|"|')/;

/**
 * The first non-empty line of the docstring opening the body of the `def`/`class` on line
 * `index`: the header is read to its closing `:` (brackets and strings skipped, so a `"""` in a
 * default value or a `:` in an annotation does not end it), then the first statement is tested.
 */
function pythonDocstring(lines: readonly string[], index: number): string | undefined {
  let depth = 0;
  let quote = '';
  const last = Math.min(lines.length, index + MAX_HEADER_LINES);
  for (let row = index; row < last; row++) {
    const line = lines[row]!;
    if (line === LONG_LINE) return undefined;
    for (let column = 0; column < line.length; column++) {
      const character = line[column]!;
      if (quote !== '') {
        if (character === '\\') column++;
        else if (line.startsWith(quote, column)) {
          column += quote.length - 1;
          quote = '';
        }
      } else if (character === '#') break;
      else if (character === '"' || character === "'") {
        quote = line.startsWith(character.repeat(3), column) ? character.repeat(3) : character;
        column += quote.length - 1;
      } else if (character === '(' || character === '[' || character === '{') depth++;
      else if (character === ')' || character === ']' || character === '}') depth = Math.max(0, depth - 1);
      else if (character === ':' && depth === 0) {
        const rest = line.slice(column + 1).trim();
        // `def f(): """Doc."""` puts the body on the header line.
        if (rest !== '' && !rest.startsWith('#')) return docstringAt([rest], 0);
        return docstringAt(lines, nextStatement(lines, row + 1));
      }
    }
    // A one-quote string does not continue on the next line (barring a backslash: rare in headers).
    if (quote.length === 1) quote = '';
  }
  return undefined;
}

/** The first line at or after `row` that is neither blank nor a comment (-1 when none). */
function nextStatement(lines: readonly string[], row: number): number {
  for (let limit = Math.min(lines.length, row + MAX_HEADER_LINES); row < limit; row++) {
    const text = lines[row]!.trim();
    if (text !== '' && !text.startsWith('#')) return row;
  }
  return -1;
}

/** The summary of the string literal starting line `row`, if that line starts with one. */
function docstringAt(lines: readonly string[], row: number): string | undefined {
  if (row < 0) return undefined;
  const first = lines[row]!.trimStart();
  const match = DOCSTRING_START.exec(first);
  if (!match) return undefined;
  const quote = match[1]!;
  const content: string[] = [];
  let text = first.slice(match[0].length);
  for (let next = row; ; ) {
    const end = text.indexOf(quote);
    content.push(end >= 0 ? text.slice(0, end) : text);
    // A one-quote string ends on its line; so does any docstring at its closing quote.
    if (end >= 0 || quote.length === 1) break;
    next++;
    if (next >= lines.length || next - row > MAX_COMMENT_LINES) break;
    text = lines[next]!;
  }
  return firstProse(content, 'python')?.replace(/\\(["'\\])/g, '$1');
}

// ---------------------------------------------------------------------------------------------
// Comments above a definition

interface CommentSyntax {
  /** Line-comment openers, longest first. */
  line: readonly string[];
  /** Whether `/* … *\/` block comments exist. */
  block: boolean;
  /** Tests a trimmed line that is an attribute, annotation or decorator (or undefined: none). */
  attribute?: RegExp;
  /** Tests a trimmed line that is the start of the declaration itself (a return type alone). */
  lead?: RegExp;
}

const C_ATTRIBUTE = /^(?:\[\[|__attribute__|template\s*<)/;
/** GNU style puts a function's return type on the line above its name (`static int\nmain (void)`). */
const C_LEAD = /^[A-Za-z_][\w\s*&<>,]*$/;
const C_FAMILY: CommentSyntax = { line: ['///', '//'], block: true };
const SYNTAX: Record<DocLanguage, CommentSyntax> = {
  typescript: { ...C_FAMILY, attribute: /^@/ },
  javascript: { ...C_FAMILY, attribute: /^@/ },
  java: { ...C_FAMILY, attribute: /^@(?!interface\b)/ },
  go: C_FAMILY,
  rust: { ...C_FAMILY, attribute: /^#!?\[/ },
  c: { ...C_FAMILY, attribute: C_ATTRIBUTE, lead: C_LEAD },
  cpp: { ...C_FAMILY, attribute: C_ATTRIBUTE, lead: C_LEAD },
  csharp: { ...C_FAMILY, attribute: /^\[/ },
  php: { line: ['//', '#'], block: true, attribute: /^#\[/ },
  python: { line: ['#'], block: false, attribute: /^@/ },
  ruby: { line: ['#'], block: false },
  generic: { line: [], block: false },
};

/**
 * The first prose line of the comment block ending directly above line `index` (past attribute
 * lines), or `undefined`: a blank line between them means the comment is about something else.
 */
function commentAbove(lines: readonly string[], index: number, language: DocLanguage): string | undefined {
  const syntax = SYNTAX[language] ?? SYNTAX.generic;
  let row = skipAttributes(lines, index - 1, syntax);
  if (row < 0) return undefined;
  const text = lines[row]!.trim();
  let block: string[];
  let start: number;
  if (syntax.block && text.endsWith('*/')) {
    start = row;
    while (start >= 0 && !lines[start]!.includes('/*')) {
      if (row - start > MAX_COMMENT_LINES) return undefined;
      start--;
    }
    if (start < 0) return undefined;
    const opening = lines[start]!;
    // `code(); /* note */` is a trailing remark on that code, not a doc comment.
    if (!opening.trimStart().startsWith('/*')) return undefined;
    block = lines.slice(start, row + 1);
    block[0] = opening.slice(opening.indexOf('/*') + 2).replace(/^\*+/, '');
    const last = block.length - 1;
    block[last] = block[last]!.slice(0, block[last]!.lastIndexOf('*/'));
    block = block.map((line) => line.replace(/^\s*\*+(?!\/)/, ''));
  } else {
    const marker = lineMarker(text, syntax);
    if (marker === undefined) return undefined;
    block = [];
    for (; row >= 0 && index - row <= MAX_COMMENT_LINES + MAX_ATTRIBUTE_LINES; row--) {
      const line = lines[row]!.trim();
      const opener = lineMarker(line, syntax);
      if (opener === undefined) break;
      block.push(line.slice(opener.length));
    }
    start = row + 1;
    block.reverse();
  }
  if (start === 0 && LICENSE_HEADER.test(block.join('\n'))) return undefined;
  return firstProse(block, language);
}

/** The comment opener `line` (trimmed) starts with, or `undefined` for a line that is not a comment. */
function lineMarker(line: string, syntax: CommentSyntax): string | undefined {
  // `//!` and `/*!`-style inner docs describe the enclosing module, and `#!` is a shebang.
  if (line.startsWith('//!') || line.startsWith('#!')) return undefined;
  if (syntax.attribute?.test(line)) return undefined;
  for (const opener of syntax.line) if (line.startsWith(opener)) return opener;
  return undefined;
}

/**
 * The row of the first line above `row` (inclusive) that is not an attribute, walking over
 * attribute lines and multi-line ones (`@Route(\n…\n)`: a closing line is followed up to the line
 * that opens it, which must be an attribute). -1 when the file starts, or on a blank line.
 */
function skipAttributes(lines: readonly string[], row: number, syntax: CommentSyntax): number {
  const bottom = row;
  while (row >= 0 && bottom - row <= MAX_ATTRIBUTE_LINES) {
    const text = lines[row]!.trim();
    if (text === '') return -1;
    if (syntax.lead?.test(text) && bottom - row < 2) {
      row--;
      continue;
    }
    if (!syntax.attribute) return row;
    if (syntax.attribute.test(text) && balance(text) >= 0) {
      row--;
      continue;
    }
    if (/^[)\]}]/.test(text)) {
      // The tail of a multi-line attribute: find where its brackets open.
      let open = balance(text);
      let top = row - 1;
      while (top >= 0 && open < 0 && bottom - top <= MAX_ATTRIBUTE_LINES) open += balance(lines[top--]!);
      if (open >= 0 && top + 1 >= 0 && syntax.attribute.test(lines[top + 1]!.trim())) {
        row = top;
        continue;
      }
    }
    return row;
  }
  return -1;
}

/** Opening minus closing brackets of a line (strings are not told apart: attributes rarely hold brackets in them). */
function balance(line: string): number {
  let count = 0;
  for (const character of line) {
    if (character === '(' || character === '[' || character === '{') count++;
    else if (character === ')' || character === ']' || character === '}') count--;
  }
  return count;
}

/** Tag-only lines (`@param x`, `@return`, `:param x:`, `<param …>`): prose comes before them. */
const TAG_LINE =
  /^(?:[@\\](?!brief\b|summary\b)\w|:\w+[^:]*:|<\/?(?:param|typeparam|returns?|exception|remarks|example)\b)/;
/** A tag that introduces the summary itself; its text is the prose. */
const SUMMARY_TAG = /^[@\\](?:brief|summary)\s+/;

/** `{@link Name}`, `{@link Name | text}`, `{@code x}`: shown as the name. */
const INLINE_LINK = /\{@(?:link|linkcode|linkplain|code)\s+([^}|]*?)\s*(?:\|[^}]*)?\}/g;
/** Sphinx cross-references (`:class:`Figure``, `:meth:`~.Plot.add``) read as their target. */
const SPHINX_ROLE = /:(?:[\w-]+:)?[\w-]+:`~?([^`]*)`/g;
/** Commented-out code (`// foo();`, `/* int f(void) {} *\/`) is not documentation. */
const CODE_ENDING = /[;{}]$/;

/** A line that ends a sentence: the summary stops there. */
const SENTENCE_END = /[.!?:]$/;
/** A sentence end inside a line: a stop before a word that is not lowercase (`e.g. the` is none). */
const SENTENCE_STOP = /[.!?](?=\s+[^\s\p{Ll}])/u;

/**
 * The summary of `block` (comment markers already stripped): the first sentence of its first
 * prose line, joined with the lines that continue it, since a summary wrapped at 80 or 100
 * columns cut at its first line break often stops mid-clause. It ends at a sentence end, a blank
 * line, a tag line or MAX_DOC_LENGTH.
 */
function firstProse(block: readonly string[], language: DocLanguage): string | undefined {
  let text: string | undefined;
  for (const raw of block.slice(0, MAX_COMMENT_LINES)) {
    const line = proseOf(raw, language);
    if (line === undefined) break;
    if (text === undefined) {
      if (line === '') continue;
      if (CODE_ENDING.test(line)) return undefined;
    } else if (line === '' || CODE_ENDING.test(line)) break;
    // Each line is taken up to the end of the sentence it finishes.
    const stop = SENTENCE_STOP.exec(line);
    const part = stop ? line.slice(0, stop.index + 1) : line;
    text = text === undefined ? part : `${text} ${part}`;
    if (stop || SENTENCE_END.test(text) || text.length > MAX_DOC_LENGTH) break;
  }
  return text;
}

/** One comment line as prose: `''` for a line with nothing to say, `undefined` for a tag line. */
function proseOf(raw: string, language: DocLanguage): string | undefined {
  let line = raw.trim();
  if (TAG_LINE.test(line)) return undefined;
  line = line.replace(SUMMARY_TAG, '').replace(INLINE_LINK, '$1').replace(SPHINX_ROLE, '$1');
  if (language === 'csharp') {
    // XML docs: a cross-reference reads as its name; the summary tags themselves say nothing.
    line = line.replace(
      /<(?:see|seealso|paramref|typeparamref)\s+(?:cref|name|langword)="([^"]*)"\s*\/>/g,
      '$1',
    );
    line = line.replace(/<\/?[A-Za-z][^>]*>/g, '').trim();
  }
  // Rulers (`-----`, `=====`) say nothing either.
  return /[\p{L}\p{N}]/u.test(line) ? line : '';
}
