import { withoutHtmlComments, withoutLinkQueries } from '@ctxkit/internal';

// Places a task points at directly: stack-trace frames, compiler and test-runner locations, links to
// lines of a file, and lines of code quoted from the repository. They say where to look far more
// precisely than any word of the task, so an excerpt shows them before anything the words suggest.
// Pure text analysis; line numbers are taken as hints (the task may describe another version).

/** A location a task names: a file, and a line or a definition in it when the task says. */
export interface LinePointer {
  /** The file as written, `/`-separated (an absolute path, a bare file name, a repository path). */
  path: string;
  /** 1-based first line, when given. */
  line?: number;
  /** 1-based last line of a range (`#L10-L20`), when given. */
  endLine?: number;
  /** The function or method the frame was in, when the trace says. */
  name?: string;
}

/** What a task points at: file locations, and code lines quoted from a file. */
export interface TaskPointers {
  locations: LinePointer[];
  /** Quoted code lines, whitespace-collapsed (see {@link normalizeCodeLine}). */
  quotedLines: string[];
}

// Extensions of source files a location may name (a log's `config.yaml:3` names no code).
const SOURCE_EXTENSION =
  'py|pyi|pyx|ts|tsx|mts|cts|js|jsx|mjs|cjs|vue|go|rs|java|kt|kts|scala|groovy|c|h|cc|cpp|cxx|hpp|hh|hxx|inl|cs|rb|php|swift|m|mm|lua|ex|exs|erl|zig|dart';
// One greedy run then the extension: a token is read once, however long (no nested quantifiers).
const PATH = `[\\w$@~.\\-/\\\\]+\\.(?:${SOURCE_EXTENSION})`;
// Paths start a token: a match is never tried from inside one, so the scan stays linear.
const TOKEN_START = '(?<![\\w$@~.\\-/\\\\])';

// `File "/x/pkg/mod.py", line 12, in func` (Python tracebacks).
const PYTHON_FRAME = /File "([^"\n]+)", line (\d+)(?:, in ([\w$<>]+))?/g;
// `at com.pkg.Type.method(Type.java:12)` (JVM), `at Type.method (Type.cs:line 12)` left to the generic form.
const JVM_FRAME = /at ([\w$.]+)\.([\w$<>]+)\(([\w$]+\.(?:java|kt|scala|groovy)):(\d+)\)/g;
// `at method (/x/src/file.js:12:5)` (V8).
const V8_FRAME = new RegExp(
  `at (?:async )?([\\w$.<>]+) \\((?:file://)?${TOKEN_START}(${PATH}):(\\d+)(?::\\d+)?\\)`,
  'g',
);
// `src/file.rb:12:in 'method'` or `` `method' `` (Ruby).
const RUBY_FRAME = new RegExp(`${TOKEN_START}(${PATH}):(\\d+):in [\`'‘]([\\w$?!.#:<>]+)'`, 'g');
// `path/file.ext:12`, `file.ext:12:5`, `file.ext(12)`, `file.ext line 12`, `file.ext on line 12`.
const LOCATION = new RegExp(
  `${TOKEN_START}(${PATH})(?::(\\d+)(?::\\d+)?|\\((\\d+)\\)|,? (?:on )?line (\\d+))`,
  'g',
);
// `…/blob/<ref>/path/file.ext#L10-L20` (GitHub, GitLab, Gitea permalinks).
const PERMALINK = new RegExp(`/(?:-/)?blob/[^/\\s]+/(${PATH})#L(\\d+)(?:-L?(\\d+))?`, 'g');

/** Quoted lines shorter than this (collapsed) are too common to say where to look (`return x;`). */
const MIN_QUOTED_LINE_LENGTH = 16;
/** A line this long is data pasted into the task, not a quoted line of code. */
const MAX_QUOTED_LINE_LENGTH = 400;
/** A word this long is data (a hex dump, a minified line): no location is read from it. */
const MAX_WORD_LENGTH = 4096;
/** A stack trace is read to this many frames; past that they repeat (recursion) or are noise. */
const MAX_LOCATIONS = 200;
/** A range pointer is held to this many lines: `#L1-L5000` is a whole file, not a place. */
const MAX_RANGE_LINES = 80;

/** A line with its whitespace collapsed, so indentation and spacing do not decide a match. */
export function normalizeCodeLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

