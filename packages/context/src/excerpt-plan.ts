// One budget for every file of a pack, spent where the task points. Each file offers views at
// several resolutions — the whole file when it is small, the whole bodies of the definitions that
// hold the task's hits (the one it names above all), a window around a hit, and as a last resort
// one line per definition — and the budget buys them in order of relevance discounted by the
// file's rank, so the top of the ranking is shown whole before the bottom gets a window.

import { normalizeMessageText } from '@ctxkit/internal';
import {
  definitionLines,
  type Excerpt,
  type ExcerptDefinition,
  excerptSignatures,
  findLineHits,
  normalizeIdentifiers,
  renderBodies,
  splitLines,
  type TokenCounter,
} from './excerpt.js';
import {
  clearShown,
  createFileModel,
  estimateShown,
  type FileModel,
  markShown,
  shownSpans,
  unmarkShown,
} from './excerpt-model.js';
import { compareViews, type FileViews, fileViews, type View, weighByStrength } from './excerpt-views.js';
import { identifierWeights, type TaskIdentifier } from './identifiers.js';
import { filesPointedAt, pointedLines } from './pointed-lines.js';
import { findTaskPointers, type LinePointer, type TaskPointers } from './task-pointers.js';

/** A file offered to {@link planExcerpts}. */
export interface PlannedFile {
  /** Relative, `/`-separated. */
  path: string;
  text: string;
  /** Scanner definitions (with `endLine`, bodies are exact); generic header recognition without them. */
  definitions?: ExcerptDefinition[];
  /**
   * The ranking's score for the file (any scale, higher is more relevant). Given for the first
   * file, a file scoring far below it is discounted by its share of the first's score (see
   * `scoreRatio` in excerpt-views.ts); without scores, by its rank alone.
   */
  score?: number;
}

/** Input of {@link planExcerpts}. */
export interface PlanExcerptsOptions {
  /** The files, most relevant first. */
  files: PlannedFile[];
  /** The task whose identifiers the excerpts are about. */
  query?: string;
  /** Identifiers in addition to those of `query`. */
  identifiers?: (string | TaskIdentifier)[];
  /** Tokens for every excerpt together, including what wraps each one (see `overheadOf`). */
  budget: number;
  /** Counts tokens exactly; used once per file and once per rendered excerpt. */
  tokenizer: TokenCounter;
  /** Tokens a file's excerpt costs besides its text (the `<file>` tags around it). Default 0. */
  overheadOf?: (path: string, totalLines: number) => number;
  /** Lines of context on each side of a hit in a window. Default 3. */
  contextLines?: number;
  /** Gaps of at most this many lines are shown rather than elided. Default 2. */
  mergeGap?: number;
  /** Longer lines are cut with a marker. Default 300. */
  maxLineLength?: number;
}

/** Why budget was left unused. */
export type UnusedReason = 'everything-shown' | 'nothing-else-fits';

/** The excerpts planned, one per file in input order (empty `text` for a file that got nothing). */
export interface ExcerptPlan {
  excerpts: Excerpt[];
  /** Exact tokens of all excerpts with their overheads. */
  tokens: number;
  /** Budget left: everything relevant was shown, or the next view did not fit. */
  unused: { tokens: number; reason: UnusedReason };
}

// One line per definition for files with nothing better to show, at most this many per file.
const MAX_SIGNATURE_LINES = 60;
const DEFAULT_CONTEXT_LINES = 3;
const DEFAULT_MERGE_GAP = 2;
const DEFAULT_MAX_LINE_LENGTH = 300;
// Re-plans when the estimate was off; within this share of the budget is close enough.
const CALIBRATION_ROUNDS = 3;
const CALIBRATION_CLOSE_ENOUGH = 0.98;

/** The task as the planner reads it: its identifiers with their weights, and the places it points at. */
interface TaskReading {
  identifiers: TaskIdentifier[];
  weights: Map<string, number>;
  keys: string[];
  pointers: TaskPointers;
  messageText: string;
}

/** Lines bought by one view, to give back when the exact count is over. */
interface Purchase {
  model: FileModel;
  added: number[];
}

/** What buying views up to an estimated limit gave. */
interface Purchases {
  excerpts: Excerpt[];
  /** Exact tokens of the excerpts. */
  tokens: number;
  /** The estimate of the same. */
  spent: number;
  /** Whether some view did not fit. */
  declined: boolean;
  bought: Purchase[];
}

/**
 * Plan the excerpts of several files under one budget. Pure and deterministic: the same files,
 * task and budget give the same excerpts. The estimate that steers the plan is checked against an
 * exact count of the rendered excerpts, and views are given back, last bought first, until it fits.
 */
