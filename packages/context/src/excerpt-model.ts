// One file as the excerpt planner sees it while it buys views: its lines with an estimated token
// cost each, where the task hits it, which lines are shown now, and a running estimate of what
// showing them costs. The estimate is kept up to date line by line, since a plan tries hundreds of
// views on files of thousands of lines; the exact count of the rendered excerpt corrects it.

import type { ExcerptDefinition, LineSpan, TokenCounter } from './excerpt.js';
import type { TaskIdentifier } from './identifiers.js';

// Characters of a file's head counted exactly to calibrate its per-line estimate.
const RATIO_SAMPLE_CHARS = 16_384;
// The `123<tab>` prefix and the newline of a rendered line, in tokens (measured on o200k/cl100k).
const LINE_PREFIX_TOKENS = 2;
// An elision marker (`... (lines 12-40 not shown)`) costs about this much more than a line prefix.
const MARKER_EXTRA_TOKENS = 8;

/** A file being planned, and what of it is shown so far. */
export interface FileModel {
  path: string;
  lines: string[];
  /** Estimated tokens of each rendered line (index = line number). */
  lineCost: Float64Array;
  markerCost: number;
  overhead: number;
  hitLines: number[];
  matched: TaskIdentifier[];
  definitions: ExcerptDefinition[] | undefined;
  shown: Uint8Array;
  /** Lines shown, the sum of their estimated costs, and how many runs of consecutive lines they form. */
  shownCount: number;
  lineSum: number;
  runs: number;
  /** Estimated tokens of what is shown now (0 when nothing is). */
  cost: number;
}

/** Input of {@link createFileModel}. */
export interface FileModelInput {
  path: string;
  text: string;
  lines: string[];
  definitions: ExcerptDefinition[] | undefined;
  hitLines: number[];
  matched: TaskIdentifier[];
  /** Tokens the excerpt costs besides its lines (the `<file>` tags). */
  overhead: number;
  maxLineLength: number;
  tokenizer: TokenCounter;
}

/** A model with nothing shown; an exact count of the file's head calibrates its per-line estimate. */
export function createFileModel(input: FileModelInput): FileModel {
  const { lines, text } = input;
  const total = lines.length;
  let sample = text.slice(0, RATIO_SAMPLE_CHARS);
  if (/[\uD800-\uDBFF]$/.test(sample)) sample = sample.slice(0, -1);
  const ratio = sample.length === 0 ? 0.25 : input.tokenizer.count(sample) / sample.length;
  const lineCost = new Float64Array(total + 2);
  for (let line = 1; line <= total; line += 1) {
    lineCost[line] =
      Math.ceil(Math.min(lines[line - 1]!.length, input.maxLineLength) * ratio) + LINE_PREFIX_TOKENS;
  }
  return {
    path: input.path,
    lines,
    lineCost,
    markerCost: LINE_PREFIX_TOKENS + MARKER_EXTRA_TOKENS,
    overhead: input.overhead,
    hitLines: input.hitLines,
    matched: input.matched,
    definitions: input.definitions,
    shown: new Uint8Array(total + 2),
    shownCount: 0,
    lineSum: 0,
    runs: 0,
    cost: 0,
  };
}

/** Show nothing of the file again. */
export function clearShown(model: FileModel): void {
  model.shown.fill(0);
  model.shownCount = 0;
  model.lineSum = 0;
  model.runs = 0;
  model.cost = 0;
}

export function markShown(model: FileModel, line: number): void {
  if (model.shown[line]) return;
  model.shown[line] = 1;
  model.shownCount += 1;
  model.lineSum += model.lineCost[line]!;
  model.runs += 1 - model.shown[line - 1]! - model.shown[line + 1]!;
}

export function unmarkShown(model: FileModel, line: number): void {
  if (!model.shown[line]) return;
  model.shown[line] = 0;
  model.shownCount -= 1;
  model.lineSum -= model.lineCost[line]!;
  model.runs -= 1 - model.shown[line - 1]! - model.shown[line + 1]!;
}

/**
 * Estimated tokens of what is shown: the lines plus a marker for every gap, ignoring the small
 * gaps the renderer fills in (the exact count corrects for them).
 */
export function estimateShown(model: FileModel): number {
  if (model.shownCount === 0) return 0;
  const total = model.lines.length;
  const gaps = model.runs - 1 + (model.shown[1] ? 0 : 1) + (model.shown[total] ? 0 : 1);
  return model.overhead + model.lineSum + model.markerCost * gaps;
}

/** The shown lines as the renderer merges them: gaps of at most `mergeGap` lines are filled in. */
export function shownSpans(model: FileModel, mergeGap: number): LineSpan[] {
  const spans: LineSpan[] = [];
  for (let line = 1; line < model.shown.length - 1; line += 1) {
    if (!model.shown[line]) continue;
    const last = spans[spans.length - 1];
    if (last && line - last.end - 1 <= mergeGap) last.end = line;
    else spans.push({ start: line, end: line });
  }
  return spans;
}
