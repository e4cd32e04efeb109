/**
 * Which language a file is, by its extension. Apart from the scanners so a walk (which runs on its
 * own thread) can select files without loading any scanner.
 */
import type { Language } from '../types.js';

/** File extensions (lower case, with the dot) each language's scanner reads. */
const LANGUAGE_BY_EXTENSION: Readonly<Record<string, Language>> = {
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.c': 'c',
  '.h': 'c',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.c++': 'cpp',
  '.hh': 'cpp',
  '.hpp': 'cpp',
  '.hxx': 'cpp',
  '.h++': 'cpp',
  '.ipp': 'cpp',
  '.tpp': 'cpp',
  '.rb': 'ruby',
  '.rake': 'ruby',
  '.gemspec': 'ruby',
  '.cs': 'csharp',
  '.php': 'php',
};

/**
 * Extensions of programming languages without a scanner whose files are still indexed, with the
 * identifier-only scan (`scanners/generic.ts`): ranked by path and by the identifiers they
 * mention, never shown with definitions, and counted in `unscanned`. Prose, data and config
 * (`.md`, `.json`, `.yaml`, …) are not here: their words would only dilute the ranking.
 */
const GENERIC_EXTENSIONS: ReadonlySet<string> = new Set(
  // Elixir, Erlang, JVM, Apple, Flutter, scripting, functional, systems, shells, components.
  '.ex .exs .erl .hrl .kt .kts .scala .sc .groovy .clj .cljs .cljc .swift .m .mm .dart .lua .pl .pm .r .jl .hs .ml .mli .fs .fsi .fsx .elm .zig .nim .cr .sol .sh .bash .zsh .ps1 .vue .svelte'.split(
    ' ',
  ),
);

/** What a file is scanned as: a language's scanner, or the identifier-only `'generic'` scan. */
export type ScanLanguage = Language | 'generic';

function extensionOfPath(path: string): string | undefined {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  return dot <= slash + 1 ? undefined : path.slice(dot).toLowerCase();
}

/** The scanner language for a file path, by its extension; `undefined` for files no scanner reads. */
export function languageForPath(path: string): Language | undefined {
  const extension = extensionOfPath(path);
  return extension === undefined ? undefined : LANGUAGE_BY_EXTENSION[extension];
}

/** How a file is scanned, by its extension: its language, `'generic'`, or `undefined` (not indexed). */
export function scanLanguageForPath(path: string): ScanLanguage | undefined {
  const extension = extensionOfPath(path);
  if (extension === undefined) return undefined;
  return LANGUAGE_BY_EXTENSION[extension] ?? (GENERIC_EXTENSIONS.has(extension) ? 'generic' : undefined);
}

/** Whether the file at `path` is indexed (by a scanner or the generic scan): what a walk selects. */
export function isScannable(path: string): boolean {
  return scanLanguageForPath(path) !== undefined;
}
