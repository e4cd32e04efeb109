/**
 * The ranking policy: every weight that decides which files and definitions a task sees, with the
 * reason for its value, in the order the pipeline applies them — reading the task, seeding the
 * walk, the reference graph, the walk itself, the final file scores, symbol scores and the map.
 * These are general mechanisms measured on every development set (see the repomap README); no
 * value here is fitted to one repository.
 */
import type { DefinitionKind } from './types.js';

// 1. Reading the task (query.ts).

/**
 * Code-like spellings (snake_case, camelCase, dotted access, digits inside) are far more likely to
 * be real names in the tree than prose words, so they count this many times more.
 */
export const CODE_LIKE_WEIGHT = 3;
/** Text inside backticks or fenced code blocks is code by the author's own marking. */
export const CODE_SPAN_WEIGHT = 2;
/**
 * A name in the task's first line — an issue's title, a user's one-line request — counts this many
 * times more: the title says what the issue is about in the fewest words, where the body adds
 * versions, logs and reproduction code that name much else. On the development sets, 1, 2, 2.5 and
 * 3 gave Python hit@1 59.7, 61.1, 61.1, 59.7 and multilingual hit@1 54.3, 54.7, 55.5, 56.0, with
 * recall@5 unchanged within 0.3 points.
 */
export const TITLE_WEIGHT = 2.5;
/**
 * A kebab-case compound (`yield-in-for-loop`, `--max-files`) is also read as the names code spells
 * it (`YieldInForLoop`, `max_files`) when written as code, as a flag, or with at least this many
 * words; a two-word hyphenation in prose (`built-in`) is English. Shared with the excerpts' reading
 * of the task, so it lives in `@ctxkit/internal` (`kebabNames`).
 */
export { KEBAB_MIN_PROSE_PARTS } from '@ctxkit/internal';

// 2. The walk over the reference graph (rank-files.ts and its signals in seeds/): the task's signals and their
// shares of the restart distribution, how far the walk strays from them, and the final file scores.

/**
 * A task word equal to a file's basename (extension removed) points at that file more directly than
 * one equal to a directory it sits in (which names every file below it), so it counts this much more.
 */
export const BASENAME_MATCH_WEIGHT = 2;

/**
 * Share of the restart mass for files whose basename or directory is a plain task word (see
 * `path-name-seeds.ts`). The words are prose, not marked code, and collide with file names by
 * chance, so this is the smallest share: enough to lift the one rare file a word names into the
 * walk's seeds, not enough to outvote identifiers or vocabulary when they point elsewhere.
 */
export const PATH_NAME_SHARE = 0.75;

/**
 * Share of the walk's seeds for the files that print a message the task quotes (see
 * seeds/message-seeds.ts). A quoted message is as explicit as a mentioned path, and like one it
 * names where the behaviour surfaced, which is often but not always where it is fixed. On the
 * development sets, shares of 1, 2, 3 and 4 gave Python hit@1 58.3, 59.7, 59.7, 58.3 and
 * multilingual hit@1 51.9, 52.4, 53.2, 53.4; but 3 showed fewer of the changed lines in
 * multilingual packs than 2 (32k 56.0 → 55.6, 8k 29.5 → 29.3), and packs are what a model reads.
 */
export const MESSAGE_SHARE = 2;
/**
 * A message fragment printed by more files than this is boilerplate in that tree (a usage line, a
 * shared prefix) and points nowhere in particular.
 */
export const MESSAGE_MAX_FILES = 8;
/**
 * A quoted fragment of fewer words is a phrase any program prints (`has no attribute`, `test
 * session starts`, `loading cache from`): on the development sets, three-word fragments cost
 * Python hit@1 4 points and multilingual 0.5 that four-word ones did not.
 */
export const MESSAGE_MIN_WORDS = 4;

/**
 * How the restart distribution of the walk is split among the task's signals. Each signal is first
 * normalized to sum 1 over the files it touches, so these are shares, not scales. Focus files are
 * the caller's explicit word and weigh most. Shared vocabulary (BM25 over each file's identifier
 * subwords and path) aggregates many weak hints and is the most reliable task signal on its own, so
 * it outweighs single mentions; a mentioned path or module is explicit but often names where an
 * error surfaced rather than where it is fixed; a file defining an identifier the task spells as
 * code is good evidence when the name is specific, which `definitionSeeds` already accounts for
 * (a prose word that happens to name a definition counts only as vocabulary). A plain task word equal
 * to a file's name or directory (`map` → `commands/map.ts`) names the file as a reader would, but
 * prose words collide with file names by chance, so it weighs like a mention, below vocabulary.
 */