export function planExcerpts(options: PlanExcerptsOptions): ExcerptPlan {
  const budget = Math.max(0, Math.floor(options.budget));
  const context = Math.max(0, options.contextLines ?? DEFAULT_CONTEXT_LINES);
  const mergeGap = Math.max(0, options.mergeGap ?? DEFAULT_MERGE_GAP);
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const task = readTask(options);
  const pointedFiles = filesPointedAt(
    options.files.map((file) => file.path),
    task.pointers.locations,
  );
  const models: FileModel[] = [];
  const offered: FileViews[] = [];
  const firstScore = options.files[0]?.score;
  options.files.forEach((file, index) => {
    const { model, lineHits, pointed } = modelFile(
      file,
      options,
      task,
      pointedFiles.get(index) ?? [],
      maxLength,
    );
    models.push(model);
    if (model.hitLines.length === 0) return;
    offered.push(
      fileViews({
        file: index,
        model,
        lineHits,
        pointed,
        weights: task.weights,
        budget,
        context,
        ...scoreRatio(file.score, firstScore),
      }),
    );
  });
  const views = weighByStrength(offered);
  const render = (model: FileModel): Excerpt => {
    const spans = shownSpans(model, mergeGap);
    return spans.length > 0
      ? renderBodies(model.path, model.lines, spans, maxLength, model.hitLines, model.matched)
      : emptyExcerpt(model);
  };
  const fitted = fitToBudget(models, views.sort(compareViews), budget, render, options.tokenizer);
  const signed = addSignatures(fitted.excerpts, fitted.tokens, models, options, budget, maxLength);
  return {
    excerpts: signed.excerpts,
    tokens: signed.tokens,
    unused: {
      tokens: Math.max(0, budget - signed.tokens),
      reason: fitted.declined ? 'nothing-else-fits' : 'everything-shown',
    },
  };
}

/** A file's score over the first file's, when both are usable (finite, the first above 0). */
function scoreRatio(score: number | undefined, first: number | undefined): { scoreRatio?: number } {
  if (score === undefined || first === undefined || !(first > 0) || !Number.isFinite(first)) return {};
  if (!Number.isFinite(score)) return {};
  return { scoreRatio: Math.max(0, score) / first };
}

function readTask(options: PlanExcerptsOptions): TaskReading {
  const identifiers = normalizeIdentifiers(options);
  const weights = identifierWeights(identifiers);
  return {
    identifiers,
    weights,
    keys: [...weights.keys()],
    pointers: options.query ? findTaskPointers(options.query) : { locations: [], quotedLines: [] },
    messageText: options.query ? normalizeMessageText(options.query) : '',
  };
}

/** A file's model, with the task's identifiers on each line and the lines the task points at. */
function modelFile(
  file: PlannedFile,
  options: PlanExcerptsOptions,
  task: TaskReading,
  locations: readonly LinePointer[],
  maxLength: number,
): { model: FileModel; lineHits: Map<number, Set<string>>; pointed: Map<number, number> } {
  const lines = splitLines(file.text);
  const lineHits = findLineHits(lines, task.keys);
  const definitions: ExcerptDefinition[] | undefined = file.definitions
    ? definitionLines({ definitions: file.definitions }, lines)
    : undefined;
  const pointed = pointedLines(lines, definitions, locations, task.pointers, task.messageText);
  const matchedKeys = new Set<string>();
  for (const set of lineHits.values()) for (const key of set) matchedKeys.add(key);
  const model = createFileModel({
    path: file.path,
    text: file.text,
    lines,
    definitions,
    hitLines: [...new Set([...lineHits.keys(), ...pointed.keys()])].sort((a, b) => a - b),
    matched: task.identifiers.filter((identifier) => matchedKeys.has(identifier.name.toLowerCase())),
    overhead: options.overheadOf?.(file.path, lines.length) ?? 0,
    maxLineLength: maxLength,
    tokenizer: options.tokenizer,
  });
  return { model, lineHits, pointed };
}

/** Buy views in priority order (each, or else its fallbacks) while the estimate stays within `limit`. */
function buyViews(
  models: FileModel[],
  sorted: readonly View[],
  limit: number,
  render: (model: FileModel) => Excerpt,
  tokenizer: TokenCounter,
): Purchases {
  for (const model of models) clearShown(model);
  let spent = 0;
  let declined = false;
  const bought: Purchase[] = [];
  const tryView = (view: View): boolean => {
    const model = models[view.file]!;
    const added = [...new Set(view.lines)].filter((line) => !model.shown[line]);
    if (added.length === 0) return true;
    for (const line of added) markShown(model, line);
    const cost = estimateShown(model);
    if (spent - model.cost + cost <= limit) {
      spent += cost - model.cost;
      model.cost = cost;
      bought.push({ model, added });
      return true;
    }
    for (const line of added) unmarkShown(model, line);
    return false;
  };
  for (const view of sorted) {
    let candidate: View | undefined = view;
    while (candidate && !tryView(candidate)) candidate = candidate.fallback;
    if (!candidate) declined = true;
  }
  const excerpts = models.map(render);
  return { excerpts, tokens: exactTokens(excerpts, models, tokenizer), spent, declined, bought };
}

