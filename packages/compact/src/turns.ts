import { RECENCY_WINDOW_TURNS } from './constants.js';
import type { Message } from './types.js';

/** Whether `message` starts a turn: a user message the user wrote (not a harness reminder). */
export function startsTurn(message: Message): boolean {
  return message.role === 'user' && message.reminder !== true;
}

/** Index of the latest user message that starts a turn, or -1 when there is none. */
export function findLatestUserIndex(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message && startsTurn(message)) return index;
  }
  return -1;
}

/** Index of the first message after the leading run of system messages. */
export function findLeadingSystemEnd(messages: readonly Message[]): number {
  let index = 0;
  while (index < messages.length && messages[index]?.role === 'system') index++;
  return index;
}

/**
 * First index of the recency window: the last {@link RECENCY_WINDOW_TURNS} model turns (an assistant
 * message, the tool results answering it, and the user or system messages right before it that it
 * answers), widened so the latest user message is always inside. Everything from here on is untouched
 * by compaction.
 */
export function findRecencyStart(messages: readonly Message[], turns: number = RECENCY_WINDOW_TURNS): number {
  let seen = 0;
  let start = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    if (messages[index]?.role !== 'assistant') continue;
    seen++;
    if (seen === turns) {
      start = index;
      while (start > 0) {
        const previous = messages[start - 1];
        if (!previous || (previous.role !== 'user' && previous.role !== 'system')) break;
        start--;
      }
      break;
    }
  }
  const latestUser = findLatestUserIndex(messages);
  return latestUser >= 0 ? Math.min(start, latestUser) : start;
}
