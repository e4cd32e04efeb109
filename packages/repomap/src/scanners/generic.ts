/**
 * The scan of a language without a scanner of its own (Elixir, PHP, Kotlin, …): every identifier
 * counted as a reference, so ranking finds the file by what it mentions and by its path, and as
 * definitions only the lines that open with a declaration keyword (`function name`, `class Name`,
 * `def name`, `fun name`, …, after modifiers such as `public static`): without the grammar, a
 * keyword-led line is the one guess precise enough not to put noise in the map. A declaration
 * indented under a class-like one is its member. Linear in the text; comments and strings are not
 * told apart from code (a declaration line must start with the keyword, so prose rarely matches).
 */
import type { Definition, DefinitionKind, ScanResult } from '../types.js';
import { pushDefinition } from './definitions.js';

/** Longer runs of identifier characters are data (hashes, encoded blobs), not names. */
const MAX_IDENTIFIER_LENGTH = 100;

function isIdentifierStart(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f;
}

function isIdentifierPart(code: number): boolean {
  return isIdentifierStart(code) || (code >= 0x30 && code <= 0x39);
}

/** The kind each declaration keyword introduces (a function inside a class-like one is a method). */
const DECLARATION_KINDS: Readonly<Record<string, DefinitionKind>> = {
  function: 'function',
  func: 'function',
  fun: 'function',
  fn: 'function',
  def: 'function',
  defp: 'function',
  defmacro: 'macro',
  class: 'class',
  object: 'class',
  record: 'class',
  interface: 'interface',
  protocol: 'interface',
  trait: 'trait',
  enum: 'enum',
  struct: 'struct',
  module: 'module',
  defmodule: 'module',
};
const CONTAINER_KINDS: ReadonlySet<DefinitionKind> = new Set([
  'class',
  'interface',
  'trait',
  'enum',
  'struct',
  'module',
]);
// Modifiers, then a keyword, then a name (PHP `&name`, Elixir `Name.Sub`): one pass per line, no
// backtracking beyond one modifier at a time.
const DECLARATION =
  /^([ \t]*)(?:(?:public|private|protected|internal|static|abstract|final|override|open|export|async|pub|sealed|data|inline|suspend|readonly|local|case)[ \t]+)*(function|func|fun|fn|defp|defmacro|defmodule|def|class|object|record|interface|protocol|trait|enum|struct|module)[ \t]+&?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)/;
/** Longer declaration lines are cut in the signature. */
const MAX_SIGNATURE_LENGTH = 200;

function declarations(text: string): Definition[] {
  const definitions: Definition[] = [];
  // Enclosing class-like declarations by indentation, innermost last.
  const containers: { indentation: number; name: string }[] = [];
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber++;
    if (line.length > 4 * MAX_SIGNATURE_LENGTH) continue;
    const match = DECLARATION.exec(line);
    if (!match) continue;
    const indentation = match[1]!.replace(/\t/g, '    ').length;
    while (containers.length > 0 && containers[containers.length - 1]!.indentation >= indentation)
      containers.pop();
    const scope = containers[containers.length - 1]?.name;
    let kind = DECLARATION_KINDS[match[2]!]!;
    if (kind === 'function' && scope !== undefined) kind = 'method';
    const name =
      match[3]!.length > MAX_IDENTIFIER_LENGTH ? match[3]!.slice(0, MAX_IDENTIFIER_LENGTH) : match[3]!;
    const signature = line
      .trim()
      .replace(/\s*\{\s*$/, '')
      .replace(/\s+/g, ' ')
      .slice(0, MAX_SIGNATURE_LENGTH);
    pushDefinition(definitions, name, kind, lineNumber, signature, scope);
    if (CONTAINER_KINDS.has(kind)) containers.push({ indentation, name });
  }
  return definitions;
}

/** Every ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`) of `text`, counted, and its keyword-led declarations. */
export function scanGeneric(text: string): ScanResult {
  const references = new Map<string, number>();
  const length = text.length;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (!isIdentifierStart(code)) {
      // A digit run (or a word glued to one, `0x1f`) is not a name: skip the whole run.
      if (isIdentifierPart(code)) while (index < length && isIdentifierPart(text.charCodeAt(index))) index++;
      else index++;
      continue;
    }
    const start = index;
    while (index < length && isIdentifierPart(text.charCodeAt(index))) index++;
    if (index - start > MAX_IDENTIFIER_LENGTH) continue;
    const name = text.slice(start, index);
    references.set(name, (references.get(name) ?? 0) + 1);
  }
  return { definitions: declarations(text), references };
}
