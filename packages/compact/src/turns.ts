import { RECENCY_WINDOW_TURNS } from './constants.js';
import type { Message, ToolCall } from './types.js';

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
 * answers). Everything from here on is untouched by compaction, and so is the latest user message,
 * which in a long agent run lies further back.
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
  return start;
}

/** One tool call and where its result is, found by position (the tool messages right after its message). */
export interface CallPairing {
  /** Index of the assistant message making the call. */
  messageIndex: number;
  call: ToolCall;
  /** Index of the tool message answering it, when there is one. */
  resultIndex: number | undefined;
}

/**
 * Pair every tool call with its result the way providers do: by id, among the tool messages directly
 * after the calling message. Position-based, so a call id reused in a later message (real agents do
 * this) still pairs with its own result.
 */
export function pairCalls(messages: readonly Message[]): CallPairing[] {
  const pairings: CallPairing[] = [];
  for (let index = 0; index < messages.length; index++) {
    const calls = messages[index]?.role === 'assistant' ? (messages[index]?.toolCalls ?? []) : [];
    if (calls.length === 0) continue;
    const block = new Map<string, number>();
    for (let next = index + 1; next < messages.length && messages[next]?.role === 'tool'; next++) {
      const callId = messages[next]?.toolResult?.callId;
      if (callId !== undefined && !block.has(callId)) block.set(callId, next);
    }
    for (const call of calls) {
      const resultIndex = block.get(call.id);
      block.delete(call.id);
      pairings.push({ messageIndex: index, call, resultIndex });
    }
  }
  return pairings;
}
