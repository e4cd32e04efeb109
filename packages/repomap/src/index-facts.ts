/**
 * What ranking derives from a tree and never from the task: which files define and which use each
 * name, the paths as vocabulary documents, which files are tests or declarations, the file of each
 * definition. An index owns its facts (`index.facts`): each is computed the first time a build
 * asks for it and then kept with the index, which never changes. A one-shot build computes each
 * once, as it would inline; a long-running process (`ctxkit serve`, the MCP server, a harness)
 * that builds maps of an unchanged tree again gets the same index back from the scan cache memory
 * it holds (see `cache.ts`), and with it these, so only the task's own work is left per build.
 * Nothing else holds them: they go when the index goes.
 */
import { messageWordCount } from '@ctxkit/internal';
import { isAuxiliaryPath, isDeclarationPath } from './auxiliary-files.js';
import { splitIdentifier } from './query.js';
import { MESSAGE_MIN_WORDS, PATH_SUBWORD_OCCURRENCES } from './ranking-policy.js';
import { languageForPath } from './scanners/languages.js';
import { DEFINITION_KINDS, NO_END_LINE, type TreeColumns } from './tree-index.js';
import type { DefinitionKind } from './types.js';

/** Per name id, the files defining it: `files[start[id]] …` up to `start[id + 1]`, ascending, unique. */
export interface Definers {
  start: Int32Array;
  files: Int32Array;
}

/**
 * The references transposed: per name id, the files referencing it and how often, at
 * `files[start[id]] …` up to `start[id + 1]` (ascending file ids) with `counts` alongside.
 * Ranking asks "who uses these few names?" several times per build; this answers from the few
 * names' lists instead of a pass over every reference of the tree.
 */
export interface Postings {
  start: Int32Array;
  files: Int32Array;
  counts: Int32Array;
}

/** A file's path split for the vocabulary signal (see `vocabularySeeds`). */
export interface PathVocabulary {
  /** Each distinct path segment of the tree, split into its subwords. */
  segmentWords: readonly (readonly string[])[];
  /** File `f`'s segments are the ids `segmentIds[segmentStart[f]] …` up to `segmentStart[f + 1]`. */
  segmentStart: Int32Array;
  segmentIds: Int32Array;
  /**
   * Per file, its length as a vocabulary document: identifier occurrences plus each path subword
   * counted PATH_SUBWORD_OCCURRENCES times.
   */
  lengths: Float64Array;
}

/**
 * The tree's message fragments of at least MESSAGE_MIN_WORDS words (see `FileScan.messages`), by
 * their second word: such a fragment's second word stands whole between spaces wherever the
 * fragment does, so a task is searched only for the fragments filed under its own words. Each list
 * is in file order; `fragments[i]` is held by file `files[i]`.
 */
export type MessagesByWord = ReadonlyMap<string, { fragments: string[]; files: number[] }>;

/** The task-independent facts of one index, each computed on first use (see the file comment). */
export class IndexFacts {
  /** The facts computed so far. */
  private readonly known: {
    definers?: Definers;
    postings?: Postings;
    pathVocabulary?: PathVocabulary;
    auxiliary?: Uint8Array;
    declaration?: Uint8Array;
    definitionFiles?: Int32Array;
    messagesByWord?: MessagesByWord;
  } = {};

  constructor(private readonly columns: TreeColumns) {}

  /**
   * Which files define each name (a name defined twice in one file lists the file once); a C or
   * C++ prototype is not a definition where a C or C++ body exists (see {@link countsAsDefinition}).
   */
  get definers(): Definers {
    this.known.definers ??= definersOf(this.columns);
    return this.known.definers;
  }

  /** Which files reference each name, and how often. */
  get postings(): Postings {
    this.known.postings ??= postingsOf(this.columns);
    return this.known.postings;
  }

  /** The tree's paths as vocabulary documents. */
  get pathVocabulary(): PathVocabulary {
    this.known.pathVocabulary ??= pathVocabularyOf(this.columns, PATH_SUBWORD_OCCURRENCES);
    return this.known.pathVocabulary;
  }

