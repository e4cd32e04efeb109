/** Shared data types of the repo map: what scanners produce and ranking consumes. */

/** The kind of a definition. Scanners only emit kinds that their language has. */
export type DefinitionKind =
  | 'class'
  | 'interface'
  | 'type'
  | 'enum'
  | 'function'
  | 'method'
  | 'constant'
  | 'variable'
  | 'module'
  | 'namespace'
  | 'struct'
  | 'trait'
  | 'impl'
  | 'field'
  | 'property'
  | 'constructor'
  | 'macro'
  | 'union';

/** One named definition found in a file. */
export interface Definition {
  /** The defined name, as written (no qualification). */
  name: string;
  kind: DefinitionKind;
  /** 1-based line of the name. */
  line: number;
  /** 1-based last line of the definition's body, when the scanner knows it. */
  endLine?: number;
  /** The declaration's header on one line, whitespace-collapsed (e.g. `def parse(self, text: str) -> Node:`). */
  signature: string;
  /** Enclosing class/struct/impl/namespace name for members, e.g. `Parser` for `Parser.parse`. */
  scope?: string;
  /** The first line of its docstring or doc comment, whitespace-collapsed (see `doc-line.ts`). */
  doc?: string;
}

/** What a scanner finds in one file. */
export interface ScanResult {
  definitions: Definition[];
  /**
   * Identifier occurrences outside comments and strings, counted per name (definitions' own names
   * included). Iteration order carries no meaning: consumers sort explicitly.
   */
  references: Map<string, number>;
}

/** Languages with a built-in scanner. */
export type Language =
  | 'typescript'
  | 'javascript'
  | 'python'
  | 'go'
  | 'rust'
  | 'java'
  | 'c'
  | 'cpp'
  | 'csharp'
  | 'ruby'
  | 'php';

/** A pure scanner: text in, definitions and references out. Never throws on any input. */
export type Scanner = (text: string) => ScanResult;
