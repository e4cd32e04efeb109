import type { RenderedRepoMap } from '@ctxkit/repomap';
import type { Budget } from './budget.js';
import { checkAvailable } from './budget.js';
import {
  checkExcerptMode,
  type Excerpt,
  type ExcerptDefinition,
  excerptFile,
  type LineSpan,
  type TokenCounter,
} from './excerpt.js';
import { type PlannedFile, planExcerpts, type UnusedReason } from './excerpt-plan.js';
import { buildPack, type PackChunk, type PackDoc, type TaskPack } from './pack.js';
import type { ExcerptMode } from './roles.js';

/** Share of the pack the repository map may take: it stands in for files, so it must leave room for them. */
export const REPO_MAP_SHARE = 0.15;
/** The map is a list of signatures; past this many tokens it stops helping a model orient itself. */
export const MAX_REPO_MAP_TOKENS = 8192;
/**
 * Share of the pack the task may take when files are shown beside it. An issue that pastes a long
 * log or reproduction would otherwise leave no room for the code it is about; past this share its
 * middle lines give way (its head and tail stay; the ranking and excerpts still read all of it).
 */
const TASK_SHARE = 0.5;
/** Share of the pack one file's excerpt may take, so several top-ranked files get in. */
export const EXCERPT_SHARE = 0.2;
const MIN_EXCERPT_TOKENS = 128;
const MAX_EXCERPT_TOKENS = 6000;
// One excerpt file per 650 tokens of pack, from six to forty. Even a small pack reads six, since the
// file a task is about is in the ranking's top five far more often than first, and a glimpse (its
// best hit, a line either side) costs a few dozen tokens. A large one reads up to forty: on the
// development sets the top forty hold a file the real fix changed for 96% of issues (Python 99%)
// against 90% (93%) for the top twenty, and twenty more glimpses take about 3% of a 32k pack.
const TOKENS_PER_EXCERPT_FILE = 650;
const MIN_EXCERPT_FILES = 6;
const MAX_EXCERPT_FILES = 40;

/** The map must give back more than this factor of the excerpts' room for them to be planned again. */
const REPLAN_GAIN = 1.03;

/** How a pack's budget is split before anything is loaded: what to ask the repo map and file reader for. */
export interface PackPlan {
  /** Token budget to build the repository map with. */
  repoMapTokens: number;
  /** Token cap for one file's excerpt. */
  excerptTokens: number;
  /** How many top-ranked files to read and excerpt. */
  maxFiles: number;
  /** The most tokens the task takes when files are shown beside it: half of `available`. */
  taskTokens: number;
}

/** Split `budget` into the requests a shell makes before composing (repo map size, files to read). */
export function planPack(budget: Pick<Budget, 'available'>): PackPlan {
  const available = budget.available;
  checkAvailable('planPack', available);
  return {
    repoMapTokens: Math.min(MAX_REPO_MAP_TOKENS, Math.floor(available * REPO_MAP_SHARE)),
    excerptTokens: Math.max(
      MIN_EXCERPT_TOKENS,
      Math.min(MAX_EXCERPT_TOKENS, Math.floor(available * EXCERPT_SHARE)),
    ),
    maxFiles: Math.max(
      MIN_EXCERPT_FILES,
      Math.min(MAX_EXCERPT_FILES, Math.floor(available / TOKENS_PER_EXCERPT_FILE)),
    ),
    taskTokens: Math.max(1, Math.floor(available * TASK_SHARE)),
  };
}

/** The parts of a repo map (`@ctxkit/repomap`'s `RepoMapResult`) a pack uses. */
export interface RepoMapInput {
  /** The rendered map. */
  map: string;
  /** Files, most central first, with why the task pointed at them when the ranking says. */
  ranking: { path: string; score: number; reasons?: readonly string[] }[];
  /** Definitions per file, for headers and signatures. */
  symbols?: (ExcerptDefinition & { path: string })[];
  /**
   * One file's definitions, in place of `symbols` (which lists a whole tree's: costly to build on a
   * large one, when a pack needs a few files'). `RenderableRepoMap.definitionsOf` fits.
   */
  definitionsOf?: (path: string) => readonly ExcerptDefinition[] | undefined;
  /**
   * Renders the map again for files now in the prompt (`RenderableRepoMap.render` fits): it leaves
   * them out and yields room, since the map stands in for files the prompt does not show. Given
   * it, the pack renders the map again without the files it shows as excerpts.
   */
  render?: (options: { filesInPrompt: readonly string[] }) => RenderedRepoMap;
}

/** A map rendered again by {@link RepoMapInput.render}: `@ctxkit/repomap`'s one type for it. */
export type { RenderedRepoMap };

/** A file body the shell has read. */
export interface SourceFile {
  /** Relative, `/`-separated. */
  path: string;
  /** The file's text. */
  text: string;
}

