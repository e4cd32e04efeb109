/**
 * The entry point: cached scan (`scan-repository.ts`) → rank → render. After the scan the only I/O
 * is reading the bodies of the few top-ranked files the call tier needs (see `call-facts.ts`);
 * ranking, scoring and rendering are pure.
 */
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTokenizer, type Tokenizer } from '@ctxkit/tokenize';
import { type WalkRequest, walkInBackground } from './background-walk.js';
import { cacheFilePath, loadScanCache, type ScanCacheOptions } from './cache.js';
import { type CallFacts, collectCallFacts } from './call-facts.js';
import { checkMapOptions, checkNumber, checkStrings } from './check-options.js';
import { selectMapSymbols } from './map-selection.js';
import { analyzeQuery, codeSpelledNames, type QueryAnalysis } from './query.js';
import { type FileRanking, type RankingOverrides, rankFiles } from './rank-files.js';
import { rankOrder } from './rank-order.js';
import { CALL_TIER_FILES, SEED_SIGNALS, type SeedSignal } from './ranking-policy.js';
import { type RenderedMap, type RenderSymbol, renderRepoMap } from './render.js';
import {
  cacheDirectoryOf,
  cacheMemoryOf,
  indexFromCache,
  indexRepository,
  type RepositoryIndex,
  resolveRoot,
  walkMatchesCache,
  walkRequestOf,
} from './scan-repository.js';
import { languageForPath } from './scanners/languages.js';
import { callSeedName, type ScoredSymbols, scoreSymbols } from './score-symbols.js';
import { DEFINITION_KINDS, DefinitionReader, type TreeIndex } from './tree-index.js';
import type { Definition, DefinitionKind } from './types.js';
import type { UnscannedExtension } from './unscanned.js';
import { relativePosixPath, type SkippedFile, type WalkResult } from './walk.js';

/** The map's token budget when the caller names none (about a screenful of signatures). */
export const DEFAULT_MAP_TOKENS = 1024;

/**
 * How fast the map yields to file bodies already in the prompt: with n such files the budget is
 * `tokens × FILES_IN_PROMPT_HALF / (FILES_IN_PROMPT_HALF + n)`, i.e. this many files halve it. The
 * map stands in for reading files; once the files are there, it matters less, but never drops to
 * nothing, since the rest of the tree is still unseen.
 */
export const FILES_IN_PROMPT_HALF = 2;

/**
 * How many of the best symbols rendering first gets. A map of a normal budget holds far fewer,
 * so one selection usually suffices; when all of them fit, it asks for four times as many. Always
 * 16 × a power of two: the sizes `renderRepoMap` probes, so a cut list yields exactly the same map
 * as the full one (see `renderWithin`).
 */
const FIRST_RENDER_CANDIDATES = 1024;
/** Growth of the candidate list when every candidate fit; a power of two, see above. */
const RENDER_CANDIDATE_GROWTH = 4;

/** Options of {@link buildRepoMap}. */
export interface BuildRepoMapOptions {
  /** The directory to map. */
  root: string;
  /** The task text; ranks what it names (paths, modules, identifiers, vocabulary) first. */
  query?: string;
  /** Files (relative to `root` or absolute) the task is about; they and their callers rank up. */
  focus?: string[];
  /** Token budget of the rendered map before shrinking for `filesInPrompt`; default {@link DEFAULT_MAP_TOKENS}. */
  tokens?: number;
  /** Files whose bodies are already in the prompt: left out of the map, treated as focus, and shrinking the budget. */
  filesInPrompt?: string[];
  /**
   * Where to cache scans (`dir`, relative to `root` or absolute; default `.ctxkit/cache`), or
   * `false` for no cache. A caller that maps the same tree again and again can pass a `memory`
   * from {@link createScanCacheMemory}: the next build then reuses the cache it holds instead of
   * reading it again, while the file is unchanged.
   */
  cache?: ScanCacheOptions | false;
  /** Counts the map's tokens; default o200k_base. */
  tokenizer?: Tokenizer;
  /** Files larger than this are skipped; default 1 MB. */
  maxFileBytes?: number;
  /** Extra gitignore-style patterns to leave out. */
  ignore?: string[];
  /**
   * Follow symbolic links whose real path leaves the root. Off by default: such links are skipped
   * with the reason `symbolic link outside the root`, so no file outside the root reaches the map.
   */
  followExternalLinks?: boolean;
  /** Called as files are scanned (cache hits count as done). */
  onProgress?: (done: number, total: number) => void;
  /**
   * Whether a warm build walks the tree on a worker thread while it ranks the cached tree:
   * `'auto'` (default) when the cache is large enough for that to pay (see
   * {@link BACKGROUND_WALK_MIN_CACHE_BYTES}), `'always'` whenever there is a cache, `'never'` (a
   * single core, or no threads allowed).
   */
  backgroundWalk?: 'auto' | 'always' | 'never';
  /**
   * Overrides of the ranking policy (`ranking-policy.ts`), for ablations and experiments: e.g.
   * `{ shares: { vocabulary: 0 } }` ranks without the shared-vocabulary signal. The defaults are the product.
   */
  rankingPolicy?: RankingOverrides;
}

