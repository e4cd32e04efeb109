/**
 * The file-level reference graph: an edge from a file that references an identifier to each file
 * that defines it, weighted by the square root of the reference count times named multipliers.
 */

import type { Definers } from './index-facts.js';
import type { EdgeList } from './pagerank.js';
import { isCodeLike } from './query.js';
import {
  COMPOUND_IDENTIFIER_MIN_LENGTH,
  COMPOUND_IDENTIFIER_MULTIPLIER,
  FOCUS_SOURCE_MULTIPLIER,
  MAX_DEFINING_FILES,
  MAX_EDGES_PER_FILE,
  PRIVATE_IDENTIFIER_MULTIPLIER,
  TASK_IDENTIFIER_MULTIPLIER,
  WIDELY_DEFINED_MIN_FILES,
  WIDELY_DEFINED_MULTIPLIER,
} from './ranking-policy.js';
import { lookupNames, type TreeIndex } from './tree-index.js';

/** Context that bends edge weights toward the task. */
export interface GraphContext {
  /** Identifiers the task names; references to them weigh more. */
  taskIdentifiers: ReadonlySet<string>;
  /** Indices of focus files; what they reference weighs more. */
  focusFiles: ReadonlySet<number>;
  /** The ids of `taskIdentifiers` that occur in the index, when the caller has looked them up already. */
  taskIdentifierIds?: ReadonlyMap<string, number>;
}

/** The graph plus the reference totals symbol scoring reuses. */
export interface ReferenceGraph {
  /** Edges sorted by source, then target; parallel references are summed into one edge. */
  edges: EdgeList;
  /** By name id: its occurrences across all files when some file defines it, else 0. */
  referenceTotals: Float64Array;
}

/**
 * What the cached neutral graph was computed with: bump the number when the graph's computation
 * changes; the constants are listed so retuning one can never leave a stale graph in a cache.
 */
export const GRAPH_VERSION = [
  // 2: a C or C++ prototype no longer defines a function whose body the tree has (index-facts.ts).
  2,
  COMPOUND_IDENTIFIER_MULTIPLIER,
  COMPOUND_IDENTIFIER_MIN_LENGTH,
  PRIVATE_IDENTIFIER_MULTIPLIER,
  WIDELY_DEFINED_MULTIPLIER,
  WIDELY_DEFINED_MIN_FILES,
  MAX_DEFINING_FILES,
  MAX_EDGES_PER_FILE,
].join(':');

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

/**
 * The graph of a tree as if the task named nothing and focused on nothing: it depends on the tree
 * alone, so it is cached with the index, and a build for a task recomputes only the rows (source
 * files) the task touches. Edges are grouped by source: file `f`'s are `edgeStart[f]` up to
 * `edgeStart[f + 1]`, targets ascending.
 */
export interface NeutralGraph {
  edgeStart: Int32Array;
  targets: Int32Array;
  weights: Float64Array;
  /** By name id: its occurrences across all files when some file defines it, else 0. */
  referenceTotals: Float64Array;
}

const NEUTRAL_CONTEXT: GraphContext = { taskIdentifiers: new Set(), focusFiles: new Set() };

/** Edge targets and weights in growing typed columns (a large tree has millions of edges). */
class EdgeColumns {
  targets = new Int32Array(1024);
  weights = new Float64Array(1024);
  length = 0;

  private reserve(more: number): void {
    if (this.length + more <= this.targets.length) return;
    const capacity = Math.max(this.targets.length * 2, this.length + more);
    const targets = new Int32Array(capacity);
    targets.set(this.targets.subarray(0, this.length));
    const weights = new Float64Array(capacity);
    weights.set(this.weights.subarray(0, this.length));
    this.targets = targets;
    this.weights = weights;
  }

  push(target: number, weight: number): void {
    this.reserve(1);
    this.targets[this.length] = target;
    this.weights[this.length++] = weight;
  }

  /** Appends edges `start` up to `end` of `from`. */
  copy(from: { targets: Int32Array; weights: Float64Array }, start: number, end: number): void {
    this.reserve(end - start);
    this.targets.set(from.targets.subarray(start, end), this.length);
    this.weights.set(from.weights.subarray(start, end), this.length);
    this.length += end - start;
  }
}

/** Computes the rows of the graph: one source file at a time, into growing edge columns. */
class RowBuilder {
  readonly edges = new EdgeColumns();
  private readonly definers: Definers;
  private readonly multipliers: Float64Array;
  // One dense accumulator reused for every source file, plus the list of targets it touched.
  private readonly accumulated: Float64Array;
  private readonly touched: number[] = [];

  constructor(
    private readonly index: TreeIndex,
    definers: Definers,
    private readonly context: GraphContext,
  ) {
    this.definers = definers;
    // Per name id: its multiplier, NaN until first needed (arrays, not maps: every reference of
    // every file lands here).
    this.multipliers = new Float64Array(index.names.length).fill(Number.NaN);
    this.accumulated = new Float64Array(index.paths.length);
  }

