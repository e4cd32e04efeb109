/**
 * What a task text names: identifiers (weighted by how code-like and how often), lexical subwords,
 * and path-like mentions (file paths, stack-trace frames, dotted module paths). Pure text analysis;
 * matching against a tree happens in `seeds/` and `rank-files.ts`.
 */

import {
  codeRanges,
  compareStrings,
  kebabNames,
  normalizeMessageText,
  titleRange,
  withoutLinkQueries,
  withoutTemplateText,
  withoutWebAddresses,
} from '@ctxkit/internal';
import { CODE_LIKE_WEIGHT, CODE_SPAN_WEIGHT, TITLE_WEIGHT } from './ranking-policy.js';
import { MAX_TASK_WORD_LENGTH } from './word-filter.js';

/** An identifier-shaped token the task text contains, and how strongly it names code. */
export interface QueryIdentifier {
  name: string;
  /** > 0; larger for code-like spellings, backticked or code-block text and repeated mentions. */
  weight: number;
  /**
   * Written in backticks / a code block, or spelled with the structure of code (snake_case,
   * camelCase, `HTTPServer`): the author pointing at a name. Letters with digits alone (`ext4`,
   * `utf8`, `sha256`) weigh as code-like but do not mark a name: prose uses them for standards and
   * products.
   */
  marked: boolean;
}

/** A path-like mention split into segments, extension removed, e.g. `['_pytest', 'python']`. */
export interface PathMention {
  segments: string[];
  /** `dotted` for `pkg.module.Name`, `path` for `dir/file.ext` / `file.ext`. */
  form: 'path' | 'dotted';
  /** Whether the mention spelled a file extension (a bare `file.py` may then match by name alone). */
  hasExtension: boolean;
}

/** Everything ranking uses from a task text. */
export interface QueryAnalysis {
  /** Identifiers sorted by name. */
  identifiers: QueryIdentifier[];
  /** Lower-case subwords of all identifiers with their counts, sorted by subword. */
  subwords: [string, number][];
  /** Path-like mentions in order of first appearance, de-duplicated. */
  paths: PathMention[];
  /**
   * The kebab-case compounds read as names (`tokio-util`, `yield-in-for-loop`), lower-case, with
   * their weights, sorted: a file or folder is often named so (`tokio-util/`, `redis-cli.c`).
   */
  compounds: [string, number][];
  /**
   * The task lower-cased with its whitespace collapsed (`normalizeMessageText`): the text a file's
   * message fragments are looked up in, since a task often quotes what a program printed.
   */
  messageText: string;
}

/** Tokens shorter than this carry no locating information (`a`, `if`, `id`). */
const MIN_IDENTIFIER_LENGTH = 3;

/**
 * Prose words so common in issue text that matching them to definitions is noise, unless the text
 * spells them as code. Kept short on purpose: specificity weighting handles the rest.
 */
const STOPWORDS = new Set(
  (
    'the and for are but not you all any can had her was one our out day get has him his how man new now old see ' +
    'two way who boy did its let put say she too use that with have this will your from they know want been good ' +
    'much some time very when come here just like long make many over such take than them well were what there ' +
    'which their would about could other these thing think those where after being every first found given going ' +
    'might never since still though under until using while should because before example expected actual ' +
    'following however instead actually already also again always another anything something nothing ' +
    'currently issue problem error errors bug fix work works working worked seems seem happen happens ' +
    'python code file files line lines version versions does doesn don isn wasn didn won shouldn cannot ' +
    'into onto then else elif true false none null self cls return returns def class import from pass raise ' +
    'https http www com org github html txt readme please thanks thank hello regards would could maybe ' +
    'same different possible instead able need needs needed used uses way ways case cases point see seen ' +
    'show shows shown following output input result results run runs running ran call calls called'
  ).split(' '),
);

/** Splits an identifier into lower-case subwords: `parseHTTPResponse_v2` → parse, http, response, v2. */
export function splitIdentifier(name: string): string[] {
  const words: string[] = [];
  for (const part of name.split(/[^A-Za-z0-9]+/)) {
    const pieces = part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+[0-9]*|[0-9]+/g);
    if (!pieces) continue;
    for (const piece of pieces) if (piece.length >= 2) words.push(piece.toLowerCase());
  }
  return words;
}

/** Whether `name` is spelled like code rather than prose. */
export function isCodeLike(name: string): boolean {
  return isStructuredLikeCode(name) || /[A-Za-z][0-9]/.test(name);
}

/** Whether the task spells `identifier` as code: marked as code by its author, or code-like in itself. */
export function isCodeSpelled(identifier: QueryIdentifier): boolean {
  return identifier.marked || isCodeLike(identifier.name);
}

/** The names a task spells as code (see {@link isCodeSpelled}). */
export function codeSpelledNames(query: QueryAnalysis): string[] {
  return query.identifiers.filter(isCodeSpelled).map((identifier) => identifier.name);
}

/** Whether `name` has the structure of code: an inner underscore, a lower-to-upper step, or `HTTPServer` capitals. */
function isStructuredLikeCode(name: string): boolean {
  return /_/.test(name.replace(/^_+|_+$/g, '')) || /[a-z][A-Z]/.test(name) || /^[A-Z]{2,}[a-z]/.test(name);
}

/** The longest token read as a path mention (the common PATH_MAX). */
const MAX_PATH_MENTION_LENGTH = 4096;

/** Extensions that make a token a file mention; `.py:123` and `.js)` are handled by the token pattern. */
const FILE_EXTENSION =
  /\.(?:py|pyi|pyx|ts|tsx|mts|cts|js|jsx|mjs|cjs|go|rs|java|kt|c|h|cc|cpp|cxx|hpp|hh|cs|rb|php|swift|scala)$/i;

