/**
 * Call facts: for the few files a map will list, the identifiers inside each function-like
 * definition's body. The index keeps only per-file reference counts, so these are read from the
 * file text the shell passes in (a file it could not read simply has none). Scoring uses them to
 * rank the definitions a task-matched one calls, or is called by, right after the matched ones
 * (see `scoreSymbols`).
 */
import { CALL_BODY_MAX_LINES, CALL_BODY_MAX_NAMES } from './ranking-policy.js';
import { DEFINITION_KINDS, NO_END_LINE, type TreeIndex } from './tree-index.js';
import type { DefinitionKind } from './types.js';

/** The identifiers in the bodies of the call files' function-like definitions, by position. */
export interface CallFacts {
  /** The files whose bodies were read (file ids, in ranking order). */
  readonly files: readonly number[];
  /** By definition position, the distinct names its body mentions (its own name left out). */
  readonly bodies: ReadonlyMap<number, ReadonlySet<string>>;
}

/** Kinds whose body is code that calls things; a class body would list every member's calls. */
const BODY_KINDS: ReadonlySet<DefinitionKind> = new Set(['function', 'method', 'constructor', 'macro']);
const IS_BODY_KIND = Uint8Array.from(DEFINITION_KINDS, (kind) => (BODY_KINDS.has(kind) ? 1 : 0));

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;

/**
 * The call facts of `files` (file ids, best first), `readText(file)` giving a file's text or
 * `undefined` when it cannot be read. With `isSeed` (by name id: may this name seed the tier?),
 * only the files defining a seed are read: the tier uses no other bodies (a seed's callees are
 * found by name anywhere, its callers only in its own file), and most of the files hold none.
 * Work is linear in the read files' lines: each body is read for at most CALL_BODY_MAX_LINES
 * lines and keeps at most CALL_BODY_MAX_NAMES names.
 */
export function collectCallFacts(
  index: TreeIndex,
  files: readonly number[],
  readText: (file: number) => string | undefined,
  isSeed?: (nameId: number) => boolean,
): CallFacts {
  const { defStart, defKind, defLine, defEndLine, defName, names } = index;
  const bodies = new Map<number, ReadonlySet<string>>();
  for (const file of files) {
    if (isSeed && !definesSeed(index, file, isSeed)) continue;
    let lines: string[] | undefined;
    for (let position = defStart[file]!; position < defStart[file + 1]!; position++) {
      const end = defEndLine[position]!;
      if (IS_BODY_KIND[defKind[position]!] !== 1 || end === NO_END_LINE) continue;
      if (lines === undefined) {
        const text = readText(file);
        if (text === undefined) break;
        lines = text.split('\n');
      }
      const own = names[defName[position]!]!;
      const first = defLine[position]!;
      const last = Math.min(end, first + CALL_BODY_MAX_LINES - 1, lines.length);
      const body = new Set<string>();
      for (let line = first; line <= last && body.size < CALL_BODY_MAX_NAMES; line++) {
        for (const match of lines[line - 1]!.matchAll(IDENTIFIER)) {
          if (match[0] !== own) body.add(match[0]);
          if (body.size >= CALL_BODY_MAX_NAMES) break;
        }
      }
      bodies.set(position, body);
    }
  }
  return { files, bodies };
}

function definesSeed(index: TreeIndex, file: number, isSeed: (nameId: number) => boolean): boolean {
  for (let position = index.defStart[file]!; position < index.defStart[file + 1]!; position++)
    if (isSeed(index.defName[position]!)) return true;
  return false;
}
