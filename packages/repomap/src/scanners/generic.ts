/**
 * The identifier-only scan of a language without a scanner (Elixir, PHP, Kotlin, …): no
 * definitions, since without the grammar any guess would put noise in the map, but every
 * identifier counted as a reference, so ranking still finds the file by what it mentions and by
 * its path. Linear in the text; comments and strings are not told apart from code.
 */
import type { ScanResult } from '../types.js';

/** Longer runs of identifier characters are data (hashes, encoded blobs), not names. */
const MAX_IDENTIFIER_LENGTH = 100;

function isIdentifierStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || (code >= 0x30 && code <= 0x39);
}

/** Every ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`) of `text`, counted; no definitions. */
export function scanGeneric(text: string): ScanResult {
  const references = new Map<string, number>();
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (!isIdentifierStart(code)) {
      // A digit run (or a word glued to one, `0x1f`) is not a name: skip the whole run.
      if (isIdentifierPart(code)) while (index < length && isIdentifierPart(text.charCodeAt(index))) index++;
      else index++;
      continue;
    }
    const start = index;
    while (index < length && isIdentifierPart(text.charCodeAt(index))) index++;
    if (index - start > MAX_IDENTIFIER_LENGTH) continue;
    const name = text.slice(start, index);
    references.set(name, (references.get(name) ?? 0) + 1);
  }
  return { definitions: [], references };
}
