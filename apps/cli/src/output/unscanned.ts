import { countUnscanned, type UnscannedExtension } from '@ctxkit/repomap';
import { escapeControls } from '@ctxkit/tokenize';
import { formatCount, formatQuantity } from './format.js';

/** Extensions named in a human summary, per group, before the rest are counted. */
const MAX_LISTED_EXTENSIONS = 6;

function listExtensions(entries: readonly UnscannedExtension[]): string {
  const listed = entries
    .slice(0, MAX_LISTED_EXTENSIONS)
    .map(
      (entry) =>
        `${entry.extension === '' ? '(no extension)' : escapeControls(entry.extension)} ${formatCount(entry.files)}`,
    );
  const more = entries.length - listed.length;
  return `${listed.join(', ')}${more > 0 ? `, ${formatQuantity(more, 'more extension')}` : ''}`;
}

/**
 * The files of a repo map that no language scanner reads, for a human summary after "N files
 * scanned": those ranked by the identifier-only scan (`195 of them by identifiers only, no scanner
 * (.ex 180, .exs 15)`) and those not read at all (`12 files not read, no scanner (.md 10, …)`),
 * joined by `, `; `''` when there are none.
 */
export function describeUnscanned(entries: readonly UnscannedExtension[]): string {
  const ranked = entries.filter((entry) => entry.ranked);
  const unread = entries.filter((entry) => !entry.ranked);
  const parts: string[] = [];
  if (ranked.length > 0)
    parts.push(
      `${formatCount(countUnscanned(ranked))} of them by identifiers only, no scanner (${listExtensions(ranked)})`,
    );
  if (unread.length > 0)
    parts.push(
      `${formatQuantity(countUnscanned(unread), 'file')} not read, no scanner (${listExtensions(unread)})`,
    );
  return parts.join(', ');
}
