/** The definition signal: files that define the identifiers a task names. */
import { isCodeSpelled, type QueryAnalysis } from '../query.js';
import { KIND_WEIGHTS } from '../ranking-policy.js';
import { DEFINITION_KINDS, type TreeIndex } from '../tree-index.js';
import type { DefinitionKind } from '../types.js';

/**
 * Files that define identifiers the task spells as code. An identifier's pull is its weight in the
 * text times its specificity in this tree (inverse document frequency over the files that use it: a
 * name every file uses, like `name` or `get`, locates nothing) times the kind of its definition.
 *
 * A prose word that happens to name a definition (`render`, `string`, `Validator` in a sentence) is
 * not the author pointing at that definition: it counts through the shared vocabulary, not here.
 * Seeding its definers too gave the walk's definition share to whichever file declares a common
 * word (multilingual hit@1 54.1 without them against 52.4 with; Python's tasks name code as code,
 * and its rankings were unchanged).
 */
export function definitionSeeds(
  query: QueryAnalysis,
  index: TreeIndex,
  ids: ReadonlyMap<string, number>,
): Map<number, number> {
  const fileCount = index.paths.length;
  // Users of a name: the files referencing it.
  const { definers, postings } = index.facts;
  const seeds = new Map<number, number>();
  for (const identifier of query.identifiers) {
    if (!isCodeSpelled(identifier)) continue;
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
        // A name code-like only by its digits (`utf8`, `sha256`: prose uses them for standards)
        // that happens to name a member says nothing: member names are reused by every type.
        // Written as code, it is the author pointing at that member.
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
