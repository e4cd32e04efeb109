import { countUnscanned, type UnscannedExtension } from '@ctxkit/repomap';
import { escapeControls } from '@ctxkit/tokenize';
import { formatCount, formatQuantity } from './format.js';

/** Extensions named in a human summary before the rest are counted. */
const MAX_LISTED_EXTENSIONS = 6;

/**
 * The files a repo map left out for having no scanner, for a human summary:
 * `no scanner for 208 files (.ex 180, .exs 28)`, or `''` when there are none.
 */
export function describeUnscanned(entries: readonly UnscannedExtension[]): string {
  if (entries.length === 0) return '';
  const listed = entries
    .slice(0, MAX_LISTED_EXTENSIONS)
    .map(
      (entry) =>
        `${entry.extension === '' ? '(no extension)' : escapeControls(entry.extension)} ${formatCount(entry.files)}`,
    );
  const more = entries.length - listed.length;
  const rest = more > 0 ? `, ${formatQuantity(more, 'more extension')}` : '';
  return `no scanner for ${formatQuantity(countUnscanned(entries), 'file')} (${listed.join(', ')}${rest})`;
}