/** A file in rank order with its score (scores are comparable within one result only). */
export interface RankedFile {
  path: string;
  score: number;
  /**
   * Why the task pointed at this file, when it did: the signals that seeded the walk here —
   * `focus` (a focus file), `pathMention` (the task mentions its path or module), `definition` (it
   * defines a name the task spells), `vocabulary` (it shares the task's words), `pathName` (its
   * name or folder is a task word), `message` (its string literals print a message the task
   * quotes). Absent for files reached through references alone.
   */
  reasons?: RankReason[];
}

/** A task signal that seeded the ranking at a file (see {@link RankedFile.reasons}). */
export type RankReason = SeedSignal;

/** A definition in rank order. */
export interface RankedDefinition {
  path: string;
  name: string;
  kind: DefinitionKind;
  line: number;
  signature: string;
  /** The first sentence of its documentation, when it has one (see `doc-line.ts`). */
  doc?: string;
}

/** The repo map: exactly the `ctxkit map --json` document. Paths are relative to `root`, `/`-separated. */
export interface RepoMapResult {
  /** The absolute root that was mapped. */
  root: string;
  /** How many files were scanned (not counting skipped ones). */
  files: number;
  /** Every scanned file, best first. */
  ranking: RankedFile[];
  /**
   * Every definition, best first. Sorting every definition of a large tree is most of a warm
   * build's ranking time and only a JSON reader needs it, so it is computed on first access
   * (an enumerable getter: `JSON.stringify` and spreading see a plain array).
   */
  symbols: RankedDefinition[];
  /** The rendered map. */
  map: string;
  /** Exact tokens of `map` with the tokenizer used; never more than `budget`. */
  tokens: number;
  /** The budget the map was fitted to, after shrinking for files in the prompt. */
  budget: number;
  /** Files left out, with the reason. */
  skipped: SkippedFile[];
  /**
   * Files no language scanner reads, counted per extension, most first (`''` is files without an
   * extension): `ranked` ones (known programming languages: `.ex`, `.kt`, `.swift`, …) are read by
   * the identifier-only scan and ranked by path and the identifiers they mention, but have no
   * definitions in the map; the others (prose, data, config) are not read at all.
   */
  unscanned: UnscannedExtension[];
  /** Scans served from the cache vs computed. */
  cache: { hits: number; misses: number };
}

/** The budget left for the map when `filesInPrompt` file bodies are already in the prompt. */
export function mapBudget(tokens: number, filesInPrompt: number): number {
  checkNumber('mapBudget', 'tokens', tokens, 0);
  checkNumber('mapBudget', 'filesInPrompt', filesInPrompt, 0);
  const base = Math.floor(tokens);
  return Math.floor((base * FILES_IN_PROMPT_HALF) / (FILES_IN_PROMPT_HALF + Math.max(0, filesInPrompt)));
}

/** Scores printed with six significant digits: enough to order, stable across platforms' last bits. */
function roundScore(score: number): number {
  return Number(score.toPrecision(6));
}

function normalizePaths(root: string, paths: readonly string[] | undefined): string[] {
  const normalized = (paths ?? []).map((path) => relativePosixPath(root, resolve(root, path)));
  return [...new Set(normalized)].sort();
}

/**
 * Builds a ranked, token-budgeted map of the repository at `options.root`. Never fails on a file:
 * unreadable, binary, oversized or undecodable files are listed in `skipped`. Throws only when the
 * root itself is not a readable directory.
 */
export async function buildRepoMap(options: BuildRepoMapOptions): Promise<RepoMapResult> {
  return (await buildRenderableRepoMap(options)).result;
}

/**
 * A repo map rendered to text within a budget: what {@link RenderableRepoMap.render} returns and
 * what `@ctxkit/context`'s `composePack` takes back from it (the one type for a rendered map).
 */
