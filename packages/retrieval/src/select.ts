import { assertFinite, assertWholeNumber, compareStrings } from '@ctxkit/internal';
import { RETRIEVED_HEADER, renderHit, renderRetrievedBlock } from './render.js';
import type { Threshold } from './thresholds.js';
import type { Chunk } from './types.js';

/** Why a candidate chunk ended up in the retrieved block or not. */
export type CandidateReason =
  | 'above-threshold'
  | 'below-floor'
  | 'below-baseline'
  | 'below-min-score'
  | 'over-max-hits'
  | 'over-byte-budget';

/** One scored chunk and the decision taken on it. */
export interface RetrievalCandidate {
  /** Source path of the chunk. */
  path: string;
  /** 1-based inclusive line range [start, end] in the source. */
  lines: [number, number];
  /** Headings the chunk sits under, outermost first. */
  headings: string[];
  /** Similarity to the query (cosine; rounded to 6 decimals). */
  score: number;
  /** True when the chunk is in the retrieved block. */
  kept: boolean;
  /** Why it was kept or dropped. */
  reason: CandidateReason;
}

/** A kept candidate with the text that was injected. */
export interface RetrievalHit extends RetrievalCandidate {
  /** The chunk text as rendered (cut at a line boundary when `truncated`). */
  text: string;
  /** True when the hit alone did not fit the byte budget and was cut to fit. */
  truncated: boolean;
}

/** What {@link selectHits} decided: kept hits, every candidate, and the rendered block. */
export interface Selection {
  /** Kept hits, best first. */
  hits: RetrievalHit[];
  /** Every chunk, best first, with its decision. */
  candidates: RetrievalCandidate[];
  /** Number of candidates not kept. */
  dropped: number;
  /** The retrieved block ('' when nothing was kept: nothing is injected). */
  text: string;
  /** UTF-8 bytes of `text`; never more than the budget. */
  bytes: number;
}

/** Inputs of {@link selectHits}. */
export interface SelectOptions {
  /** The chunks and their scores, same order. */
  chunks: readonly Chunk[];
  scores: readonly number[];
  /** The threshold a chunk must reach (strictly above the floor, at least `effective`). */
  threshold: Threshold;
  /** Byte budget for the rendered block. */
  maxBytes: number;
  /** Most hits to keep. */
  maxHits: number;
}

/**
 * Pure core of retrieval: order candidates (score, then path, then line, so ties never depend
 * on input order), judge each against the threshold, then fill the byte budget best-first. A hit
 * that does not fit is skipped for smaller ones; if not even the best hit fits, it is cut at a
 * line boundary rather than injecting nothing.
 */
export function selectHits(options: SelectOptions): Selection {
  checkLimits('selectHits', options);
  // A missing score would count as 0 and a NaN one would pass the floor (NaN <= floor is false).
  if (options.scores.length !== options.chunks.length)
    throw new RangeError(
      `selectHits: scores must have one entry per chunk, found ${options.scores.length} for ${options.chunks.length} chunks`,
    );
  for (const [index, score] of options.scores.entries())
    assertFinite('selectHits', `scores[${index}]`, score);
  const { threshold } = options;
  const order = options.chunks
    .map((chunk, index) => ({ chunk, score: roundScore(options.scores[index]!) }))
    .sort(
      (left, right) =>
        right.score - left.score ||
        compareStrings(left.chunk.path, right.chunk.path) ||
        left.chunk.startLine - right.chunk.startLine,
    );
  const candidates: RetrievalCandidate[] = [];
  const hits: RetrievalHit[] = [];
  let used = Buffer.byteLength(RETRIEVED_HEADER, 'utf8');
  for (const { chunk, score } of order) {
    const candidate: RetrievalCandidate = {
      path: chunk.path,
      lines: [chunk.startLine, chunk.endLine],
      headings: [...chunk.headings],
      score,
      kept: false,
      reason: judge(score, threshold),
    };
    candidates.push(candidate);
    if (candidate.reason !== 'above-threshold') continue;
    if (hits.length >= options.maxHits) {
      candidate.reason = 'over-max-hits';
      continue;
    }
    const hit: RetrievalHit = { ...candidate, kept: true, text: chunk.text, truncated: false };
    const cost = Buffer.byteLength(renderHit(hit), 'utf8');
    if (used + cost <= options.maxBytes) {
      used += cost;
      candidate.kept = true;
      hits.push(hit);
      continue;
    }
    const cut = hits.length === 0 ? truncateToFit(hit, options.maxBytes - used) : undefined;
    if (cut) {
      used += Buffer.byteLength(renderHit(cut), 'utf8');
      candidate.kept = true;
      candidate.lines = cut.lines;
      hits.push(cut);
    } else candidate.reason = 'over-byte-budget';
  }
  const text = renderRetrievedBlock(hits);
  return {
    hits,
    candidates,
    dropped: candidates.filter((candidate) => !candidate.kept).length,
    text,
    bytes: Buffer.byteLength(text, 'utf8'),
  };
}

/** Throw a clear error unless `maxBytes` and `maxHits` are whole numbers ≥ 0 (0 keeps nothing). */
export function checkLimits(where: string, limits: { maxBytes: unknown; maxHits: unknown }): void {
  assertWholeNumber(where, 'maxBytes', limits.maxBytes, 0);
  assertWholeNumber(where, 'maxHits', limits.maxHits, 0);
}

function judge(score: number, threshold: Threshold): CandidateReason {
  if (threshold.source === 'min-score')
    return score >= threshold.effective ? 'above-threshold' : 'below-min-score';
  // Strictly above the floor: a score equal to the floor is still the noise band's edge.
  if (score <= threshold.floor) return 'below-floor';
  if (threshold.baseline !== null && score < threshold.baseline) return 'below-baseline';
  return 'above-threshold';
}

function truncateToFit(hit: RetrievalHit, available: number): RetrievalHit | undefined {
  const lines = hit.text.split('\n');
  for (let count = lines.length - 1; count >= 1; count -= 1) {
    const cut: RetrievalHit = {
      ...hit,
      lines: [hit.lines[0], hit.lines[0] + count - 1],
      text: lines.slice(0, count).join('\n'),
      truncated: true,
    };
    if (Buffer.byteLength(renderHit(cut), 'utf8') <= available) return cut;
  }
  return undefined;
}

function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}