  /** Per file, 1 if it is a test, example, doc or benchmark file (see isAuxiliaryPath). */
  get auxiliary(): Uint8Array {
    this.known.auxiliary ??= Uint8Array.from(this.columns.paths, (path) => (isAuxiliaryPath(path) ? 1 : 0));
    return this.known.auxiliary;
  }

  /** Per file, 1 if it is a TypeScript declaration file (see isDeclarationPath). */
  get declaration(): Uint8Array {
    this.known.declaration ??= Uint8Array.from(this.columns.paths, (path) =>
      isDeclarationPath(path) ? 1 : 0,
    );
    return this.known.declaration;
  }

  /** By definition position, the id of the file that holds it. */
  get definitionFiles(): Int32Array {
    this.known.definitionFiles ??= definitionFilesOf(this.columns);
    return this.known.definitionFiles;
  }

  /** The message fragments that can seed a ranking, by their second word. */
  get messagesByWord(): MessagesByWord {
    this.known.messagesByWord ??= messagesByWordOf(this.columns);
    return this.known.messagesByWord;
  }
}

function messagesByWordOf(index: TreeColumns): MessagesByWord {
  const byWord = new Map<string, { fragments: string[]; files: number[] }>();
  for (let file = 0; file < index.paths.length; file++) {
    const messages = index.messages.at(file);
    if (messages === '') continue;
    for (const fragment of messages.split('\n')) {
      const first = fragment.indexOf(' ');
      const second = fragment.indexOf(' ', first + 1);
      if (first === -1 || second === -1 || messageWordCount(fragment) < MESSAGE_MIN_WORDS) continue;
      const word = fragment.slice(first + 1, second);
      const entry = byWord.get(word);
      if (entry === undefined) byWord.set(word, { fragments: [fragment], files: [file] });
      else {
        entry.fragments.push(fragment);
        entry.files.push(file);
      }
    }
  }
  return byWord;
}

const CALLABLE_KINDS: ReadonlySet<DefinitionKind> = new Set(['function', 'method', 'constructor']);

/**
 * Per definition position, 1 when it makes its file a definer of its name. A C or C++ function
 * declared without a body (a prototype in a header, a forward declaration) does not, when a C or
 * C++ file of the tree gives the function's body: the header that declares every function of a
 * module is where none of them is written, and as their definer it would collect the definition
 * seeds and the reference edges of all of them (on the development sets it put `server.h` above
 * the `.c` file the fix touched). Without a body anywhere, the prototype is all there is and counts.
 * Only C and C++: elsewhere a bodiless declaration (an interface method, a `.d.ts` signature) is an
 * API of its own that fixes do change.
 */
function countsAsDefinition(index: TreeColumns): Uint8Array {
  const counts = new Uint8Array(index.defName.length).fill(1);
  const cFamily = index.paths.map((path) => {
    const language = languageForPath(path);
    return language === 'c' || language === 'cpp';
  });
  const isCallable = (position: number) => CALLABLE_KINDS.has(DEFINITION_KINDS[index.defKind[position]!]!);
  const hasBody = new Uint8Array(index.names.length);
  forEachCDefinition(index, cFamily, (position) => {
    if (isCallable(position) && index.defEndLine[position] !== NO_END_LINE)
      hasBody[index.defName[position]!] = 1;
  });
  forEachCDefinition(index, cFamily, (position) => {
    const prototype = isCallable(position) && index.defEndLine[position] === NO_END_LINE;
    if (prototype && hasBody[index.defName[position]!]) counts[position] = 0;
  });
  return counts;
}

function forEachCDefinition(
  index: TreeColumns,
  cFamily: readonly boolean[],
  visit: (position: number) => void,
) {
  for (let file = 0; file < index.paths.length; file++) {
    if (!cFamily[file]) continue;
    for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++)
      visit(position);
  }
}

