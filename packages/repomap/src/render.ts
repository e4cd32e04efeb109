/**
 * Rendering: the terse, list-shaped map text under an exact token budget. Files appear in rank
 * order, each followed by its chosen definitions in line order; `⋮` marks definitions left out.
 * The chosen set is the longest prefix of the ranked symbols whose rendering fits the budget,
 * measured with the caller's tokenizer on the exact bytes returned, so the map is never over.
 * Paths and signatures with control characters are shown escaped (`escapeControls` of
 * `@ctxkit/tokenize`), so a file named with a newline or a terminal escape cannot split an entry.
 */
import { escapeControls, type Tokenizer } from '@ctxkit/tokenize';
import type { Definition } from './types.js';

/** Marks definitions of a file that the map leaves out (before, between or after shown ones). */
export const ELISION_MARKER = '⋮';
/** Longer signatures are cut here with `…`: a whole multi-line parameter list says little more. */
export const MAX_SIGNATURE_LENGTH = 160;

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

/** One definition's line: its line number, then its signature, indented under its scope. */
export function formatDefinition(definition: Definition): string {
  let signature = definition.signature.trim() || definition.name;
  if (signature.length > MAX_SIGNATURE_LENGTH) signature = `${signature.slice(0, MAX_SIGNATURE_LENGTH - 1)}…`;
  return `${definition.scope ? '    ' : '  '}${definition.line}: ${escapeControls(signature)}`;
}

/** Renders the first `count` ranked symbols (no budget check). */
export function renderSymbols(
  symbols: readonly RenderSymbol[],
  count: number,
  fileRank: ReadonlyMap<string, number>,
  fileDefinitions: (path: string) => readonly Definition[],
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
    const shown = new Set(byFile.get(path));
    const all = fileDefinitions(path);
    lines.push(`${escapeControls(path)}:`);
    let hidden = false;
    for (const definition of all) {
      if (!shown.has(definition)) {
        hidden = true;
        continue;
      }
      if (hidden) lines.push(ELISION_MARKER);
      hidden = false;
      lines.push(formatDefinition(definition));
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
  const measure = (count: number) => {
    const text = renderSymbols(symbols, count, fileRank, fileDefinitions);
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
