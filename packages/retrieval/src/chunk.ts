import { assertOneOf, assertWholeNumber, failType } from '@ctxkit/internal';
import type { Chunk, SourceDocument } from './types.js';

/** How a document is split; both limits are in UTF-8 bytes of the chunk's text. */
export interface ChunkOptions {
  /**
   * `markdown` splits at headings, `text` at blank lines. By default the path decides:
   * .md, .markdown, .mdx and .mdc are markdown, everything else is text.
   */
  format?: 'markdown' | 'text';
  /** A section longer than this is split further at blank lines (default 2400). */
  maxChunkBytes?: number;
  /** A paragraph shorter than this joins the next one, so a title line is not a chunk of its own (default 80). */
  minChunkBytes?: number;
}

/** Default split size: a section of about 600 tokens, large enough to hold one idea with its example. */
export const DEFAULT_MAX_CHUNK_BYTES = 2400;
/** Default merge size for unstructured text: shorter paragraphs are titles or fragments. */
export const DEFAULT_MIN_CHUNK_BYTES = 80;

const MARKDOWN_EXTENSION = /\.(?:md|markdown|mdx|mdc)$/i;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

interface LineSpan {
  /** 0-based index of the first line. */
  start: number;
  /** 0-based index one past the last line. */
  end: number;
}

const FORMATS = ['markdown', 'text'] as const;

/**
 * Throw a clear error for chunk options the splitter cannot honour (`prefix` is how the caller
 * spells the option group, e.g. `chunking.`). A piece is never cut inside a line, so 1 byte is the
 * smallest meaningful `maxChunkBytes`; 0 or NaN would split markdown and text differently.
 */
export function checkChunkOptions(where: string, options: ChunkOptions, prefix = ''): void {
  if (options === null || typeof options !== 'object')
    failType(where, prefix.replace(/\.$/, '') || 'options', 'an object', options);
  if (options.maxChunkBytes !== undefined)
    assertWholeNumber(where, `${prefix}maxChunkBytes`, options.maxChunkBytes, 1);
  if (options.minChunkBytes !== undefined)
    assertWholeNumber(where, `${prefix}minChunkBytes`, options.minChunkBytes, 0);
  if (options.format !== undefined) assertOneOf(where, `${prefix}format`, options.format, FORMATS);
}

/**
 * Split one document into chunks: by section for markdown (a heading and everything up to the
 * next heading, oversized sections split at paragraph boundaries), by paragraph for plain text.
 * Every chunk keeps its path and 1-based line range; the same input always gives the same chunks.
 */
export function chunkDocument(document: SourceDocument, options: ChunkOptions = {}): Chunk[] {
  checkChunkOptions('chunkDocument', options);
  return chunkChecked(document, options);
}

function chunkChecked(document: SourceDocument, options: ChunkOptions): Chunk[] {
  const lines = document.text.split(/\r?\n/);
  const maxBytes = options.maxChunkBytes ?? DEFAULT_MAX_CHUNK_BYTES;
  const minBytes = options.minChunkBytes ?? DEFAULT_MIN_CHUNK_BYTES;
  const format = options.format ?? (MARKDOWN_EXTENSION.test(document.path) ? 'markdown' : 'text');
  const chunks: Chunk[] = [];
  if (format === 'markdown') {
    for (const section of markdownSections(lines)) {
      for (const span of splitOversized(lines, section.span, maxBytes, 0))
        pushChunk(chunks, document.path, lines, span, section.headings);
    }
  } else {
    const whole = { start: 0, end: lines.length };
    for (const paragraph of splitOversized(lines, whole, 0, minBytes))
      for (const span of cutAtLines(lines, paragraph, maxBytes))
        pushChunk(chunks, document.path, lines, span, []);
  }
  return chunks;
}

/** Chunk several documents, in the order given. */
export function chunkDocuments(documents: readonly SourceDocument[], options: ChunkOptions = {}): Chunk[] {
  checkChunkOptions('chunkDocuments', options);
  return documents.flatMap((document) => chunkChecked(document, options));
}

/**
 * The text an embedder sees for a chunk: the headings it sits under (those not already its first
 * line) followed by its text, so a split-off paragraph still knows what section it belongs to.
 */
export function chunkEmbeddingText(chunk: Chunk): string {
  const firstLine = chunk.text.split('\n', 1)[0] ?? '';
  const ownHeading = headingText(firstLine);
  const context =
    ownHeading !== undefined && ownHeading === chunk.headings[chunk.headings.length - 1]
      ? chunk.headings.slice(0, -1)
      : chunk.headings;
  return context.length === 0 ? chunk.text : `${context.join(' / ')}\n${chunk.text}`;
}

function headingText(line: string): string | undefined {
  const match = ATX_HEADING.exec(line);
  return match ? (match[2] ?? '').trim() : undefined;
}

