/**
 * File ranking: personalized PageRank over the reference graph, its restart distribution seeded by
 * what the task names — focus files, mentioned paths and modules (seeds/path-mention-seeds.ts),
 * defined identifiers (seeds/definition-seeds.ts), shared vocabulary (seeds/vocabulary-seeds.ts)
 * file names (seeds/path-name-seeds.ts) and quoted messages (seeds/message-seeds.ts) — in the shares of `ranking-policy.ts`. Pure: same
 * input, same order, same scores.
 */

import { buildReferenceGraph, type NeutralGraph } from './graph.js';
import { personalizedPageRank } from './pagerank.js';
import type { QueryAnalysis } from './query.js';
import { rankOrder } from './rank-order.js';
import {
  AUXILIARY_FILE_MULTIPLIER,
  CALLER_SHARE,
  DECLARATION_FILE_MULTIPLIER,
  SEED_SHARES,
  SEED_SIGNALS,
  SEEDED_DAMPING,
  type SeedSignal,
  UNSEEDED_DAMPING,
} from './ranking-policy.js';
import { definitionSeeds } from './seeds/definition-seeds.js';
import { messageSeeds } from './seeds/message-seeds.js';
import { matchPathMentions } from './seeds/path-mention-seeds.js';
import { pathNameSeeds } from './seeds/path-name-seeds.js';
import { vocabularySeeds } from './seeds/vocabulary-seeds.js';
import { findTaskNames, type TaskNames } from './task-names.js';
import type { TreeIndex } from './tree-index.js';

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
  shares?: Partial<Record<SeedSignal, number>>;
  seededDamping?: number;
  callerShare?: number;
  auxiliaryMultiplier?: number;
  declarationMultiplier?: number;
}

/** Scores for every file (same indices as the input) and the ids in rank order. */
export interface FileRanking {
  scores: Float64Array;
  order: number[];
  /** By name id: occurrences across all files of a defined name (for symbol ranking). */
  referenceTotals: Float64Array;
  /** Each task signal's normalized seed weights by file id, for explaining a ranking. */
  signals: Record<SeedSignal, Map<number, number>>;
  /** The task's names in this tree, found in one pass for the symbol scoring to reuse. */
  taskNames?: TaskNames;
}

function normalize(weights: Map<number, number>): Map<number, number> {
  let total = 0;
  for (const key of [...weights.keys()].sort((left, right) => left - right)) total += weights.get(key)!;
  if (total <= 0) return new Map();
  const result = new Map<number, number>();
  for (const [key, value] of weights) if (value > 0) result.set(key, value / total);
  return result;
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
    declarationMultiplier: overrides.declarationMultiplier ?? DECLARATION_FILE_MULTIPLIER,
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
    definition: normalize(query ? definitionSeeds(query, index, taskIdentifierIds) : new Map()),
    vocabulary: normalize(
      query && taskNames ? vocabularySeeds(query, index, taskNames.candidates) : new Map(),
    ),
    pathName: normalize(query ? pathNameSeeds(paths, query) : new Map()),
    message: normalize(query ? messageSeeds(index, query) : new Map()),
  };
  const seeds = new Float64Array(fileCount);
  let seeded = false;
  for (const signal of SEED_SIGNALS) {
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
  const { auxiliary, declaration } = index.facts;
  const mentioned = signals.pathMention;
  for (let file = 0; file < fileCount; file++) {
    const declared = declaration[file] && !mentioned.has(file) ? policy.declarationMultiplier : 1;
    scores[file] = rank[file]! * (auxiliary[file] ? policy.auxiliaryMultiplier : 1) * declared;
  }
  const order = Array.from(rankOrder(scores));
  return {
    scores,
    order,
    signals,
    referenceTotals: graph.referenceTotals,
    ...(taskNames ? { taskNames } : {}),
  };
}
