/**
 * Symbol scoring: each definition by its file's rank, how well its name matches the task, how much
 * the tree uses it and its kind, computed lazily file by file. Position breaks ties, so the order is
 * deterministic.
 */
import type { CallFacts } from './call-facts.js';
import { definitionUsageWeights } from './index-facts.js';
import { codeSpelledNames, type QueryAnalysis, splitIdentifier } from './query.js';
import { type FileRanking, rankFiles } from './rank-files.js';
import {
  CALL_NAME_MAX_FILES,
  CALL_SEED_MIN_MATCH,
  CASE_INSENSITIVE_MATCH,
  DATA_MEMBER_KINDS,
  KIND_WEIGHTS,
  QUERY_MATCH_MULTIPLIER,
  SCOPE_MATCH_BONUS,
  SUBWORD_MATCH,
  SYMBOL_TIERS,
} from './ranking-policy.js';
import { findTaskNames } from './task-names.js';
import { DEFINITION_KINDS, NO_SCOPE, type TreeIndex } from './tree-index.js';

/** The task names a definition's name is matched against: as spelled, lower-cased, and their subwords. */
interface MatchSets {
  exact: ReadonlySet<string>;
  lowerCase: ReadonlySet<string>;
  subwords: ReadonlySet<string>;
}

/** The match sets of `identifiers` (task names), with those of the task's subwords they contain. */
function matchSets(identifiers: readonly string[], query: QueryAnalysis | undefined): MatchSets {
  const theirs = new Set(identifiers.flatMap((name) => splitIdentifier(name)));
  return {
    exact: new Set(identifiers),
    lowerCase: new Set(identifiers.map((name) => name.toLowerCase())),
    subwords: new Set(query?.subwords.map(([word]) => word).filter((word) => theirs.has(word))),
  };
}

/**
 * Query-match strength of a name in [0, 1]: exact, then case-insensitive, then the share of its
 * subwords the task has (a definition scoped by a name the task spells gets SCOPE_MATCH_BONUS
 * more, see scoreSymbols). Called only for names that passed the task's word prefilter (findTaskNames).
 */
function nameMatchStrength(name: string, { exact, lowerCase, subwords }: MatchSets): number {
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
  /**
   * Tiers by position (see SYMBOL_TIERS), set with the scores: within a file, a higher tier comes
   * first whatever the scores. Scores alone order definitions across files.
   */
  readonly tiers: Uint8Array;
  /** Computes the scores of `file`'s symbols (once; later calls return at once). */
  scoreFile(file: number): void;
  /** Computes every score and returns them all. */
  scoreAll(): Float64Array;
}

/**
 * Lazily scored symbols: `score(file, scores, tiers)` writes the scores (and tiers, all
 * SYMBOL_TIERS.other until then) of `file`'s positions.
 */
export function lazyScoredSymbols(
  files: Int32Array,
  fileStart: Int32Array,
  score: (file: number, scores: Float64Array, tiers: Uint8Array) => void,
): ScoredSymbols {
  const fileCount = fileStart.length - 1;
  const scores = new Float64Array(files.length);
  const tiers = new Uint8Array(files.length);
  const done = new Uint8Array(fileCount);
  const scoreFile = (file: number) => {
    if (done[file]) return;
    done[file] = 1;
    score(file, scores, tiers);
  };
  return {
    files,
    fileStart,
    scores,
    tiers,
    scoreFile,
    scoreAll() {
      for (let file = 0; file < fileCount; file++) scoreFile(file);
      return scores;
    },
  };
}

/** Kind weights by kind code (one array, so per-index weights derived from it can be kept). */
const KIND_WEIGHT_BY_CODE = Float64Array.from(DEFINITION_KINDS, (kind) => KIND_WEIGHTS[kind]);
/** 1 for the kind codes of data members (see DATA_MEMBER_KINDS). */
const IS_DATA_MEMBER = Uint8Array.from(DEFINITION_KINDS, (kind) => (DATA_MEMBER_KINDS.has(kind) ? 1 : 0));

/**
 * Scores the definitions of the index (see {@link ScoredSymbols} for the order they imply), file
 * by file as they are asked for. `ranking` must come from {@link rankFiles} over the same index.
 * With `calls`, the definitions of those files that call or are called by a task-matched one get
 * the call tier (see SYMBOL_TIERS).
 */
