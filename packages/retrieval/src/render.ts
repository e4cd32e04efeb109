import { escapeControls } from '@ctxkit/tokenize';

/** The line that opens a retrieved block; stable so the block's prefix never varies. */
export const RETRIEVED_HEADER = '## Retrieved prior knowledge\n';

/** The part of a hit the renderer needs. */
export interface RenderableHit {
  path: string;
  lines: [number, number];
  score: number;
  text: string;
  truncated: boolean;
}

/**
 * One hit as rendered: a locator line (path:start-end and score), its text, a blank line. A path
 * with control characters shows escaped (`escapeControls`), so it cannot break the locator line.
 */
export function renderHit(hit: RenderableHit): string {
  const marker = hit.truncated ? ', truncated' : '';
  return `\n### ${escapeControls(hit.path)}:${hit.lines[0]}-${hit.lines[1]} (score ${hit.score.toFixed(3)}${marker})\n${hit.text}\n`;
}

/**
 * The retrieved block for a prompt: the header and each hit in the order given. Nothing kept
 * renders as '' so a caller never injects an empty "retrieved knowledge" section.
 */
export function renderRetrievedBlock(hits: readonly RenderableHit[]): string {
  if (hits.length === 0) return '';
  return RETRIEVED_HEADER + hits.map(renderHit).join('');
}
