import { splitSections } from '@ctxkit/instructions';
import { escapeControls } from '@ctxkit/tokenize';

/** UTF-8 byte length, the unit of every budget here. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}
const encoder = new TextEncoder();

/** One heading-delimited part of a skill body. */
export interface BodySection {
  /** Heading text without `#` marks; `''` for the text before the first heading. */
  heading: string;
  /** Raw text, heading line included. */
  text: string;
}

/**
 * Split Markdown at ATX headings outside fenced code blocks. The splitting is
 * @ctxkit/instructions' `splitSections` (one Markdown reader for rules and skills); this keeps
 * the skill-facing shape. Joining the texts gives the body back, ending with a newline.
 */
export function splitBodySections(body: string): BodySection[] {
  return splitSections(body).map((section) => ({ heading: section.heading, text: section.text }));
}

/** A body fitted into a byte cap. */
export interface TruncatedBody {
  /** The text to inline, with the marker when cut. */
  text: string;
  /** Whether anything was left out. */
  truncated: boolean;
}

/**
 * Keep the leading sections of `body` that fit in `maxBytes` together with a marker naming the
 * sections left out and how to fetch one with the `skill` tool. A first section larger than the
 * cap is cut at its last fitting line.
 */
export function truncateBody(name: string, body: string, maxBytes: number): TruncatedBody {
  const text = body.endsWith('\n') || body === '' ? body : `${body}\n`;
  if (byteLength(text) <= maxBytes) return { text, truncated: false };
  const sections = splitBodySections(text);
  // prefixBytes[count] = bytes of the first `count` sections. Keeping more sections than fit even
  // without a marker is pointless, so the search starts there instead of at the last section: a
  // multi-megabyte reference body with thousands of headings is then cut in milliseconds, not minutes.
  const prefixBytes = [0];
  for (const section of sections)
    prefixBytes.push((prefixBytes[prefixBytes.length - 1] ?? 0) + byteLength(section.text));
  let count = sections.length - 1;
  while (count >= 1 && (prefixBytes[count] ?? 0) > maxBytes) count -= 1;
  for (; count >= 1; count -= 1) {
    const marker = renderBodyMarker(name, sections.slice(count));
    if ((prefixBytes[count] ?? 0) + byteLength(marker) > maxBytes) continue;
    const kept = sections
      .slice(0, count)
      .map((section) => section.text)
      .join('');
    return { text: kept + marker, truncated: true };
  }
  const rest = sections.slice(1);
  let kept = '';
  for (const line of (sections[0]?.text ?? '').split(/(?<=\n)/)) {
    if (byteLength(kept + line + renderBodyMarker(name, rest, true)) > maxBytes) break;
    kept += line;
  }
  const cut = kept + renderBodyMarker(name, rest, true);
  const keepsInstruction = kept.split('\n').some((line) => line.trim() !== '' && !/^ {0,3}#/.test(line));
  if (keepsInstruction && byteLength(cut) <= maxBytes) return { text: cut, truncated: true };
  // Nothing but a heading would fit (or not even the marker): say only how to read the skill.
  return {
    text: `[ctxkit: skill "${escapeControls(name)}" left out; read it with the skill tool]\n`,
    truncated: true,
  };
}

/** How many omitted headings the marker names before summarising the rest as a count. */
const MARKER_HEADINGS = 8;

/**
 * The line left where a body was cut: which sections are missing and how to read one with the
 * skill tool. Exported for tests; not part of the package surface.
 */
export function renderBodyMarker(
  name: string,
  omitted: readonly BodySection[],
  firstSectionCut = false,
): string {
  name = escapeControls(name);
  const headings = omitted.map((section) => section.heading).filter((heading) => heading !== '');
  const listed = headings.slice(0, MARKER_HEADINGS).map((heading) => `"${heading}"`);
  if (headings.length > MARKER_HEADINGS) listed.push(`${headings.length - MARKER_HEADINGS} more`);
  const what = firstSectionCut
    ? 'the rest of this section'
    : `${omitted.length} more section${omitted.length === 1 ? '' : 's'}`;
  const hint =
    listed.length > 0
      ? ` (${listed.join(', ')}); read one with the skill tool: {"name": "${name}", "section": "<heading>"}`
      : '';
  return `[ctxkit: skill "${name}" truncated; ${what} left out${hint}]\n`;
}