function markdownSections(lines: readonly string[]): { span: LineSpan; headings: string[] }[] {
  const starts: { line: number; level: number; title: string }[] = [];
  let fence: string | undefined;
  let frontMatterEnd = -1;
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)\s*$/.test(line));
    frontMatterEnd = close;
  }
  for (let index = frontMatterEnd + 1; index < lines.length; index += 1) {
    const line = lines[index]!;
    const tracked = trackFence(fence, line);
    fence = tracked.fence;
    if (tracked.isFenceLine || fence !== undefined) continue;
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      starts.push({ line: index, level: atx[1]!.length, title: (atx[2] ?? '').trim() });
      continue;
    }
    const previous = lines[index - 1];
    if (
      SETEXT_UNDERLINE.test(line) &&
      previous !== undefined &&
      previous.trim() !== '' &&
      index - 1 > frontMatterEnd &&
      !ATX_HEADING.test(previous) &&
      starts[starts.length - 1]?.line !== index - 1 &&
      (index - 2 < 0 || lines[index - 2]!.trim() === '' || index - 2 === frontMatterEnd)
    ) {
      starts.push({ line: index - 1, level: line.trim().startsWith('=') ? 1 : 2, title: previous.trim() });
    }
  }
  const sections: { span: LineSpan; headings: string[] }[] = [];
  const firstStart = starts[0]?.line ?? lines.length;
  if (firstStart > 0) sections.push({ span: { start: 0, end: firstStart }, headings: [] });
  const stack: { level: number; title: string }[] = [];
  starts.forEach((start, position) => {
    while (stack.length > 0 && stack[stack.length - 1]!.level >= start.level) stack.pop();
    stack.push({ level: start.level, title: start.title });
    const end = starts[position + 1]?.line ?? lines.length;
    sections.push({ span: { start: start.line, end }, headings: stack.map((entry) => entry.title) });
  });
  return sections;
}

/**
 * Split `span` at blank lines outside code fences. Paragraphs are packed together while they fit
 * in `maxBytes` (0: every paragraph alone); a paragraph under `minBytes` always takes the next one
 * along. A single paragraph over `maxBytes` is cut at line boundaries.
 */
function splitOversized(
  lines: readonly string[],
  span: LineSpan,
  maxBytes: number,
  minBytes: number,
): LineSpan[] {
  if (maxBytes > 0 && spanBytes(lines, span) <= maxBytes) return [span];
  const paragraphs = paragraphSpans(lines, span);
  const pieces: LineSpan[] = [];
  let current: LineSpan | undefined;
  for (const paragraph of paragraphs) {
    if (current === undefined) {
      current = paragraph;
      continue;
    }
    const merged = { start: current.start, end: paragraph.end };
    const joinBecauseSmall = minBytes > 0 && spanBytes(lines, current) < minBytes;
    const joinBecauseFits = maxBytes > 0 && spanBytes(lines, merged) <= maxBytes;
    if (joinBecauseSmall || joinBecauseFits) current = merged;
    else {
      pieces.push(current);
      current = paragraph;
    }
  }
  if (current !== undefined) pieces.push(current);
  return maxBytes > 0 ? pieces.flatMap((piece) => cutAtLines(lines, piece, maxBytes)) : pieces;
}

function paragraphSpans(lines: readonly string[], span: LineSpan): LineSpan[] {
  const paragraphs: LineSpan[] = [];
  let start: number | undefined;
  let fence: string | undefined;
  for (let index = span.start; index < span.end; index += 1) {
    const line = lines[index]!;
    fence = trackFence(fence, line).fence;
    const blank = line.trim() === '' && fence === undefined;
    if (!blank && start === undefined) start = index;
    if (blank && start !== undefined) {
      paragraphs.push({ start, end: index });
      start = undefined;
    }
  }
  if (start !== undefined) paragraphs.push({ start, end: span.end });
  return paragraphs;
}

/**
 * The fence state after `line`: a fence line opens a block, or closes the open one when it uses
 * the same character and is at least as long (so a ```` block can contain ``` lines).
 */
function trackFence(
  fence: string | undefined,
  line: string,
): { fence: string | undefined; isFenceLine: boolean } {
  const marker = FENCE.exec(line)?.[1];
  if (marker === undefined) return { fence, isFenceLine: false };
  if (fence === undefined) return { fence: marker, isFenceLine: true };
  const closes = marker[0] === fence[0] && marker.length >= fence.length;
  return { fence: closes ? undefined : fence, isFenceLine: true };
}

function cutAtLines(lines: readonly string[], span: LineSpan, maxBytes: number): LineSpan[] {
  if (spanBytes(lines, span) <= maxBytes) return [span];
  const pieces: LineSpan[] = [];
  let start = span.start;
  let bytes = 0;
  for (let index = span.start; index < span.end; index += 1) {
    const lineBytes = Buffer.byteLength(lines[index]!, 'utf8') + 1;
    if (index > start && bytes + lineBytes > maxBytes) {
      pieces.push({ start, end: index });
      start = index;
      bytes = 0;
    }
    bytes += lineBytes;
  }
  pieces.push({ start, end: span.end });
  return pieces;
}

function spanBytes(lines: readonly string[], span: LineSpan): number {
  let bytes = 0;
  for (let index = span.start; index < span.end; index += 1)
    bytes += Buffer.byteLength(lines[index]!, 'utf8') + 1;
  return Math.max(bytes - 1, 0);
}

function pushChunk(
  chunks: Chunk[],
  path: string,
  lines: readonly string[],
  span: LineSpan,
  headings: string[],
): void {
  let start = span.start;
  let end = span.end;
  while (start < end && lines[start]!.trim() === '') start += 1;
  while (end > start && lines[end - 1]!.trim() === '') end -= 1;
  if (start === end) return;
  const text = lines.slice(start, end).join('\n');
  // A heading with nothing under it says nothing its sub-sections do not already carry.
  if (headings.length > 0 && end - start === 1 && headingText(text) !== undefined) return;
  const heading = headings.length > 0 && lines[start] !== undefined ? setextPair(lines, start, end) : false;
  if (heading) return;
  chunks.push({ path, startLine: start + 1, endLine: end, headings: [...headings], text });
}

// A setext heading is two lines (title + underline); alone it is as empty as a bare ATX heading.
function setextPair(lines: readonly string[], start: number, end: number): boolean {
  return end - start === 2 && SETEXT_UNDERLINE.test(lines[start + 1]!) && lines[start]!.trim() !== '';
}