  /** Appends the edges of `source`, targets ascending. Self-references make no edges. */
  addRow(source: number): void {
    const { index, definers, multipliers, accumulated, touched } = this;
    const { refStart, refIds, refCounts } = index;
    const focus = this.context.focusFiles.has(source) ? FOCUS_SOURCE_MULTIPLIER : 1;
    for (let reference = refStart[source]!; reference < refStart[source + 1]!; reference++) {
      const id = refIds[reference]!;
      const first = definers.start[id]!;
      const definingFiles = definers.start[id + 1]! - first;
      if (definingFiles === 0 || definingFiles > MAX_DEFINING_FILES) continue;
      let multiplier = multipliers[id]!;
      if (Number.isNaN(multiplier)) {
        multiplier = identifierMultiplier(index.names[id]!, definingFiles, this.context);
        multipliers[id] = multiplier;
      }
      const weight = focus * multiplier * Math.sqrt(refCounts[reference]!);
      for (let definer = first; definer < first + definingFiles; definer++) {
        const target = definers.files[definer]!;
        if (target === source) continue;
        if (accumulated[target] === 0) touched.push(target);
        accumulated[target]! += weight;
      }
    }
    const kept = touched.length > MAX_EDGES_PER_FILE ? strongestTargets(touched, accumulated) : touched;
    // A native numeric sort: no comparator call per pair.
    for (const target of Int32Array.from(kept).sort()) this.edges.push(target, accumulated[target]!);
    for (const target of touched) accumulated[target] = 0;
    touched.length = 0;
  }
}

/** By name id, the occurrences across all files of every name some file defines. */
function referenceTotalsOf(index: TreeIndex, definers: Definers): Float64Array {
  const totals = new Float64Array(index.names.length);
  const { refIds, refCounts } = index;
  for (let reference = 0; reference < refIds.length; reference++) {
    const id = refIds[reference]!;
    if (definers.start[id + 1]! > definers.start[id]!) totals[id]! += refCounts[reference]!;
  }
  return totals;
}

/**
 * Every row of the graph under `context`, as grouped columns: rows `reuse` marks are copied from
 * `neutral`, the others computed. Both in source order, so the result does not depend on which.
 */
function buildRows(
  index: TreeIndex,
  definers: Definers,
  context: GraphContext,
  neutral?: NeutralGraph,
  reuse?: Uint8Array,
): Omit<NeutralGraph, 'referenceTotals'> {
  const fileCount = index.paths.length;
  const rows = new RowBuilder(index, definers, context);
  const edgeStart = new Int32Array(fileCount + 1);
  const { edges } = rows;
  for (let source = 0; source < fileCount; source++) {
    if (neutral && reuse?.[source])
      edges.copy(neutral, neutral.edgeStart[source]!, neutral.edgeStart[source + 1]!);
    else rows.addRow(source);
    edgeStart[source + 1] = edges.length;
  }
  return {
    edgeStart,
    targets: edges.targets.slice(0, edges.length),
    weights: edges.weights.slice(0, edges.length),
  };
}

/** The graph of `index` with no task and no focus (see {@link NeutralGraph}). */
export function buildNeutralGraph(index: TreeIndex): NeutralGraph {
  const { definers } = index.facts;
  return {
    ...buildRows(index, definers, NEUTRAL_CONTEXT),
    referenceTotals: referenceTotalsOf(index, definers),
  };
}

/**
 * Files whose row is the neutral graph's under `context`: all but focus files and files that
 * reference a task identifier that makes edges (defined in 1 to {@link MAX_DEFINING_FILES} files).
 */
function rowsUntouchedBy(index: TreeIndex, definers: Definers, context: GraphContext): Uint8Array {
  const untouched = new Uint8Array(index.paths.length).fill(1);
  for (const file of context.focusFiles) if (file >= 0 && file < untouched.length) untouched[file] = 0;
  // Only task identifiers that make edges change rows (see identifierMultiplier).
  const { postings } = index.facts;
  for (const id of (context.taskIdentifierIds ?? lookupNames(index, context.taskIdentifiers)).values()) {
    const definingFiles = definers.start[id + 1]! - definers.start[id]!;
    if (definingFiles === 0 || definingFiles > MAX_DEFINING_FILES) continue;
    for (let at = postings.start[id]!; at < postings.start[id + 1]!; at++) untouched[postings.files[at]!] = 0;
  }
  return untouched;
}

/**
 * Builds the reference graph of the index's files (file ids are node ids) for a task. Given the
 * tree's cached {@link NeutralGraph}, only the rows the task changes are computed; the result is
 * the same, bit for bit, as computing every row.
 */
export function buildReferenceGraph(
  index: TreeIndex,
  context: GraphContext,
  neutral?: NeutralGraph,
): ReferenceGraph {
  const { definers } = index.facts;
  const reuse = neutral ? rowsUntouchedBy(index, definers, context) : undefined;
  const { edgeStart, targets, weights } = buildRows(index, definers, context, neutral, reuse);
  const sources = new Int32Array(targets.length);
  for (let source = 0; source + 1 < edgeStart.length; source++) {
    sources.fill(source, edgeStart[source]!, edgeStart[source + 1]!);
  }
  return {
    edges: { sources, targets, weights },
    referenceTotals: neutral?.referenceTotals ?? referenceTotalsOf(index, definers),
  };
}
