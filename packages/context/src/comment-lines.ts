// Which lines of a source file are comment only: doc comments, commented-out code, license
// headers, a Python docstring's text. At a small budget they are the first thing an excerpt can do
// without — a model edits code, and a doc comment of forty lines costs as much as the function it
// describes — so the excerpt planner shows a long run of them after the code around it (see
// excerpt-views.ts). Line-based and approximate on purpose: a line it misreads is shown either way,
// only later.

/** How a language marks its comments. */
interface CommentSyntax {
  /** Markers that make the rest of a line a comment (`//`, `#`). */
  line: readonly string[];
  /** Block comments, opener and closer (`/*`, `*\/`). */
  block: readonly (readonly [string, string])[];
  /** A line opening with one of these starts text that is not code until the same marker closes it (docstrings). */
  docstring: readonly string[];
}

const C_LIKE: CommentSyntax = { line: ['//'], block: [['/*', '*/']], docstring: [] };
const HASH: CommentSyntax = { line: ['#'], block: [], docstring: [] };
const PYTHON: CommentSyntax = { line: ['#'], block: [], docstring: ['"""', "'''"] };
const RUBY: CommentSyntax = { line: ['#'], block: [['=begin', '=end']], docstring: [] };
const PHP: CommentSyntax = { line: ['//', '#'], block: [['/*', '*/']], docstring: [] };
const LUA: CommentSyntax = { line: ['--'], block: [['--[[', ']]']], docstring: [] };

const SYNTAX_BY_EXTENSION = new Map<string, CommentSyntax>([
  ...[
    'c',
    'h',
    'cc',
    'cpp',
    'cxx',
    'hpp',
    'hh',
    'hxx',
    'inl',
    'ipp',
    'tpp',
    'm',
    'mm',
    'java',
    'kt',
    'kts',
    'scala',
    'groovy',
    'gradle',
    'cs',
    'fs',
    'swift',
    'go',
    'rs',
    'dart',
    'js',
    'jsx',
    'mjs',
    'cjs',
    'ts',
    'tsx',
    'mts',
    'cts',
    'vue',
    'svelte',
    'zig',
    'proto',
    'sol',
  ].map((extension): [string, CommentSyntax] => [extension, C_LIKE]),
  ...['sh', 'bash', 'zsh', 'pl', 'pm', 'r', 'jl', 'ex', 'exs', 'nim', 'cr', 'tcl', 'cmake'].map(
    (extension): [string, CommentSyntax] => [extension, HASH],
  ),
  ['py', PYTHON],
  ['pyi', PYTHON],
  ['rb', RUBY],
  ['rake', RUBY],
  ['php', PHP],
  ['lua', LUA],
]);

/** The comment syntax of `path` by its extension, or undefined for a language this does not know. */
function syntaxOf(path: string): CommentSyntax | undefined {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return undefined;
  return SYNTAX_BY_EXTENSION.get(path.slice(dot + 1).toLowerCase());
}

/**
 * One flag per line (index = line number, 1-based; 0 and `lines.length + 1` unused): 1 when the
 * line holds a comment and nothing else, by the comment syntax `path`'s extension implies. All 0
 * for a language it does not know. A blank line is a comment line only inside a block comment or
 * docstring.
 */
export function commentOnlyLines(path: string, lines: readonly string[]): Uint8Array {
  const flags = new Uint8Array(lines.length + 2);
  const syntax = syntaxOf(path);
  if (syntax === undefined) return flags;
  // The closer of the block comment or docstring a line starts inside, if any.
  let openUntil: string | undefined;
  for (let index = 0; index < lines.length; index += 1) {
    const text = lines[index]!.trim();
    if (openUntil !== undefined) {
      const close = text.indexOf(openUntil);
      // A line that closes the comment and goes on with code is code.
      if (close < 0 || text.slice(close + openUntil.length).trim() === '') flags[index + 1] = 1;
      if (close >= 0) openUntil = undefined;
      continue;
    }
    if (text === '') continue;
    if (syntax.line.some((marker) => text.startsWith(marker)) && !text.startsWith('#!')) {
      flags[index + 1] = 1;
      continue;
    }
    const opened = opening(text, syntax);
    if (opened === undefined) continue;
    const [opener, closer] = opened;
    const close = text.indexOf(closer, opener.length);
    if (close < 0) {
      flags[index + 1] = 1;
      openUntil = closer;
    } else if (text.slice(close + closer.length).trim() === '') flags[index + 1] = 1;
  }
  return flags;
}

/** The block comment or docstring `text` opens with, as opener and closer. */
function opening(text: string, syntax: CommentSyntax): readonly [string, string] | undefined {
  for (const pair of syntax.block) if (text.startsWith(pair[0])) return pair;
  for (const quote of syntax.docstring) {
    // A prefixed docstring (r""", u""") opens the same way.
    const body = /^[rRuUbB]{0,2}/.exec(text)![0].length;
    if (text.startsWith(quote, body)) return [text.slice(0, body + quote.length), quote];
  }
  return undefined;
}
