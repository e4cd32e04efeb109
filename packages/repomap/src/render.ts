/**
 * Rendering: the terse, list-shaped map text under an exact token budget. Files appear in rank
 * order, each followed by its chosen definitions in line order; `⋮` marks definitions left out.
 * The chosen set is the longest prefix of the ranked symbols whose rendering fits the budget,
 * measured with the caller's tokenizer on the exact bytes returned, so the map is never over.
 * A short definition (see {@link isShortDefinition}) with documentation shows the first sentence
 * of it (`doc-line.ts`) after the signature, on the same line:
 * `  31: function parse(text): Node — Reads one node.`; the best-ranked ones get theirs first,
 * within DOC_BUDGET_SHARE of the budget. The same line costs one token less than a line of its
 * own (a newline and an indent, or a marker to tell it from a definition), and ` — ` is all but
 * absent from code, so it stays unambiguous.
 * Paths, signatures and docs with control characters are shown escaped (`escapeControls` of
 * `@ctxkit/tokenize`), so a file named with a newline or a terminal escape cannot split an entry.
 */
import { escapeControls, type Tokenizer } from '@ctxkit/tokenize';
import type { Definition, DefinitionKind } from './types.js';

/** Marks definitions of a file that the map leaves out (before, between or after shown ones). */
export const ELISION_MARKER = '⋮';
/** Longer signatures are cut here with `…`: a whole multi-line parameter list says little more. */
export const MAX_SIGNATURE_LENGTH = 160;
/** Between a signature and its doc line. */
export const DOC_SEPARATOR = ' — ';
/**
 * A definition spanning at most this many lines gets its doc line: its signature and one sentence
 * say most of what it does. A longer one (a class, a module, a long function) is better described
 * by the members and the body an agent will open anyway, and its doc would crowd out other entries.
 */
export const SHORT_DEFINITION_LINES = 30;
/**
 * The share of the budget doc lines may take, spent on the best-ranked short definitions first.
 * A map is for names: each doc line displaces a definition or two, and the best-ranked ones are
 * where a sentence most helps the reader choose what to open. At a tenth, the SWE-bench dev set
 * lost a named gold definition at 1024 tokens; at a twentieth none.
 */
export const DOC_BUDGET_SHARE = 0.05;

/** Whether `definition` is short enough for its doc line; without a known end only functions count. */
export function isShortDefinition(definition: Definition): boolean {
  if (definition.endLine !== undefined) return definition.endLine - definition.line < SHORT_DEFINITION_LINES;
  return definition.kind === 'function' || definition.kind === 'method';
}

/**
 * One candidate line of the map: a definition of a file, in rank order, or (without `definition`)
 * a file with no definitions at all, listed by its path alone (a language without a scanner).
 */
export interface RenderSymbol {
  /** The file's relative path. */
  path: string;
  definition?: Definition;
}

/** Options of {@link renderRepoMap}. */
export interface RenderOptions {
  /** Ranked symbols, best first. */
  symbols: readonly RenderSymbol[];
  /** Every file's rank position (lower is better); files render in this order. */
  fileRank: ReadonlyMap<string, number>;
  /** Every definition of each file in line order, so left-out runs can be marked where they are. */
  fileDefinitions: (path: string) => readonly Definition[];
  /** Maximum tokens of the returned text. */
  budget: number;
  tokenizer: Tokenizer;
}

/** The rendered map and its exact token count (≤ budget). */
export interface RenderedMap {
  text: string;
  tokens: number;
  /** How many of the ranked symbols made it in. */
  symbolCount: number;
}

/**
 * `signature` at most MAX_SIGNATURE_LENGTH characters. A long parameter list is cut inside its
 * parentheses, so what follows them (a return type, `throws`, `where` clauses) stays readable;
 * otherwise the end is cut. `…` marks the cut.
 */
export function shortenSignature(signature: string): string {
  if (signature.length <= MAX_SIGNATURE_LENGTH) return signature;
  const open = signature.indexOf('(');
  let close = -1;
  for (let index = open, depth = 0; open >= 0 && index < signature.length; index++) {
    const character = signature[index];
    if (character === '(') depth++;
    else if (character === ')' && --depth === 0) {
      close = index;
      break;
    }
  }
  const tail = close >= 0 ? signature.slice(close) : '';
  // Keep the tail when it is short and at least a few parameter characters still fit before it.
  const room = MAX_SIGNATURE_LENGTH - 1 - tail.length - (open + 1);
  if (close >= 0 && tail.length <= MAX_SIGNATURE_LENGTH / 2 && room >= 8) {
    return `${signature.slice(0, open + 1 + room).trimEnd()}…${tail}`;
  }
  return `${signature.slice(0, MAX_SIGNATURE_LENGTH - 1)}…`;
}

/** What a doc line adds to its definition's line (`''` when it gets none). */
function docSuffix(definition: Definition): string {
  return definition.doc && isShortDefinition(definition)
    ? `${DOC_SEPARATOR}${escapeControls(definition.doc)}`
    : '';
}

/**
 * One definition's line: its line number, then its signature, indented under its scope, then
 * (with `withDoc`) the doc line of a short definition.
 */