function definersOf(index: TreeColumns): Definers {
  const nameCount = index.names.length;
  const fileCount = index.paths.length;
  const defines = countsAsDefinition(index);
  const counts = new Int32Array(nameCount + 1);
  const lastFile = new Int32Array(nameCount).fill(-1);
  for (let file = 0; file < fileCount; file++) {
    for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++) {
      if (!defines[position]) continue;
      const id = index.defName[position]!;
      if (lastFile[id] !== file) {
        lastFile[id] = file;
        counts[id + 1]!++;
      }
    }
  }
  for (let id = 0; id < nameCount; id++) counts[id + 1]! += counts[id]!;
  const files = new Int32Array(counts[nameCount]!);
  const fill = counts.slice(0, nameCount);
  lastFile.fill(-1);
  for (let file = 0; file < fileCount; file++) {
    for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++) {
      if (!defines[position]) continue;
      const id = index.defName[position]!;
      if (lastFile[id] !== file) {
        lastFile[id] = file;
        files[fill[id]!++] = file;
      }
    }
  }
  return { start: counts, files };
}

function postingsOf(index: TreeColumns): Postings {
  const { refStart, refIds, refCounts } = index;
  const nameCount = index.names.length;
  const start = new Int32Array(nameCount + 1);
  for (let reference = 0; reference < refIds.length; reference++) start[refIds[reference]! + 1]!++;
  for (let id = 0; id < nameCount; id++) start[id + 1]! += start[id]!;
  const files = new Int32Array(refIds.length);
  const counts = new Int32Array(refIds.length);
  const fill = start.slice(0, nameCount);
  for (let file = 0; file + 1 < refStart.length; file++) {
    for (let reference = refStart[file]!; reference < refStart[file + 1]!; reference++) {
      const at = fill[refIds[reference]!]!++;
      files[at] = file;
      counts[at] = refCounts[reference]!;
    }
  }
  return { start, files, counts };
}

/** The index's {@link PathVocabulary} with path subwords weighing `pathWeight` occurrences. */
function pathVocabularyOf(index: TreeColumns, pathWeight: number): PathVocabulary {
  const { paths, refStart, refCounts } = index;
  const segmentIdOf = new Map<string, number>();
  const segmentWords: string[][] = [];
  const segmentStart = new Int32Array(paths.length + 1);
  const ids: number[] = [];
  const lengths = new Float64Array(paths.length);
  for (let file = 0; file < paths.length; file++) {
    let length = 0;
    for (let reference = refStart[file]!; reference < refStart[file + 1]!; reference++)
      length += refCounts[reference]!;
    for (const segment of paths[file]!.split('/')) {
      let id = segmentIdOf.get(segment);
      if (id === undefined) {
        id = segmentWords.length;
        segmentIdOf.set(segment, id);
        segmentWords.push(splitIdentifier(segment));
      }
      ids.push(id);
      length += pathWeight * segmentWords[id]!.length;
    }
    lengths[file] = length;
    segmentStart[file + 1] = ids.length;
  }
  return { segmentWords, segmentStart, segmentIds: Int32Array.from(ids), lengths };
}

function definitionFilesOf(index: TreeColumns): Int32Array {
  const files = new Int32Array(index.defName.length);
  for (let file = 0; file + 1 < index.defStart.length; file++) {
    files.fill(file, index.defStart[file]!, index.defStart[file + 1]!);
  }
  return files;
}

/**
 * By definition position, how much its use outside its own file weighs: `log2(2 + uses elsewhere)`.
 * `referenceTotals` are by name id, occurrences across the tree (the graph's). One pass over the
 * definitions (6 ms for 150,000 of them on this project's 2-core machines, beside a warm build's
 * hundreds), so it is computed per ranking rather than kept among the facts.
 */
export function definitionUsageWeights(index: TreeColumns, referenceTotals: Float64Array): Float64Array {
  const { defName, defSelfCount } = index;
  const weights = new Float64Array(defName.length);
  for (let position = 0; position < defName.length; position++) {
    const elsewhere = Math.max(0, referenceTotals[defName[position]!]! - defSelfCount[position]!);
    weights[position] = Math.log2(2 + elsewhere);
  }
  return weights;
}
