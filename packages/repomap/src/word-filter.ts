/**
 * One quick test for "does this text hold any of the task's words?", run over every name or path
 * of a tree before the costlier split-and-compare that decides for real. Passing is a maybe,
 * failing is a sure no.
 */

/**
 * Above this many words a task is a pasted log or file rather than a request, and one pattern of
 * them all costs more per test than the checks it saves: then every text passes.
 */
export const MAX_PREFILTER_WORDS = 256;

/**
 * Task words longer than this are data (a pasted hex dump, a minified line, base64), not names:
 * the task analysis leaves them out, and a prefilter given one lets every text pass. A regex
 * literal of some 33,000 characters is more than V8 compiles at all.
 */
export const MAX_TASK_WORD_LENGTH = 256;

/** Letters outside ASCII: a text holding one may lower-case to ASCII in ways `/i` does not match. */
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A test passed by every text that holds one of `words` (ASCII, as the task's words are) in any
 * case, placed as `wrap` puts the alternation (default: anywhere), and by every non-ASCII text, so
 * nothing is missed. ASCII case folding, not Unicode's: V8 runs it fast for any number of
 * alternatives. With no words nothing passes; with very many, or one very long, everything does.
 */
export function wordPrefilter(
  words: Iterable<string>,
  wrap: (alternation: string) => string = (alternation) => alternation,
): { test(text: string): boolean } {
  const distinct = new Set(words);
  distinct.delete('');
  if (distinct.size === 0) return { test: () => false };
  // Counted before anything is sorted or escaped: a pasted log has many thousands of words.
  if (distinct.size > MAX_PREFILTER_WORDS) return { test: () => true };
  const alternatives = [...distinct].sort();
  if (alternatives.some((word) => word.length > MAX_TASK_WORD_LENGTH)) return { test: () => true };
  const escaped = alternatives.map((word) => word.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'));
  const pattern = new RegExp(wrap(escaped.join('|')), 'i');
  return { test: (text) => pattern.test(text) || NON_ASCII.test(text) };
}
