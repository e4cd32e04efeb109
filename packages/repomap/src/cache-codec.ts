/**
 * The compact line encoding of the scan cache. Every name, scope and kind is written once, in a
 * string table, and entries refer to it by index; definitions are flat tuples and references two
 * number arrays. A warm build parses the whole cache, so what it costs is bytes and allocations:
 * on Go's standard library this is about half the bytes of plain JSON objects, every referenced
 * name is one shared string instead of one per file, and the names need no interning later.
 */
import type { FileScanOutcome } from './scan-file.js';
import type { Definition, DefinitionKind } from './types.js';

/** Fields per definition in an entry's flat definition array: name, kind, line, endLine, scope, signature. */
const DEFINITION_STRIDE = 6;
/** Stored for a missing `endLine` (lines are 1-based, so 0 never is one). */
const NO_END_LINE = 0;
/** Stored for a missing `scope` (string table indices are never negative). */
const NO_SCOPE = -1;

/** One cache entry: the file state its scan belongs to, and the scan. */
export interface CacheEntry {
  size: number;
  mtimeMs: number;
  outcome: FileScanOutcome;
}

/** Assigns string table indices while entries are encoded. */
export class StringTableBuilder {
  /** The table, in first-use order. */
  readonly strings: string[] = [];
  private readonly indices = new Map<string, number>();

  /** The index of `text`, adding it on first use. */
  indexOf(text: string): number {
    let index = this.indices.get(text);
    if (index === undefined) {
      index = this.strings.length;
      this.strings.push(text);
      this.indices.set(text, index);
    }
    return index;
  }
}

/** Encodes one entry as a JSON line (newline included), adding its strings to `table`. */
export function encodeEntry(path: string, entry: CacheEntry, table: StringTableBuilder): string {
  const { outcome } = entry;
  if ('skipped' in outcome) return `${JSON.stringify([path, entry.size, entry.mtimeMs, outcome.skipped])}\n`;
  const definitions: (number | string)[] = [];
  for (const definition of outcome.scan.definitions) {
    definitions.push(
      table.indexOf(definition.name),
      table.indexOf(definition.kind),
      definition.line,
      definition.endLine ?? NO_END_LINE,
      definition.scope === undefined ? NO_SCOPE : table.indexOf(definition.scope),
      definition.signature,
    );
  }
  const { names, counts } = outcome.scan.references;
  const referenceIds = names.map((name) => table.indexOf(name));
  return `${JSON.stringify([path, entry.size, entry.mtimeMs, definitions, referenceIds, counts])}\n`;
}

/** Thrown on an entry that does not decode: the caller discards the whole cache. */
export class CorruptCacheError extends Error {}

function stringAt(strings: readonly string[], index: unknown): string {
  const text = typeof index === 'number' ? strings[index] : undefined;
  if (text === undefined) throw new CorruptCacheError('string index out of range');
  return text;
}

function isNumberArray(value: unknown): value is number[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'number') return false;
  return true;
}

/** Decodes one parsed entry line against the string table; throws {@link CorruptCacheError} when malformed. */
export function decodeEntry(value: unknown, strings: readonly string[]): { path: string; entry: CacheEntry } {
  if (!Array.isArray(value)) throw new CorruptCacheError('entry is not an array');
  const [path, size, mtimeMs, body, referenceIds, counts] = value as unknown[];
  if (typeof path !== 'string' || typeof size !== 'number' || typeof mtimeMs !== 'number') {
    throw new CorruptCacheError('entry without path, size and mtime');
  }
  if (typeof body === 'string') return { path, entry: { size, mtimeMs, outcome: { skipped: body } } };
  if (
    !Array.isArray(body) ||
    body.length % DEFINITION_STRIDE !== 0 ||
    !isNumberArray(referenceIds) ||
    !isNumberArray(counts) ||
    referenceIds.length !== counts.length
  ) {
    throw new CorruptCacheError('malformed scan entry');
  }
  const definitions: Definition[] = [];
  for (let offset = 0; offset < body.length; offset += DEFINITION_STRIDE) {
    const line = body[offset + 2];
    const endLine = body[offset + 3];
    const scope = body[offset + 4];
    const signature = body[offset + 5];
    if (typeof line !== 'number' || typeof endLine !== 'number' || typeof signature !== 'string') {
      throw new CorruptCacheError('malformed definition');
    }
    // Same key order as the scanners build, so a decoded definition is indistinguishable.
    const definition: Definition = {
      name: stringAt(strings, body[offset]),
      kind: stringAt(strings, body[offset + 1]) as DefinitionKind,
      line,
      signature,
    };
    if (scope !== NO_SCOPE) definition.scope = stringAt(strings, scope);
    if (endLine !== NO_END_LINE) definition.endLine = endLine;
    definitions.push(definition);
  }
  const names = referenceIds.map((index) => stringAt(strings, index));
  return {
    path,
    entry: { size, mtimeMs, outcome: { scan: { definitions, references: { names, counts } } } },
  };
}
