// The views one file offers the excerpt planner, each with what it is worth to the task: the
// whole file when it is small, the whole body of each definition holding the task's hits, a window
// around a hit, the import block, rings of lines around each place, and a glimpse of the best hit.
// The planner buys them across files in order of priority (value discounted by the file's rank).

import { commentOnlyLines } from './comment-lines.js';
import { definitionEnd, type ExcerptDefinition, enclosingHeaders, headersOf } from './excerpt.js';
import type { FileModel } from './excerpt-model.js';
import { STRONG_WEIGHT } from './identifiers.js';
import { importBlock } from './import-block.js';

/** A set of lines of one file the planner may buy, and what it is worth. */
export interface View {
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

/** Highest priority first; ties by file rank, then by first line. */
export function compareViews(a: View, b: View): number {
  return b.priority - a.priority || a.file - b.file || (a.lines[0] ?? 0) - (b.lines[0] ?? 0);
}

// How fast relevance is discounted down the ranking: file r's views are worth 1 / (1 + r)^RANK_DECAY,
// or less when the ranking scored the file far below the first (see ViewInput.scoreRatio).
const RANK_DECAY = 1;
// Every file with a hit first gets a glimpse (its best hit, one line either side): the ranking is
// right at the top five far more often than at the top one, so a glimpse of several files beats
// everything of one. Glimpses are discounted more gently down the ranking.
const GLIMPSE_DECAY = 0.5;
const GLIMPSE_CONTEXT = 1;
// A long body holds more hits by its length alone: its value is divided by sqrt(1 + lines / this).
const BODY_SIZE_SCALE = 20;
// A hit on the line that defines the identifier is where the model most needs to look.
const DEFINITION_BONUS = 3;
/**
 * A place the task points at (a stack-trace frame, a `file:line`, a link to lines, a quoted line of
 * the file) says where to look more surely than any name: worth two code-looking names.
 */
export const POINTER_WEIGHT = 2 * STRONG_WEIGHT;
// A file's import block is worth this share of its best view: below what the task names, above
// the file's incidental hits (a fix often adds an import; an edit needs to see what is imported).
const IMPORT_BLOCK_VALUE = 0.5;
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
// A run of at least this many comment-only lines (a doc comment, a license header, a docstring)
// inside a view is shown after the code around it: every view is offered first without the run
// (its first line kept, as the summary), then whole at this share of its priority. A large pack
// still shows it all; a small one spends its tokens on code. A task's names in the run do not keep
// it: on the development sets that kept most doc comments whole, for fewer changed lines shown.
const LONG_COMMENT_LINES = 4;
const COMMENT_SHARE = 0.25;
// A view worth less than this fraction of its file's best is not worth its tokens.
const MIN_RELATIVE_VALUE = 0.05;
// Views are valued relative to their own file's best, so a file whose best place is one incidental
// name ranks its views as high as a file whose best place defines the name the task is about. Each
// file's views (not its glimpse) are therefore scaled by its best view's value over the strongest
// file's, to this power: the ranking says how central a file is, this says how surely the task's
// names and pointers pin a place in it. The square root: on the development sets a 32k pack then
// shows 60.1% of the changed lines instead of 58.5% (Python 77.8% instead of 76.3%), an 8k pack
// 31.8% instead of 32.1% (Python 59.5% instead of 57.7%); in a replay of the planner, powers of
// 0.25-0.6 all gained at 32k, and a power of 1 lost (57.3%).
const STRENGTH_EXPONENT = 0.5;

/** What one file offers: its views, the glimpse every file with a hit gets, and how strong its best view is. */
export interface FileViews {
  views: View[];
  glimpse: View;
  /** Value of the file's best view: the task's names and pointers in it, before any discount. */
  strength: number;
}

/** What one file's views are built from. */
export interface ViewInput {
  /** The file's rank (0 = first). */
  file: number;
  model: FileModel;
  /** Task identifiers (lower-cased) found on each line. */
  lineHits: Map<number, Set<string>>;
  /** Weight of each line the task points at (see pointed-lines.ts). */
  pointed: Map<number, number>;
  /** Weight of each task identifier (lower-cased). */
  weights: Map<string, number>;
  /** The plan's whole budget: a whole view may take at most MAX_VIEW_SHARE of it. */
  budget: number;
  /** Lines on each side of a hit in a window. */
  context: number;
  /**
   * The file's ranking score over the first file's, when the ranking gave scores. A file the
   * ranking scored at a fifth of the first is worth a fifth of it, though its rank alone would make
   * it worth half: at a small budget, the top file's bodies then come before a weak file's. It never
   * raises a file above its rank's discount, so near-ties keep sharing the budget as before.
   */
  scoreRatio?: number;
}

/** The lines of a file and its definitions' headers, for building views of it. */
interface FileShape {
  file: number;
  lines: string[];
  total: number;
  headerLines: Set<number>;
  definitions: ExcerptDefinition[] | undefined;
  context: number;
}

/** What a line of the file is worth: by the task's names alone, and with the places it points at. */
interface LineScores {
  plain(line: number): number;
  total(line: number): number;
}

/** The hits that fall in one definition's body, summed. */
interface BodyHits {
  line: number;
  end: number;
  value: number;
  plain: number;
  /** The body's best hit, the centre of its fallback window. */
  best: number;
  bestScore: number;
}

/**
 * The views one file offers, each with its relevance: the whole file when it is small; for each
 * definition holding hits, its whole body (with the headers enclosing it), falling back to a window
 * around its best hit; a window around each hit outside any definition small enough to show whole.
 */
export function fileViews(input: ViewInput): FileViews {
  const { file, model } = input;
  const { lines, definitions } = model;
  const total = lines.length;
  const { headerLines, definedNames } = headersOf(lines, definitions);
  const shape: FileShape = { file, lines, total, headerLines, definitions, context: input.context };
  const scores = lineScores(input, headerLines, definedNames);
  const cap = input.budget * MAX_VIEW_SHARE;
  const costOfRange = rangeCost(model.lineCost, total);
  const extents = definitionExtents(shape).filter((extent) => costOfRange(extent.line, extent.end) <= cap);
  const placed = placeHits(model.hitLines, extents, scores, shape);
  const offered: View[] = [...placed.loose, ...placed.bodies.map((body) => bodyView(body, scores, shape))];
  const best = Math.max(...offered.map((view) => view.value));
  const bestPlain = Math.max(...offered.map((view) => view.plain));
  if (total <= WHOLE_FILE_MAX_LINES && costOfRange(1, total) <= cap) {
    // Worth as much as everything in it: bought first, and the file's other views then cost nothing.
    offered.push({
      file,
      lines: lineRange(1, total, total),
      value: placed.fileValue + best,
      plain: placed.filePlain + bestPlain,
      priority: 0,
      fallback: undefined,
    });
  }
  // Views are valued relative to the file's best by its names alone: a place the task points at
  // lifts its own view above 1, and does not push the file's other views down the queue.
  const topPlain = Math.max(...offered.map((view) => view.plain));
  const top = topPlain > 0 ? topPlain : Math.max(...offered.map((view) => view.value));
  const imports = importBlock(lines, definitions?.[0]?.line);
  if (imports) {
    const value = top * IMPORT_BLOCK_VALUE;
    offered.push({
      file,
      lines: lineRange(imports.start, imports.end, total),
      value,
      plain: value,
      priority: 0,
    });
  }
  const discount = Math.min(1 / (1 + file) ** RANK_DECAY, input.scoreRatio ?? 1);
  const ranked = prioritized(offered, top, discount);
  const surroundings = ranked.flatMap((view) => (view.ring ? surroundingViews(view, total) : []));
  const deferred = deferredCommentLines(model);
  const views = [...ranked, ...surroundings].flatMap((view) => commentsLast(view, deferred));
  return {
    views,
    glimpse: glimpseView(model.hitLines, scores, top, shape),
    // A reduce, not a spread: a huge file can offer more views than a call takes arguments.
    strength: views.reduce((strongest, view) => Math.max(strongest, view.value), 0),
  };
}

/**
 * Every file's views in one list, each file's (not its glimpse) scaled by its strength over the
 * strongest file's (see STRENGTH_EXPONENT).
 */
export function weighByStrength(files: readonly FileViews[]): View[] {
  const strongest = Math.max(0, ...files.map((file) => file.strength));
  const weighed: View[] = [];
  for (const file of files) {
    const factor = strongest > 0 ? (file.strength / strongest) ** STRENGTH_EXPONENT : 1;
    for (const view of file.views) weighed.push(scaled(view, factor));
    weighed.push(file.glimpse);
  }
  return weighed;
}

function scaled(view: View, factor: number): View {
  return {
    ...view,
    priority: view.priority * factor,
    ...(view.fallback ? { fallback: scaled(view.fallback, factor) } : {}),
  };
}

/** Lines of long comment runs a view shows last: all but each run's first line. */
function deferredCommentLines(model: FileModel): Uint8Array {
  const comment = commentOnlyLines(model.path, model.lines);
  const deferred = new Uint8Array(comment.length);
  let start = 0;
  for (let line = 1; line < comment.length; line += 1) {
    if (comment[line]) {
      if (start === 0) start = line;
      continue;
    }
    if (start > 0 && line - start >= LONG_COMMENT_LINES) {
      for (let inner = start + 1; inner < line; inner += 1) deferred[inner] = 1;
    }
    start = 0;
  }
  return deferred;
}

/** The view without its long comment runs, then (if it had any) whole at a lower priority. */
function commentsLast(view: View, deferred: Uint8Array): View[] {
  const code = view.lines.filter((line) => !deferred[line]);
  if (code.length === view.lines.length) return [view];
  const fallback = view.fallback && commentsLast(view.fallback, deferred)[0];
  return [
    { ...view, lines: code, ...(fallback ? { fallback } : {}) },
    {
      file: view.file,
      lines: view.lines,
      value: view.value,
      plain: view.plain,
      priority: view.priority * COMMENT_SHARE,
    },
  ];
}

function lineScores(
  input: ViewInput,
  headerLines: Set<number>,
  definedNames: Map<number, string>,
): LineScores {
  const { lineHits, pointed, weights } = input;
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
  const plain = (line: number): number => {
    let score = 0;
    for (const key of lineHits.get(line) ?? [])
      score += (weights.get(key) ?? 0) / Math.sqrt(linesWith.get(key) ?? 1);
    return isDefinitionHit(line) ? score + DEFINITION_BONUS : score;
  };
  return { plain, total: (line) => plain(line) + (pointed.get(line) ?? 0) };
}

/** The estimated cost of lines `from`–`to`, from prefix sums (every hit asks it of each definition around it). */
function rangeCost(lineCost: Float64Array, total: number): (from: number, to: number) => number {
  const costBefore = new Float64Array(total + 2);
  for (let line = 1; line <= total + 1; line += 1)
    costBefore[line] = costBefore[line - 1]! + lineCost[line - 1]!;
  return (from, to) => costBefore[to + 1]! - costBefore[from]!;
}

function lineRange(from: number, to: number, total: number): number[] {
  const out: number[] = [];
  for (let line = Math.max(1, from); line <= Math.min(total, to); line += 1) out.push(line);
  return out;
}

/**
 * Extents of the definitions, by header line: the scanner's where known, else the indentation rule
 * of definitionEnd. The innermost holding a line is the smallest extent that does.
 */
function definitionExtents(shape: FileShape): { line: number; end: number }[] {
  const { lines, total, headerLines, definitions } = shape;
  const knownEnd = new Map<number, number>();
  for (const definition of definitions ?? []) {
    if (definition.endLine !== undefined && !knownEnd.has(definition.line))
      knownEnd.set(definition.line, Math.min(definition.endLine, total));
  }
  return [...headerLines]
    .sort((a, b) => a - b)
    .map((line) => ({ line, end: knownEnd.get(line) ?? definitionEnd(line, lines, undefined) }))
    .filter((extent) => extent.end > extent.line);
}

/**
 * Each hit goes to the innermost definition small enough to show whole that holds it (summed per
 * body, in order of each body's first hit), or, outside any, to a window of its own.
 */
function placeHits(
  hitLines: readonly number[],
  extents: readonly { line: number; end: number }[],
  scores: LineScores,
  shape: FileShape,
): { bodies: BodyHits[]; loose: View[]; fileValue: number; filePlain: number } {
  const bodies = new Map<number, BodyHits>();
  const loose: View[] = [];
  let fileValue = 0;
  let filePlain = 0;
  for (const hit of hitLines) {
    const score = scores.total(hit);
    const plain = scores.plain(hit);
    fileValue += score;
    filePlain += plain;
    let innermost: { line: number; end: number } | undefined;
    for (const extent of extents) {
      if (extent.line > hit || extent.end < hit) continue;
      if (!innermost || extent.end - extent.line < innermost.end - innermost.line) innermost = extent;
    }
    if (!innermost) {
      loose.push(windowView(hit, score, plain, shape));
      continue;
    }
    const body = bodies.get(innermost.line) ?? { ...innermost, value: 0, plain: 0, best: hit, bestScore: -1 };
    body.value += score;
    body.plain += plain;
    if (score > body.bestScore) {
      body.best = hit;
      body.bestScore = score;
    }
    bodies.set(innermost.line, body);
  }
  return { bodies: [...bodies.values()], loose, fileValue, filePlain };
}

/** A window of `context` lines either side of a hit, with the headers enclosing it. */
function windowView(hit: number, value: number, plain: number, shape: FileShape): View {
  const { file, lines, total, headerLines, definitions, context } = shape;
  return {
    file,
    lines: [
      ...lineRange(hit - context, hit + context, total),
      ...enclosingHeaders(hit, lines, headerLines, definitions),
    ],
    value,
    plain,
    priority: 0,
    ring: { start: hit - context, end: hit + context },
  };
}

/** A definition's whole body, worth its hits over the square root of its size, falling back to a window. */
function bodyView(body: BodyHits, scores: LineScores, shape: FileShape): View {
  const { file, lines, total, headerLines, definitions } = shape;
  const size = Math.sqrt(1 + (body.end - body.line + 1) / BODY_SIZE_SCALE);
  return {
    file,
    lines: [
      ...lineRange(body.line, body.end, total),
      ...enclosingHeaders(body.line, lines, headerLines, definitions),
    ],
    value: body.value / size,
    plain: body.plain / size,
    priority: 0,
    ring: { start: body.line, end: body.end },
    fallback: windowView(body.best, body.bestScore, scores.plain(body.best), shape),
  };
}

/** The views worth their tokens, each with its priority: its value relative to the file's best, discounted by rank. */
function prioritized(offered: readonly View[], top: number, discount: number): View[] {
  return offered
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
}

/** The file's best hit, one line either side: bought before any file's bodies (see GLIMPSE_DECAY). */
function glimpseView(hitLines: readonly number[], scores: LineScores, top: number, shape: FileShape): View {
  const { file, lines, total, headerLines, definitions } = shape;
  const bestHit = [...hitLines].sort((a, b) => scores.total(b) - scores.total(a) || a - b)[0]!;
  return {
    file,
    lines: [
      ...lineRange(bestHit - GLIMPSE_CONTEXT, bestHit + GLIMPSE_CONTEXT, total),
      ...enclosingHeaders(bestHit, lines, headerLines, definitions),
    ],
    value: top,
    plain: top,
    priority: 1 / (1 + file) ** GLIMPSE_DECAY,
  };
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