export interface RenderedRepoMap {
  /** The rendered map. */
  map: string;
  /** Exact tokens of `map`; never more than `budget`. */
  tokens: number;
  /** The budget it was fitted to. */
  budget: number;
}

/** @deprecated Use {@link RenderedRepoMap}, the same type under the name every package uses. */
export type RerenderedMap = RenderedRepoMap;

/** A repo map built once that renders again without scanning or ranking. */
export interface RenderableRepoMap {
  /** The map as {@link buildRepoMap} returns it. */
  result: RepoMapResult;
  /** `result.map` and `result.ranking`, so this object is what `@ctxkit/context`'s `composePack` takes as `repoMap`. */
  readonly map: string;
  readonly ranking: RankedFile[];
  /**
   * Renders the same ranking again. `filesInPrompt` (paths relative to the root or absolute) are
   * files whose bodies were since put in the prompt: left out, and the budget shrinks for them as
   * at build time (counting the build's own). `exclude` only leaves files out; `tokens` sets the
   * budget outright. Unlike `filesInPrompt` at build time, the ranking is not re-focused on them:
   * this is a cheap re-render, not a new build.
   */
  render(options?: {
    filesInPrompt?: readonly string[];
    exclude?: readonly string[];
    tokens?: number;
    /**
     * Files in the order of another ranking (an embedding search, BM25), to render instead of this
     * map's own: only these files are listed, each with the definitions this map would pick.
     */
    fileOrder?: readonly string[];
  }): RenderedRepoMap;
  /** Every definition of one scanned file (relative path), in file order; `undefined` for other paths. */
  definitionsOf(path: string): Definition[] | undefined;
  /**
   * `result.symbols` one at a time, made as they are reached: for writing every definition of a
   * very large tree out without holding them all (`ctxkit map --json` does).
   */
  rankedSymbols(): Iterable<RankedDefinition>;
  /** How many definitions `result.symbols` lists, without making them. */
  readonly symbolCount: number;
}

/**
 * {@link buildRepoMap}, keeping the ranking so the map can be rendered again cheaply, e.g. without
 * the files a pack then shows in full.
 */
export async function buildRenderableRepoMap(options: BuildRepoMapOptions): Promise<RenderableRepoMap> {
  checkMapOptions(options);
  const mode = options.backgroundWalk ?? 'auto';
  const minCacheBytes = mode === 'always' ? 0 : mode === 'never' ? Number.POSITIVE_INFINITY : undefined;
  return buildWithWalker(options, walkInBackground, minCacheBytes);
}

/**
 * How a build walks the tree while it ranks the cached one: a function that starts the walk and
 * resolves to its result (`undefined` when it failed), or returns `undefined` when it cannot
 * start. The product uses a worker thread; tests pass a walk they control.
 */
export type BackgroundWalker = (request: WalkRequest) => Promise<WalkResult | undefined> | undefined;

/**
 * A cache smaller than this (a tree of about a thousand files) is read and ranked so fast that a
 * worker thread's start-up costs more than walking on this thread first. Without a cache there is
 * nothing to rank while walking either.
 */
export const BACKGROUND_WALK_MIN_CACHE_BYTES = 4 * 1024 * 1024;

function cacheBytes(directory: string, root: string): number {
  try {
    return statSync(cacheFilePath(directory, root)).size;
  } catch {
    return 0;
  }
}

/** {@link buildRenderableRepoMap} with the background walk supplied (for tests: `@ctxkit/repomap/internal`). */
export async function buildWithWalker(
  options: BuildRepoMapOptions,
  startWalk: BackgroundWalker,
  minCacheBytes = BACKGROUND_WALK_MIN_CACHE_BYTES,
): Promise<RenderableRepoMap> {
  const root = await resolveRoot(options.root);
  const cacheDirectory = cacheDirectoryOf(root, options);
  // On a warm build the cache almost always holds the answer and the walk only confirms it. So the
  // walk runs on another thread while this one ranks and renders the cached tree; the walk then
  // says whether that map stands. Same bytes either way: an unchanged tree is indexed from the
  // cache as it was loaded.
  const walking =
    cacheDirectory === undefined || cacheBytes(cacheDirectory, root) < Math.max(1, minCacheBytes)
      ? undefined
      : startWalk(walkRequestOf(root, options));
  if (walking) {
    const cached = await loadScanCache(cacheDirectory!, root, cacheMemoryOf(options));
    const guess =
      cached &&
      mapIndex(
        {
          root,
          index: cached.index,
          graph: cached.graph,
          skipped: [],
          unscanned: [],
          cache: { hits: 0, misses: 0 },
        },
        options,
      );
    const walked = await walking;
    if (walked) {
      if (cached && guess && walkMatchesCache(walked, cached)) {
        const served = indexFromCache(root, walked, cached);
        if (walked.files.length > 0) options.onProgress?.(walked.files.length, walked.files.length);
        guess.result.skipped = served.skipped;
        guess.result.unscanned = served.unscanned;
        guess.result.cache = served.cache;
        return guess;
      }
      return mapIndex(await indexRepository(options, { root, walked, cached }), options);
    }
  }
  return mapIndex(await indexRepository(options), options);
}

