/** Bounds and patterns for {@link acceptDocumentCompaction}. */
export interface DocumentGateOptions {
  /** Smallest accepted candidate/original length ratio; below it the model threw content away. 0.1 by default. */
  minRatio?: number;
  /** Largest accepted ratio; at or above it nothing was compacted. 0.9 by default. */
  maxRatio?: number;
  /** Share of the original's path-like tokens the candidate must keep. 0.8 by default. */
  minPathRetention?: number;
}

/** The gate's verdict, with the measurements behind it. */
export interface DocumentGateResult {
  /** Whether the candidate may replace the original. */
  accepted: boolean;
  /** One line per failed check; empty when accepted. */
  reasons: string[];
  /** candidate length / original length, in characters. */
  ratio: number;
  /** Share of the original's distinct path-like tokens present in the candidate (1 when it has none). */
  pathRetention: number;
  /** Path-like tokens of the original the candidate lost, sorted. */
  missingPaths: string[];
}

// Below a tenth of the original a model has summarized the document away ("three bullets for 30 KB").
const DEFAULT_MIN_RATIO = 0.1;
// Above nine tenths nothing worth a rewrite (and the risk of a changed memory) was gained.
const DEFAULT_MAX_RATIO = 0.9;
// Paths are what an agent acts on; losing more than a fifth of them loses the map of the work.
const DEFAULT_MIN_PATH_RETENTION = 0.8;

// Chatty openings and closings a model adds around the work instead of doing the work.
const PREAMBLE_PATTERNS: readonly RegExp[] = [
  /^\s*(?:sure|certainly|of course|absolutely|okay|ok|great)\b[\s\S]{0,80}?(?:here(?:'s| is| are)|below)/i,
  /^\s*here(?:'s| is| are) (?:the|a|your) (?:\w+ ){0,3}(?:compressed|compacted|condensed|summar|shortened|version)/i,
  /^\s*(?:I have|I've) (?:compressed|compacted|condensed|summarized|shortened)/i,
  /^\s*as an ai\b/i,
  /(?:let me know if|hope this helps|feel free to ask)[^\n]*\s*$/i,
];

/** The chatty opening or closing a model put around the work ("Sure! Here is…"), if any, cut to 60 characters. */
export function findPreamble(text: string): string | undefined {
  for (const pattern of PREAMBLE_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0].trim().slice(0, 60);
  }
  return undefined;
}

// A path-like token: has a slash between word characters, or ends in a file extension.
const PATH_TOKEN = /(?:[\w.-]+\/)+[\w.-]+(?::\d+)?|\b[\w-]+\.(?:[a-z]{1,5})\b(?::\d+)?/gi;

/** Distinct path-like tokens of `text` (e.g. `src/index.ts`, `README.md`, `pkg/a/b.go:12`), sorted. */
export function extractPathTokens(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(PATH_TOKEN)) {
    const token = match[0].replace(/[.:]+$/, '');
    // Version numbers and decimals ("1.2", "e.g") are not paths.
    if (/^[\d.]+$/.test(token) || /^(?:e\.g|i\.e|etc)$/i.test(token)) continue;
    found.add(token);
  }
  return [...found].sort();
}

/**
 * Decide whether a model's compressed version of a memory document may replace the original. It must
 * be shorter but not gutted (length ratio within bounds), keep the paths the original names (what an
 * agent acts on), and be the document rather than a chat reply ("Sure! Here is the compressed…").
 * On rejection the caller keeps the original.
 */
export function acceptDocumentCompaction(
  original: string,
  candidate: string,
  options: DocumentGateOptions = {},
): DocumentGateResult {
  const minRatio = options.minRatio ?? DEFAULT_MIN_RATIO;
  const maxRatio = options.maxRatio ?? DEFAULT_MAX_RATIO;
  const minRetention = options.minPathRetention ?? DEFAULT_MIN_PATH_RETENTION;
  const reasons: string[] = [];
  const ratio = original.length === 0 ? 1 : candidate.length / original.length;
  if (candidate.trim() === '') reasons.push('the candidate is empty');
  else if (ratio < minRatio) {
    reasons.push(
      `too short: ${(ratio * 100).toFixed(1)}% of the original, expected at least ${minRatio * 100}%`,
    );
  } else if (ratio >= maxRatio) {
    reasons.push(
      `not compacted: ${(ratio * 100).toFixed(1)}% of the original, expected below ${maxRatio * 100}%`,
    );
  }
  const paths = extractPathTokens(original);
  const missingPaths = paths.filter((path) => !candidate.includes(path));
  const pathRetention = paths.length === 0 ? 1 : (paths.length - missingPaths.length) / paths.length;
  if (pathRetention < minRetention) {
    reasons.push(
      `lost paths: kept ${paths.length - missingPaths.length} of ${paths.length} (${(pathRetention * 100).toFixed(0)}%), expected at least ${minRetention * 100}%; missing ${missingPaths.slice(0, 5).join(', ')}`,
    );
  }
  const preamble = findPreamble(candidate);
  if (preamble !== undefined) reasons.push(`chat preamble instead of the document: "${preamble}"`);
  return { accepted: reasons.length === 0, reasons, ratio, pathRetention, missingPaths };
}
