import { indentationOf, isDefinitionHeader, isTransparentLine } from './definition-headers.js';
import {
  extractIdentifiers,
  identifierWeights,
  MAX_IDENTIFIER_LENGTH,
  STRONG_WEIGHT,
  type TaskIdentifier,
} from './identifiers.js';
import type { ExcerptMode } from './roles.js';

/** A definition in the file, as a scanner (e.g. `@ctxkit/repomap`) or the caller found it. */
export interface ExcerptDefinition {
  /** The defined name. */
  name: string;
  /** 1-based line of the definition. */
  line: number;
  /** One-line header; the file's own line is used when absent. */
  signature?: string;
  /** The kind of definition (`function`, `class`, …), when known. */
  kind?: string;
  /** 1-based last line of the body, when known; makes "enclosing" exact instead of indentation-based. */
  endLine?: number;
}

/** Something that counts tokens; any `@ctxkit/tokenize` tokenizer fits. */
export interface TokenCounter {
  /** Tokens in `text`. */
  count(text: string): number;
}

/** Input of {@link excerptFile}. */
export interface ExcerptOptions {
  /** Path shown to the model (relative, `/`-separated). */
  path: string;
  /** The file's text. Needed for `bodies`; optional for `signatures` when `definitions` are given. */
  text?: string;
  /** The task or query whose identifiers the excerpt is windowed around. */
  query?: string;
  /** Identifiers to window around, instead of (or in addition to) those extracted from `query`. */
  identifiers?: (string | TaskIdentifier)[];
  /** `bodies` (default): windows of real lines; `signatures`: one line per definition. */
  mode?: ExcerptMode;
  /** Definitions in this file; without them headers are recognised by a generic pattern. */
  definitions?: ExcerptDefinition[];
  /** Lines of context kept on each side of a hit. Default 3. */
  contextLines?: number;
  /** Gaps of at most this many lines are shown rather than elided: a marker costs as much. Default 2. */
  mergeGap?: number;
  /** Token cap for the excerpt; windows are kept in order of relevance until it is reached. */
  maxTokens?: number;
  /** Counts tokens for `maxTokens`; a chars/4 estimate when absent. */
  tokenizer?: TokenCounter;
  /** Longer lines are cut with a marker saying how much is missing. Default 300. */
  maxLineLength?: number;
  /**
   * A file with a hit and at most this many lines is shown whole when it fits the cap: below about
   * this size the elision markers cost nearly as much as the lines they hide. Default 40; 0 disables.
   */
  wholeFileLines?: number;
}

/** An inclusive 1-based line range. */
export interface LineSpan {
  /** First line, 1-based. */
  start: number;
  /** Last line, 1-based, inclusive. */
  end: number;
}

/** A windowed view of one file. Every emitted line carries its real 1-based line number. */
export interface Excerpt {
  /** The path given. */
  path: string;
  /** Which mode produced the text (a file without hits falls back to `signatures`). */
  mode: ExcerptMode;
  /** The rendered lines (`  41 | code`) and elision markers. */
  text: string;
  /** The line ranges shown, ascending. */
  spans: LineSpan[];
  /** Lines in the file. */
  totalLines: number;
  /** Lines shown. */
  shownLines: number;
  /** Lines containing a task identifier, ascending (all of them, shown or not). */
  hitLines: number[];
  /** The task identifiers that occur in the file, in task order. */
  matched: string[];
}

const DEFAULT_CONTEXT_LINES = 3;
const DEFAULT_MERGE_GAP = 2;
const DEFAULT_MAX_LINE_LENGTH = 300;
// A hit on the line that defines the identifier is where the model most needs to look.
const DEFINITION_BONUS = 3;
// Under a token cap, hits scoring below this fraction of the best hit get no window.
const RELATIVE_SCORE_FLOOR = 0.25;
const DEFAULT_WHOLE_FILE_LINES = 40;
// A named definition up to this long is shown whole rather than windowed.
const MAX_WHOLE_DEFINITION_LINES = 80;
// After this many windows in a row fail to fit, smaller ones are unlikely to help; stop trying.
const MAX_CONSECUTIVE_MISSES = 16;
/** Above this size an alternation of identifiers is not compiled (see `excerptFile`). */
const MAX_ALTERNATION_CHARS = 64 * 1024;

