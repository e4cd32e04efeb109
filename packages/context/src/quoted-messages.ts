// Error and log messages a task quotes, found in the string literals of a file: the line that
// prints what the user pasted is where the behaviour starts, and often within a few lines of the
// fix. The fragments come from `messageFragments` (templated literals split at placeholders).

import { MIN_MESSAGE_FRAGMENT, messageFragments } from '@ctxkit/internal';

/**
 * The lines of `lines` whose literals hold a fragment the task quotes (`task` normalized by
 * {@link normalizeMessageText}), by fragment: a caller can set aside a fragment found on so many
 * lines that it is boilerplate there.
 */
export function quotedMessageLines(lines: readonly string[], task: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  if (task.length < MIN_MESSAGE_FRAGMENT) return found;
  lines.forEach((text, index) => {
    for (const fragment of messageFragments(text)) {
      if (!task.includes(fragment)) continue;
      const at = found.get(fragment);
      if (at === undefined) found.set(fragment, [index + 1]);
      else if (at[at.length - 1] !== index + 1) at.push(index + 1);
    }
  });
  return found;
}
