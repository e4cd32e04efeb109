/**
 * Ranking: files by personalized PageRank over the reference graph, seeded by what the task names
 * (focus files, mentioned paths and modules, defined identifiers, matching vocabulary); then
 * symbols by their file's rank, query-match strength, reference count and kind weight, with
 * deterministic path/line/name tie-breaks. Pure: same input, same order, same scores.
 */
import { buildReferenceGraph, type NeutralGraph } from './graph.js';
import { matchPathMentions } from './mentions.js';
import { personalizedPageRank } from './pagerank.js';
import { pathNameSeeds } from './path-name-seeds.js';
import { type QueryAnalysis, splitIdentifier } from './query.js';
import { rankOrder } from './rank-order.js';
import {
  AUXILIARY_FILE_MULTIPLIER,
  BM25_B,
  BM25_K1,
  CALLER_SHARE,
  CASE_INSENSITIVE_MATCH,
  KIND_WEIGHTS,
  PATH_SUBWORD_OCCURRENCES,
  QUERY_MATCH_MULTIPLIER,
  SCOPE_MATCH_BONUS,
  SEED_SHARES,
  SEEDED_DAMPING,
  SUBWORD_MATCH,
  UNSEEDED_DAMPING,
} from './ranking-policy.js';
import {
  DEFINITION_KINDS,
  type Definers,
  indexPostings,
  NO_SCOPE,
  perIndex,
  type TreeIndex,
} from './tree-index.js';
import { definitionFiles, definitionUsageWeights, pathVocabulary } from './tree-statics.js';
import type { DefinitionKind } from './types.js';
import { wordPrefilter } from './word-filter.js';

/** Input to {@link rankFiles}: the tree's files in path order. */
export interface RankFilesInput {
  /** The scanned tree; its file ids (indices of its sorted paths) are file ids everywhere. */
  index: TreeIndex;
  /** The tree's task-independent graph, if cached: only the rows the task changes are recomputed. */
  graph?: NeutralGraph;
  /** The analyzed task text, if any. */
  query?: QueryAnalysis;
  /** Focus file ids (sorted, unique). */
  focus?: readonly number[];
  /** Overrides of the ranking policy, for ablations and experiments; the defaults are the product. */
  policy?: RankingOverrides;
}

/** The knobs of file ranking an ablation can turn, each defaulting to its constant in `ranking-policy.ts`. */
export interface RankingOverrides {
  /** Shares of the task's seed signals (0 turns a signal off); unnamed ones keep their default. */
  shares?: Partial<Record<keyof typeof SEED_SHARES, number>>;
  seededDamping?: number;
  callerShare?: number;
  auxiliaryMultiplier?: number;
}

/** Scores for every file (same indices as the input) and the ids in rank order. */
export interface FileRanking {
  scores: Float64Array;
  order: number[];
  /** Which files define each name (for symbol ranking). */
  definers: Definers;
  /** By name id: occurrences across all files of a defined name (for symbol ranking). */
  referenceTotals: Float64Array;
  /** Each task signal's normalized seed weights by file id, for explaining a ranking. */
  signals: Record<keyof typeof SEED_SHARES, Map<number, number>>;
  /** The task's names in this tree, found in one pass for the symbol scoring to reuse. */
  taskNames?: TaskNames;
}

/**
 * What one pass over a tree's names finds for a task: the ids of the identifiers it spells, and
 * which names may share a word with it (a superset of every name a task signal can match).
 */
export interface TaskNames {
  /** Task identifier → name id, for the identifiers that occur in the tree. */
  identifierIds: ReadonlyMap<string, number>;
  /** By name id: 1 if the name holds one of the task's words or identifiers in some case. */
  candidates: Uint8Array;
}

/**
 * One prefilter over every name of the tree serves the vocabulary seeds, the identifier lookup
 * and the symbol scoring (each then decides exactly on the few candidates). Exact: an identifier
 * contains itself, and a subword is an ASCII run of the name (see `splitIdentifier`).
 */
