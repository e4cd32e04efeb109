/**
 * The scanned tree in columns: every name interned once, every file's references and definitions
 * as slices of shared typed arrays. Ranking walks millions of (file, name) pairs and a warm build
 * loads the whole tree from the cache, so what matters is how few objects exist: a column loads
 * from disk as one array (see `cache-codec.ts`), and `Definition` objects are made only for the
 * few files a map shows (see {@link DefinitionReader}).
 */
import { IndexFacts } from './index-facts.js';
import type { FileScan } from './scan-file.js';
import type { Definition, DefinitionKind } from './types.js';
import { comparePaths } from './walk.js';

/** Every kind a scanner emits, in code order: a definition's kind is stored as its index here. */
export const DEFINITION_KINDS: readonly DefinitionKind[] = [
  'class',
  'interface',
  'type',
  'enum',
  'function',
  'method',
  'constant',
  'variable',
  'module',
  'namespace',
  'struct',
  'trait',
  'impl',
  'field',
  'property',
  'constructor',
  'macro',
  'union',
];
const KIND_CODES = new Map(DEFINITION_KINDS.map((kind, code) => [kind, code]));

/** Stored for a missing scope (name ids are never negative). */
export const NO_SCOPE = -1;
/** Stored for a missing end line (lines are 1-based). */
export const NO_END_LINE = 0;

/**
 * `text` with lone surrogates replaced by U+FFFD (ES2024's `toWellFormed`, which Node 20 has): a
 * sliced-off half of a surrogate pair would not survive the cache's UTF-8 round trip.
 */
export function wellFormed(text: string): string {
  return (text as unknown as { toWellFormed(): string }).toWellFormed();
}

/** Strings by position, without necessarily holding each as its own object until asked. */
export interface StringList {
  readonly length: number;
  at(index: number): string;
}

/** A {@link StringList} over a plain array. */
export function arrayStringList(strings: readonly string[]): StringList {
  return { length: strings.length, at: (index) => strings[index]! };
}

/**
 * A scanned tree's data, as the cache stores it and threads pass it. File ids index `paths`
 * (sorted). File `f`'s references are the entries `refStart[f] ≤ i < refStart[f + 1]` of
 * `refIds`/`refCounts`, ordered by name (as strings); its definitions are the positions
 * `defStart[f] ≤ p < defStart[f + 1]` of the `def*` columns, in the order they appear in the file
 * (line, name, kind). A position is a definition's global id.
 */
export interface TreeColumns {
  paths: readonly string[];
  /** Every referenced or defined name (and scope), by id. */
  names: readonly string[];
  refStart: Int32Array;
  refIds: Int32Array;
  refCounts: Int32Array;
  defStart: Int32Array;
  defName: Int32Array;
  /** Index into {@link DEFINITION_KINDS}. */
  defKind: Int32Array;
  defLine: Int32Array;
  /** {@link NO_END_LINE} when the scanner did not find the end. */
  defEndLine: Int32Array;
  /** Name id of the enclosing scope, or {@link NO_SCOPE}. */
  defScope: Int32Array;
  /** How often the definition's own name occurs in its own file (to tell outside use from self use). */
  defSelfCount: Int32Array;
  signatures: StringList;
  /** First doc line per definition; `''` for none (most have none, and an empty string costs nothing). */
  docs: StringList;
  /** Per file: its message fragments (see `FileScan.messages`) joined by newlines; `''` for none. */
  messages: StringList;
}

/** A scanned tree: its columns, never changed once built, and the facts derived from them. */
export interface TreeIndex extends TreeColumns {
  /** Task-independent facts about the tree, computed on first use and kept (see `index-facts.ts`). */
  readonly facts: IndexFacts;
}

/** The index of `columns`, none of its facts computed yet. */
export function treeIndexOf(columns: TreeColumns): TreeIndex {
  return { ...columns, facts: new IndexFacts(columns) };
}

/** The index's integer columns, in the order the cache stores them. */
export const INDEX_COLUMNS = [
  'refStart',
  'refIds',
  'refCounts',
  'defStart',
  'defName',
  'defKind',
  'defLine',
  'defEndLine',
  'defScope',
  'defSelfCount',
] as const satisfies readonly (keyof TreeColumns)[];

/** Orders definitions of one file as they appear in it: line, then name, then kind. */
export function compareInFile(left: Definition, right: Definition): number {
  return (
    left.line - right.line ||
    (left.name < right.name ? -1 : left.name > right.name ? 1 : 0) ||
    (left.kind < right.kind ? -1 : left.kind > right.kind ? 1 : 0)
  );
}

