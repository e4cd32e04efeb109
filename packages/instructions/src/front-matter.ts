import matter from 'gray-matter';

/** The outcome of reading a file's YAML front matter. */
export interface FrontMatter {
  /** Parsed keys; `{}` when there is no front matter or it is malformed. */
  data: Record<string, unknown>;
  /** The text after the front matter — or the whole file when the front matter is malformed. */
  body: string;
  /** 1-based line of `body`'s first line in the original file. */
  bodyLine: number;
  /** Set when the front matter could not be parsed: 1-based line and what went wrong. */
  problem?: { line: number; message: string };
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/;

/**
 * Split `text` into YAML front matter and body. Never throws: malformed YAML, a block that is
 * never closed or a non-mapping value is returned as `problem`, with the whole text as body, so a
 * broken header costs the file its metadata but not its rules.
 */
export function parseFrontMatter(text: string): FrontMatter {
  if (!OPENING.test(text)) return { data: {}, body: text, bodyLine: 1 };
  const lines = text.split('\n');
  const closingIndex = lines.findIndex((line, index) => index > 0 && CLOSING.test(line));
  if (closingIndex < 0) {
    return {
      data: {},
      body: text,
      bodyLine: 1,
      problem: { line: 1, message: "front matter opened with '---' is never closed (expected a '---' line)" },
    };
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