/** Per file, the signals that seeded it, in one fixed order. */
function reasonsByFile(ranking: FileRanking): Map<number, RankReason[]> {
  const reasons = new Map<number, RankReason[]>();
  for (const reason of SEED_SIGNALS) {
    for (const file of ranking.signals[reason].keys()) {
      const list = reasons.get(file);
      if (list) list.push(reason);
      else reasons.set(file, [reason]);
    }
  }
  return reasons;
}

/**
 * Every definition in rank order, each made from the columns as it is reached: a caller that
 * writes them out one by one never holds a kernel-sized tree's millions of them at once.
 */
function* rankedDefinitions(
  index: RepositoryIndex['index'],
  scored: ReturnType<typeof scoreSymbols>,
): Generator<RankedDefinition> {
  const paths = index.paths;
  const order = rankOrder(scored.scoreAll());
  for (let rank = 0; rank < order.length; rank++) {
    const position = order[rank]!;
    const doc = index.docs.at(position);
    yield {
      path: paths[scored.files[position]!]!,
      name: index.names[index.defName[position]!]!,
      kind: DEFINITION_KINDS[index.defKind[position]!]!,
      line: index.defLine[position]!,
      signature: index.signatures.at(position),
      ...(doc === '' ? {} : { doc }),
    };
  }
}

/**
 * Ranks and renders an indexed tree, the part of {@link buildRepoMap} after the scan: pure but for
 * reading the call-tier files' bodies.
 */
function mapIndex(scanned: RepositoryIndex, options: BuildRepoMapOptions): RenderableRepoMap {
  const { root, index } = scanned;
  const query = options.query?.trim() ? analyzeQuery(options.query) : undefined;
  const inPrompt = normalizePaths(root, options.filesInPrompt);
  const indexByPath = new Map(index.paths.map((path, file) => [path, file]));
  // A file whose body is already in the prompt is one the task is about.
  const focusPaths = new Set([...normalizePaths(root, options.focus), ...inPrompt]);
  const focus = fileIdsOf(indexByPath, focusPaths).sort((left, right) => left - right);

  const ranking = rankFiles({
    index,
    query,
    focus,
    ...(scanned.graph ? { graph: scanned.graph } : {}),
    ...(options.rankingPolicy ? { policy: options.rankingPolicy } : {}),
  });
  const calls = readCallFacts(root, index, ranking, query);
  const scored = scoreSymbols(index, ranking, query, calls);

  const tokenizer = options.tokenizer ?? createTokenizer();
  const budget = mapBudget(options.tokens ?? DEFAULT_MAP_TOKENS, inPrompt.length);
  const tree = rankedTreeOf(index, indexByPath, ranking, scored, tokenizer);
  const rendered = renderRankedTree(tree, budget, fileIdsOf(indexByPath, inPrompt));
  const result = mapResult(scanned, ranking, scored, rendered, budget);

  // What the build rendered for, so a later render shrinks the budget counting the build's own files.
  const built: BuiltFor = { root, inPrompt, tokens: options.tokens };
  return {
    result,
    get map() {
      return result.map;
    },
    get ranking() {
      return result.ranking;
    },
    render(renderOptions = {}) {
      return renderAgain(tree, built, renderOptions);
    },
    rankedSymbols: () => rankedDefinitions(index, scored),
    symbolCount: index.defName.length,
    definitionsOf(path) {
      const file = indexByPath.get(path);
      return file === undefined ? undefined : tree.reader.definitionsOf(file);
    },
  };
}

/** The file ids of those of `relativePaths` that are in the tree, in their order. */
function fileIdsOf(indexByPath: ReadonlyMap<string, number>, relativePaths: Iterable<string>): number[] {
  const ids: number[] = [];
  for (const path of relativePaths) {
    const file = indexByPath.get(path);
    if (file !== undefined) ids.push(file);
  }
  return ids;
}