/** Splits path-like tokens out of `text`. */
function extractPathMentions(text: string): PathMention[] {
  const mentions: PathMention[] = [];
  const seen = new Set<string>();
  const add = (mention: PathMention) => {
    const key = `${mention.form}:${mention.segments.join('/')}:${mention.hasExtension}`;
    if (seen.has(key) || mention.segments.length === 0) return;
    seen.add(key);
    mentions.push(mention);
  };
  for (const match of text.matchAll(/[A-Za-z0-9_.~\-/\\]+/g)) {
    // No path is this long; trimming one that is would cost time quadratic in its length.
    if (match[0].length > MAX_PATH_MENTION_LENGTH) continue;
    let token = match[0].replace(/\\/g, '/').replace(/[.:-]+$/, '');
    if (!token.includes('/') && !token.includes('.')) continue;
    const extension = FILE_EXTENSION.exec(token);
    if (extension) {
      token = token.slice(0, extension.index);
      const segments = token
        .split('/')
        .filter((segment) => segment !== '' && segment !== '.' && segment !== '..');
      add({ segments, form: 'path', hasExtension: true });
    } else if (token.includes('/')) {
      // An extension-less path: a directory or a module import path (`./utils/parse`, `src/app`).
      const segments = token.split('/').filter((segment) => /^[A-Za-z_][\w-]*$/.test(segment));
      if (segments.length >= 2) add({ segments, form: 'path', hasExtension: false });
    } else {
      const segments = token.split('.');
      if (segments.length >= 2 && segments.every((segment) => /^[A-Za-z_]\w*$/.test(segment))) {
        add({ segments, form: 'dotted', hasExtension: false });
      }
    }
  }
  return mentions;
}

/** Analyzes a task text. Deterministic; the order of the input's words never leaks except in `paths`. */
export function analyzeQuery(task: string): QueryAnalysis {
  // What an issue template adds says nothing about this task (see withoutTemplateText).
  const full = withoutTemplateText(task);
  // Names are read without links' hosts and paths (see withoutWebAddresses); the paths a link names
  // (`blob/main/src/a.rs#L8`) are still read as path mentions, from the full text less the links'
  // query strings, whose paths name the linked site's files (see withoutLinkQueries).
  const text = withoutWebAddresses(full);
  const ranges = codeRanges(text);
  const counts = new Map<string, { count: number; inCode: boolean; inTitle: boolean }>();
  const title = titleRange(text);
  let rangeIndex = 0;
  for (const match of text.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) {
    const name = match[0];
    // A pasted hex dump or minified line is not a name, and would only cost (see the constant).
    if (name.length > MAX_TASK_WORD_LENGTH) continue;
    const index = match.index ?? 0;
    while (rangeIndex < ranges.length && ranges[rangeIndex]![1] <= index) rangeIndex++;
    const range = ranges[rangeIndex];
    const inCode = range !== undefined && range[0] <= index && index < range[1];
    const inTitle = title[0] <= index && index < title[1];
    const entry = counts.get(name);
    if (entry) {
      entry.count++;
      entry.inCode ||= inCode;
      entry.inTitle ||= inTitle;
    } else counts.set(name, { count: 1, inCode, inTitle });
  }

  // A kebab-case compound (`yield-in-for-loop`, `--max-files`) names code spelled another way
  // (`YieldInForLoop`, `max_files`): its spellings are identifiers too. Their words are already
  // counted as the compound's own words, so they add no subwords; and they mark a name only when
  // the compound is written as code, since a flag a task asks to add may be a member elsewhere.
  const spellings = new Set<string>();
  const compounds = new Map<string, number>();
  for (const { compound, inCode, spellings: names } of kebabNames(text)) {
    compounds.set(compound, (compounds.get(compound) ?? 0) + (inCode ? CODE_SPAN_WEIGHT : 1));
    for (const name of names) {
      if (!counts.has(name)) spellings.add(name);
      const entry = counts.get(name);
      if (entry) {
        entry.count++;
        entry.inCode ||= inCode;
      } else counts.set(name, { count: 1, inCode, inTitle: false });
    }
  }

  const identifiers: QueryIdentifier[] = [];
  const subwords = new Map<string, number>();
  for (const [name, { count, inCode, inTitle }] of counts) {
    if (name.replace(/_/g, '').length < MIN_IDENTIFIER_LENGTH) continue;
    const codeLike = isCodeLike(name);
    if (!codeLike && !inCode && STOPWORDS.has(name.toLowerCase())) continue;
    let weight = 1 + Math.log(count);
    if (codeLike) weight *= CODE_LIKE_WEIGHT;
    if (inCode) weight *= CODE_SPAN_WEIGHT;
    if (inTitle) weight *= TITLE_WEIGHT;
    const spelled = spellings.has(name);
    identifiers.push({ name, weight, marked: inCode || (!spelled && isStructuredLikeCode(name)) });
    if (spelled) continue;
    for (const word of splitIdentifier(name)) {
      if (word.length < MIN_IDENTIFIER_LENGTH || STOPWORDS.has(word)) continue;
      subwords.set(word, (subwords.get(word) ?? 0) + weight);
    }
  }
  identifiers.sort((left, right) => compareStrings(left.name, right.name));
  return {
    identifiers,
    subwords: [...subwords].sort((left, right) => compareStrings(left[0], right[0])),
    paths: extractPathMentions(withoutLinkQueries(full)),
    compounds: [...compounds].sort((left, right) => compareStrings(left[0], right[0])),
    messageText: normalizeMessageText(full),
  };
}
