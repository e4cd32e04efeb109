/**
 * Interned identifier names: every distinct name referenced or defined anywhere in the tree gets a
 * dense integer id, and each file's references become an array of ids. Ranking walks every
 * (file, referenced name) pair several times (graph edges, definition seeds, vocabulary seeds);
 * with ids each pass indexes typed arrays instead of hashing the same strings into maps again.
 */
import type { GraphFile } from './graph.js';

/** The tree's names (referenced or defined) and each file's references as name ids. */
export interface NameTable {
  /** Name by id; ids are assigned in first-seen order (files in index order), so they are deterministic. */
  names: string[];
  /** Id by name. */
  ids: Map<string, number>;
  /** Per file, the ids of `references.names`, in the same (sorted-by-name) order. */
  referenceIds: Int32Array[];
  /** Per name id, the sorted ids of the files defining it; `undefined` for names nobody defines. */
  definers: (number[] | undefined)[];
}

/** Interns the referenced and defined names of `files` and indexes which files define each. */
export function internNames(files: readonly GraphFile[]): NameTable {
  const names: string[] = [];
  const ids = new Map<string, number>();
  const definers: (number[] | undefined)[] = [];
  const intern = (name: string): number => {
    let id = ids.get(name);
    if (id === undefined) {
      id = names.length;
      names.push(name);
      ids.set(name, id);
    }
    return id;
  };
  const referenceIds: Int32Array[] = new Array(files.length);
  for (let file = 0; file < files.length; file++) {
    const referenced = files[file]!.references.names;
    const fileIds = new Int32Array(referenced.length);
    for (let reference = 0; reference < referenced.length; reference++) {
      fileIds[reference] = intern(referenced[reference]!);
    }
    referenceIds[file] = fileIds;
    for (const definition of files[file]!.definitions) {
      const id = intern(definition.name);
      const list = definers[id];
      if (!list) definers[id] = [file];
      else if (list[list.length - 1] !== file) list.push(file);
    }
  }
  // Ids past the last defined name were never written: make the array as long as the table.
  definers.length = names.length;
  return { names, ids, referenceIds, definers };
}
