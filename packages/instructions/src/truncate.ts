/** Measure text the way budgets are stated: UTF-8 bytes. */
export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

const encoder = new TextEncoder();

/** The result of fitting sections into a byte limit. */
export interface FittedSections {
  /** How many leading sections are in `text` (the last one possibly cut at a line). */
  keptCount: number;
  /** The kept text, ending with the marker when anything was cut. */
  text: string;
  /** True when anything was left out. */
  truncated: boolean;
}

/**
 * Keep as many leading sections as fit in `limit` bytes together with the marker that says what
 * was cut. Cutting at section boundaries keeps every kept rule whole. When not even the first
 * section fits, it is cut at the last whole line that fits (or, for a single huge line, at a
 * character) so the most important rule is not lost entirely. Returns `undefined` when what would
 * remain is no rule at all — only a heading, or less text than the marker beside it.
 */
export function fitSections(
  sections: readonly string[],
  limit: number,
  marker: (omittedSections: number, omittedBytes: number) => string,
): FittedSections | undefined {
  const whole = sections.join('');
  const totalBytes = byteLength(whole);
  if (totalBytes <= limit) return { keptCount: sections.length, text: whole, truncated: false };
  let keptBytes = 0;
  let best: FittedSections | undefined;
  for (let count = 1; count < sections.length; count += 1) {
    keptBytes += byteLength(sections[count - 1] ?? '');
    const text = `${sections.slice(0, count).join('')}${marker(sections.length - count, totalBytes - keptBytes)}`;
    if (byteLength(text) > limit) break;
    best = { keptCount: count, text, truncated: true };
  }
  if (best !== undefined) return best;
  return cutFirstSection(sections[0] ?? '', limit, (omittedBytes) =>
    marker(sections.length, omittedBytes + totalBytes - byteLength(sections[0] ?? '')),
  );
}

function cutFirstSection(
  section: string,
  limit: number,
  marker: (omittedBytes: number) => string,
): FittedSections | undefined {
  const sectionBytes = byteLength(section);
  const lines = section.split(/(?<=\n)/);
  let kept = '';
  for (const line of lines) {
    const next = kept + line;
    if (byteLength(next + marker(sectionBytes - byteLength(next))) > limit) break;
    kept = next;
  }
  // A cut that keeps only a heading, or less text than the marker itself, would show the model
  // mostly a marker: leave the file out instead (the caller reports it).
  const keepsRule = kept.split('\n').some((line) => line.trim() !== '' && !/^ {0,3}#/.test(line));
  if (kept !== '' && (!keepsRule || byteLength(kept) < byteLength(marker(sectionBytes - byteLength(kept)))))
    return undefined;
  if (kept === '') {
    // One line longer than the whole budget (minified rules): cut it at a character, whole code points only.
    const characters = Array.from(lines[0] ?? '');
    let low = 0;
    let high = characters.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      const candidate = `${characters.slice(0, middle).join('')}\n`;
      if (byteLength(candidate + marker(sectionBytes - byteLength(candidate) + 1)) <= limit) low = middle;
      else high = middle - 1;
    }
    kept = `${characters.slice(0, low).join('')}\n`;
    if (low === 0 || byteLength(kept) < byteLength(marker(sectionBytes - byteLength(kept) + 1)))
      return undefined;
    return { keptCount: 1, text: kept + marker(sectionBytes - byteLength(kept) + 1), truncated: true };
  }
  return { keptCount: 1, text: kept + marker(sectionBytes - byteLength(kept)), truncated: true };
}
