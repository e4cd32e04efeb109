import { compareStrings, failRange } from '@ctxkit/internal';
import { escapeControls } from '@ctxkit/tokenize';
import type { Budget } from './budget.js';
import { checkAvailable } from './budget.js';
import type { TokenCounter } from './excerpt.js';

/** The sections of a task pack, in the order they are rendered: stable content first, volatile last. */
export type PackSectionKind = 'instructions' | 'skills' | 'repo-map' | 'docs' | 'files' | 'task';

/**
 * Render order. Project instructions and skills change least often, the repo map and docs with the
 * repository, file excerpts with the task, and the task itself every time: putting them in this
 * order lets a provider reuse the longest cached prompt prefix.
 */
export const SECTION_ORDER: readonly PackSectionKind[] = Object.freeze([
  'instructions',
  'skills',
  'repo-map',
  'docs',
  'files',
  'task',
]);

// Fill priority differs from render order: the task must survive before anything else is placed,
// then the always-on doctrine, then what explains the repository, then ranked file content.
const FILL_ORDER: readonly PackSectionKind[] = [
  'task',
  'instructions',
  'skills',
  'repo-map',
  'docs',
  'files',
];

/** A supporting document (design note, memory entry). Docs have no rank: they render sorted by title. */
export interface PackDoc {
  /** Title shown to the model; docs are ordered by it. */
  title: string;
  /** The document text. */
  text: string;
  /** Where it came from; breaks ties between equal titles. */
  source?: string;
}

/** A ranked piece of a file (usually an excerpt). */
export interface PackChunk {
  /** The file, relative and `/`-separated. */
  path: string;
  /** The excerpt text (line-numbered lines and elision markers). */
  text: string;
  /** Lower is more relevant. When absent, the chunk's position in the input array is its rank. */
  rank?: number;
  /** Extra attributes on the rendered `<file>` tag (e.g. `lines`), rendered sorted by key. */
  attributes?: Record<string, string>;
}

/** Input of {@link buildPack}. */
export interface BuildPackOptions {
  /** From `computeBudget`; the pack uses at most `budget.available` tokens. */
  budget: Budget;
  /** Counts tokens exactly (a `@ctxkit/tokenize` tokenizer) so the budget holds. */
  tokenizer: TokenCounter;
  /** What the model is asked to do. Always placed first, rendered last. */
  task: string;
  /** Project instructions (e.g. `loadInstructions(...).text`). */
  instructions?: string;
  /** Skill cards and bodies (e.g. `selectSkills(...).text`). */
  skills?: string;
  /** The rendered repository map (e.g. `buildRepoMap(...).map`). */
  repoMap?: string;
  /** Reference documents; placed in title order, so their input order does not matter. */
  docs?: PackDoc[];
  /** File chunks, most relevant first (or with explicit `rank`). */
  chunks?: PackChunk[];
  /**
   * The most tokens the task may take (default: all the budget holds). A longer task keeps its
   * first and last lines with a marker for the lines between: the head states the problem and the
   * tail usually ends it (the error a log closes with, what is expected), while the middle is most
   * often a pasted log or reproduction that would crowd out the code the model must read.
   */
  maxTaskTokens?: number;
}

/** One item placed in a pack. */
export interface PackItem {
  /** `instructions`, `skills`, `repo-map`, `task`, a doc title or a file path. */
  name: string;
  /** Tokens the item's rendered block costs. */
  tokens: number;
  /** Set when the item was cut on a line boundary to fit. */
  truncated?: boolean;
}

/** An item that did not fit. */
export interface DroppedItem {
  /** The section it belonged to. */
  kind: PackSectionKind;
  /** The item: a file path, a doc title, or the section name for single-item sections. */
  name: string;
  /** Tokens it would have cost. */
  tokens: number;
}

/** One rendered section of a pack. */
export interface PackSection {
  /** Which section. */
  kind: PackSectionKind;
  /** Tokens the section takes. */
  tokens: number;
  /** What it holds, in rendering order. */
  items: PackItem[];
}

/** Per-section accounting in the budget block. */
export interface SectionUsage {
  /** Tokens placed. */
  tokens: number;
  /** Items placed. */
  items: number;
  /** Items dropped. */
  dropped: number;
}

/** What the pack cost against what it was allowed: the numbers a caller prints or records. */
export interface PackBudget {
  /** The model's context window. */
  window: number;
  /** Every reserve taken off the window before the pack, and their total. */
  reserves: { system: number; tools: number; response: number; slack: number; total: number };
  /** Tokens the pack may use. */
  available: number;
  /** Exact tokens of the rendered text. */
  used: number;
  /** Items left out for lack of room, and their tokens. */
  dropped: { count: number; tokens: number };
  /** Items cut to fit, and the tokens cut away. */
  truncated: { count: number; tokens: number };
  /** Tokens, items and dropped items per section, for every section. */
  perSection: Record<PackSectionKind, SectionUsage>;
}