export const SEED_SHARES = {
  focus: 4,
  pathMention: 2,
  definition: 1,
  vocabulary: 3,
  pathName: PATH_NAME_SHARE,
  message: MESSAGE_SHARE,
} as const;

/** A task signal that seeds the walk: a key of {@link SEED_SHARES}. */
export type SeedSignal = keyof typeof SEED_SHARES;
/** The signals in the order of {@link SEED_SHARES}, the order their seeds are summed in. */
export const SEED_SIGNALS = Object.keys(SEED_SHARES) as readonly SeedSignal[];

/**
 * Share of each seed's restart mass handed to the files that reference it (callers, subclasses),
 * so personalization reaches the users of a focus file, not only what it uses.
 */
export const CALLER_SHARE = 0.25;

/**
 * Probability of following a reference rather than returning to the seeds. Lower than the classic
 * 0.85 when the task names something, so the walk stays near what was named instead of drifting to
 * the tree's most central utilities; plain PageRank (no seeds) keeps the classic value.
 */
export const SEEDED_DAMPING = 0.3;
/** Damping of the unseeded walk (no query, no focus): classic PageRank centrality. */
export const UNSEEDED_DAMPING = 0.85;

/**
 * Tests, examples, docs, benchmarks and vendored code rarely hold the code a task is about, and in
 * a map they crowd out the library itself, so their final score is scaled down.
 */
export const AUXILIARY_FILE_MULTIPLIER = 0.2;

/**
 * TypeScript declaration files (`.d.ts`, `.d.cts`, `.d.mts`) declare every public name of a
 * package once more, without a body: they match the task's names as well as the implementation
 * does and rarely hold the fix (in the development sets never alone), so their score is halved
 * unless the task names the file. Halved, not cut like tests: a typing issue is fixed there.
 */
export const DECLARATION_FILE_MULTIPLIER = 0.5;

/** BM25 term-frequency saturation and length normalization, the usual defaults. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
/** A subword of the file's own path counts like this many occurrences in its body. */
export const PATH_SUBWORD_OCCURRENCES = 5;

// 3. The reference graph: how strongly a reference ties two files (graph.ts). The task-independent
// ones are part of the graph cache's version (GRAPH_VERSION).

/** A reference to an identifier the task names is a strong hint the two files are the task's. */
export const TASK_IDENTIFIER_MULTIPLIER = 10;
/** Long compound names (`resolve_redirects`, `PairGrid`) are specific: a match is rarely a coincidence. */
export const COMPOUND_IDENTIFIER_MULTIPLIER = 10;
/** Compound names at least this long count as specific. */
export const COMPOUND_IDENTIFIER_MIN_LENGTH = 8;
/** `_private` names are implementation detail: they tie files together less than public API does. */
export const PRIVATE_IDENTIFIER_MULTIPLIER = 0.1;
/** Names defined in many files (`get`, `run`, `__init__`) say little about which definition is meant. */
export const WIDELY_DEFINED_MULTIPLIER = 0.1;
/** Above this many defining files a name counts as widely defined. */
export const WIDELY_DEFINED_MIN_FILES = 5;
/**
 * Above this many defining files a name gets no edges at all: it is noise, and its edges would grow
 * with (files × definers), quadratic on large trees.
 */
export const MAX_DEFINING_FILES = 20;
/**
 * Each file keeps edges to at most this many files, its strongest. A file's few strongest
 * dependencies carry nearly all of its rank flow, and the cap keeps the graph (and PageRank's
 * work) linear in the number of files on trees where common names tie thousands of files together.
 */
export const MAX_EDGES_PER_FILE = 64;
/** References made by focus files are what the user works on: they pull their targets up. */
export const FOCUS_SOURCE_MULTIPLIER = 50;

// 4. Symbol scores (score-symbols.ts).