function positive(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

/** The places `text` points at. Deterministic: in order of first appearance, without repeats. */
export function findTaskPointers(task: string): TaskPointers {
  // A path in a link's query string names the linked site's file (see withoutLinkQueries).
  const text = withoutLinkQueries(withoutHtmlComments(task)).replace(
    new RegExp(`\\S{${MAX_WORD_LENGTH + 1},}`, 'g'),
    ' ',
  );
  const locations: LinePointer[] = [];
  const seen = new Set<string>();
  const add = (path: string, line?: number, endLine?: number, name?: string) => {
    if (locations.length >= MAX_LOCATIONS) return;
    const normalized = path.replace(/\\/g, '/').replace(/^file:\/\//, '');
    const pointer: LinePointer = { path: normalized };
    if (line !== undefined) pointer.line = line;
    if (endLine !== undefined && line !== undefined && endLine > line)
      pointer.endLine = Math.min(endLine, line + MAX_RANGE_LINES - 1);
    if (name !== undefined && /^[\w$]+$/.test(name)) pointer.name = name;
    const key = `${pointer.path}\0${pointer.line ?? ''}\0${pointer.endLine ?? ''}\0${pointer.name ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    locations.push(pointer);
  };
  // Each form is read in its own pass, frames first; a generic `file:line` already read as a frame
  // (with its function) is not read again.
  for (const match of text.matchAll(PYTHON_FRAME)) add(match[1]!, positive(match[2]), undefined, match[3]);
  for (const match of text.matchAll(JVM_FRAME)) {
    // The qualified type names the directories: `com.pkg.Type` lives in `com/pkg/Type.java`.
    const qualified = match[1]!.split('.');
    const directories = qualified.slice(0, -1).filter((part) => /^[a-z_][\w]*$/.test(part));
    add([...directories, match[3]!].join('/'), positive(match[4]), undefined, match[2]);
  }
  for (const match of text.matchAll(V8_FRAME)) {
    const name = match[1]!.split('.').pop();
    add(match[2]!, positive(match[3]), undefined, name === '<anonymous>' ? undefined : name);
  }
  for (const match of text.matchAll(RUBY_FRAME)) {
    const name = match[3]!.split(/[.#]|::/).pop();
    add(match[1]!, positive(match[2]), undefined, name);
  }
  for (const match of text.matchAll(PERMALINK)) add(match[1]!, positive(match[2]), positive(match[3]));
  const framed = new Set(locations.map((location) => `${baseName(location.path)}\0${location.line}`));
  for (const match of text.matchAll(LOCATION)) {
    const line = positive(match[2] ?? match[3] ?? match[4]);
    if (line !== undefined && !framed.has(`${baseName(match[1]!.replace(/\\/g, '/'))}\0${line}`))
      add(match[1]!, line);
  }
  return { locations, quotedLines: quotedCodeLines(text) };
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Lines of fenced code blocks and inline code long enough to locate something, collapsed. */
function quotedCodeLines(text: string): string[] {
  const found = new Set<string>();
  const consider = (line: string) => {
    const normalized = normalizeCodeLine(line);
    if (normalized.length < MIN_QUOTED_LINE_LENGTH || normalized.length > MAX_QUOTED_LINE_LENGTH) return;
    // Prose quoted as code, and trace or log lines, name no line of the repository.
    if (!/[()[\]{}=;:<>]/.test(normalized)) return;
    found.add(normalized);
  };
  for (const block of text.matchAll(/```[^\n]*\n([\s\S]*?)(?:```|$)/g)) {
    for (const line of block[1]!.split('\n')) consider(line);
  }
  for (const inline of text.matchAll(/(?<!`)`([^`\n]+)`(?!`)/g)) consider(inline[1]!);
  return [...found];
}

/**
 * How well a pointer's path names a file: the number of trailing path segments they share (0: not
 * this file). `/site-packages/requests/sessions.py` names `requests/sessions.py` with 2.
 */
export function pathMatchLength(pointerPath: string, filePath: string): number {
  const pointer = pointerPath.split('/').filter((segment) => segment !== '' && segment !== '.');
  const file = filePath.split('/');
  let length = 0;
  while (
    length < pointer.length &&
    length < file.length &&
    pointer[pointer.length - 1 - length] === file[file.length - 1 - length]
  ) {
    length++;
  }
  return length;
}
