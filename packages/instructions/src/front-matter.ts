import { createRequire } from 'node:module';

type Matter = typeof import('gray-matter');
let loadedMatter: Matter | undefined;

/**
 * gray-matter and its YAML parser load on the first block to parse, not with this module: they
 * take ~30 ms to load, and most instruction files (and so most runs) have no front matter at all.
 */
function matter(...args: Parameters<Matter>): ReturnType<Matter> {
  loadedMatter ??= createRequire(import.meta.url)('gray-matter') as Matter;
  return loadedMatter(...args);
}

/** The outcome of reading a file's YAML front matter. */
export interface FrontMatter {
  /** Parsed keys; `{}` when there is no front matter or it could not be read at all. */
  data: Record<string, unknown>;
  /** The text after the front matter — or the whole file when the front matter could not be read. */
  body: string;
  /** 1-based line of `body`'s first line in the original file. */
  bodyLine: number;
  /** Set when the front matter is not valid YAML: 1-based line and what went wrong (and what was done). */
  problem?: { line: number; message: string };
}

/** Options of {@link parseFrontMatter}. */
export interface ParseFrontMatterOptions {
  /**
   * What to do with a block that is never closed: `'plain-text'` (default) keeps the whole file as
   * body with no data; `'leading-key-values'` reads the `key: value` lines right after the opening
   * `---` as data and starts the body at the first other line.
   */
  unclosed?: 'plain-text' | 'leading-key-values';
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/;
/** A top-level `key: value` line as people write them outside strict YAML. */
const PLAIN_KEY_VALUE = /^([A-Za-z_][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*\r?$/;

/**
 * Split `text` into YAML front matter and body. Never throws. A leading byte-order mark is
 * ignored. A closed block that YAML rejects — typically Cursor's unquoted `globs: *.ts` (a YAML
 * alias) or `description: Use when: …` — is re-read as plain `key: value` lines (so the file's
 * gating and metadata still work) and reported as `problem`. A non-mapping block, or a block
 * without a single `key: value` line, costs the file its metadata but not its text: the whole
 * file is the body.
 */
export function parseFrontMatter(source: string, options: ParseFrontMatterOptions = {}): FrontMatter {
  const text = source.replace(/^\uFEFF/, '');
  if (!OPENING.test(text)) return { data: {}, body: text, bodyLine: 1 };
  const lines = text.split('\n');
  const closingIndex = lines.findIndex((line, index) => index > 0 && CLOSING.test(line));
  if (closingIndex < 0) {
    const message = "front matter opened with '---' is never closed (expected a '---' line)";
    if (options.unclosed === 'leading-key-values') {
      let end = 1;
      while (end < lines.length && PLAIN_KEY_VALUE.test(lines[end] ?? '')) end += 1;
      return {
        data: readPlainKeyValues(lines.slice(1, end)),
        body: lines.slice(end).join('\n'),
        bodyLine: end + 1,
        problem: { line: 1, message: `${message}; read its key: value lines` },
      };
    }
    return { data: {}, body: text, bodyLine: 1, problem: { line: 1, message } };
  }
  const body = lines.slice(closingIndex + 1).join('\n');
  const bodyLine = closingIndex + 2;
  let data: unknown;
  try {
    // Passing options bypasses gray-matter's module-level cache, which would share parsed
    // objects between calls (and callers) with the same input.
    data = matter(`${lines.slice(0, closingIndex + 1).join('\n')}\n`, {}).data;
  } catch (error) {
    const mark = (error as { mark?: { line?: number } }).mark;
    const reason = (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0];
    // js-yaml counts from 0 within the block, and the block starts with the newline after '---'.
    const line = typeof mark?.line === 'number' ? Math.min(mark.line + 1, closingIndex + 1) : 1;
    const plain = readPlainKeyValues(lines.slice(1, closingIndex));
    if (Object.keys(plain).length > 0) {
      return {
        data: plain,
        body,
        bodyLine,
        problem: { line, message: `malformed front matter: ${reason}; read as plain key: value lines` },
      };
    }
    return {
      data: {},
      body: text,
      bodyLine: 1,
      problem: { line, message: `malformed front matter: ${reason}` },
    };
  }
  if (data === null || data === undefined) return { data: {}, body, bodyLine };
  if (typeof data !== 'object' || Array.isArray(data)) {
    return {
      data: {},
      body: text,
      bodyLine: 1,
      problem: {
        line: 2,
        message: `malformed front matter: expected key: value pairs, found a ${Array.isArray(data) ? 'list' : typeof data}`,
      },
    };
  }
  return { data: data as Record<string, unknown>, body, bodyLine };
}

/**
 * Fallback for front matter that is not YAML: top-level `key: value` lines, one pair of
 * surrounding quotes removed; `- item` lines under a key with no value, or a `[a, b]` value, make a
 * list, as YAML would.
 */
function readPlainKeyValues(lines: readonly string[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let listKey: string | undefined;
  for (const line of lines) {
    const item = /^[ \t]+-[ \t]+(.*?)[ \t]*\r?$/.exec(line) ?? /^-[ \t]+(.*?)[ \t]*\r?$/.exec(line);
    if (item && listKey !== undefined) {
      (data[listKey] as string[]).push(unquote(item[1] ?? ''));
      continue;
    }
    listKey = undefined;
    const match = PLAIN_KEY_VALUE.exec(line);
    if (!match?.[1]) continue;
    const value = match[2] ?? '';
    if (value === '') {
      data[match[1]] = [];
      listKey = match[1];
    } else if (value.startsWith('[')) {
      // A flow list YAML rejected (`[src/**/*.ts`, unclosed or with unquoted `*`): its items.
      data[match[1]] = value
        .replace(/^\[|\]$/g, '')
        .split(',')
        .map((entry) => unquote(entry.trim()))
        .filter((entry) => entry !== '');
    } else data[match[1]] = unquote(value);
  }
  return data;
}

function unquote(value: string): string {
  return value.replace(/^(["'])(.*)\1$/, '$2');
}