/**
 * How much a kind of definition tells a reader about a codebase: types and free functions are the
 * skeleton; methods, constants and fields the detail.
 */
export const KIND_WEIGHTS: Readonly<Record<DefinitionKind, number>> = {
  class: 1,
  interface: 1,
  trait: 1,
  struct: 1,
  enum: 0.9,
  type: 0.9,
  union: 0.9,
  function: 0.9,
  module: 0.8,
  namespace: 0.8,
  macro: 0.7,
  method: 0.7,
  constructor: 0.6,
  impl: 0.6,
  constant: 0.5,
  variable: 0.4,
  property: 0.4,
  field: 0.3,
};

/**
 * Data members: a task's ordinary words (`path`, `name`, `max`) name fields and variables by
 * coincidence far more often than on purpose, so these match only names the task spells as code
 * (backticked, snake_case, camelCase); see `scoreSymbols`.
 */
export const DATA_MEMBER_KINDS: ReadonlySet<DefinitionKind> = new Set(['field', 'property', 'variable']);

/** A symbol the task names exactly is worth this many times one it does not name at all. */
export const QUERY_MATCH_MULTIPLIER = 4;

/** Query-match strength of a name the task spells the same but in another case. */
export const CASE_INSENSITIVE_MATCH = 0.7;
/** Query-match strength per share of a name's subwords the task has (`0.4 × shared / words`). */
export const SUBWORD_MATCH = 0.4;
/** Extra match strength of a definition scoped by a name the task spells (`Parser.parse` for "Parser"). */
export const SCOPE_MATCH_BONUS = 0.3;

// 5. The map: which definitions it shows first (map-selection.ts).

/**
 * How fast a file's worth falls down the ranking, and a definition's down its file:
 * the j-th definition (0 = best) of the r-th file (0 = first) is worth 1 / ((1 + r)^FILE_DECAY (1 + j)^DEFINITION_DECAY).
 * A file decay above the definition decay gives the top files several definitions before the
 * next files get their first.
 */
export const FILE_DECAY = 1.5;
export const DEFINITION_DECAY = 1;

// 6. The call tier (call-facts.ts, score-symbols.ts): within the files a map lists, the definitions
// a task-matched one calls or is called by come right after the matched ones.

/**
 * A definition's rank among its file's others, best first: the ones whose name matches a name the
 * task spells as code, then those calling or called by one of them, then the rest by score (the
 * file's most-used definitions, and those sharing only a plain word with the task). An explicit
 * order rather than a multiplier, since no factor on a score says "right below the named ones":
 * a reader who is told about `parse_header` next wants what it calls and what calls it, whatever
 * those are used for elsewhere.
 */
export const SYMBOL_TIERS = { taskMatched: 2, calls: 1, other: 0 } as const;

/**
 * How many of the ranking's first files (with definitions) get their bodies read for calls. On
 * the development sets a map of 1,024 tokens lists about 9 files and one of 4,096 about 28, so
 * this covers twice a large map and any re-render at a few times a small one's budget, while a
 * build reads at most this many files on top of its scan. Fixed rather than derived from the
 * budget: a built map is re-rendered at other budgets without ranking again.
 */
export const CALL_TIER_FILES = 64;

/**
 * Only names matched this strongly (exactly, or in another case) seed the call tier: a name that
 * shares a subword with the task (`header` for `parse_header`) is a guess already, and what it calls
 * is a guess of a guess.
 */
export const CALL_SEED_MIN_MATCH = CASE_INSENSITIVE_MATCH;

/**
 * A name defined in more of the call files than this (`__init__`, `get`, `run`) ties no callee to
 * its caller: a call of it says nothing about which of the definitions is meant. The same bound
 * as WIDELY_DEFINED_MIN_FILES, which weakens such names in the reference graph for that reason.
 */
export const CALL_NAME_MAX_FILES = WIDELY_DEFINED_MIN_FILES;

/**
 * A body is read for at most this many lines, keeping at most this many distinct names: what a
 * function calls first is what a reader meets first, and the bounds keep a generated file's
 * 25,000-line function (or a header's one huge macro table) linear.
 */
export const CALL_BODY_MAX_LINES = 400;
export const CALL_BODY_MAX_NAMES = 256;