export function formatDefinition(definition: Definition, withDoc = true): string {
  const signature = shortenSignature(definition.signature.trim() || definition.name);
  const doc = withDoc ? docSuffix(definition) : '';
  return `${definition.scope ? '    ' : '  '}${definition.line}: ${escapeControls(signature)}${doc}`;
}

/**
 * `shown` plus the definition each shown member belongs to (its class, impl or module header),
 * and theirs in turn: a method's line says little without the type it is a method of. The
 * container is the nearest definition above the member named as its scope.
 */
// Kinds that never hold members (a constructor shares its class's name but is not its header).
const NOT_CONTAINERS: ReadonlySet<DefinitionKind> = new Set([
  'constructor',
  'method',
  'field',
  'property',
  'variable',
  'constant',
]);

function withContainers(shown: Set<Definition>, all: readonly Definition[]): Set<Definition> {
  if (![...shown].some((definition) => definition.scope)) return shown;
  const result = new Set(shown);
  const pending = [...shown];
  while (pending.length > 0) {
    const member = pending.pop()!;
    if (!member.scope) continue;
    let container: Definition | undefined;
    for (const candidate of all) {
      if (candidate.line >= member.line) break;
      if (candidate.name === member.scope && !NOT_CONTAINERS.has(candidate.kind)) container = candidate;
    }
    if (container && !result.has(container)) {
      result.add(container);
      pending.push(container);
    }
  }
  return result;
}

/**
 * The ranked definitions that get their doc line within `tokens`: short documented ones, best
 * first, until the next would not fit. Each decision depends only on better-ranked symbols, so any
 * prefix of the ranking gets the same docs however long the list it was cut from.
 */
export function documentedWithin(
  symbols: readonly RenderSymbol[],
  tokens: number,
  tokenizer: Tokenizer,
): Set<Definition> {
  const documented = new Set<Definition>();
  let left = tokens;
  for (const { definition } of symbols) {
    const suffix = definition ? docSuffix(definition) : '';
    if (suffix === '') continue;
    left -= tokenizer.count(suffix);
    if (left < 0) break;
    documented.add(definition!);
  }
  return documented;
}

/**
 * Renders the first `count` ranked symbols (no budget check); `documented` (default: every short
 * definition) names those shown with their doc line.
 */
export function renderSymbols(
  symbols: readonly RenderSymbol[],
  count: number,
  fileRank: ReadonlyMap<string, number>,
  fileDefinitions: (path: string) => readonly Definition[],
  documented?: ReadonlySet<Definition>,
): string {
  const byFile = new Map<string, Definition[]>();
  for (const symbol of symbols.slice(0, count)) {
    const list = byFile.get(symbol.path);
    const shown = symbol.definition ? [symbol.definition] : [];
    if (list) list.push(...shown);
    else byFile.set(symbol.path, shown);
  }
  const paths = [...byFile.keys()].sort(
    (left, right) =>
      (fileRank.get(left) ?? Number.MAX_SAFE_INTEGER) - (fileRank.get(right) ?? Number.MAX_SAFE_INTEGER) ||
      (left < right ? -1 : left > right ? 1 : 0),
  );
  const lines: string[] = [];
  for (const path of paths) {
    const all = fileDefinitions(path);
    const shown = withContainers(new Set(byFile.get(path)), all);
    lines.push(`${escapeControls(path)}:`);
    let hidden = false;
    for (const definition of all) {
      if (!shown.has(definition)) {
        hidden = true;
        continue;
      }
      if (hidden) lines.push(ELISION_MARKER);
      hidden = false;
      lines.push(formatDefinition(definition, documented?.has(definition) ?? true));
    }
    if (hidden) lines.push(ELISION_MARKER);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * Renders as many of the ranked symbols as fit `budget` tokens. Searches the prefix length by
 * doubling then bisection, counting each candidate exactly, so the work stays proportional to the
 * budget, not to the tree.
 */
export function renderRepoMap(options: RenderOptions): RenderedMap {
  const { symbols, fileRank, fileDefinitions, tokenizer } = options;
  const budget = Math.max(0, Math.floor(options.budget));
  const documented = documentedWithin(symbols, budget * DOC_BUDGET_SHARE, tokenizer);
  const measure = (count: number) => {
    const text = renderSymbols(symbols, count, fileRank, fileDefinitions, documented);
    return { text, tokens: text === '' ? 0 : tokenizer.count(text), symbolCount: count };
  };
  let best: RenderedMap = { text: '', tokens: 0, symbolCount: 0 };
  if (budget === 0 || symbols.length === 0) return best;

  let low = 0;
  let high = -1;
  for (let count = 16; ; count *= 2) {
    const candidate = measure(Math.min(count, symbols.length));
    if (candidate.tokens <= budget) {
      best = candidate;
      low = candidate.symbolCount;
      if (low === symbols.length) return best;
    } else {
      high = candidate.symbolCount;
      break;
    }
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    const candidate = measure(middle);
    if (candidate.tokens <= budget) {
      best = candidate;
      low = middle;
    } else high = middle;
  }
  return best;
}
