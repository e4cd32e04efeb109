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
};

/** The scanner language for a file path, by its extension; `undefined` for files no scanner reads. */
/** Whether a scanner reads the file at `path`: what a walk selects. */
export function isScannable(path: string): boolean {
  return languageForPath(path) !== undefined;
}

export function languageForPath(path: string): Language | undefined {
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  if (dot <= slash + 1) return undefined;
  return LANGUAGE_BY_EXTENSION[path.slice(dot).toLowerCase()];
}
