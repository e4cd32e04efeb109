// One budget for every file of a pack, spent where the task points. Each file offers views at
// several resolutions — the whole file when it is small, the whole bodies of the definitions that
// hold the task's hits (the one it names above all), a window around a hit, and as a last resort
// one line per definition — and the budget buys them in order of relevance discounted by the
// file's rank, so the top of the ranking is shown whole before the bottom gets a window.

import {
  definitionEnd,
  definitionLines,
  type Excerpt,
  type ExcerptDefinition,
  enclosingHeaders,
  excerptSignatures,
  findLineHits,
  headersOf,
  type LineSpan,
  normalizeIdentifiers,
  renderBodies,
  splitLines,
  type TokenCounter,
} from './excerpt.js';
import type { TaskIdentifier } from './identifiers.js';
import { importBlock } from './import-block.js';
import { normalizeMessageText, quotedMessageLines } from './quoted-messages.js';
import {
  findTaskPointers,
  type LinePointer,
  normalizeCodeLine,
  pathMatchLength,
  type TaskPointers,
} from './task-pointers.js';

/** A file offered to {@link planExcerpts}. */
export interface PlannedFile {
  /** Relative, `/`-separated. */
  path: string;
  text: string;
  /** Scanner definitions (with `endLine`, bodies are exact); generic header recognition without them. */
  definitions?: ExcerptDefinition[];
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

// How fast relevance is discounted down the ranking: file r's views are worth 1 / (1 + r)^RANK_DECAY.
const RANK_DECAY = 1;
// Every file with a hit first gets a glimpse (its best hit, one line either side): the ranking is
// right at the top five far more often than at the top one, so a glimpse of several files beats
// everything of one. Glimpses are discounted more gently down the ranking.
const GLIMPSE_DECAY = 0.5;
const GLIMPSE_CONTEXT = 1;
// A long body holds more hits by its length alone: its value is divided by sqrt(1 + lines / this).
const BODY_SIZE_SCALE = 20;
// Identifier weights: a code-looking name in the task is a far better signal than an English word.
const STRONG_WEIGHT = 3;
const WEAK_WEIGHT = 1;
// A hit on the line that defines the identifier is where the model most needs to look.
const DEFINITION_BONUS = 3;
// A place the task points at (a stack-trace frame, a `file:line`, a link to lines, a quoted line of
// the file) says where to look more surely than any name: worth two code-looking names.
const POINTER_WEIGHT = 2 * STRONG_WEIGHT;
// A file's import block is worth this share of its best view: below what the task names, above
// the file's incidental hits (a fix often adds an import; an edit needs to see what is imported).
const IMPORT_BLOCK_VALUE = 0.5;
// A quoted line or message found more often than this in a file is boilerplate there, not a place.
const MAX_QUOTED_LINE_MATCHES = 3;
// A frame naming a function defined several times in a file points at the few nearest its line.
const MAX_POINTED_DEFINITIONS = 3;
// Longer file lines are never compared with quoted lines (a quoted line is at most 400 characters).
const MAX_QUOTED_TEXT = 400;
// A file up to this many lines is offered whole: below about this size, elision saves little and
// hides the context a model needs to edit it safely.
const WHOLE_FILE_MAX_LINES = 400;
// Whole views may take at most this share of the budget each, so one large body cannot crowd out
// every other file; anything larger is offered as windows.
const MAX_VIEW_SHARE = 0.5;
// The lines around a place the task points at come next: the fix is often beside the named
// definition (the type it returns, the helper it calls, the branch below the hit), and once the top
// of the ranking shows its places, their surroundings are worth more than a weak body of a file far
// down. Each place offers rings of this many more lines on each side, each ring worth this share of
// the ring inside it.
const SURROUNDING_LINES = 40;
const SURROUNDING_SHARE = 0.5;
const SURROUNDING_RINGS = 3;
// A view worth less than this fraction of its file's best is not worth its tokens.
const MIN_RELATIVE_VALUE = 0.05;
// One line per definition for files with nothing better to show, at most this many per file.
const MAX_SIGNATURE_LINES = 60;
const DEFAULT_CONTEXT_LINES = 3;
const DEFAULT_MERGE_GAP = 2;
const DEFAULT_MAX_LINE_LENGTH = 300;
// Re-plans when the estimate was off; within this share of the budget is close enough.
const CALIBRATION_ROUNDS = 3;
const CALIBRATION_CLOSE_ENOUGH = 0.98;
// Characters of a file's head counted exactly to calibrate its per-line estimate.
const RATIO_SAMPLE_CHARS = 16_384;
// The `123<tab>` prefix and the newline of a rendered line, in tokens (measured on o200k/cl100k).
const LINE_PREFIX_TOKENS = 2;

interface View {
  file: number;
  /** Lines this view shows (headers of enclosing definitions included). */
  lines: number[];
  /** Relevance before the rank discount. */
  value: number;
  /** The part of `value` that is not from places the task points at. */
  plain: number;
  priority: number;
  /** A cheaper view to try when this one does not fit. */
  fallback?: View;
  /** For a view of one place (a body, a window), the lines its surroundings grow from. */
  ring?: { start: number; end: number };
}

interface FileModel {
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

function compareViews(a: View, b: View): number {
  return b.priority - a.priority || a.file - b.file || (a.lines[0] ?? 0) - (b.lines[0] ?? 0);
}

/**
 * Plan the excerpts of several files under one budget. Pure and deterministic: the same files,
 * task and budget give the same excerpts. The estimate that steers the plan is checked against an
 * exact count of the rendered excerpts, and views are given back, last bought first, until it fits.
 */
export function planExcerpts(options: PlanExcerptsOptions): ExcerptPlan {
  const { tokenizer } = options;
  const budget = Math.max(0, Math.floor(options.budget));
  const context = Math.max(0, options.contextLines ?? DEFAULT_CONTEXT_LINES);
  const mergeGap = Math.max(0, options.mergeGap ?? DEFAULT_MERGE_GAP);
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const identifiers = normalizeIdentifiers(options);
  const weights = new Map<string, number>();
  for (const identifier of identifiers) {
    weights.set(identifier.name.toLowerCase(), identifier.strong ? STRONG_WEIGHT : WEAK_WEIGHT);
  }
  const keys = [...weights.keys()];
  const pointers = options.query ? findTaskPointers(options.query) : { locations: [], quotedLines: [] };
  const messageText = options.query ? normalizeMessageText(options.query) : '';
  const pointedFiles = filesPointedAt(
    options.files.map((file) => file.path),
    pointers.locations,
  );

  const models: FileModel[] = [];
  const views: View[] = [];
  options.files.forEach((file, index) => {
    const lines = splitLines(file.text);
    const total = lines.length;
    // An exact count of the file's head calibrates the per-line estimate for its kind of text.
    let sample = file.text.slice(0, RATIO_SAMPLE_CHARS);
    if (/[\uD800-\uDBFF]$/.test(sample)) sample = sample.slice(0, -1);
    const ratio = sample.length === 0 ? 0.25 : tokenizer.count(sample) / sample.length;
    const lineCost = new Float64Array(total + 2);
    for (let line = 1; line <= total; line += 1) {
      lineCost[line] = Math.ceil(Math.min(lines[line - 1]!.length, maxLength) * ratio) + LINE_PREFIX_TOKENS;
    }
    const lineHits = findLineHits(lines, keys);
    const definitions = file.definitions
      ? definitionLines({ definitions: file.definitions }, lines)
      : undefined;
    const pointed = pointedLines(lines, definitions, pointedFiles.get(index) ?? [], pointers, messageText);
    const hitLines = [...new Set([...lineHits.keys(), ...pointed.keys()])].sort((a, b) => a - b);
    const matchedKeys = new Set<string>();
    for (const set of lineHits.values()) for (const key of set) matchedKeys.add(key);
    const model: FileModel = {
      path: file.path,
      lines,
      lineCost,
      markerCost: LINE_PREFIX_TOKENS + 8,
      overhead: options.overheadOf?.(file.path, total) ?? 0,
      hitLines,
      matched: identifiers.filter((identifier) => matchedKeys.has(identifier.name.toLowerCase())),
      definitions,
      shown: new Uint8Array(total + 2),
      shownCount: 0,
      lineSum: 0,
      runs: 0,
      cost: 0,
    };
    models.push(model);
    if (hitLines.length === 0) return;
    views.push(...fileViews(index, model, lineHits, pointed, weights, budget, context));
  });

  // Spans and their estimated cost, as the renderer will merge them.
  const spansOf = (model: FileModel): LineSpan[] => {
    const spans: LineSpan[] = [];
    for (let line = 1; line < model.shown.length - 1; line += 1) {
      if (!model.shown[line]) continue;
      const last = spans[spans.length - 1];
      if (last && line - last.end - 1 <= mergeGap) last.end = line;
      else spans.push({ start: line, end: line });
    }
    return spans;
  };
  // The estimate is kept up to date line by line (a plan tries hundreds of views on files of
  // thousands of lines): lines shown plus a marker for every gap, ignoring the small gaps the
  // renderer fills in (the exact count corrects for them).
  const mark = (model: FileModel, line: number) => {
    if (model.shown[line]) return;
    model.shown[line] = 1;
    model.shownCount += 1;
    model.lineSum += model.lineCost[line]!;
    model.runs += 1 - model.shown[line - 1]! - model.shown[line + 1]!;
  };
  const unmark = (model: FileModel, line: number) => {
    if (!model.shown[line]) return;
    model.shown[line] = 0;
    model.shownCount -= 1;
    model.lineSum -= model.lineCost[line]!;
    model.runs -= 1 - model.shown[line - 1]! - model.shown[line + 1]!;
  };
  const estimate = (model: FileModel): number => {
    if (model.shownCount === 0) return 0;
    const total = model.lines.length;
    const gaps = model.runs - 1 + (model.shown[1] ? 0 : 1) + (model.shown[total] ? 0 : 1);
    return model.overhead + model.lineSum + model.markerCost * gaps;
  };

  const render = (model: FileModel, index: number): Excerpt => {
    const spans = spansOf(model);
    if (spans.length > 0) {
      return renderBodies(model.path, model.lines, spans, maxLength, model.hitLines, model.matched);
    }
    return emptyExcerpt(options.files[index]!, model);
  };
  const sorted = views.sort(compareViews);
  // Buy views in priority order while the estimate stays within `limit`.
  const buy = (limit: number) => {
    for (const model of models) {
      model.shown.fill(0);
      model.shownCount = 0;
      model.lineSum = 0;
      model.runs = 0;
      model.cost = 0;
    }
    let spent = 0;
    let declined = false;
    const bought: { model: FileModel; added: number[] }[] = [];
    const tryView = (view: View): boolean => {
      const model = models[view.file]!;
      const added = [...new Set(view.lines)].filter((line) => !model.shown[line]);
      if (added.length === 0) return true;
      for (const line of added) mark(model, line);
      const cost = estimate(model);
      if (spent - model.cost + cost <= limit) {
        spent += cost - model.cost;
        model.cost = cost;
        bought.push({ model, added });
        return true;
      }
      for (const line of added) unmark(model, line);
      return false;
    };
    for (const view of sorted) {
      let candidate: View | undefined = view;
      while (candidate && !tryView(candidate)) candidate = candidate.fallback;
      if (!candidate) declined = true;
    }
    const excerpts = models.map(render);
    return { excerpts, tokens: exactTokens(excerpts, models, tokenizer), spent, declined, bought };
  };
  // The estimate steers; the exact count decides. Scale the estimate's limit by how far off it was,
  // then narrow between a limit that fits and one that does not for a few rounds.
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
    for (const line of last.added) unmark(last.model, line);
    declined = true;
    excerpts = models.map(render);
    tokens = exactTokens(excerpts, models, tokenizer);
  }

