/**
 * Interned identifier names: every distinct name referenced or defined anywhere in the tree gets a
 * dense integer id, and each file's references become an array of ids. Ranking walks every
 * (file, referenced name) pair several times (graph edges, definition seeds, vocabulary seeds);
 * with ids each pass indexes typed arrays instead of hashing the same strings into maps again.
 */
import type { GraphFile } from './graph.js';

/** The tree's names and each file's references as name ids. */
export interface NameTable {
  /** Name by id; ids are assigned in first-seen order (files in index order), so they are deterministic. */
  names: string[];
  /** Id by name. */
  ids: Map<string, number>;
  /** Per file, the ids of `references.names`, in the same (sorted-by-name) order. */
  referenceIds: Int32Array[];
}

/** Interns the referenced names of `files`. */
export function internReferenceNames(files: readonly GraphFile[]): NameTable {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const referenceIds: Int32Array[] = new Array(files.length);
  for (let file = 0; file < files.length; file++) {
    const referenced = files[file]!.references.names;
    const fileIds = new Int32Array(referenced.length);
    for (let reference = 0; reference < referenced.length; reference++) {
      const name = referenced[reference]!;
      let id = ids.get(name);
      if (id === undefined) {
        id = names.length;
        names.push(name);
        ids.set(name, id);
      }
      fileIds[reference] = id;
    }
    referenceIds[file] = fileIds;
  }
  return { names, ids, referenceIds };
}