/** Occurrences of `name` in a file's references sorted by name (binary search; 0 when absent). */
function countIn(names: readonly string[], counts: ArrayLike<number>, name: string): number {
  let low = 0;
  let high = names.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const entry = names[middle]!;
    if (entry === name) return counts[middle]!;
    if (entry < name) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/** A growable Int32 column. */
class IntColumn {
  private data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  pushSlice(source: Int32Array, start: number, end: number): void {
    const count = end - start;
    if (this.length + count > this.data.length) {
      const grown = new Int32Array(Math.max(this.data.length * 2, this.length + count));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(source.subarray(start, end), this.length);
    this.length += count;
  }
  finish(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

/**
 * Builds a {@link TreeIndex} file by file, in path order: from fresh scans, or by copying files of
 * an earlier index (a cache), so an incremental build never turns cached files back into objects.
 */
export class TreeIndexBuilder {
  private readonly paths: string[] = [];
  private readonly names: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly refStart = new IntColumn();
  private readonly refIds = new IntColumn();
  private readonly refCounts = new IntColumn();
  private readonly defStart = new IntColumn();
  private readonly defName = new IntColumn();
  private readonly defKind = new IntColumn();
  private readonly defLine = new IntColumn();
  private readonly defEndLine = new IntColumn();
  private readonly defScope = new IntColumn();
  private readonly defSelfCount = new IntColumn();
  private readonly signatures: string[] = [];
  private readonly docs: string[] = [];
  private readonly messages: string[] = [];
  /** Per source index: its name ids mapped to ours (-1 until first needed). */
  private readonly remaps = new WeakMap<TreeIndex, Int32Array>();

  private intern(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.ids.set(name, id);
    }
    return id;
  }

  /** Files added so far. */
  get fileCount(): number {
    return this.paths.length;
  }

  private startFile(path: string): void {
    if (this.paths.length > 0 && !(this.paths[this.paths.length - 1]! < path)) {
      throw new Error(`files must be added in strictly increasing path order: ${path}`);
    }
    this.paths.push(path);
    this.refStart.push(this.refIds.length);
    this.defStart.push(this.defName.length);
  }

  /** Adds a freshly scanned file. Its definitions are put in file order; odd strings made well-formed. */
  addScan(path: string, scan: FileScan): void {
    this.startFile(path);
    const { names, counts } = scan.references;
    for (let reference = 0; reference < names.length; reference++) {
      this.refIds.push(this.intern(wellFormed(names[reference]!)));
      this.refCounts.push(counts[reference]!);
    }
    this.messages.push(scan.messages ? wellFormed(scan.messages.join('\n')) : '');
    const definitions = [...scan.definitions].sort(compareInFile);
    for (const definition of definitions) {
      this.defName.push(this.intern(wellFormed(definition.name)));
      this.defKind.push(KIND_CODES.get(definition.kind) ?? KIND_CODES.get('variable')!);
      this.defLine.push(definition.line);
      this.defEndLine.push(definition.endLine ?? NO_END_LINE);
      this.defScope.push(
        definition.scope === undefined ? NO_SCOPE : this.intern(wellFormed(definition.scope)),
      );
      this.defSelfCount.push(countIn(names, counts, definition.name));
      this.signatures.push(wellFormed(definition.signature));
      this.docs.push(definition.doc === undefined ? '' : wellFormed(definition.doc));
    }
  }

  /** Copies file `file` of `source` (an index built earlier, e.g. loaded from the cache). */
  addFrom(source: TreeIndex, file: number): void {
    this.startFile(source.paths[file]!);
    let remap = this.remaps.get(source);
    if (!remap) {
      remap = new Int32Array(source.names.length).fill(-1);
      this.remaps.set(source, remap);
    }
    const map = (id: number): number => {
      let mapped = remap[id]!;
      if (mapped < 0) {
        mapped = this.intern(source.names[id]!);
        remap[id] = mapped;
      }
      return mapped;
    };
    for (let reference = source.refStart[file]!; reference < source.refStart[file + 1]!; reference++) {
      this.refIds.push(map(source.refIds[reference]!));
    }
    this.refCounts.pushSlice(source.refCounts, source.refStart[file]!, source.refStart[file + 1]!);
    this.messages.push(source.messages.at(file));
    const start = source.defStart[file]!;
    const end = source.defStart[file + 1]!;
    for (let position = start; position < end; position++) {
      this.defName.push(map(source.defName[position]!));
      const scope = source.defScope[position]!;
      this.defScope.push(scope === NO_SCOPE ? NO_SCOPE : map(scope));
      this.signatures.push(source.signatures.at(position));
      this.docs.push(source.docs.at(position));
    }
    this.defKind.pushSlice(source.defKind, start, end);
    this.defLine.pushSlice(source.defLine, start, end);
    this.defEndLine.pushSlice(source.defEndLine, start, end);
    this.defSelfCount.pushSlice(source.defSelfCount, start, end);
  }

  build(): TreeIndex {
    this.refStart.push(this.refIds.length);
    this.defStart.push(this.defName.length);
    return treeIndexOf({
      paths: this.paths,
      names: this.names,
      refStart: this.refStart.finish(),
      refIds: this.refIds.finish(),
      refCounts: this.refCounts.finish(),
      defStart: this.defStart.finish(),
      defName: this.defName.finish(),
      defKind: this.defKind.finish(),
      defLine: this.defLine.finish(),
      defEndLine: this.defEndLine.finish(),
      defScope: this.defScope.finish(),
      defSelfCount: this.defSelfCount.finish(),
      signatures: arrayStringList(this.signatures),
      docs: arrayStringList(this.docs),
      messages: arrayStringList(this.messages),
    });
  }
}

/** An index of the given files' scans (paths sorted here), e.g. for tests and callers with their own scans. */
export function indexScans(files: readonly { path: string; scan: FileScan }[]): TreeIndex {
  const builder = new TreeIndexBuilder();
  const sorted = [...files].sort((left, right) => comparePaths(left.path, right.path));
  for (const file of sorted) builder.addScan(file.path, file.scan);
  return builder.build();
}

/**
 * A {@link TreeIndex}'s columns as plain data, to post between threads (its typed arrays can be
 * transferred). Facts stay behind: the receiver computes its own if it needs any.
 */
export interface PortableTreeIndex extends Omit<TreeColumns, 'signatures' | 'docs' | 'messages'> {
  signatures: string[];
  docs: string[];
  messages: string[];
}

/** The index as plain data; `transfer` lists the buffers a `postMessage` can move instead of copying. */
export function toPortable(index: TreeIndex): { portable: PortableTreeIndex; transfer: ArrayBuffer[] } {
  const list = (strings: StringList) => Array.from({ length: strings.length }, (_, at) => strings.at(at));
  const { facts, ...columns } = index;
  const portable: PortableTreeIndex = {
    ...columns,
    paths: [...index.paths],
    names: [...index.names],
    signatures: list(index.signatures),
    docs: list(index.docs),
    messages: list(index.messages),
  };
  const transfer = INDEX_COLUMNS.map((column) => index[column].buffer as ArrayBuffer);
  return { portable, transfer };
}

/** The index back from {@link toPortable}'s plain data. */
export function fromPortable(portable: PortableTreeIndex): TreeIndex {
  return treeIndexOf({
    ...portable,
    signatures: arrayStringList(portable.signatures),
    docs: arrayStringList(portable.docs),
    messages: arrayStringList(portable.messages),
  });
}

/** The ids of those of `wanted` that occur in the index (one pass over the names, no full map). */
export function lookupNames(index: TreeIndex, wanted: Iterable<string>): Map<string, number> {
  const pending = new Set(wanted);
  const found = new Map<string, number>();
  if (pending.size === 0) return found;
  const { names } = index;
  for (let id = 0; id < names.length && found.size < pending.size; id++) {
    const name = names[id]!;
    if (pending.has(name) && !found.has(name)) found.set(name, id);
  }
  return found;
}

/** Makes `Definition` objects on demand, once per file, so object identity is stable within a build. */
export class DefinitionReader {
  private readonly byFile = new Map<number, Definition[]>();
  constructor(private readonly index: TreeIndex) {}

  /** Every definition of `file`, in file order. */
  definitionsOf(file: number): Definition[] {
    let definitions = this.byFile.get(file);
    if (!definitions) {
      const { index } = this;
      definitions = [];
      for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++) {
        // Same key order as the scanners build, so a definition read back is indistinguishable.
        const definition: Definition = {
          name: index.names[index.defName[position]!]!,
          kind: DEFINITION_KINDS[index.defKind[position]!]!,
          line: index.defLine[position]!,
          signature: index.signatures.at(position),
        };
        const scope = index.defScope[position]!;
        if (scope !== NO_SCOPE) definition.scope = index.names[scope]!;
        const endLine = index.defEndLine[position]!;
        if (endLine !== NO_END_LINE) definition.endLine = endLine;
        const doc = index.docs.at(position);
        if (doc !== '') definition.doc = doc;
        definitions.push(definition);
      }
      this.byFile.set(file, definitions);
    }
    return definitions;
  }

  /** The definition at global `position`, which belongs to `file`. */
  definitionAt(file: number, position: number): Definition {
    return this.definitionsOf(file)[position - this.index.defStart[file]!]!;
  }
}

/** File `file` of the index as a plain scan (references by name), for callers that want objects. */
export function fileScanOf(index: TreeIndex, reader: DefinitionReader, file: number): FileScan {
  const names: string[] = [];
  const counts: number[] = [];
  for (let reference = index.refStart[file]!; reference < index.refStart[file + 1]!; reference++) {
    names.push(index.names[index.refIds[reference]!]!);
    counts.push(index.refCounts[reference]!);
  }
  const messages = index.messages.at(file);
  return {
    definitions: reader.definitionsOf(file),
    references: { names, counts },
    ...(messages === '' ? {} : { messages: messages.split('\n') }),
  };
}
