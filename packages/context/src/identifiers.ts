import { kebabNames, titleRange, withoutTemplateText, withoutWebAddresses } from '@ctxkit/internal';

/**
 * Words that occur in task descriptions but name nothing in code. Plain English function words and
 * the verbs tasks are phrased with; anything else that looks like a name is kept.
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from has have how i if in into is it its ' +
    'let me more most must my no not of on or our should so some than that the their them then there ' +
    'these this those to too up us was we were what when where which while who why will with without ' +
    'would you your also all any each every only other same such via use used using make made add ' +
    'adds added fix fixes fixed change changes changed update updates updated remove removes removed ' +
    'implement support supports please need needs want wants like new old now way work works get gets ' +
    'set sets call calls run runs one two three after before instead because about again just still ' +
    // Language keywords: a task that says "return" or "class" is not naming a symbol.
    'return const var function class def import export public private protected static void true false ' +
    'null none self this async await else elif yield lambda struct impl interface enum'
  ).split(' '),
);

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/**
 * Longer "names" are data pasted into a task (a hex dump, a minified line), never a symbol: they are
 * left out, so no pattern is ever built from them.
 */
export const MAX_IDENTIFIER_LENGTH = 256;

/** A name taken from a task, with whether it looks like code rather than English. */
export interface TaskIdentifier {
  /** The name as first written in the task. */
  name: string;
  /**
   * True for camelCase, PascalCase, snake_case, names with digits and names written in backticks or
   * as a path: these are almost certainly code, so their hits count for more.
   */
  strong: boolean;
  /** True when the name is in the task's first line (its title), which says what it is about. */
  title?: boolean;
}

/** Weights of a task's names where excerpts look for them: a code-looking name is a far better signal than an English word. */
export const STRONG_WEIGHT = 3;
export const WEAK_WEIGHT = 1;
/**
 * A name in the task's first line (an issue's title, a one-line request) says what the task is about
 * and counts this many times its weight. On the development sets' excerpts, 1.5, 2, 3, 4 and 6
 * showed 30.9, 31.3, 31.8, 31.7, 31.6% of the changed lines at 8k (multilingual; 31.1 without),
 * and 3 raised both sets at 32k by 1.3 points.
 */
export const TITLE_MULTIPLIER = 3;

/** How much a hit on each identifier counts in an excerpt, by lower-cased name. */
export function identifierWeights(identifiers: readonly TaskIdentifier[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const identifier of identifiers) {
    const weight = identifier.strong ? STRONG_WEIGHT : WEAK_WEIGHT;
    weights.set(identifier.name.toLowerCase(), identifier.title ? weight * TITLE_MULTIPLIER : weight);
  }
  return weights;
}

function isStrong(name: string): boolean {
  return /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|_|\d|\$/.test(name) || /^[A-Z][A-Z0-9_]{2,}$/.test(name);
}

/**
 * The identifiers a task or query names, in order of first appearance, without duplicates
 * (case-insensitively) or stop words, at least 3 characters long (2 in backticks, so a caller's or
 * task's `db` or `fs` counts). Dotted and path-like names
 * contribute each part (`pkg/parser.py` → `parser`), and a backticked name is always strong.
 */
export function extractIdentifiers(task: string): TaskIdentifier[] {
  // What an issue template adds and a link's host and path say nothing about this task's code (see
  // withoutTemplateText, withoutWebAddresses).
  const text = withoutWebAddresses(withoutTemplateText(task));
  const found = new Map<string, TaskIdentifier>();
  const [titleStart, titleEnd] = titleRange(text);
  const quoted = new Set<string>();
  for (const match of text.matchAll(/`([^`\n]+)`/g)) {
    for (const name of match[1]!.match(IDENTIFIER) ?? []) quoted.add(name);
  }
  for (const match of text.matchAll(IDENTIFIER)) {
    const name = match[0];
    if (name.length > MAX_IDENTIFIER_LENGTH) continue;
    const key = name.toLowerCase();
    // Two-letter names (`db`, `fs`, `io`) count only when written as code: in prose they are words.
    if (name.length < (quoted.has(name) ? 2 : 3) || STOP_WORDS.has(key)) continue;
    const start = match.index;
    const end = start + name.length;
    // `a/b`, `a.b` (but not a sentence-ending period) mark a path or a qualified name.
    const pathLike =
      text[start - 1] === '/' ||
      text[end] === '/' ||
      (text[end] === '.' && /[A-Za-z_]/.test(text[end + 1] ?? '')) ||
      (text[start - 1] === '.' && /\w/.test(text[start - 2] ?? ''));
    const strong = quoted.has(name) || isStrong(name) || pathLike;
    const title = start < titleEnd && end > titleStart;
    const existing = found.get(key);
    if (existing) {
      existing.strong ||= strong;
      if (title) existing.title = true;
    } else found.set(key, title ? { name, strong, title } : { name, strong });
  }
  // A kebab-case rule or flag (`yield-in-for-loop`, `--max-files`) is found in code as
  // `yield_in_for_loop` or `YieldInForLoop` / `yieldInForLoop` (one name, case aside): after the
  // task's own names, in order of appearance.
  for (const { spellings } of kebabNames(text)) {
    for (const name of [spellings[0], spellings[2]]) {
      const key = name.toLowerCase();
      const existing = found.get(key);
      if (existing) existing.strong = true;
      else found.set(key, { name, strong: true });
    }
  }
  // Insertion order is first appearance in `text`, which is deterministic.
  return [...found.values()];
}