export function findTaskNames(index: TreeIndex, query: QueryAnalysis): TaskNames {
  const identifiers = new Set(query.identifiers.map((identifier) => identifier.name));
  const mayMatch = wordPrefilter([...identifiers, ...query.subwords.map(([word]) => word)]);
  const { names } = index;
  const candidates = new Uint8Array(names.length);
  const identifierIds = new Map<string, number>();
  for (let id = 0; id < names.length; id++) {
    const name = names[id]!;
    if (!mayMatch.test(name)) continue;
    candidates[id] = 1;
    if (identifiers.has(name) && !identifierIds.has(name)) identifierIds.set(name, id);
  }
  return { identifierIds, candidates };
}

/** Whether `path` is a test, example, documentation or benchmark file rather than product code. */
export function isAuxiliaryPath(path: string): boolean {
  const segments = path.toLowerCase().split('/');
  const name = segments[segments.length - 1] ?? '';
  for (const directory of segments.slice(0, -1)) {
    if (
      /^(?:tests?|testing|__tests__|spec|specs|test_?utils|e2e|fixtures?|__fixtures__|examples?|docs?|documentation|benchmarks?|bench)$/.test(
        directory,
      )
    ) {
      return true;
    }
  }
  return /^(?:test_.*|.*_test\.\w+|.*_tests\.\w+|.*\.(?:test|spec)\.\w+|conftest\.py|tests?\.\w+)$/.test(
    name,
  );
}

function normalize(weights: Map<number, number>): Map<number, number> {
  let total = 0;
  for (const key of [...weights.keys()].sort((left, right) => left - right)) total += weights.get(key)!;
  if (total <= 0) return new Map();
  const result = new Map<number, number>();
  for (const [key, value] of weights) if (value > 0) result.set(key, value / total);
  return result;
}

/**
 * Files that define identifiers the task names. An identifier's pull is its weight in the text
 * times its specificity in this tree (inverse document frequency over the files that use it: a name
 * every file uses, like `name` or `get`, locates nothing) times the kind of its definition.
 */
function definitionSeeds(
  query: QueryAnalysis,
  index: TreeIndex,
  definers: Definers,
  ids: ReadonlyMap<string, number>,
): Map<number, number> {
  const fileCount = index.paths.length;
  // Users of a name: the files referencing it.
  const postings = indexPostings(index);
  const seeds = new Map<number, number>();
  for (const identifier of query.identifiers) {
    const id = ids.get(identifier.name);
    if (id === undefined) continue;
    const first = definers.start[id]!;
    const definingFiles = definers.start[id + 1]! - first;
    if (definingFiles === 0) continue;
    const users = postings.start[id + 1]! - postings.start[id]!;
    const specificity = Math.log((fileCount + 1) / (users + 1));
    if (specificity <= 0) continue;
    // Defined in one file, a name points at it; defined in n files it is ambiguous (split n ways)
    // and less specific (worth 1/n in total), so each definer gets weight / n².
    const share = (identifier.weight * specificity) / (definingFiles * definingFiles);
    for (let definer = first; definer < first + definingFiles; definer++) {
      const file = definers.files[definer]!;
      let kind = 0;
      for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++) {
        if (index.defName[position] !== id) continue;
        const kindName = DEFINITION_KINDS[index.defKind[position]!]!;
        // A plain prose word (`max`, `option`) that happens to name a member says nothing: member
        // names are reused by every type, and prose words collide with them by chance. Written as
        // code, it is the author pointing at that member.
        if (!identifier.marked && MEMBER_KINDS.has(kindName)) continue;
        kind = Math.max(kind, KIND_WEIGHTS[kindName]);
      }
      if (kind > 0) seeds.set(file, (seeds.get(file) ?? 0) + share * kind);
    }
  }
  return seeds;
}

/** Kinds that belong to an enclosing type: their bare name is ambiguous across a tree. */
const MEMBER_KINDS: ReadonlySet<DefinitionKind> = new Set(['method', 'property', 'field', 'constructor']);

/** Per file, 1 if it is a test, example, doc or benchmark file (see isAuxiliaryPath). */
const auxiliaryOf = perIndex((index) =>
  Uint8Array.from(index.paths, (path) => (isAuxiliaryPath(path) ? 1 : 0)),
);

/** The tree's paths as vocabulary documents (see vocabularySeeds). */
const pathVocabularyOf = perIndex((index) => pathVocabulary(index, PATH_SUBWORD_OCCURRENCES));