/** The paths to read for excerpts: the top of the ranking, in rank order (score, then path). */
export function selectExcerptFiles(ranking: RepoMapInput['ranking'], maxFiles: number): string[] {
  return [...ranking]
    .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, Math.max(0, maxFiles))
    .map((entry) => entry.path);
}

/** Input of {@link composePack}: everything already loaded, so composing is pure. */
export interface ComposePackOptions {
  /** The task text; its identifiers steer the excerpts and it closes the pack. */
  task: string;
  /** The budget to fill (`computeBudget`). */
  budget: Budget;
  /** Counts tokens exactly when the pack is filled. */
  tokenizer: TokenCounter;
  /** `loadInstructions(...)` result (only `text` is used). */
  instructions?: { text: string };
  /** `selectSkills(...)` result (only `text` is used). */
  skills?: { text: string };
  /** The repository map and the ranking and definitions it was built from. */
  repoMap?: RepoMapInput;
  /** Bodies of the files to excerpt; ranked by `repoMap.ranking`, unranked ones after, by path. */
  files?: SourceFile[];
  /** Reference documents, placed between the map and the excerpts. */
  docs?: PackDoc[];
  /** Bodies or signatures; the budget's role decides when omitted. */
  excerpts?: ExcerptMode;
  /** Overrides {@link planPack}'s per-file cap for signature excerpts; bodies share one planned budget (see {@link planExcerpts}). */
  excerptTokens?: number;
}

/** What became of one file: shown how, and which lines. */
export interface ExcerptSummary {
  /** The file, relative and `/`-separated. */
  path: string;
  /** Whether bodies or signatures were shown. */
  mode: ExcerptMode;
  /** The line ranges shown, ascending. */
  spans: LineSpan[];
  /** Lines in the file. */
  totalLines: number;
  /** The task identifiers found in the file. */
  matched: string[];
  /** Why the ranking put the file here (`@ctxkit/repomap`'s reasons), when it says. */
  reasons?: string[];
}

/** A composed pack: the {@link TaskPack} and the excerpt made for each file considered. */
export interface ComposedPack extends TaskPack {
  /** What became of each file given, in rank order (also those that showed nothing or were dropped). */
  excerpts: ExcerptSummary[];
  /** The re-rendered map the pack holds, when the map yielded to the files shown (as returned). */
  rerenderedMap?: RenderedRepoMap;
  /**
   * Budget the excerpts left unused (bodies mode), and why: every relevant view was shown, or the
   * next one did not fit.
   */
  unused?: { tokens: number; reason: UnusedReason };
}

/** Line spans as an attribute: `5-12,37` (a single line as its number). */
export function formatSpans(spans: readonly LineSpan[]): string {
  return spans
    .map((span) => (span.start === span.end ? `${span.start}` : `${span.start}-${span.end}`))
    .join(',');
}

/**
 * Compose a full task pack from loaded inputs: instructions, skills, the repo map, docs and
 * excerpts of the given files (windowed around the task's identifiers, or signatures for
 * identifier-only roles), filled into the budget by {@link buildPack}. Pure: all I/O (loading
 * instructions, discovering skills, building the map, reading files) belongs to the caller.
 */