/**
 * Per line (1-based), which of `keys` (lower-case identifiers) occur in it, whole-word and
 * case-insensitively. One pass over the whole text with an alternation of the identifiers is several
 * times faster than tokenizing every line.
 */
export function findLineHits(lines: readonly string[], keys: readonly string[]): Map<number, Set<string>> {
  const lineHits = new Map<number, Set<string>>();
  const usable = keys.filter((key) => key.length > 0 && key.length <= MAX_IDENTIFIER_LENGTH);
  if (usable.length === 0 || lines.length === 0) return lineHits;
  const text = lines.join('\n');
  const lineStarts: number[] = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1))
    lineStarts.push(index + 1);
  const alternation = [...usable]
    .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))
    .map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  // A caller's huge identifier list would make a pattern too large to compile: then every word
  // of the text is looked up instead (the same hits, identifiers being runs of [\w$]).
  const wanted = new Set(usable);
  const matches =
    alternation.length <= MAX_ALTERNATION_CHARS
      ? text.matchAll(new RegExp(`(?<![\\w$])(?:${alternation})(?![\\w$])`, 'gi'))
      : [...text.matchAll(/[\w$]+/g)].filter((match) => wanted.has(match[0].toLowerCase()));
  let line = 0;
  for (const match of matches) {
    // Matches come in text order, so the line index only moves forward.
    while (line + 1 < lineStarts.length && lineStarts[line + 1]! <= match.index) line += 1;
    const set = lineHits.get(line + 1) ?? new Set<string>();
    set.add(match[0].toLowerCase());
    lineHits.set(line + 1, set);
  }
  return lineHits;
}

/** The marker that replaces lines `start`–`end` that are not shown. */
export function formatElision(start: number, end: number): string {
  return start === end ? `... (line ${start} not shown)` : `... (lines ${start}-${end} not shown)`;
}

/**
 * Split text into lines the way line numbers count them: a final newline ends the last line, `\r\n`
 * counts as one break, and a leading byte-order mark (common in Windows sources) is not content.
 */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `line` cut at `maxLength` characters with a marker saying how much is missing. */
export function clip(line: string, maxLength: number): string {
  if (line.length <= maxLength) return line;
  return `${line.slice(0, maxLength)} ... (${line.length - maxLength} more characters)`;
}

/**
 * One numbered line as a model reads it: the real line number, a tab, the text (the shape of
 * `cat -n`, without its padding). The number costs about 1.6 tokens a line this way against 2.8
 * for a right-aligned number and a bar, so a budget shows about a tenth more code.
 */
export function formatLine(number: number, text: string): string {
  return `${number}\t${text}`.trimEnd();
}

/** The task's identifiers (from `query` and `identifiers`), one per name case-insensitively. */
export function normalizeIdentifiers(
  options: Pick<ExcerptOptions, 'query' | 'identifiers'>,
): TaskIdentifier[] {
  const list: TaskIdentifier[] = options.query ? extractIdentifiers(options.query) : [];
  for (const entry of options.identifiers ?? []) {
    if (typeof entry === 'string') list.push(...extractIdentifiers(`\`${entry}\``));
    else list.push(entry);
  }
  const byKey = new Map<string, TaskIdentifier>();
  for (const identifier of list) {
    // An empty name would match at every word boundary: every line a hit; a huge one is data.
    if (identifier.name.trim() === '' || identifier.name.length > MAX_IDENTIFIER_LENGTH) continue;
    const key = identifier.name.toLowerCase();
    const existing = byKey.get(key);
    if (existing) {
      const title = existing.title || identifier.title;
      byKey.set(key, {
        name: existing.name,
        strong: existing.strong || identifier.strong,
        ...(title ? { title } : {}),
      });
    } else byKey.set(key, identifier);
  }
  return [...byKey.values()];
}

