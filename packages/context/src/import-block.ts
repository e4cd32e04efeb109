// The block of imports at the head of a source file. A fix often adds or changes one import, and a
// model editing a file needs to see what it already imports to write that edit; the block is short
// and sits above every definition, so it is cheap to show with any excerpt of the file.

// Lines that import or declare what a file builds on, across the scanned languages: `import`,
// `from x import`, `use`, `#include`, `require`/`require_once`, `package`, `using`, `extern crate`,
// `mod x;`, CommonJS `const x = require(...)`, PHP/C# `namespace`.
const IMPORT_LINE =
  /^\s*(?:import\b|from\s+\S+\s+import\b|(?:pub(?:\([\w:]+\))?\s+)?use\s|#\s*include\b|(?:require|require_once|include_once)\b|package\s|using\s|extern\s+crate\b|(?:pub\s+)?mod\s+\w+\s*;|(?:const|let|var)\s+[\w${},\s]+=\s*require\(|namespace\s)/;

/** Imports are looked for in this many lines at most: past it, a file's head is over. */
const HEAD_SCAN_LINES = 300;
/** A longer block (a generated amalgamation, a list of hundreds of includes) is not worth its cost. */
export const MAX_IMPORT_BLOCK_LINES = 60;

/**
 * The first and last line (1-based) of the file's leading import block, or undefined when it has
 * none or it is too long to show. The block ends at the first definition (`firstDefinition`, when
 * known) or after {@link HEAD_SCAN_LINES}; lines between imports (blank, comments, conditionals)
 * belong to it.
 */
export function importBlock(
  lines: readonly string[],
  firstDefinition?: number,
): { start: number; end: number } | undefined {
  const limit = Math.min(lines.length, HEAD_SCAN_LINES, (firstDefinition ?? Number.POSITIVE_INFINITY) - 1);
  let start = 0;
  let end = 0;
  for (let line = 1; line <= limit; line += 1) {
    const text = lines[line - 1]!;
    // A line this long is data or minified code, never an import.
    if (text.length > 1000 || !IMPORT_LINE.test(text)) continue;
    if (start === 0) start = line;
    end = line;
  }
  if (start === 0) return undefined;
  // The last import may go on over several lines (`from x import (`, `use a::{`).
  let depth = 0;
  for (let line = end; line <= lines.length && line - end <= MAX_IMPORT_BLOCK_LINES; line += 1) {
    depth += bracketBalance(lines[line - 1]!);
    if (depth <= 0) {
      end = line;
      break;
    }
  }
  if (end - start + 1 > MAX_IMPORT_BLOCK_LINES) return undefined;
  return { start, end };
}

function bracketBalance(text: string): number {
  let balance = 0;
  for (const character of text.length > 1000 ? '' : text) {
    if (character === '(' || character === '{' || character === '[') balance += 1;
    else if (character === ')' || character === '}' || character === ']') balance -= 1;
  }
  return balance;
}