/** BM25 of each file's identifier subwords (plus its path's) against the task's subwords. */
function vocabularySeeds(
  query: QueryAnalysis,
  index: TreeIndex,
  candidates: Uint8Array,
): Map<number, number> {
  const seeds = new Map<number, number>();
  if (query.subwords.length === 0) return seeds;
  const { paths, names } = index;
  const fileCount = paths.length;
  const wanted = new Map(query.subwords);
  // Words by index in sorted order: scores are summed in this order, so they are reproducible.
  const words = [...wanted.keys()].sort();
  const wordIds = new Map(words.map((word, id) => [word, id]));
  const wordCount = words.length;
  // The task's words in each name, as word ids (repeats kept), packed: `nameWords[id]` is the
  // offset of a count followed by that many word ids, or -1. Most identifiers share no subword with
  // the task and are not candidates (see findTaskNames), so only the few others are split.
  const nameWords = new Int32Array(names.length).fill(-1);
  const packed: number[] = [];
  const matched: number[] = [];
  for (let id = 0; id < names.length; id++) {
    if (candidates[id] === 0) continue;
    const found = splitIdentifier(names[id]!).filter((word) => wordIds.has(word));
    if (found.length === 0) continue;
    matched.push(id);
    nameWords[id] = packed.length;
    packed.push(found.length, ...found.map((word) => wordIds.get(word)!));
  }
  const packedWords = Int32Array.from(packed);
  // Per file and word: occurrences (file-major); per word: how many files have it. Identifier
  // occurrences come from the postings of the few names holding a task word; path subwords from
  // each distinct segment's split, matched once per segment.
  const frequencies = new Int32Array(fileCount * wordCount);
  const postings = indexPostings(index);
  for (const id of matched) {
    const offset = nameWords[id]!;
    const end = offset + 1 + packedWords[offset]!;
    for (let at = postings.start[id]!; at < postings.start[id + 1]!; at++) {
      const row = postings.files[at]! * wordCount;
      const count = postings.counts[at]!;
      for (let word = offset + 1; word < end; word++) frequencies[row + packedWords[word]!]! += count;
    }
  }
  const { segmentWords, segmentStart, segmentIds, lengths } = pathVocabularyOf(index);
  const segmentFound = segmentWords.map((split) =>
    split.filter((word) => wordIds.has(word)).map((word) => wordIds.get(word)!),
  );
  const documentFrequency = new Int32Array(wordCount);
  for (let file = 0; file < fileCount; file++) {
    const row = file * wordCount;
    for (let at = segmentStart[file]!; at < segmentStart[file + 1]!; at++) {
      for (const word of segmentFound[segmentIds[at]!]!) frequencies[row + word]! += PATH_SUBWORD_OCCURRENCES;
    }
    for (let word = 0; word < wordCount; word++) if (frequencies[row + word]! > 0) documentFrequency[word]!++;
  }
  let totalLength = 0;
  for (const length of lengths) totalLength += length;
  const averageLength = totalLength / Math.max(1, fileCount) || 1;
  for (let file = 0; file < fileCount; file++) {
    const row = file * wordCount;
    let score = 0;
    for (let word = 0; word < wordCount; word++) {
      const frequency = frequencies[row + word]!;
      if (!frequency) continue;
      const documents = documentFrequency[word]!;
      const idf = Math.log(1 + (fileCount - documents + 0.5) / (documents + 0.5));
      const saturation =
        (frequency * (BM25_K1 + 1)) /
        (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * lengths[file]!) / averageLength));
      score += idf * saturation * (1 + Math.log(wanted.get(words[word]!)!));
    }
    // Squared: vocabulary overlap is diffuse, and only its clear leaders should pull the walk.
    if (score > 0) seeds.set(file, score * score);
  }
  return seeds;
}