// A NaN cap compares false everywhere and would silently lift the limit; say so instead.
function checkNumericOptions(options: ExcerptOptions): void {
  // [name, minimum, whole]: line counts are whole numbers (1.5 lines of context matches no line).
  const numbers: [keyof ExcerptOptions, number, boolean][] = [
    ['maxTokens', 0, false],
    ['contextLines', Number.NEGATIVE_INFINITY, true],
    ['mergeGap', Number.NEGATIVE_INFINITY, true],
    ['maxLineLength', 1, true],
    ['wholeFileLines', 0, true],
  ];
  for (const [name, minimum, whole] of numbers) {
    const value = options[name];
    if (value === undefined) continue;
    if (
      typeof value !== 'number' ||
      Number.isNaN(value) ||
      value < minimum ||
      (whole && !Number.isInteger(value))
    ) {
      const range = minimum > Number.NEGATIVE_INFINITY ? ` ≥ ${minimum}` : '';
      throw new RangeError(
        `excerptFile: ${name} must be a ${whole ? 'whole ' : ''}number${range}, found ${String(value)}`,
      );
    }
  }
  checkExcerptMode('excerptFile', 'mode', options.mode);
  options.definitions?.forEach((definition, index) => {
    const { line, endLine } = definition;
    if (
      !Number.isInteger(line) ||
      (endLine !== undefined && !(Number.isInteger(endLine) && endLine >= line))
    ) {
      throw new RangeError(
        `excerptFile: definitions[${index}] (${definition.name}) needs whole line numbers with endLine ≥ line, found line ${line}, endLine ${String(endLine)}`,
      );
    }
  });
}

/** Throw a `RangeError` naming `where` and `name` unless `mode` is absent or a known mode. */
export function checkExcerptMode(where: string, name: string, mode: ExcerptMode | undefined): void {
  if (mode !== undefined && !EXCERPT_MODES.includes(mode)) {
    throw new RangeError(
      `${where}: ${name} must be one of ${EXCERPT_MODES.join(', ')}, found ${String(mode)}`,
    );
  }
}

/** The modes {@link excerptFile} knows. */
export const EXCERPT_MODES: readonly ExcerptMode[] = ['bodies', 'signatures'];

/**
 * Window a file around the identifiers of a task. Hits are found whole-word and case-insensitively;
 * each keeps `contextLines` around it plus the headers of the definitions that enclose it; nearby
 * windows merge; everything else becomes an elision marker with the exact line range. Never
 * head-truncates: under `maxTokens` the most relevant windows are kept, wherever they are.
 * A file with no hits, and the `signatures` mode, give one line per definition instead.
 */
export function excerptFile(options: ExcerptOptions): Excerpt {
  checkNumericOptions(options);
  const lines = splitLines(options.text ?? '');
  const identifiers = normalizeIdentifiers(options);
  const weights = identifierWeights(identifiers);

  const lineHits = findLineHits(lines, [...weights.keys()]);
  const hitLines = [...lineHits.keys()].sort((a, b) => a - b);
  const matchedKeys = new Set<string>();
  for (const set of lineHits.values()) for (const key of set) matchedKeys.add(key);
  const matched = identifiers.filter((identifier) => matchedKeys.has(identifier.name.toLowerCase()));
  const mode = options.mode ?? 'bodies';

  if (mode === 'signatures' || hitLines.length === 0) {
    return excerptSignatures(options, lines, hitLines, matched);
  }
  return excerptBodies(options, lines, lineHits, weights, hitLines, matched);
}

