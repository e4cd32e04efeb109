// Generic, language-agnostic recognition of lines that open a definition. Used only when the caller
// has no scanner output (e.g. from @ctxkit/repomap) for a file; precision matters more than recall,
// because a false header is shown to the model as context.
const HEADER_PATTERNS: RegExp[] = [
  // TypeScript / JavaScript
  /^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:function\b|class\s|interface\s|enum\s|namespace\s|module\s)/,
  /^(?:export\s+)?type\s+[\w$]+(?:<[^>]*>)?\s*=/,
  /^(?:export\s+)?(?:const|let|var)\s+[\w$]+\s*(?::[^=]+)?=\s*(?:async\s*)?(?:function\b|\([^)]*\)?\s*(?::[^=]+)?=>|[\w$]+\s*=>|\($)/,
  /^(?:(?:public|private|protected|static|readonly|async|override|get|set)\s+)*(?!(?:if|for|while|switch|catch|return|with|function)\b)[\w$]+\s*(?:<[^>]*>)?\([^;]*\)\s*(?::[^{;]+)?\{\s*$/,
  // Python, Ruby
  /^(?:async\s+)?def\s+\w/,
  /^class\s+\w/,
  // Go
  /^func\s/,
  /^type\s+\w+\s+(?:struct|interface)\b/,
  // Rust
  /^(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:unsafe\s+)?(?:const\s+)?(?:fn|struct|enum|trait|impl|mod|union)\b/,
  // Java, C#, Kotlin
  /^(?:(?:public|private|protected|internal|static|final|abstract|sealed|override|virtual|synchronized|async|open|data)\s+)+(?:class|interface|enum|record|object|fun)\b/,
  /^(?:(?:public|private|protected|internal|static|final|abstract|override|virtual|synchronized|async)\s+)+[\w<>[\],.?\s]*\w+\s*\([^;]*$/,
  /^fun\s/,
];

/** True when `line` (with or without indentation) looks like it opens a function, class or type. */
export function isDefinitionHeader(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed === '') return false;
  return HEADER_PATTERNS.some((pattern) => pattern.test(trimmed));
}

/** Leading whitespace width, a tab counting as four columns. */
export function indentationOf(line: string): number {
  let width = 0;
  for (const character of line) {
    if (character === ' ') width += 1;
    else if (character === '\t') width += 4;
    else break;
  }
  return width;
}

/**
 * Lines that neither open nor close the block a hit is in, whatever their indentation: blank lines,
 * comments, decorators, and continuations that start with a closing bracket (`): void {`).
 */
export function isTransparentLine(line: string): boolean {
  const trimmed = line.trim();
  return (
    trimmed === '' ||
    /^(?:\/\/|\/\*|\*|#(?!include)|--)/.test(trimmed) ||
    /^[)\]}]/.test(trimmed) ||
    /^@\w/.test(trimmed)
  );
}