/**
 * The estimate steers; the exact count decides. Scale the estimate's limit by how far off it was,
 * then narrow between a limit that fits and one that does not for a few rounds; last, give views
 * back, last bought first, until the exact count fits.
 */
function fitToBudget(
  models: FileModel[],
  sorted: readonly View[],
  budget: number,
  render: (model: FileModel) => Excerpt,
  tokenizer: TokenCounter,
): { excerpts: Excerpt[]; tokens: number; declined: boolean } {
  const buy = (limit: number) => buyViews(models, sorted, limit, render, tokenizer);
  let result = buy(budget);
  let fitting = result.tokens <= budget ? budget : 0;
  let over = result.tokens <= budget ? Number.POSITIVE_INFINITY : budget;
  for (let round = 0; round < CALIBRATION_ROUNDS && result.declined; round += 1) {
    if (result.tokens <= budget && result.tokens >= budget * CALIBRATION_CLOSE_ENOUGH) break;
    const scaled = Math.floor(budget * (Math.max(1, result.spent) / Math.max(1, result.tokens)));
    const next = Number.isFinite(over) && scaled >= over ? Math.floor((fitting + over) / 2) : scaled;
    if (next <= fitting || next >= over) break;
    const attempt = buy(next);
    if (attempt.tokens <= budget) {
      fitting = next;
      result = attempt;
    } else {
      over = next;
      if (result.tokens > budget) result = attempt;
    }
  }
  if (result.tokens > budget && fitting > 0) result = buy(fitting);
  let { excerpts, tokens, declined } = result;
  const { bought } = result;
  while (tokens > budget && bought.length > 0) {
    const last = bought.pop()!;
    for (const line of last.added) unmarkShown(last.model, line);
    declined = true;
    excerpts = models.map(render);
    tokens = exactTokens(excerpts, models, tokenizer);
  }
  return { excerpts, tokens, declined };
}

/** Files with nothing shown get one line per definition, in rank order, while room remains. */
function addSignatures(
  planned: readonly Excerpt[],
  spent: number,
  models: readonly FileModel[],
  options: PlanExcerptsOptions,
  budget: number,
  maxLength: number,
): { excerpts: Excerpt[]; tokens: number } {
  const { tokenizer } = options;
  const excerpts = [...planned];
  let tokens = spent;
  for (const [index, model] of models.entries()) {
    if (excerpts[index]!.text !== '') continue;
    const room = budget - tokens - model.overhead;
    if (room <= 0) break;
    const signatures = excerptSignatures(
      {
        path: model.path,
        text: options.files[index]!.text,
        ...(model.definitions ? { definitions: model.definitions } : {}),
        maxTokens: room,
        tokenizer,
        maxLineLength: maxLength,
      },
      model.lines,
      model.hitLines,
      model.matched,
    );
    const shown = signatures.spans.length;
    if (shown === 0) continue;
    const capped = shown > MAX_SIGNATURE_LINES ? capSignatures(signatures, MAX_SIGNATURE_LINES) : signatures;
    const cost = tokenizer.count(capped.text) + model.overhead;
    if (tokens + cost > budget) continue;
    excerpts[index] = capped;
    tokens += cost;
  }
  return { excerpts, tokens };
}

function exactTokens(excerpts: Excerpt[], models: FileModel[], tokenizer: TokenCounter): number {
  let tokens = 0;
  excerpts.forEach((excerpt, index) => {
    if (excerpt.text !== '') tokens += tokenizer.count(excerpt.text) + models[index]!.overhead;
  });
  return tokens;
}

function emptyExcerpt(model: FileModel): Excerpt {
  return {
    path: model.path,
    mode: 'bodies',
    text: '',
    spans: [],
    totalLines: model.lines.length,
    shownLines: 0,
    hitLines: model.hitLines,
    matched: model.matched.map((identifier) => identifier.name),
  };
}

function capSignatures(excerpt: Excerpt, count: number): Excerpt {
  const rendered = excerpt.text.split('\n');
  const kept = rendered.slice(0, count);
  kept.push(`... (${excerpt.spans.length - count} more definitions not shown)`);
  return { ...excerpt, text: kept.join('\n'), spans: excerpt.spans.slice(0, count), shownLines: count };
}