/** Ranks the files of a tree for a task (or, without one, by plain reference centrality). */
export function rankFiles(input: RankFilesInput): FileRanking {
  const { index, query } = input;
  const { paths } = index;
  const fileCount = paths.length;
  const overrides = input.policy ?? {};
  const policy = {
    shares: { ...SEED_SHARES, ...overrides.shares },
    seededDamping: overrides.seededDamping ?? SEEDED_DAMPING,
    callerShare: overrides.callerShare ?? CALLER_SHARE,
    auxiliaryMultiplier: overrides.auxiliaryMultiplier ?? AUXILIARY_FILE_MULTIPLIER,
  };
  const focus = input.focus ?? [];
  const taskIdentifiers = new Set(query?.identifiers.map((identifier) => identifier.name));
  // Found once: the graph, the definition and vocabulary seeds and the symbol scores all need them.
  const taskNames = query ? findTaskNames(index, query) : undefined;
  const taskIdentifierIds = taskNames?.identifierIds ?? new Map<string, number>();
  const graph = buildReferenceGraph(
    index,
    { taskIdentifiers, taskIdentifierIds, focusFiles: new Set(focus) },
    input.graph,
  );

  const signals: FileRanking['signals'] = {
    focus: normalize(new Map(focus.map((file) => [file, 1]))),
    pathMention: normalize(query ? matchPathMentions(paths, query.paths) : new Map()),
    definition: normalize(
      query ? definitionSeeds(query, index, graph.definers, taskIdentifierIds) : new Map(),
    ),
    vocabulary: normalize(
      query && taskNames ? vocabularySeeds(query, index, taskNames.candidates) : new Map(),
    ),
    pathName: normalize(query ? pathNameSeeds(paths, query) : new Map()),
  };
  const seeds = new Float64Array(fileCount);
  let seeded = false;
  for (const signal of ['focus', 'pathMention', 'definition', 'vocabulary', 'pathName'] as const) {
    for (const [file, weight] of signals[signal]) {
      seeds[file]! += policy.shares[signal] * weight;
      seeded = true;
    }
  }

  let personalization: Float64Array | undefined;
  if (seeded) {
    // Files the task names explicitly (focus, mentioned paths) also seed their users: a change to
    // them is often made, or felt, where they are called or subclassed. Fuzzy seeds (vocabulary,
    // definitions) do not, or hub files that call everything would collect all of their mass.
    personalization = Float64Array.from(seeds);
    const explicit = new Float64Array(fileCount);
    for (const signal of ['focus', 'pathMention'] as const) {
      for (const [file, weight] of signals[signal]) explicit[file]! += policy.shares[signal] * weight;
    }
    const { sources, targets, weights } = graph.edges;
    const incoming = new Float64Array(fileCount);
    for (let edge = 0; edge < targets.length; edge++) incoming[targets[edge]!]! += weights[edge]!;
    for (let edge = 0; edge < targets.length; edge++) {
      const seed = explicit[targets[edge]!]!;
      if (seed > 0) {
        personalization[sources[edge]!]! +=
          (policy.callerShare * seed * weights[edge]!) / incoming[targets[edge]!]!;
      }
    }
  }
  const rank = personalizedPageRank(fileCount, graph.edges, personalization, {
    damping: seeded ? policy.seededDamping : UNSEEDED_DAMPING,
  });
  const scores = new Float64Array(fileCount);
  const auxiliary = auxiliaryOf(index);
  for (let file = 0; file < fileCount; file++) {
    scores[file] = rank[file]! * (auxiliary[file] ? policy.auxiliaryMultiplier : 1);
  }
  const order = Array.from(rankOrder(scores));
  return {
    scores,
    order,
    signals,
    definers: graph.definers,
    referenceTotals: graph.referenceTotals,
    ...(taskNames ? { taskNames } : {}),
  };
}

/**
 * Query-match strength of a name in [0, 1]: exact, then case-insensitive, then the share of its
 * subwords the task has (a definition scoped by a name the task spells gets SCOPE_MATCH_BONUS
 * more, see scoreSymbols). Called only for names that passed the task's word prefilter (findTaskNames).
 */
function nameMatchStrength(
  name: string,
  exact: ReadonlySet<string>,
  lowerCase: ReadonlySet<string>,
  subwords: ReadonlySet<string>,
): number {
  if (exact.has(name)) return 1;
  const lower = name.toLowerCase();
  if (lowerCase.has(lower)) return CASE_INSENSITIVE_MATCH;
  const words = splitIdentifier(name);
  if (words.length === 0) return 0;
  const shared = words.filter((word) => subwords.has(word)).length;
  return (SUBWORD_MATCH * shared) / words.length;
}

/**
 * The score of every definition of a tree, by position (the index's definition order: by file id,
 * then as they appear in the file). Position breaks ties of equal scores, which is the (file, line,
 * name) tie-break as one integer comparison. Parallel arrays, so scoring a large tree allocates no
 * object per symbol.
 *
 * Scores are computed file by file when asked: a map shows definitions of its first files only
 * (see `selectMapSymbols`), of a tree's hundreds of thousands.
 */
