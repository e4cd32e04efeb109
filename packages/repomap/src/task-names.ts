/**
 * The task's names in a tree: one pass over the tree's names that every task signal and the symbol
 * scoring share.
 */
import type { QueryAnalysis } from './query.js';
import type { TreeIndex } from './tree-index.js';
import { wordPrefilter } from './word-filter.js';

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