export function composePack(options: ComposePackOptions): ComposedPack {
  const { budget, tokenizer, task } = options;
  const mode = options.excerpts ?? budget.excerpts;
  checkExcerptMode('composePack', 'excerpts', mode);
  const packPlan = planPack(budget);
  const excerptTokens = options.excerptTokens ?? packPlan.excerptTokens;
  // Only the files being excerpted matter; a large repository's map has hundreds of thousands of
  // ranking entries and symbols, so everything else is skipped rather than sorted or grouped.
  const wanted = new Set((options.files ?? []).map((file) => file.path));
  const rankOf = new Map<string, number>();
  const reasonsOf = new Map<string, string[]>();
  for (const entry of options.repoMap?.ranking ?? []) {
    if (!wanted.has(entry.path) || rankOf.has(entry.path)) continue;
    rankOf.set(entry.path, entry.score);
    if (entry.reasons && entry.reasons.length > 0) reasonsOf.set(entry.path, [...entry.reasons]);
  }
  const symbolsByPath = new Map<string, ExcerptDefinition[]>();
  const definitionsOf = options.repoMap?.definitionsOf;
  if (definitionsOf) {
    for (const path of [...wanted].sort()) {
      const definitions = definitionsOf(path);
      if (definitions) symbolsByPath.set(path, [...definitions]);
    }
  } else {
    for (const symbol of options.repoMap?.symbols ?? []) {
      if (!wanted.has(symbol.path)) continue;
      const list = symbolsByPath.get(symbol.path) ?? [];
      list.push(symbol);
      symbolsByPath.set(symbol.path, list);
    }
  }
  // Higher score first (the order of selectExcerptFiles), unranked files last, ties by path.
  const files = [...(options.files ?? [])].sort(
    (a, b) =>
      (rankOf.get(b.path) ?? Number.NEGATIVE_INFINITY) - (rankOf.get(a.path) ?? Number.NEGATIVE_INFINITY) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );

  const fill = (repoMap: string | undefined, chunks: PackChunk[]) =>
    buildPack({
      budget,
      tokenizer,
      task,
      ...(options.instructions ? { instructions: options.instructions.text } : {}),
      ...(options.skills ? { skills: options.skills.text } : {}),
      ...(repoMap !== undefined ? { repoMap } : {}),
      ...(options.docs ? { docs: options.docs } : {}),
      chunks,
      // Only when files wait for the room: a task alone may take all of it.
      ...(files.length > 0 ? { maxTaskTokens: packPlan.taskTokens } : {}),
    });
  const summaries = (excerpts: Excerpt[]): ExcerptSummary[] =>
    excerpts.map((excerpt) => {
      const reasons = reasonsOf.get(excerpt.path);
      return {
        path: excerpt.path,
        mode: excerpt.mode,
        spans: excerpt.spans,
        totalLines: excerpt.totalLines,
        matched: excerpt.matched,
        ...(reasons ? { reasons } : {}),
      };
    });
  const chunksOf = (excerpts: Excerpt[]): PackChunk[] =>
    excerpts.flatMap((excerpt, rank) => {
      if (excerpt.text === '') return [];
      const attributes: Record<string, string> = {
        lines: formatSpans(excerpt.spans),
        of: String(excerpt.totalLines),
      };
      if (excerpt.mode === 'signatures') attributes.view = 'signatures';
      return [{ path: excerpt.path, text: excerpt.text, rank, attributes }];
    });
  const rerender = (pack: TaskPack) => {
    const shown = pack.sections.find((section) => section.kind === 'files')?.items.map((item) => item.name);
    return options.repoMap?.render && shown && shown.length > 0
      ? options.repoMap.render({ filesInPrompt: [...shown].sort() })
      : undefined;
  };

  if (mode === 'signatures') {
    // Identifier-only roles: one line per definition of each file, each file capped to its share.
    const excerpts = files.map((file) => {
      const definitions = symbolsByPath.get(file.path);
      return excerptFile({
        path: file.path,
        text: file.text,
        query: task,
        mode,
        ...(definitions ? { definitions } : {}),
        maxTokens: excerptTokens,
      });
    });
    let pack = fill(options.repoMap?.map, chunksOf(excerpts));
    const rerenderedMap = rerender(pack);
    // Sections before the files only shrink, so every excerpt placed the first time fits again.
    if (rerenderedMap) pack = fill(rerenderedMap.map, chunksOf(excerpts));
    return { ...pack, excerpts: summaries(excerpts), ...(rerenderedMap ? { rerenderedMap } : {}) };
  }

  // Bodies: one budget for all files, planned once for the room the other sections leave, and
  // once more when the map, yielding to the files shown, leaves more.
  const planned: PlannedFile[] = files.map((file) => {
    const definitions = symbolsByPath.get(file.path);
    const score = rankOf.get(file.path);
    return {
      path: file.path,
      text: file.text,
      ...(definitions ? { definitions } : {}),
      ...(score !== undefined ? { score } : {}),
    };
  });
  const plan = (room: number) =>
    planExcerpts({
      files: planned,
      query: task,
      budget: room,
      tokenizer,
      overheadOf: (path, totalLines) => tokenizer.count(fileTagOverhead(path, totalLines)),
    });
  const roomFor = (repoMap: string | undefined) =>
    Math.max(0, budget.available - fill(repoMap, []).budget.used);
  let excerptPlan = plan(roomFor(options.repoMap?.map));
  let pack = fill(options.repoMap?.map, chunksOf(excerptPlan.excerpts));
  const rerenderedMap = rerender(pack);
  if (rerenderedMap) {
    const room = roomFor(rerenderedMap.map);
    // Planning again pays only when the map gave back a real share of the room.
    if (room > (excerptPlan.tokens + excerptPlan.unused.tokens) * REPLAN_GAIN) excerptPlan = plan(room);
    pack = fill(rerenderedMap.map, chunksOf(excerptPlan.excerpts));
  }
  return {
    ...pack,
    excerpts: summaries(excerptPlan.excerpts),
    unused: excerptPlan.unused,
    ...(rerenderedMap ? { rerenderedMap } : {}),
  };
}

// What a `<file>` element adds around an excerpt, with a typical `lines` attribute, so the plan
// leaves room for the tags buildPack wraps each excerpt in.
function fileTagOverhead(path: string, totalLines: number): string {
  return `<file path="${path}" lines="1-100,200-300,400-500" of="${totalLines}">\n\n</file>\n\n`;
}