export function scoreSymbols(
  index: TreeIndex,
  ranking: Pick<FileRanking, 'scores' | 'referenceTotals' | 'taskNames'>,
  query?: QueryAnalysis,
  calls?: CallFacts,
): ScoredSymbols {
  const { scores: fileScores, referenceTotals } = ranking;
  const { names, defStart, defName, defKind, defScope } = index;
  const usage = definitionUsageWeights(index, referenceTotals);
  const all = matchSets(query?.identifiers.map((identifier) => identifier.name) ?? [], query);
  // A field or variable matched only by an ordinary word of the task's prose (`path`, `max`,
  // `name`) is a coincidence far more often than a pointer, so data members match code-spelled
  // task names only: they then come after the file's referenced definitions, not before them.
  const code = matchSets(query ? codeSpelledNames(query) : [], query);
  // A name that is not a candidate contains none of these in any case and so matches nothing (see
  // nameMatchStrength); a scope matters when it is a name the task spells exactly.
  const taskNames = query ? (ranking.taskNames ?? findTaskNames(index, query)) : undefined;
  const exactIds = new Uint8Array(taskNames ? names.length : 0);
  for (const id of taskNames?.identifierIds.values() ?? []) exactIds[id] = 1;
  // Names repeat across a tree (`String`, `__init__`, `New`): their match strength is computed once
  // per name id (NaN until then).
  const nameStrengths = new Float64Array(taskNames ? names.length : 0).fill(Number.NaN);
  const codeStrengths = new Float64Array(taskNames ? names.length : 0).fill(Number.NaN);
  const kindWeights = KIND_WEIGHT_BY_CODE;
  // How well a name matches the task's code-spelled names alone: what makes a definition
  // task-matched (SYMBOL_TIERS), unlike a match on a plain word of its prose.
  const codeStrength = (id: number) => {
    let strength = codeStrengths[id]!;
    if (Number.isNaN(strength)) {
      strength = taskNames?.candidates[id] ? nameMatchStrength(names[id]!, code) : 0;
      codeStrengths[id] = strength;
    }
    return strength;
  };
  const codeScopes = new Uint8Array(exactIds.length);
  for (const name of code.exact) {
    const id = taskNames?.identifierIds.get(name);
    if (id !== undefined) codeScopes[id] = 1;
  }
  const called = taskNames && calls ? callTierPositions(index, calls, codeStrength) : undefined;
  return lazyScoredSymbols(index.facts.definitionFiles, defStart, (file, scores, tiers) => {
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      const id = defName[position]!;
      let match = 0;
      if (taskNames) {
        const dataMember = IS_DATA_MEMBER[defKind[position]!] === 1;
        const cache = dataMember ? codeStrengths : nameStrengths;
        let strength = cache[id]!;
        if (Number.isNaN(strength)) {
          strength = taskNames.candidates[id] ? nameMatchStrength(names[id]!, dataMember ? code : all) : 0;
          cache[id] = strength;
        }
        const scope = defScope[position]!;
        match =
          scope !== NO_SCOPE && exactIds[scope] === 1 ? Math.min(1, strength + SCOPE_MATCH_BONUS) : strength;
        // A member of a class the task spells as code counts as matched, as its score says.
        if (codeStrength(id) > 0 || (scope !== NO_SCOPE && codeScopes[scope] === 1))
          tiers[position] = SYMBOL_TIERS.taskMatched;
        else if (called?.has(position)) tiers[position] = SYMBOL_TIERS.calls;
      }
      scores[position] =
        fileScores[file]! *
        kindWeights[defKind[position]!]! *
        (1 + (QUERY_MATCH_MULTIPLIER - 1) * match) *
        usage[position]!;
    }
  });
}

/**
 * Whether a name (by id) may seed the call tier: it equals, in any case, a name the task spells as
 * code — the match CALL_SEED_MIN_MATCH asks of a seed (subword matches stay below it). The shell
 * reads only the bodies of files defining such a name (see `collectCallFacts`).
 */
export function callSeedName(index: TreeIndex, query: QueryAnalysis): (nameId: number) => boolean {
  const code = new Set(codeSpelledNames(query).map((name) => name.toLowerCase()));
  return (nameId) => code.has(index.names[nameId]!.toLowerCase());
}

/**
 * The positions in the call files that call, or are called by, a definition there whose name the
 * task spells as code (at least CALL_SEED_MIN_MATCH): a callee is named in such a definition's
 * body, in any of the files; a caller names one in its body, in that definition's own file. A
 * task-named function is called from all over a tree (tests, helpers, plugins), so callers
 * elsewhere are the broadest and least telling set; on the development set they cost a listed
 * gold file at 1,024 tokens and a named gold definition at 4,096 (see the repomap README). Data
 * members are left out: a body's `name` or `path` is a local far more often than the field of that
 * name. Names, not resolved references, so a call of another class's method of the same name
 * counts too; the files are few and CALL_NAME_MAX_FILES drops the common names.
 */
function callTierPositions(
  index: TreeIndex,
  calls: CallFacts,
  codeStrength: (id: number) => number,
): Set<number> {
  const { defStart, defName, defKind, names } = index;
  const seeds = new Set<number>();
  const callees = new Set<string>();
  // A name many of the files define (`__init__`, `get`, `run`) links everything to everything.
  const definers = new Map<string, number>();
  for (const file of calls.files) {
    const defined = new Set<string>();
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      defined.add(names[defName[position]!]!);
      if (codeStrength(defName[position]!) < CALL_SEED_MIN_MATCH) continue;
      seeds.add(position);
      for (const name of calls.bodies.get(position) ?? []) callees.add(name);
    }
    for (const name of defined) definers.set(name, (definers.get(name) ?? 0) + 1);
  }
  const positions = new Set<number>();
  if (seeds.size === 0) return positions;
  const specific = (name: string) => (definers.get(name) ?? 0) <= CALL_NAME_MAX_FILES;
  for (const file of calls.files) {
    const seedNames: string[] = [];
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      const name = names[defName[position]!]!;
      if (seeds.has(position) && specific(name)) seedNames.push(name);
    }
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      if (seeds.has(position) || IS_DATA_MEMBER[defKind[position]!] === 1) continue;
      const name = names[defName[position]!]!;
      const body = calls.bodies.get(position);
      if (
        (callees.has(name) && specific(name)) ||
        (body !== undefined && seedNames.some((seed) => body.has(seed)))
      )
        positions.add(position);
    }
  }
  return positions;
}
