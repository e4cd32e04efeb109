/**
 * Message seeds: files whose string literals print a message the task quotes. A user pastes what
 * the program printed (an error, a warning, a log line), and the literal that prints it sits near
 * the code that decided to print it, often the code to fix; yet its words are too ordinary for the
 * vocabulary signal to single the file out. Pure: same index and query, same weights.
 */
import { MIN_MESSAGE_FRAGMENT, messageWordCount } from '@ctxkit/internal';
import type { QueryAnalysis } from '../query.js';
import { MESSAGE_MAX_FILES } from '../ranking-policy.js';
import type { TreeIndex } from '../tree-index.js';

/**
 * Seed weight by file id for files holding a message fragment (see `FileScan.messages`) that the
 * task's text contains. A fragment counts by its words (a longer message is a surer match) over the
 * number of files holding it; one of fewer than MESSAGE_MIN_WORDS words is a phrase any program
 * prints, and one held by more than MESSAGE_MAX_FILES files is boilerplate there.
 */
export function messageSeeds(index: TreeIndex, query: QueryAnalysis): Map<number, number> {
  const seeds = new Map<number, number>();
  const text = query.messageText;
  if (text.length < MIN_MESSAGE_FRAGMENT) return seeds;
  const { messagesByWord } = index.facts;
  const filesWith = new Map<string, number[]>();
  for (const word of new Set(text.split(' '))) {
    const filed = messagesByWord.get(word);
    if (filed === undefined) continue;
    filed.fragments.forEach((fragment, at) => {
      if (!text.includes(fragment)) return;
      const files = filesWith.get(fragment);
      if (files === undefined) filesWith.set(fragment, [filed.files[at]!]);
      else files.push(filed.files[at]!);
    });
  }
  // Summed fragment by fragment in sorted order, so the weights do not depend on the files' order.
  for (const fragment of [...filesWith.keys()].sort()) {
    const files = filesWith.get(fragment)!;
    if (files.length > MESSAGE_MAX_FILES) continue;
    const weight = messageWordCount(fragment) / files.length;
    for (const file of files) seeds.set(file, (seeds.get(file) ?? 0) + weight);
  }
  return seeds;
}
