/** One heading-delimited part of a Markdown file. */
export interface MarkdownSection {
  /** Heading text without `#` marks and without a paths comment; `''` for the preamble. */
  heading: string;
  /** Heading level 1–6; 0 for the text before the first heading. */
  level: number;
  /** The section's raw text, heading line included, paths comment removed, ending with `\n`. */
  text: string;
  /** Globs from a `<!-- paths: … -->` comment on (or right under) the heading; absent = none. */
  paths?: string[];
  /** 1-based line of the heading (or of the first line, for the preamble) in the parsed text. */
  line: number;
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** `===` or `---` under a paragraph line: a setext heading of level 1 or 2. */
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that cannot be a setext heading's text: list items, quotes, tables, HTML, indented code. */
const NOT_PARAGRAPH = /^(?: {4}|\t| {0,3}(?:[-+*>]|\d+[.)])(?:\s|$)| {0,3}<| {0,3}\||.*\|)/;
/** `<!-- paths: a/**, b/* -->`, the per-section gating comment. */
const PATHS_COMMENT = /<!--\s*paths\s*:\s*([\s\S]*?)\s*-->/i;

/**
 * Split Markdown into sections at ATX headings (`#` … `######`) and setext headings (a one-line
 * paragraph underlined with `===` or `---`), ignoring `#` lines inside fenced code blocks. Concatenating the sections' text gives the input back, minus paths comments — so a
 * cut at a section boundary never splits a code block or a list.
 */
export function splitSections(markdown: string, firstLine = 1): MarkdownSection[] {
  const lines = markdown.split('\n');
  // A trailing newline yields one empty last element; it belongs to no line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection = { heading: '', level: 0, text: '', line: firstLine };
  let fence: string | undefined;
  let awaitingPathsLine = false;
  // The last line added to `current` when it could be the text of a setext heading: a one-line
  // paragraph (blank line or section start before it) that is no heading, list, quote or table.
  let paragraphLine: { raw: string; index: number } | undefined;
  let previousBlank = true;
  for (const [index, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, '');
    const candidate = paragraphLine?.index === index - 1 ? paragraphLine : undefined;
    paragraphLine = undefined;
    const wasBlank = previousBlank;
    previousBlank = line.trim() === '';
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      const closing = fenceMatch?.[1];
      if (closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length)
        fence = undefined;
      current.text += `${raw}\n`;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      awaitingPathsLine = false;
      current.text += `${raw}\n`;
      continue;
    }
    const underline = fence === undefined && candidate !== undefined ? SETEXT_UNDERLINE.exec(line) : null;
    if (underline && candidate) {
      // `Title` + `=====`/`-----`: the paragraph line becomes the heading of a new section.
      current.text = current.text.slice(0, current.text.length - candidate.raw.length - 1);
      if (current.text !== '' || current.level > 0) sections.push(current);
      const titleLine = candidate.raw.replace(/\r$/, '');
      const paths = PATHS_COMMENT.exec(titleLine);
      const rawWithoutComment = paths ? titleLine.replace(PATHS_COMMENT, '').trimEnd() : candidate.raw;
      current = {
        heading: titleLine.replace(PATHS_COMMENT, '').trim(),
        level: underline[1]?.startsWith('=') ? 1 : 2,
        text: `${rawWithoutComment}\n${raw}\n`,
        line: firstLine + candidate.index,
      };
      if (paths) current.paths = parseGlobList(paths[1] ?? '');
      awaitingPathsLine = !paths;
      previousBlank = true;
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      if (current.text !== '' || current.level > 0) sections.push(current);
      const rawTitle = (heading[2] ?? '').replace(/[ \t]+#+$/, '');
      const paths = PATHS_COMMENT.exec(rawTitle);
      const title = rawTitle.replace(PATHS_COMMENT, '').trim();
      current = {
        heading: title,
        level: heading[1]?.length ?? 1,
        text: `${paths ? line.replace(PATHS_COMMENT, '').trimEnd() : line}\n`,
        line: firstLine + index,
      };
      if (paths) current.paths = parseGlobList(paths[1] ?? '');
      awaitingPathsLine = !paths;
      // A heading ends the paragraph before it: the next line may start a setext heading's text.
      previousBlank = true;
      continue;
    }
    if (awaitingPathsLine && line.trim() !== '') {
      awaitingPathsLine = false;
      const standalone = /^\s*<!--\s*paths\s*:[\s\S]*?-->\s*$/i.test(line);
      const paths = standalone ? PATHS_COMMENT.exec(line) : null;
      if (paths) {
        current.paths = parseGlobList(paths[1] ?? '');
        continue;
      }
    }
    if (wasBlank && !previousBlank && !NOT_PARAGRAPH.test(line)) paragraphLine = { raw, index };
    current.text += `${raw}\n`;
  }
  if (current.text !== '' || current.level > 0) sections.push(current);
  return sections;
}

/**
 * Read a glob list as people write it: `a/**, b/*.ts`, a YAML list, or whitespace-separated.
 * Commas inside braces (`*.{ts,tsx}`) belong to the glob, not the list. A YAML list item is split
 * at commas only: its spaces belong to the glob (`docs/release notes/**`).
 */
export function parseGlobList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === 'string' ? splitGlobs(item, false) : []));
  if (typeof value !== 'string') return [];
  return splitGlobs(value, true);
}

function splitGlobs(value: string, atWhitespace: boolean): string[] {
  const globs: string[] = [];
  let depth = 0;
  let token = '';
  for (const character of value) {
    if (character === '{') depth += 1;
    if (character === '}') depth = Math.max(0, depth - 1);
    if (depth === 0 && (character === ',' || (atWhitespace && /\s/.test(character)))) {
      globs.push(token);
      token = '';
      continue;
    }
    token += character;
  }
  globs.push(token);
  return globs.map((glob) => glob.trim().replace(/^["']|["']$/g, '')).filter((glob) => glob !== '');
}