  // Files with nothing shown get one line per definition, in rank order, while room remains.
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

  const unusedTokens = Math.max(0, budget - tokens);
  return {
    excerpts,
    tokens,
    unused: { tokens: unusedTokens, reason: declined ? 'nothing-else-fits' : 'everything-shown' },
  };
}

function exactTokens(excerpts: Excerpt[], models: FileModel[], tokenizer: TokenCounter): number {
  let tokens = 0;
  excerpts.forEach((excerpt, index) => {
    if (excerpt.text !== '') tokens += tokenizer.count(excerpt.text) + models[index]!.overhead;
  });
  return tokens;
}

function emptyExcerpt(file: PlannedFile, model: FileModel): Excerpt {
  return {
    path: file.path,
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

/**
 * The views one file offers, each with its relevance: the whole file when it is small; for each
 * definition holding hits, its whole body (with the headers enclosing it), falling back to a window
 * around its best hit; a window around each hit outside any definition small enough to show whole.
 */
function fileViews(
  file: number,
  model: FileModel,
  lineHits: Map<number, Set<string>>,
  pointed: Map<number, number>,
  weights: Map<string, number>,
  budget: number,
  context: number,
): View[] {
  const { lines, definitions } = model;
  const total = lines.length;
  const { headerLines, definedNames } = headersOf(lines, definitions);
  // An identifier on many lines of a file says little about where to look in it.
  const linesWith = new Map<string, number>();
  for (const set of lineHits.values())
    for (const key of set) linesWith.set(key, (linesWith.get(key) ?? 0) + 1);
  const isDefinitionHit = (line: number): boolean => {
    const hits = lineHits.get(line);
    if (hits === undefined) return false;
    const defined = definedNames.get(line);
    if (defined !== undefined) return hits.has(defined);
    return headerLines.has(line) && [...hits].some((key) => (weights.get(key) ?? 0) >= STRONG_WEIGHT);
  };
  const plainScoreOf = (line: number): number => {
    let score = 0;
    for (const key of lineHits.get(line) ?? [])
      score += (weights.get(key) ?? 0) / Math.sqrt(linesWith.get(key) ?? 1);
    return isDefinitionHit(line) ? score + DEFINITION_BONUS : score;
  };
  const scoreOf = (line: number): number => plainScoreOf(line) + (pointed.get(line) ?? 0);
  const cap = budget * MAX_VIEW_SHARE;
  // Prefix sums of the line costs: every hit asks the cost of each definition around it.
  const costBefore = new Float64Array(total + 2);
  for (let line = 1; line <= total + 1; line += 1)
    costBefore[line] = costBefore[line - 1]! + model.lineCost[line - 1]!;
  const costOfRange = (from: number, to: number) => costBefore[to + 1]! - costBefore[from]!;
  const range = (from: number, to: number): number[] => {
    const out: number[] = [];
    for (let line = Math.max(1, from); line <= Math.min(total, to); line += 1) out.push(line);
    return out;
  };
  const windowOf = (hit: number, value: number, plain: number): View => ({
    file,
    lines: [
      ...range(hit - context, hit + context),
      ...enclosingHeaders(hit, lines, headerLines, definitions),
    ],
    value,
    plain,
    priority: 0,
    ring: { start: hit - context, end: hit + context },
  });

  // Extents of the definitions, innermost found by the smallest extent holding a line.
  // Known extents by header line (the scanner's), else the indentation rule of definitionEnd.
  const knownEnd = new Map<number, number>();
  for (const definition of definitions ?? []) {
    if (definition.endLine !== undefined && !knownEnd.has(definition.line))
      knownEnd.set(definition.line, Math.min(definition.endLine, total));
  }
  const extents = [...headerLines]
    .sort((a, b) => a - b)
    .map((line) => ({ line, end: knownEnd.get(line) ?? definitionEnd(line, lines, undefined) }))
    .filter((extent) => extent.end > extent.line);
  const bodies = new Map<
    number,
    { line: number; end: number; value: number; plain: number; best: number; bestScore: number }
  >();
  const loose: View[] = [];
  let fileValue = 0;
  let filePlain = 0;
  for (const hit of model.hitLines) {
    const score = scoreOf(hit);
    const plain = plainScoreOf(hit);
    fileValue += score;
    filePlain += plain;
    let innermost: { line: number; end: number } | undefined;
    for (const extent of extents) {
      if (extent.line > hit || extent.end < hit) continue;
      if (costOfRange(extent.line, extent.end) > cap) continue;
      if (!innermost || extent.end - extent.line < innermost.end - innermost.line) innermost = extent;
    }
    if (!innermost) {
      loose.push(windowOf(hit, score, plain));
      continue;
    }
    const body = bodies.get(innermost.line) ?? {
      ...innermost,
      value: 0,
      plain: 0,
      best: hit,
      bestScore: -1,
    };
    body.value += score;
    body.plain += plain;
    if (score > body.bestScore) {
      body.best = hit;
      body.bestScore = score;
    }
    bodies.set(innermost.line, body);
  }
  const offered: View[] = [...loose];
  for (const body of bodies.values()) {
    const size = Math.sqrt(1 + (body.end - body.line + 1) / BODY_SIZE_SCALE);
    offered.push({
      file,
      lines: [...range(body.line, body.end), ...enclosingHeaders(body.line, lines, headerLines, definitions)],
      value: body.value / size,
      plain: body.plain / size,
      priority: 0,
      ring: { start: body.line, end: body.end },
      fallback: windowOf(body.best, body.bestScore, plainScoreOf(body.best)),
    });
  }
  const best = Math.max(...offered.map((view) => view.value));
  const bestPlain = Math.max(...offered.map((view) => view.plain));
  if (total <= WHOLE_FILE_MAX_LINES && costOfRange(1, total) <= cap) {
    // Worth as much as everything in it: bought first, and the file's other views then cost nothing.
    offered.push({
      file,
      lines: range(1, total),
      value: fileValue + best,
      plain: filePlain + bestPlain,
      priority: 0,
      fallback: undefined,
    });
  }
  const discount = 1 / (1 + file) ** RANK_DECAY;
  // Views are valued relative to the file's best by its names alone: a place the task points at
  // lifts its own view above 1, and does not push the file's other views down the queue.
  const topPlain = Math.max(...offered.map((view) => view.plain));
  const top = topPlain > 0 ? topPlain : Math.max(...offered.map((view) => view.value));
  const imports = importBlock(lines, definitions?.[0]?.line);
  if (imports) {
    const value = top * IMPORT_BLOCK_VALUE;
    offered.push({ file, lines: range(imports.start, imports.end), value, plain: value, priority: 0 });
  }
  const ranked = offered
    .filter((view) => view.value >= top * MIN_RELATIVE_VALUE)
    .map((view) => {
      // A view holding a place the task points at joins the file's best however many word hits
      // the file's other bodies gather: a frame, a quoted line or message, a line link says where
      // to look more surely than any count of names. Capped at the best, so it does not pass
      // other files' glimpses (a small pack needs those more).
      const priority = (view.value > view.plain ? 1 : Math.min(1, view.value / top)) * discount;
      return {
        ...view,
        priority,
        ...(view.fallback ? { fallback: { ...view.fallback, priority } } : {}),
      };
    });
  const surroundings = ranked.flatMap((view) => (view.ring ? surroundingViews(view, total) : []));
  const bestHit = [...model.hitLines].sort((a, b) => scoreOf(b) - scoreOf(a) || a - b)[0]!;
  const glimpse: View = {
    file,
    lines: [
      ...range(bestHit - GLIMPSE_CONTEXT, bestHit + GLIMPSE_CONTEXT),
      ...enclosingHeaders(bestHit, lines, headerLines, definitions),
    ],
    value: top,
    plain: top,
    priority: 1 / (1 + file) ** GLIMPSE_DECAY,
  };
  return [...ranked, ...surroundings, glimpse];
}

/** The rings of lines around a place's view, each bought after the one inside it (see SURROUNDING_LINES). */
function surroundingViews(view: View, total: number): View[] {
  const { start, end } = view.ring!;
  const rings: View[] = [];
  let share = 1;
  for (let ring = 1; ring <= SURROUNDING_RINGS; ring += 1) {
    share *= SURROUNDING_SHARE;
    const from = Math.max(1, start - ring * SURROUNDING_LINES);
    const to = Math.min(total, end + ring * SURROUNDING_LINES);
    const lines: number[] = [...view.lines];
    for (let line = from; line <= to; line += 1) lines.push(line);
    rings.push({
      file: view.file,
      lines,
      value: view.value * share,
      plain: view.plain * share,
      priority: view.priority * share,
    });
    if (from === 1 && to === total) break;
  }
  return rings;
}

/**
 * For each file (by index), the task's locations that name it. A location goes to the files whose
 * paths share the most trailing segments with it: `utils.py:12` names every `utils.py` equally,
 * `/site-packages/pkg/utils.py` only `pkg/utils.py` when that is planned.
 */
function filesPointedAt(
  paths: readonly string[],
  locations: readonly LinePointer[],
): Map<number, LinePointer[]> {
  const byFile = new Map<number, LinePointer[]>();
  for (const location of locations) {
    let best = 0;
    let files: number[] = [];
    paths.forEach((path, index) => {
      const length = pathMatchLength(location.path, path);
      if (length === 0 || length < best) return;
      if (length > best) files = [];
      best = length;
      files.push(index);
    });
    for (const file of files) byFile.set(file, [...(byFile.get(file) ?? []), location]);
  }
  return byFile;
}

/**
 * The lines of one file the task points at, with their weight: the header of the definition a
 * frame names (its line number is a hint only, the task may describe another version), else the
 * line or range given; the lines that equal a quoted line of code; and the lines whose string
 * literals hold a message the task quotes.
 */
function pointedLines(
  lines: readonly string[],
  definitions: readonly ExcerptDefinition[] | undefined,
  locations: readonly LinePointer[],
  pointers: TaskPointers,
  messageText: string,
): Map<number, number> {
  const pointed = new Map<number, number>();
  const point = (line: number, weight: number) => {
    if (line >= 1 && line <= lines.length) pointed.set(line, (pointed.get(line) ?? 0) + weight);
  };
  for (const location of locations) {
    const named =
      location.name === undefined
        ? []
        : (definitions ?? []).filter((definition) =>
            definition.name === ''
              ? // A header found without a scanner has no name: its line must spell the name.
                wordIn(lines[definition.line - 1] ?? '', location.name!)
              : lastNameSegment(definition.name) === location.name,
          );
    if (named.length > 0) {
      const target = location.line ?? 0;
      const nearest = [...named]
        .sort((a, b) => Math.abs(a.line - target) - Math.abs(b.line - target) || a.line - b.line)
        .slice(0, MAX_POINTED_DEFINITIONS);
      for (const definition of nearest) point(definition.line, POINTER_WEIGHT);
      continue;
    }
    if (location.line === undefined) continue;
    const end = location.endLine ?? location.line;
    // A range points at one place: its weight is shared, so a long range does not outweigh a frame.
    const weight = POINTER_WEIGHT / Math.sqrt(end - location.line + 1);
    for (let line = location.line; line <= end; line += 1) point(line, weight);
  }
  if (pointers.quotedLines.length > 0) {
    const quoted = new Set(pointers.quotedLines);
    const matches = new Map<string, number[]>();
    lines.forEach((text, index) => {
      if (text.length > 2 * MAX_QUOTED_TEXT) return;
      const normalized = normalizeCodeLine(text);
      if (!quoted.has(normalized)) return;
      matches.set(normalized, [...(matches.get(normalized) ?? []), index + 1]);
    });
    for (const found of matches.values()) {
      if (found.length > MAX_QUOTED_LINE_MATCHES) continue;
      for (const line of found) point(line, POINTER_WEIGHT);
    }
  }
  for (const found of quotedMessageLines(lines, messageText).values()) {
    if (found.length > MAX_QUOTED_LINE_MATCHES) continue;
    for (const line of found) point(line, POINTER_WEIGHT);
  }
  return pointed;
}

function wordIn(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + word.length] ?? '';
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
  }
  return false;
}

/** `Session.request`, `ns::parse`, `Type#method` → the name a frame would give. */
function lastNameSegment(name: string): string {
  const parts = name.split(/\.|::|#|\\|\//);
  return parts[parts.length - 1] ?? name;
}