/**
 * The call tier's facts, when the task spells a name as code (nothing seeds the tier otherwise).
 * Of the files the map will list, only those defining a seed are read, the shell's one I/O after
 * the scan; a file that cannot be read has no call facts.
 */
function readCallFacts(
  root: string,
  index: TreeIndex,
  ranking: FileRanking,
  query: QueryAnalysis | undefined,
): CallFacts | undefined {
  if (!query || codeSpelledNames(query).length === 0) return undefined;
  const callFiles = callTierFiles(index, ranking.order);
  if (callFiles.length === 0) return undefined;
  const readText = (file: number) => {
    try {
      return readFileSync(join(root, index.paths[file]!), 'utf8');
    } catch {
      return undefined;
    }
  };
  return collectCallFacts(index, callFiles, readText, callSeedName(index, query));
}

/**
 * The files the call tier looks at: the ranking's first CALL_TIER_FILES that have definitions,
 * i.e. the files the map will list.
 */
function callTierFiles(index: TreeIndex, order: readonly number[]): number[] {
  const files: number[] = [];
  for (const file of order) {
    if (files.length >= CALL_TIER_FILES) break;
    if (index.defStart[file + 1]! > index.defStart[file]!) files.push(file);
  }
  return files;
}

/** What renders a build's ranking: made once per build, shared by its first render and every later one. */
interface RankedTree {
  /** Relative paths by file id. */
  readonly paths: readonly string[];
  readonly indexByPath: ReadonlyMap<string, number>;
  readonly scored: ScoredSymbols;
  /** File ids, best first. */
  readonly order: readonly number[];
  /** Each file's position in `order`, by path. */
  readonly fileRank: ReadonlyMap<string, number>;
  /** 1 by file id for a file without definitions that the map lists by its path alone. */
  readonly listedByPath: Uint8Array;
  /** Definitions become objects only for the few files that make it into the map. */
  readonly reader: DefinitionReader;
  readonly tokenizer: Tokenizer;
}

function rankedTreeOf(
  index: TreeIndex,
  indexByPath: ReadonlyMap<string, number>,
  ranking: FileRanking,
  scored: ScoredSymbols,
  tokenizer: Tokenizer,
): RankedTree {
  const { paths } = index;
  return {
    paths,
    indexByPath,
    scored,
    order: ranking.order,
    fileRank: new Map(ranking.order.map((file, position) => [paths[file]!, position])),
    // A file without definitions is listed by its path when no scanner of its language exists (the
    // generic scan finds no declarations); an empty file of a scanned language is not.
    listedByPath: Uint8Array.from(paths, (path) => (languageForPath(path) === undefined ? 1 : 0)),
    reader: new DefinitionReader(index),
    tokenizer,
  };
}

/**
 * The map of the ranked symbols outside `excluded` (file ids) under `budget` tokens: by default in
 * the tree's own ranking, or only the files of `order`, ranked by `rankOf`.
 */
function renderRankedTree(
  tree: RankedTree,
  budget: number,
  excluded: readonly number[],
  order: readonly number[] = tree.order,
  rankOf: ReadonlyMap<string, number> = tree.fileRank,
): RenderedMap {
  const { paths, scored, reader } = tree;
  const leftOut = new Uint8Array(paths.length);
  for (const file of excluded) leftOut[file] = 1;
  const available = countMapEntries(tree, leftOut);
  // renderRepoMap probes prefix lengths 16, 32, 64, … and then bisects. Cut at one of those
  // lengths, a list it renders completely is a list cut too short (ask again, larger), and a list
  // it does not is one whose probes and bisection were exactly those of the full list.
  for (let limit = FIRST_RENDER_CANDIDATES; ; limit *= RENDER_CANDIDATE_GROWTH) {
    const count = Math.min(limit, available);
    const top = selectMapSymbols(scored, order, count, leftOut, tree.listedByPath);
    const rendered = renderRepoMap({
      symbols: top.map((entry) => renderSymbolOf(tree, entry)),
      fileRank: rankOf,
      fileDefinitions: (path) => reader.definitionsOf(tree.indexByPath.get(path)!),
      budget,
      tokenizer: tree.tokenizer,
    });
    if (count === available || rendered.symbolCount < count) return rendered;
  }
}

