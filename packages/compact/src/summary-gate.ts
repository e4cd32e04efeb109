import { estimateTokens } from '@ctxkit/tokenize';
import { assertCount } from './check-options.js';
import { type Digest, renderDigest } from './digest.js';
import { extractPathTokens, findPreamble } from './document-gate.js';
import type { CountTokens } from './types.js';

/** Bounds for {@link acceptSummary}. */
export interface SummaryGateOptions {
  /** Token limit of the summary text (the share of the budget the summary has). */
  maxTokens: number;
  /** Smallest accepted length, as a share of the rendered digest's characters; 0.1 by default. */
  minRatio?: number;
  /** Share of the digest's path-like tokens the summary must keep; 0.8 by default. Edited files: all. */
  minPathRetention?: number;
  /** Token counter for `maxTokens`; the chars/4 estimate by default. */
  countTokens?: CountTokens;
}

/** The gate's verdict on a model-written summary, with the measurements behind it. */
export interface SummaryGateResult {
  /** Whether the summary may stand for the cut span; otherwise the deterministic digest is used. */
  accepted: boolean;
  /** One line per failed check; empty when accepted. */
  reasons: string[];
  /** Tokens of the summary. */
  tokens: number;
  /** Share of the digest's distinct path-like tokens the summary names (1 when it has none). */
  pathRetention: number;
  /** Files the span edited that the summary does not name, in digest order. */
  missingEditedPaths: string[];
}

// Below a tenth of the must-preserve list, a summary has dropped the list rather than condensed it.
const DEFAULT_MIN_RATIO = 0.1;
// As for memory documents: paths are what an agent acts on.
const DEFAULT_MIN_PATH_RETENTION = 0.8;

/**
 * Decide whether a model's summary of a cut span may replace it, the way memory documents are gated:
 * not empty and no chat preamble ("Sure! Here is…"), within its token share and not gutted (at least
 * `minRatio` of the digest's length), keeping `minPathRetention` of the digest's path-like tokens and
 * every file the span edited. Pure; on rejection the caller uses the rendered digest.
 */
export function acceptSummary(
  candidate: string,
  digest: Digest,
  options: SummaryGateOptions,
): SummaryGateResult {
  assertCount('acceptSummary', 'maxTokens', options.maxTokens);
  const countTokens = options.countTokens ?? estimateTokens;
  const minRatio = options.minRatio ?? DEFAULT_MIN_RATIO;
  const minRetention = options.minPathRetention ?? DEFAULT_MIN_PATH_RETENTION;
  const reasons: string[] = [];
  const tokens = countTokens(candidate);
  const reference = renderDigest(digest);
  if (candidate.trim() === '') reasons.push('the summary is empty');
  else if (candidate.length < minRatio * reference.length) {
    reasons.push(
      `too short: ${candidate.length} characters, expected at least ${Math.ceil(minRatio * reference.length)} (${minRatio * 100}% of the digest)`,
    );
  }
  if (tokens > options.maxTokens)
    reasons.push(`too long: ${tokens} tokens, expected at most ${options.maxTokens}`);
  const preamble = findPreamble(candidate);
  if (preamble !== undefined) reasons.push(`chat preamble instead of a summary: "${preamble}"`);
  const paths = extractPathTokens(reference);
  const kept = paths.filter((path) => candidate.includes(path)).length;
  const pathRetention = paths.length === 0 ? 1 : kept / paths.length;
  if (pathRetention < minRetention) {
    reasons.push(
      `lost paths: kept ${kept} of ${paths.length} (${(pathRetention * 100).toFixed(0)}%), expected at least ${minRetention * 100}%`,
    );
  }
  const missingEditedPaths = digest.filesEdited.filter((path) => !candidate.includes(path));
  if (missingEditedPaths.length > 0) {
    reasons.push(`does not name every edited file: missing ${missingEditedPaths.slice(0, 5).join(', ')}`);
  }
  return { accepted: reasons.length === 0, reasons, tokens, pathRetention, missingEditedPaths };
}
