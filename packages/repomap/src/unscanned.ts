/**
 * Files a walk passes over because no scanner reads them, counted per extension, so a map of an
 * Elixir or PHP tree says why it is empty instead of looking like a tree without code.
 */

/** How many files of one extension the walk found and no scanner reads. */
export interface UnscannedExtension {
  /** Lower case, with the dot (`.ex`); `''` for files without one (`Makefile`, `.gitignore`). */
  extension: string;
  files: number;
}

/** The extension of a file name as the scanners key on it: lower case, with the dot; `''` for none. */
export function extensionOf(name: string): string {
  const slash = name.lastIndexOf('/');
  const dot = name.lastIndexOf('.');
  return dot <= slash + 1 ? '' : name.slice(dot).toLowerCase();
}

/** Counts passed-over files per extension. */
export class ExtensionTally {
  private readonly counts = new Map<string, number>();

  /** Count one file (its name or path). */
  add(name: string): void {
    const extension = extensionOf(name);
    this.counts.set(extension, (this.counts.get(extension) ?? 0) + 1);
  }

  /** Every extension counted, most files first, then by extension: never in Map order. */
  list(): UnscannedExtension[] {
    return sortUnscanned([...this.counts].map(([extension, files]) => ({ extension, files })));
  }
}

/** `entries` most files first, ties by extension. */
export function sortUnscanned(entries: UnscannedExtension[]): UnscannedExtension[] {
  return entries.sort(
    (left, right) =>
      right.files - left.files ||
      (left.extension < right.extension ? -1 : left.extension > right.extension ? 1 : 0),
  );
}

/** How many files the list counts in all. */
export function countUnscanned(entries: readonly UnscannedExtension[]): number {
  let total = 0;
  for (const entry of entries) total += entry.files;
  return total;
}
