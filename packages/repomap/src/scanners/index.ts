/**
 * Public surface of the hand-written symbol scanners: pick a language from a path, scan a file's text.
 * Scanners are pure, never throw, and run in time linear in the input's length.
 */
import { docLine, sourceLines } from '../doc-line.js';
import type { Language, Scanner, ScanResult } from '../types.js';
import { scanC, scanCpp } from './c.js';
import { scanCSharp } from './csharp.js';
import { scanGeneric } from './generic.js';
import { scanGo } from './go.js';
import { scanJava } from './java.js';
import type { ScanLanguage } from './languages.js';
import { detachString } from './lexer.js';
import { scanPhp } from './php.js';
import { scanPython } from './python.js';
import { scanRuby } from './ruby.js';
import { scanRust } from './rust.js';
import { scanJavaScript, scanTypeScript } from './typescript.js';

/**
 * Version of the scanners' output. Bump it whenever any scanner's definitions or references, or the
 * message fragments a scan keeps (`@ctxkit/internal`'s `forEachMessageFragment`), change for some
 * input, so caches keyed on it are rebuilt.
 */
export const SCANNER_VERSION = 7;

export { languageForPath } from './languages.js';

const SCANNERS: Partial<Record<ScanLanguage, Scanner>> = {
  generic: scanGeneric,
  typescript: scanTypeScript,
  javascript: scanJavaScript,
  python: scanPython,
  go: scanGo,
  rust: scanRust,
  java: scanJava,
  c: scanC,
  cpp: scanCpp,
  ruby: scanRuby,
  csharp: scanCSharp,
  php: scanPhp,
};

/**
 * Scans one file's text as `language`: its definitions (in source order, each with the first line
 * of its documentation when it has one, see `doc-line.ts`) and identifier reference
 * counts outside comments and strings. `'generic'` counts every identifier and defines nothing
 * (the scan of languages without a scanner). Never throws; a language without a scanner yields nothing.
 */
export function scanSource(text: string, language: Language | 'generic'): ScanResult {
  const scanner = SCANNERS[language];
  if (!scanner) return { definitions: [], references: new Map() };
  try {
    const result = scanner(text);
    // Split only when there is something to document: most of a large tree's files define little.
    const lines = result.definitions.length > 0 ? sourceLines(text) : [];
    let previous: { line: number; kind: string; doc: string | undefined } | undefined;
    for (const definition of result.definitions) {
      definition.name = detachString(definition.name);
      definition.signature = detachString(definition.signature);
      if (definition.scope !== undefined) definition.scope = detachString(definition.scope);
      // Definitions sharing a line (`int x, y;`) share its comment: look it up once.
      let doc: string | undefined;
      if (previous?.line === definition.line && previous.kind === definition.kind) doc = previous.doc;
      else doc = docLine(lines, definition, language);
      previous = { line: definition.line, kind: definition.kind, doc };
      if (doc !== undefined) definition.doc = detachString(doc);
    }
    return result;
  } catch {
    // A scanner bug must not take a whole repo map down; the file simply contributes nothing.
    return { definitions: [], references: new Map() };
  }
}