export interface ScoredSymbols {
  /** File id of the symbol at each position. */
  readonly files: Int32Array;
  /** File `f`'s symbols are the positions `fileStart[f] ≤ p < fileStart[f + 1]`. */
  readonly fileStart: Int32Array;
  /** Scores by position: those of a file are set once {@link scoreFile} ran for it. */
  readonly scores: Float64Array;
  /** Computes the scores of `file`'s symbols (once; later calls return at once). */
  scoreFile(file: number): void;
  /** Computes every score and returns them all. */
  scoreAll(): Float64Array;
}

/** Lazily scored symbols: `score(file, scores)` writes the scores of `file`'s positions. */
export function lazyScoredSymbols(
  files: Int32Array,
  fileStart: Int32Array,
  score: (file: number, scores: Float64Array) => void,
): ScoredSymbols {
  const fileCount = fileStart.length - 1;
  const scores = new Float64Array(files.length);
  const done = new Uint8Array(fileCount);
  const scoreFile = (file: number) => {
    if (done[file]) return;
    done[file] = 1;
    score(file, scores);
  };
  return {
    files,
    fileStart,
    scores,
    scoreFile,
    scoreAll() {
      for (let file = 0; file < fileCount; file++) scoreFile(file);
      return scores;
    },
  };
}

/** Kind weights by kind code (one array, so per-index weights derived from it can be kept). */
const KIND_WEIGHT_BY_CODE = Float64Array.from(DEFINITION_KINDS, (kind) => KIND_WEIGHTS[kind]);

/**
 * Scores the definitions of the index (see {@link ScoredSymbols} for the order they imply), file
 * by file as they are asked for. `ranking` must come from {@link rankFiles} over the same index.
 */
export function scoreSymbols(
  index: TreeIndex,
  ranking: Pick<FileRanking, 'scores' | 'referenceTotals' | 'taskNames'>,
  query?: QueryAnalysis,
): ScoredSymbols {
  const { scores: fileScores, referenceTotals } = ranking;
  const { names, defStart, defName, defKind, defScope } = index;
  const usage = definitionUsageWeights(index, referenceTotals);
  const exact = new Set(query?.identifiers.map((identifier) => identifier.name));
  const lowerCase = new Set([...exact].map((name) => name.toLowerCase()));
  const subwords = new Set(query?.subwords.map(([word]) => word));
  // A name that is not a candidate contains none of these in any case and so matches nothing (see
  // nameMatchStrength); a scope matters when it is a name the task spells exactly.
  const taskNames = query ? (ranking.taskNames ?? findTaskNames(index, query)) : undefined;
  const exactIds = new Uint8Array(taskNames ? names.length : 0);
  for (const id of taskNames?.identifierIds.values() ?? []) exactIds[id] = 1;
  // Names repeat across a tree (`String`, `__init__`, `New`): their match strength is computed once
  // per name id (NaN until then).
  const nameStrengths = new Float64Array(taskNames ? names.length : 0).fill(Number.NaN);
  const kindWeights = KIND_WEIGHT_BY_CODE;
  return lazyScoredSymbols(definitionFiles(index), defStart, (file, scores) => {
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      const id = defName[position]!;
      let match = 0;
      if (taskNames) {
        let strength = nameStrengths[id]!;
        if (Number.isNaN(strength)) {
          strength = taskNames.candidates[id] ? nameMatchStrength(names[id]!, exact, lowerCase, subwords) : 0;
          nameStrengths[id] = strength;
        }
        const scope = defScope[position]!;
        match =
          scope !== NO_SCOPE && exactIds[scope] === 1 ? Math.min(1, strength + SCOPE_MATCH_BONUS) : strength;
      }
      scores[position] =
        fileScores[file]! *
        kindWeights[defKind[position]!]! *
        (1 + (QUERY_MATCH_MULTIPLIER - 1) * match) *
        usage[position]!;
    }
  });
}

/** Sorts symbol positions into rank order: score descending, then position. */
export function sortSymbolPositions(scored: ScoredSymbols, positions: number[]): number[] {
  const { scores } = scored;
  return positions.sort((left, right) => scores[right]! - scores[left]! || left - right);
}
