/**
 * The file-level reference graph: an edge from a file that references an identifier to each file
 * that defines it, weighted by the square root of the reference count times named multipliers.
 */
import type { EdgeList } from './pagerank.js';
import { isCodeLike } from './query.js';
import { type Definers, indexDefiners, type TreeIndex } from './tree-index.js';

/** Context that bends edge weights toward the task. */
export interface GraphContext {
  /** Identifiers the task names; references to them weigh more. */
  taskIdentifiers: ReadonlySet<string>;
  /** Indices of focus files; what they reference weighs more. */
  focusFiles: ReadonlySet<number>;
}

/** The graph plus the definition index ranking reuses. */
export interface ReferenceGraph {
  /** Edges sorted by source, then target; parallel references are summed into one edge. */
  edges: EdgeList;
  /** Which files define each name, for later passes over every file's references. */
  definers: Definers;
  /** By name id: its occurrences across all files when some file defines it, else 0. */
  referenceTotals: Float64Array;
}

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

/** The product of the named multipliers that apply to identifier `name` defined in `definingFiles` files. */
export function identifierMultiplier(name: string, definingFiles: number, context: GraphContext): number {
  let multiplier = 1;
  if (context.taskIdentifiers.has(name)) multiplier *= TASK_IDENTIFIER_MULTIPLIER;
  if (name.length >= COMPOUND_IDENTIFIER_MIN_LENGTH && isCodeLike(name))
    multiplier *= COMPOUND_IDENTIFIER_MULTIPLIER;
  if (name.startsWith('_')) multiplier *= PRIVATE_IDENTIFIER_MULTIPLIER;
  if (definingFiles > WIDELY_DEFINED_MIN_FILES) multiplier *= WIDELY_DEFINED_MULTIPLIER;
  return multiplier;
}

/**
 * The {@link MAX_EDGES_PER_FILE} targets with the most accumulated weight, ties to the lower id:
 * what sorting all of them by (weight descending, id) and keeping the head gives, but with one
 * native numeric sort of the weights to find the cut instead of a comparator sort of the targets.
 */
function strongestTargets(targets: readonly number[], accumulated: Float64Array): number[] {
  const weights = new Float64Array(targets.length);
  for (let index = 0; index < targets.length; index++) weights[index] = accumulated[targets[index]!]!;
  weights.sort();
  const cut = weights[weights.length - MAX_EDGES_PER_FILE]!;
  const kept = targets.filter((target) => accumulated[target]! > cut);
  const ties = targets.filter((target) => accumulated[target] === cut).sort((left, right) => left - right);
  return kept.concat(ties.slice(0, MAX_EDGES_PER_FILE - kept.length));
}

/** Builds the reference graph of the index's files (file ids are node ids). Self-references make no edges. */
export function buildReferenceGraph(index: TreeIndex, context: GraphContext): ReferenceGraph {
  const definers = indexDefiners(index);
  const { names, refStart, refIds, refCounts } = index;
  const fileCount = index.paths.length;
  // Per name id: its occurrence total and its multiplier (NaN until first needed). Arrays instead
  // of maps: every reference of every file lands here.
  const totals = new Float64Array(names.length);
  const multipliers = new Float64Array(names.length).fill(Number.NaN);
  const sources: number[] = [];
  const targets: number[] = [];
  const weights: number[] = [];
  // One dense accumulator reused for every source file, plus the list of targets it touched.
  const accumulated = new Float64Array(fileCount);
  const touched: number[] = [];
  for (let source = 0; source < fileCount; source++) {
    const focus = context.focusFiles.has(source) ? FOCUS_SOURCE_MULTIPLIER : 1;
    for (let reference = refStart[source]!; reference < refStart[source + 1]!; reference++) {
      const id = refIds[reference]!;
      const first = definers.start[id]!;
      const definingFiles = definers.start[id + 1]! - first;
      if (definingFiles === 0) continue;
      const count = refCounts[reference]!;
      totals[id]! += count;
      if (definingFiles > MAX_DEFINING_FILES) continue;
      let multiplier = multipliers[id]!;
      if (Number.isNaN(multiplier)) {
        multiplier = identifierMultiplier(names[id]!, definingFiles, context);
        multipliers[id] = multiplier;
      }
      const weight = focus * multiplier * Math.sqrt(count);
      for (let definer = first; definer < first + definingFiles; definer++) {
        const target = definers.files[definer]!;
        if (target === source) continue;
        if (accumulated[target] === 0) touched.push(target);
        accumulated[target]! += weight;
      }
    }
    const kept = touched.length > MAX_EDGES_PER_FILE ? strongestTargets(touched, accumulated) : touched;
    // A native numeric sort: no comparator call per pair.
    for (const target of Int32Array.from(kept).sort()) {
      sources.push(source);
      targets.push(target);
      weights.push(accumulated[target]!);
    }
    for (const target of touched) accumulated[target] = 0;
    touched.length = 0;
  }
  const edges: EdgeList = {
    sources: Int32Array.from(sources),
    targets: Int32Array.from(targets),
    weights: Float64Array.from(weights),
  };
  return { edges, definers, referenceTotals: totals };
}