/** A rendered task pack. */
export interface TaskPack {
  /** The prompt text: sections in {@link SECTION_ORDER}, blocks separated by a blank line. */
  text: string;
  /** Every term of the budget and how the pack used it. */
  budget: PackBudget;
  /** Non-empty sections, in render order. */
  sections: PackSection[];
  /** Everything that did not fit, in the order it was considered. */
  dropped: DroppedItem[];
}

/** The marker appended to an item cut to fit the budget. */
export function formatTruncation(omittedLines: number): string {
  return `... (truncated to fit the token budget: ${omittedLines} more line${omittedLines === 1 ? '' : 's'} not shown)`;
}

/** The marker that stands for the middle lines of a task shortened to fit (see `maxTaskTokens`). */
export function formatTaskElision(omittedLines: number): string {
  return `... (shortened to fit the token budget: ${omittedLines} line${omittedLines === 1 ? '' : 's'} of the task not shown here)`;
}

/** An attribute value: control characters escaped as everywhere in ctxkit (`escapeControls`), then XML's three. */
function escapeAttribute(value: string): string {
  return escapeControls(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

// The identifying attribute comes first; any others follow sorted by name, so the caller's key order
// cannot change the bytes.
/** What an attribute name may be: a caller's key with spaces or quotes would forge other attributes. */
const ATTRIBUTE_NAME = /^[A-Za-z_][\w.-]*$/;

function openTag(name: string, primary: [string, string], attributes: Record<string, string> = {}): string {
  const parts = [` ${primary[0]}="${escapeAttribute(primary[1])}"`];
  for (const key of Object.keys(attributes).sort()) {
    if (!ATTRIBUTE_NAME.test(key)) {
      throw new RangeError(
        `buildPack: attribute name ${JSON.stringify(key)} is not a valid name (letters, digits, _ . -)`,
      );
    }
    if (key !== primary[0]) parts.push(` ${key}="${escapeAttribute(attributes[key]!)}"`);
  }
  return `<${name}${parts.join('')}>`;
}

interface Candidate {
  kind: PackSectionKind;
  name: string;
  open: string;
  close: string;
  body: string;
  closeWhenCut?: string;
}

function blockOf(candidate: Candidate, body = candidate.body): string {
  const trimmed = body.replace(/\n+$/, '');
  if (candidate.open === '') return trimmed;
  return `${candidate.open}\n${trimmed}\n${candidate.close}`;
}

const SEPARATOR = '\n\n';

function candidatesOf(options: BuildPackOptions): Candidate[] {
  const list: Candidate[] = [];
  const single = (kind: PackSectionKind, tag: string, text: string | undefined) => {
    if (text === undefined || text.trim() === '') return;
    // Text that already opens with its own element (as @ctxkit/instructions and @ctxkit/skills
    // render) is placed as it is rather than nested in a second tag of the same name.
    const tagged = new RegExp(`^<${tag}[\\s>]`).test(text.trimStart());
    list.push({
      kind,
      name: kind,
      open: tagged ? '' : `<${tag}>`,
      close: tagged ? '' : `</${tag}>`,
      body: text,
      // A cut through pre-tagged text must still close its element.
      ...(tagged ? { closeWhenCut: `</${tag}>` } : {}),
    });
  };
  single('task', 'task', options.task);
  single('instructions', 'instructions', options.instructions);
  single('skills', 'skills', options.skills);
  single('repo-map', 'repo-map', options.repoMap);
  // Docs have no rank, so their order is defined here and input order cannot leak into the prompt.
  const docs = [...(options.docs ?? [])]
    .filter((doc) => doc.text.trim() !== '')
    .sort(
      (a, b) =>
        compareStrings(a.title, b.title) ||
        compareStrings(a.source ?? '', b.source ?? '') ||
        compareStrings(a.text, b.text),
    );
  for (const doc of docs) {
    const attributes: Record<string, string> = doc.source === undefined ? {} : { source: doc.source };
    list.push({
      kind: 'docs',
      name: doc.title,
      open: openTag('doc', ['title', doc.title], attributes),
      close: '</doc>',
      body: doc.text,
    });
  }
  const chunks = (options.chunks ?? [])
    .map((chunk, index) => ({ chunk, rank: chunk.rank ?? index }))
    .filter(({ chunk }) => chunk.text.trim() !== '')
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        compareStrings(a.chunk.path, b.chunk.path) ||
        compareStrings(a.chunk.text, b.chunk.text),
    );
  for (const { chunk } of chunks) {
    list.push({
      kind: 'files',
      name: chunk.path,
      open: openTag('file', ['path', chunk.path], chunk.attributes),
      close: '</file>',
      body: chunk.text,
    });
  }
  return list;
}

interface Placed {
  candidate: Candidate;
  block: string;
  tokens: number;
  truncated: boolean;
  cutTokens: number;
}

// The largest `kept` in [0, max] with `fits(kept)`, for a `fits` that only turns false as `kept` grows.
function largestFitting(max: number, fits: (kept: number) => boolean): number {
  let low = 0;
  let high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

// `candidate` cut to the body `cutBody(kept)` for the largest `kept` up to `max` that fits in `room`.
function cutToFit(
  candidate: Candidate,
  room: number,
  counter: TokenCounter,
  max: number,
  cutBody: (kept: number) => string,
  adjust: (kept: number) => number = (kept) => kept,
): Placed | undefined {
  const costWith = (kept: number) => counter.count(blockOf(candidate, cutBody(kept)) + SEPARATOR);
  const kept = adjust(largestFitting(max, (value) => costWith(value) <= room));
  if (kept < 1) return undefined;
  const block = blockOf(candidate, cutBody(kept));
  return { candidate, block, tokens: costWith(kept), truncated: true, cutTokens: 0 };
}

// Keep as many leading lines of `candidate` as fit in `room`, plus the truncation marker.
function truncateToFit(candidate: Candidate, room: number, counter: TokenCounter): Placed | undefined {
  const lines = candidate.body.replace(/\n+$/, '').split('\n');
  const cutBody = (kept: number) => {
    const keptLines = [...lines.slice(0, kept), formatTruncation(lines.length - kept)];
    if (candidate.closeWhenCut) keptLines.push(candidate.closeWhenCut);
    return keptLines.join('\n');
  };
  // At least one whole line but never all of them (then it would have fit uncut).
  return (
    cutToFit(candidate, room, counter, lines.length - 1, cutBody) ??
    cutFirstLine(candidate, lines, room, counter)
  );
}

// When not even the first line fits (a one-line task pasted from an issue, a minified file), keep as
// many of its leading characters as fit rather than dropping the whole item.
function cutFirstLine(
  candidate: Candidate,
  lines: string[],
  room: number,
  counter: TokenCounter,
): Placed | undefined {
  // Pre-tagged text opens with its own element on the first line; cutting inside it would break it.
  if (candidate.closeWhenCut) return undefined;
  const first = lines[0] ?? '';
  const rest = lines.length - 1;
  const cutBody = (kept: number) => {
    const more = `${first.length - kept} more characters${rest > 0 ? ` and ${rest} more line${rest === 1 ? '' : 's'}` : ''}`;
    return `${first.slice(0, kept)}\n... (truncated to fit the token budget: ${more} not shown)`;
  };
  // Never end on half of a surrogate pair.
  const wholeCharacters = (kept: number) =>
    kept > 0 && /[\uD800-\uDBFF]/.test(first[kept - 1] ?? '') ? kept - 1 : kept;
  return cutToFit(candidate, room, counter, first.length - 1, cutBody, wholeCharacters);
}

// Of the lines a shortened task keeps, about this share comes from its tail (at least one line).
const TASK_TAIL_SHARE = 1 / 3;

// The task cut to fit `room`: its first and last lines with a marker for those between, or, when
// it has too few lines for that (or not even one of each fits), its head as any item is cut.
function shortenTask(candidate: Candidate, room: number, counter: TokenCounter): Placed | undefined {
  const lines = candidate.body.replace(/\n+$/, '').split('\n');
  const cutBody = (kept: number) => {
    const tail = Math.max(1, Math.floor(kept * TASK_TAIL_SHARE));
    return [
      ...lines.slice(0, kept - tail),
      formatTaskElision(lines.length - kept),
      ...lines.slice(lines.length - tail),
    ].join('\n');
  };
  // Both ends or neither: a kept head alone is what truncateToFit gives.
  const bothEnds = (kept: number) => (kept < 2 ? 0 : kept);
  const elided =
    lines.length >= 3 ? cutToFit(candidate, room, counter, lines.length - 1, cutBody, bothEnds) : undefined;
  return elided ?? truncateToFit(candidate, room, counter);
}

/**
 * Fill a budget with a task pack. Items are considered task → instructions → skills → repo map →
 * docs (by title) → file chunks (by rank); each is placed if it fits. The first item of a section
 * that does not fit is cut on a line boundary with a marker instead of dropped (inside its first
 * line when not even that fits); after that, chunks
 * stop at the first that does not fit (a lower-ranked chunk never displaces a higher-ranked one),
 * while unranked docs keep trying smaller ones. Everything left out is counted. The text renders
 * sections in {@link SECTION_ORDER} and never exceeds `budget.available` tokens by exact count.
 * Pure: the same input gives the same bytes, whatever the order of `docs`.
 */
export function buildPack(options: BuildPackOptions): TaskPack {
  const { budget, tokenizer } = options;
  const available = budget.available;
  checkAvailable('buildPack', available);
  const { maxTaskTokens } = options;
  if (maxTaskTokens !== undefined && !(Number.isSafeInteger(maxTaskTokens) && maxTaskTokens >= 1)) {
    failRange('buildPack', 'maxTaskTokens', 'a whole number of tokens ≥ 1', maxTaskTokens);
  }
  const taskLimit = maxTaskTokens ?? Number.POSITIVE_INFINITY;
  const candidates = candidatesOf(options);
  const placed: Placed[] = [];
  const dropped: DroppedItem[] = [];
  let remaining = available;
  let chunksClosed = false;
  const placedPerKind = new Map<PackSectionKind, number>();

  for (const kind of FILL_ORDER) {
    for (const candidate of candidates.filter((entry) => entry.kind === kind)) {
      const block = blockOf(candidate);
      const tokens = tokenizer.count(block + SEPARATOR);
      if (kind === 'files' && chunksClosed) {
        dropped.push({ kind, name: candidate.name, tokens });
        continue;
      }
      const room = kind === 'task' ? Math.min(remaining, taskLimit) : remaining;
      if (tokens <= room) {
        placed.push({ candidate, block, tokens, truncated: false, cutTokens: 0 });
        placedPerKind.set(kind, (placedPerKind.get(kind) ?? 0) + 1);
        remaining -= tokens;
        continue;
      }
      const first = (placedPerKind.get(kind) ?? 0) === 0;
      const cut = !first
        ? undefined
        : kind === 'task'
          ? shortenTask(candidate, room, tokenizer)
          : truncateToFit(candidate, room, tokenizer);
      if (cut) {
        cut.cutTokens = tokens - cut.tokens;
        placed.push(cut);
        placedPerKind.set(kind, 1);
        remaining -= cut.tokens;
      } else {
        dropped.push({ kind, name: candidate.name, tokens });
      }
      if (kind === 'files') chunksClosed = true;
    }
  }

  // Token counts are not additive across block boundaries in every encoding; verify the whole text
  // and give back the least important items until the exact count fits.
  let text = render(placed);
  let used = tokenizer.count(text);
  while (used > available && placed.length > 0) {
    const victim = placed.pop()!;
    dropped.push({ kind: victim.candidate.kind, name: victim.candidate.name, tokens: victim.tokens });
    text = render(placed);
    used = tokenizer.count(text);
  }

  const perSection = {} as Record<PackSectionKind, SectionUsage>;
  const sections: PackSection[] = [];
  for (const kind of SECTION_ORDER) {
    const items = placed.filter((entry) => entry.candidate.kind === kind);
    const tokens = items.reduce((sum, entry) => sum + entry.tokens, 0);
    perSection[kind] = {
      tokens,
      items: items.length,
      dropped: dropped.filter((entry) => entry.kind === kind).length,
    };
    if (items.length > 0) {
      sections.push({
        kind,
        tokens,
        items: items.map((entry) => ({
          name: entry.candidate.name,
          tokens: entry.tokens,
          ...(entry.truncated ? { truncated: true } : {}),
        })),
      });
    }
  }
  const truncated = placed.filter((entry) => entry.truncated);
  return {
    text,
    budget: {
      window: budget.window,
      reserves: {
        system: budget.reserveSystem,
        tools: budget.reserveTools,
        response: budget.reserveResponse,
        slack: budget.slack,
        total: budget.reserved,
      },
      available,
      used,
      dropped: { count: dropped.length, tokens: dropped.reduce((sum, entry) => sum + entry.tokens, 0) },
      truncated: {
        count: truncated.length,
        tokens: truncated.reduce((sum, entry) => sum + entry.cutTokens, 0),
      },
      perSection,
    },
    sections,
    dropped,
  };
}

function render(placed: Placed[]): string {
  const blocks: string[] = [];
  for (const kind of SECTION_ORDER) {
    for (const entry of placed) if (entry.candidate.kind === kind) blocks.push(entry.block);
  }
  return blocks.length === 0 ? '' : `${blocks.join(SEPARATOR)}\n`;
}
