/**
 * Files no language scanner reads, counted per extension, so a map of an Elixir or PHP tree says
 * why it shows no definitions instead of looking like a tree without code. Some of them (known
 * programming languages) are still read by the identifier-only scan and ranked; the rest (prose,
 * data, config) are passed over by the walk.
 */
import { scanLanguageForPath } from './scanners/languages.js';
import type { WalkResult } from './walk.js';

/** How many files of one extension the walk found and no scanner reads. */
export interface UnscannedExtension {
  /** Lower case, with the dot (`.ex`); `''` for files without one (`Makefile`, `.gitignore`). */
  extension: string;
  files: number;
  /** Whether these files are read by the identifier-only scan and ranked (else not read at all). */
  ranked: boolean;
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

  /** `ranked`: what every entry of {@link list} says (see {@link UnscannedExtension.ranked}). */
  constructor(private readonly ranked: boolean) {}

  /** Count one file (its name or path). */
  add(name: string): void {
    const extension = extensionOf(name);
    this.counts.set(extension, (this.counts.get(extension) ?? 0) + 1);
  }

  /** Every extension counted, most files first, then by extension: never in Map order. */
  list(): UnscannedExtension[] {
    return sortUnscanned(
      [...this.counts].map(([extension, files]) => ({ extension, files, ranked: this.ranked })),
    );
  }
}

/**
 * Everything a walk found that no language scanner reads: the files it selected for the
 * identifier-only scan (ranked) and those it passed over, most files first.
 */
export function unscannedOf(walked: Pick<WalkResult, 'files' | 'unscanned'>): UnscannedExtension[] {
  const generic = new ExtensionTally(true);
  for (const file of walked.files) if (scanLanguageForPath(file.path) === 'generic') generic.add(file.path);
  return sortUnscanned([...generic.list(), ...walked.unscanned]);
}

/** `entries` most files first, then ranked before not read, then by extension. */
export function sortUnscanned(entries: UnscannedExtension[]): UnscannedExtension[] {
  return entries.sort(
    (left, right) =>
      right.files - left.files ||
      Number(right.ranked) - Number(left.ranked) ||
      (left.extension < right.extension ? -1 : left.extension > right.extension ? 1 : 0),
  );
}

/** How many files the list counts in all. */
export function countUnscanned(entries: readonly UnscannedExtension[]): number {
  let total = 0;
  for (const entry of entries) total += entry.files;
  return total;
}