/** How many entries the files not marked in `leftOut` can give the map. */
function countMapEntries(tree: RankedTree, leftOut: Uint8Array): number {
  const { fileStart } = tree.scored;
  let available = 0;
  for (let file = 0; file < tree.paths.length; file++) {
    if (leftOut[file] === 1) continue;
    const symbols = fileStart[file + 1]! - fileStart[file]!;
    // A file listed by its path alone is one entry.
    available += symbols === 0 ? tree.listedByPath[file]! : symbols;
  }
  return available;
}

/** One entry of {@link selectMapSymbols} as the renderer takes it: a symbol position, or `-1 - file`. */
function renderSymbolOf(tree: RankedTree, entry: number): RenderSymbol {
  if (entry < 0) return { path: tree.paths[-1 - entry]! };
  const file = tree.scored.files[entry]!;
  return { path: tree.paths[file]!, definition: tree.reader.definitionAt(file, entry) };
}

/** The result of a build; its `symbols` are made on first access (see {@link RepoMapResult.symbols}). */
function mapResult(
  scanned: RepositoryIndex,
  ranking: FileRanking,
  scored: ScoredSymbols,
  rendered: RenderedMap,
  budget: number,
): RepoMapResult {
  const { root, index } = scanned;
  const reasons = reasonsByFile(ranking);
  let symbols: RankedDefinition[] | undefined;
  return {
    root,
    files: index.paths.length,
    ranking: ranking.order.map((file) => {
      const entry: RankedFile = { path: index.paths[file]!, score: roundScore(ranking.scores[file]!) };
      const why = reasons.get(file);
      if (why) entry.reasons = why;
      return entry;
    }),
    get symbols() {
      symbols ??= Array.from(rankedDefinitions(index, scored));
      return symbols;
    },
    map: rendered.text,
    tokens: rendered.tokens,
    budget,
    skipped: scanned.skipped,
    unscanned: scanned.unscanned,
    cache: scanned.cache,
  };
}

/** What a build rendered for: its root, its files in the prompt (normalized) and its `tokens` option. */
interface BuiltFor {
  readonly root: string;
  readonly inPrompt: readonly string[];
  readonly tokens: number | undefined;
}

/** {@link RenderableRepoMap.render}: the build's ranking rendered again. */
function renderAgain(
  tree: RankedTree,
  built: BuiltFor,
  renderOptions: NonNullable<Parameters<RenderableRepoMap['render']>[0]>,
): RenderedRepoMap {
  checkNumber('render', 'tokens', renderOptions.tokens, 0);
  checkStrings('render', 'filesInPrompt', renderOptions.filesInPrompt);
  checkStrings('render', 'exclude', renderOptions.exclude);
  checkStrings('render', 'fileOrder', renderOptions.fileOrder);
  const { root } = built;
  const nowInPrompt = new Set([...built.inPrompt, ...normalizePaths(root, renderOptions.filesInPrompt)]);
  const tokens = Math.max(
    0,
    Math.floor(renderOptions.tokens ?? mapBudget(built.tokens ?? DEFAULT_MAP_TOKENS, nowInPrompt.size)),
  );
  const excluded = new Set([...nowInPrompt, ...normalizePaths(root, renderOptions.exclude)]);
  const again = renderOptions.fileOrder
    ? renderInFileOrder(tree, root, tokens, excluded, renderOptions.fileOrder)
    : renderRankedTree(tree, tokens, fileIdsOf(tree.indexByPath, excluded));
  return { map: again.text, tokens: again.tokens, budget: tokens };
}

/**
 * The map of another ranking of the same tree (an embedding search, BM25): only the files
 * `fileOrder` lists (relative to `root` or absolute), in its order, none of `excluded`.
 */
function renderInFileOrder(
  tree: RankedTree,
  root: string,
  tokens: number,
  excluded: Iterable<string>,
  fileOrder: readonly string[],
): RenderedMap {
  const { paths, indexByPath } = tree;
  const listedPaths = new Set(fileOrder.map((path) => relativePosixPath(root, resolve(root, path))));
  const order = fileIdsOf(indexByPath, listedPaths);
  const rankOf = new Map(order.map((file, position) => [paths[file]!, position]));
  const listed = new Uint8Array(paths.length);
  for (const file of order) listed[file] = 1;
  const unlisted = fileIdsOf(indexByPath, excluded);
  for (let file = 0; file < paths.length; file++) if (listed[file] === 0) unlisted.push(file);
  return renderRankedTree(tree, tokens, unlisted, order, rankOf);
}