/** The file's definitions in line order: the given ones within the file, else generic header lines. */
export function definitionLines(
  options: Pick<ExcerptOptions, 'definitions'>,
  lines: string[],
): ExcerptDefinition[] {
  if (options.definitions) {
    return options.definitions
      .filter((definition) => definition.line >= 1 && (lines.length === 0 || definition.line <= lines.length))
      .slice()
      .sort((a, b) => a.line - b.line || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  const found: ExcerptDefinition[] = [];
  lines.forEach((line, index) => {
    if (isDefinitionHeader(line)) found.push({ name: '', line: index + 1 });
  });
  return found;
}

/** One line per definition (its signature), up to `maxTokens`. */
export function excerptSignatures(
  options: ExcerptOptions,
  lines: string[],
  hitLines: number[],
  matched: TaskIdentifier[],
): Excerpt {
  const definitions = definitionLines(options, lines);
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const counter = options.tokenizer ?? { count: (text: string) => Math.ceil(text.length / 4) };
  const rendered: string[] = [];
  const spans: LineSpan[] = [];
  let tokens = 0;
  let shown = 0;
  const seen = new Set<number>();
  for (const [index, definition] of definitions.entries()) {
    if (seen.has(definition.line)) continue;
    seen.add(definition.line);
    const source = lines[definition.line - 1];
    const indentation =
      source === undefined ? '' : source.slice(0, source.length - source.trimStart().length);
    const body = definition.signature ?? source?.trim() ?? definition.name;
    const line = formatLine(definition.line, clip(indentation + body, maxLength));
    const cost = counter.count(`${line}\n`);
    if (options.maxTokens !== undefined && tokens + cost > options.maxTokens && shown > 0) {
      rendered.push(`... (${definitions.length - index} more definitions not shown)`);
      break;
    }
    rendered.push(line);
    spans.push({ start: definition.line, end: definition.line });
    tokens += cost;
    shown += 1;
  }
  return {
    path: options.path,
    mode: 'signatures',
    text: rendered.join('\n'),
    spans,
    totalLines: lines.length,
    shownLines: shown,
    hitLines,
    matched: matched.map((identifier) => identifier.name),
  };
}

/**
 * The lines that open a definition (the scanner's, else those the generic header patterns
 * recognise) and, by line, the lower-cased name each of the scanner's definitions defines.
 */
export function headersOf(
  lines: readonly string[],
  definitions: readonly ExcerptDefinition[] | undefined,
): { headerLines: Set<number>; definedNames: Map<number, string> } {
  const headerLines = new Set(
    definitions
      ? definitions.map((definition) => definition.line)
      : lines.flatMap((line, index) => (isDefinitionHeader(line) ? [index + 1] : [])),
  );
  const definedNames = new Map<number, string>();
  for (const definition of definitions ?? [])
    definedNames.set(definition.line, definition.name.toLowerCase());
  return { headerLines, definedNames };
}

/** Header lines of the definitions that enclose line `hit`, innermost first. */
export function enclosingHeaders(
  hit: number,
  lines: string[],
  headerLines: Set<number>,
  definitions: ExcerptDefinition[] | undefined,
): number[] {
  if (definitions) {
    // With scanner output and known extents, "enclosing" is exact.
    const withEnd = definitions.filter(
      (definition) => definition.endLine !== undefined && definition.line < hit && definition.endLine >= hit,
    );
    if (withEnd.length > 0) return withEnd.map((definition) => definition.line);
  }
  const found: number[] = [];
  let target = indentationOf(lines[hit - 1] ?? '');
  for (let line = hit - 1; line >= 1 && target > 0; line -= 1) {
    const text = lines[line - 1]!;
    if (isTransparentLine(text)) continue;
    const indentation = indentationOf(text);
    if (indentation >= target) continue;
    if (headerLines.has(line)) found.push(line);
    target = indentation;
  }
  return found;
}

// The last line of the definition headed at `header`: its known extent, or the last line indented
// deeper than the header (plus a closing bracket at the header's own indentation).
export function definitionEnd(
  header: number,
  lines: string[],
  definitions: ExcerptDefinition[] | undefined,
): number {
  const known = definitions?.find(
    (definition) => definition.line === header && definition.endLine !== undefined,
  );
  if (known?.endLine !== undefined) return Math.min(known.endLine, lines.length);
  const indentation = indentationOf(lines[header - 1] ?? '');
  let end = header;
  for (let line = header + 1; line <= lines.length; line += 1) {
    const text = lines[line - 1]!;
    const trimmed = text.trim();
    if (trimmed === '') continue;
    const depth = indentationOf(text);
    if (depth > indentation) {
      end = line;
      continue;
    }
    if (depth === indentation && /^[)\]}]/.test(trimmed)) {
      end = line;
      // `): void {` closes a multi-line signature and opens the body: keep going.
      if (/[{:([]\s*$/.test(trimmed)) continue;
    }
    break;
  }
  return end;
}

function excerptBodies(
  options: ExcerptOptions,
  lines: string[],
  lineHits: Map<number, Set<string>>,
  weights: Map<string, number>,
  hitLines: number[],
  matched: TaskIdentifier[],
): Excerpt {
  const total = lines.length;
  const context = Math.max(0, options.contextLines ?? DEFAULT_CONTEXT_LINES);
  const mergeGap = Math.max(0, options.mergeGap ?? DEFAULT_MERGE_GAP);
  const maxLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;
  const counter = options.tokenizer ?? { count: (text: string) => Math.ceil(text.length / 4) };
  const definitions = options.definitions ? definitionLines(options, lines) : undefined;
  const { headerLines, definedNames } = headersOf(lines, definitions);

  const isDefinitionHit = (line: number): boolean => {
    const hits = lineHits.get(line);
    if (!hits) return false;
    const defined = definedNames.get(line);
    if (defined !== undefined) return hits.has(defined);
    return headerLines.has(line) && [...hits].some((key) => (weights.get(key) ?? 0) >= STRONG_WEIGHT);
  };
  // An identifier on every other line of a file (the module's own name in its docstring) says
  // little about where to look; one on a single line says a lot. Hits are weighted down by the
  // square root of how many lines of this file carry the identifier.
  const linesWith = new Map<string, number>();
  for (const keys of lineHits.values())
    for (const key of keys) linesWith.set(key, (linesWith.get(key) ?? 0) + 1);
  const scoreOf = (line: number): number => {
    let score = 0;
    for (const key of lineHits.get(line) ?? [])
      score += (weights.get(key) ?? 0) / Math.sqrt(linesWith.get(key) ?? 1);
    if (isDefinitionHit(line)) score += DEFINITION_BONUS;
    return score;
  };
  // Most relevant first; ties go to the earlier line so the order is total.
  const candidates = hitLines
    .map((line) => ({ line, score: scoreOf(line) }))
    .sort((a, b) => b.score - a.score || a.line - b.line);

  const lineCost = new Map<number, number>();
  const costOfLine = (line: number): number => {
    let cost = lineCost.get(line);
    if (cost === undefined) {
      cost = counter.count(`${formatLine(line, clip(lines[line - 1]!, maxLength))}\n`);
      lineCost.set(line, cost);
    }
    return cost;
  };
  const markerCost = counter.count(`${formatElision(total, total)}\n`);

  const shown = new Uint8Array(total + 2);
  const spansOf = (marks: Uint8Array): LineSpan[] => {
    const spans: LineSpan[] = [];
    for (let line = 1; line <= total; line += 1) {
      if (!marks[line]) continue;
      const last = spans[spans.length - 1];
      if (last && line - last.end - 1 <= mergeGap) last.end = line;
      else spans.push({ start: line, end: line });
    }
    return spans;
  };
  const costOf = (spans: LineSpan[]): number => {
    let cost = 0;
    let previousEnd = 0;
    for (const span of spans) {
      if (span.start > previousEnd + 1) cost += markerCost;
      for (let line = span.start; line <= span.end; line += 1) cost += costOfLine(line);
      previousEnd = span.end;
    }
    if (previousEnd < total) cost += markerCost;
    return cost;
  };

  const wholeFileLines = options.wholeFileLines ?? DEFAULT_WHOLE_FILE_LINES;
  if (total <= wholeFileLines) {
    shown.fill(1, 1, total + 1);
    if (options.maxTokens === undefined || costOf(spansOf(shown)) <= options.maxTokens) {
      return renderBodies(options.path, lines, spansOf(shown), maxLength, hitLines, matched);
    }
    shown.fill(0);
  }

  let misses = 0;
  let accepted = 0;
  const floor = options.maxTokens === undefined ? 0 : (candidates[0]?.score ?? 0) * RELATIVE_SCORE_FLOOR;
  for (const candidate of candidates) {
    // Under a cap, windows far less relevant than the best are not worth their tokens.
    if (candidate.score < floor) break;
    // A hit on the definition the task names shows that definition whole when it is short: a model
    // cannot edit a function it sees only a window of. Otherwise, or if that does not fit, a window.
    const ranges: [number, number][] = [];
    if (isDefinitionHit(candidate.line)) {
      const end = definitionEnd(candidate.line, lines, definitions);
      if (end - candidate.line < MAX_WHOLE_DEFINITION_LINES) ranges.push([candidate.line - context, end]);
    }
    ranges.push([candidate.line - context, candidate.line + context]);
    let placed = false;
    for (const [index, [from, to]] of ranges.entries()) {
      const added: number[] = [];
      const mark = (line: number) => {
        if (!shown[line]) {
          shown[line] = 1;
          added.push(line);
        }
      };
      for (let line = Math.max(1, from); line <= Math.min(total, to); line += 1) mark(line);
      for (const header of enclosingHeaders(candidate.line, lines, headerLines, definitions)) mark(header);
      if (added.length === 0) {
        placed = true;
        break;
      }
      const last = index === ranges.length - 1;
      // The first accepted window is kept even over the cap; it is narrowed below.
      if (
        options.maxTokens === undefined ||
        (accepted === 0 && last) ||
        costOf(spansOf(shown)) <= options.maxTokens
      ) {
        placed = true;
        accepted += 1;
        break;
      }
      for (const line of added) shown[line] = 0;
    }
    if (placed) {
      misses = 0;
    } else {
      misses += 1;
      if (misses >= MAX_CONSECUTIVE_MISSES) break;
    }
  }

  // The best window alone may still be over the cap: narrow its context until it fits (or only the
  // hit and its headers remain; the packer then cuts on a line boundary).
  if (options.maxTokens !== undefined && accepted === 1 && costOf(spansOf(shown)) > options.maxTokens) {
    const best = candidates[0]!.line;
    const headers = enclosingHeaders(best, lines, headerLines, definitions);
    const maxTokens = options.maxTokens;
    narrowWindow(shown, best, context, headers, (marks) => costOf(spansOf(marks)) <= maxTokens);
  }

  return renderBodies(options.path, lines, spansOf(shown), maxLength, hitLines, matched);
}

/**
 * Marks only the window around `best` and its `headers` in `shown`, the context radius shrinking
 * from `context - 1` until the marks `fit` (or only the hit and its headers remain).
 */
function narrowWindow(
  shown: Uint8Array,
  best: number,
  context: number,
  headers: Iterable<number>,
  fit: (marks: Uint8Array) => boolean,
): void {
  const total = shown.length - 2;
  for (let radius = context - 1; radius >= 0; radius -= 1) {
    shown.fill(0);
    for (let line = Math.max(1, best - radius); line <= Math.min(total, best + radius); line += 1)
      shown[line] = 1;
    for (const header of headers) shown[header] = 1;
    if (fit(shown)) break;
  }
}

/** Render `spans` of a file with real line numbers and elision markers. */
export function renderBodies(
  path: string,
  lines: string[],
  spans: LineSpan[],
  maxLength: number,
  hitLines: number[],
  matched: TaskIdentifier[],
): Excerpt {
  const total = lines.length;
  const rendered: string[] = [];
  let previousEnd = 0;
  let shownLines = 0;
  for (const span of spans) {
    if (span.start > previousEnd + 1) rendered.push(formatElision(previousEnd + 1, span.start - 1));
    for (let line = span.start; line <= span.end; line += 1) {
      rendered.push(formatLine(line, clip(lines[line - 1]!, maxLength)));
      shownLines += 1;
    }
    previousEnd = span.end;
  }
  if (previousEnd < total) rendered.push(formatElision(previousEnd + 1, total));
  return {
    path,
    mode: 'bodies',
    text: rendered.join('\n'),
    spans,
    totalLines: total,
    shownLines,
    hitLines,
    matched: matched.map((identifier) => identifier.name),
  };
}
