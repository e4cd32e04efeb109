/**
 * Words that carry no topic. Every English text contains them, so leaving them in would give
 * any two unrelated texts a shared, positive similarity: exactly the noise the floors exist for.
 */
const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing done down during each either else etc ever
  every few for from further get gets got had has have having he her here hers herself him himself
  his how i if in into is it its itself just let lets like may me might more most much must my
  myself no nor not now of off often on once one only or other our ours ourselves out over own per
  quite rather same shall she should since so some still such than that the their theirs them
  themselves then there these they this those though through thus to too under until up upon us
  use used uses using very via was we well were what when where whether which while who whom whose
  why will with within without would yet you your yours yourself yourselves`
    .split(/\s+/)
    .filter((word) => word.length > 0),
);

const WORD_PATTERN = /[\p{L}\p{N}]+/gu;
// Splits identifiers like `buildRepoMap`, `HTTPServer` and `v2Api` into their words.
const IDENTIFIER_PART_PATTERN = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu;

/** True for a word that says nothing about a text's topic (after lower-casing). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}

/**
 * Cheap suffix stripping so that `caches`, `cached` and `caching` meet on one feature.
 * Deliberately conservative: a wrong merge adds noise to every text that uses the word.
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\p{N}/u.test(word)) return word;
  if (word.endsWith('ies') && word.length > 5) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ing') && word.length > 6) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 5) return word.slice(0, -2);
  if (word.endsWith('es') && /(?:ss|sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is'))
    return word.slice(0, -1);
  return word;
}

/**
 * The topic-bearing words of `text`, lower-cased, in order of appearance: identifiers are split
 * into their parts (the whole identifier is kept too), stopwords and one-letter words dropped.
 */
export function contentWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(WORD_PATTERN)) {
    const raw = match[0];
    const parts = raw.match(IDENTIFIER_PART_PATTERN) ?? [raw];
    if (parts.length > 1) pushWord(words, raw.toLowerCase());
    for (const part of parts) pushWord(words, part.toLowerCase());
  }
  return words;
}

function pushWord(words: string[], word: string): void {
  if (word.length < 2 || STOPWORDS.has(word)) return;
  words.push(word);
}
