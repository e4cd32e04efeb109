import { porterStem } from './porter-stemmer.js';

/**
 * Words that carry no topic: English function words plus the imperative glue of requests
 * ("please", "can you"). They are dropped before matching so a task's length in filler never
 * adds score. Topic-neutral words specific to skill writing ("use", "when", "skill") are not
 * listed here: inverse document frequency over the skill set discounts them by measurement.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below ' +
    'between both but by can could did do does doing done down during each either else etc even ever every few ' +
    'for from further get gets getting got had has have having he her here hers herself him himself his how i ' +
    'if in into is it its itself just let lets like me might mine more most much must my myself no nor not now ' +
    'of off on once only or other our ours ourselves out over own per please same shall she should so some such ' +
    'than that the their theirs them themselves then there these they this those through thus to too under until ' +
    'up upon us very via was we were what whatever which while who whom whose why will with within without would ' +
    'yes yet you your yours yourself yourselves ok okay hey hi thanks thank'
  ).split(' '),
);

/** Split text into lowercase words: letters and digits of any script, camelCase and snake_case split apart. */
export function splitWords(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  // Letters and digits of any script, so "créer" or "Datenbank" stay whole words.
  const words = spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
  // Lone digits and single letters match everything and mean nothing.
  return words.filter((word) => Array.from(word).length > 1 && !/^\p{N}+$/u.test(word));
}

/**
 * Reduce a word to its matching key with the Porter stemmer, so "debugging", "debugged" and
 * "debug" meet. Words with digits (`v2`, `s3`) stay as they are.
 */
export function stem(word: string): string {
  return /\d/.test(word) ? word : porterStem(word);
}

/** The matching keys of `text`, in order, stop words removed. */
export function analyzeText(text: string): string[] {
  return splitWords(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}
