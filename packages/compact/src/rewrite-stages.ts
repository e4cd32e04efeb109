/**
 * The rewriting stages of {@link compact} (1–3), each as the messages it may rewrite and the
 * rewrite of one message (undefined: nothing to change): supersede repeated read-only results,
 * shorten stale results and call inputs, replace finished turns' attachments by markers.
 */

import { ATTACHMENT_MARKER, DEFAULT_SUPERSEDABLE_TOOLS, SUPERSEDED_MARKER } from './constants.js';
import { shortenCallInput, shortenResult } from './shorten.js';
import type { ToolNameMapping } from './tool-names.js';
import { pairCalls } from './turns.js';
import type { Attachment, Message } from './types.js';

/** JSON with sorted keys, so identical inputs written in different key orders compare equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The text that stands in for an attachment after its turn. */
export function attachmentMarker(attachment: Attachment): string {
  const what = attachment.name
    ? `${attachment.type} ${attachment.name}`
    : `${attachment.type} (${attachment.mediaType})`;
  return `[${what} ${ATTACHMENT_MARKER}]`;
}

/**
 * Stage 1: results of read-only calls repeated later with identical input (only when the later one
 * succeeded), before the recency window, ascending.
 */
export function supersededResults(
  messages: readonly Message[],
  recencyStart: number,
  supersedableTools: readonly string[] = DEFAULT_SUPERSEDABLE_TOOLS,
): number[] {
  const supersedable = new Set(supersedableTools);
  const laterKeys = new Set<string>();
  const superseded: number[] = [];
  const pairings = pairCalls(messages);
  for (let at = pairings.length - 1; at >= 0; at--) {
    const { call, resultIndex } = pairings[at] as (typeof pairings)[number];
    if (resultIndex === undefined || !supersedable.has(call.name)) continue;
    const key = `${call.name}\u0000${canonicalJson(call.input)}`;
    if (laterKeys.has(key)) {
      if (resultIndex < recencyStart) superseded.push(resultIndex);
    } else if (!messages[resultIndex]?.toolResult?.isError) {
      laterKeys.add(key);
    }
  }
  return superseded.sort((left, right) => left - right);
}

/** Stage 1 rewrite: the result's content becomes the superseded marker (its attachments go). */
export function supersede(message: Message): Message | undefined {
  const result = message.toolResult;
  if (!result || result.content === SUPERSEDED_MARKER) return undefined;
  const { attachments: _attachments, ...rest } = result;
  return { ...message, toolResult: { ...rest, content: SUPERSEDED_MARKER } };
}

/** Stage 2: tool results and messages with tool calls before the recency window. */
export function staleToolMessages(messages: readonly Message[], recencyStart: number): number[] {
  const stale: number[] = [];
  for (let index = 0; index < recencyStart; index++) {
    const message = messages[index];
    if (message?.toolResult || message?.toolCalls?.length) stale.push(index);
  }
  return stale;
}

/**
 * Stage 2 rewrite: a shortened result, or shortened call inputs (a whole file written, a long
 * heredoc) keeping each call's id, name and short fields.
 */
export function shortenToolMessage(message: Message, toolNames: ToolNameMapping): Message | undefined {
  const result = message.toolResult;
  if (result) {
    const content = shortenResult(result.content);
    return content === result.content ? undefined : { ...message, toolResult: { ...result, content } };
  }
  let changed = false;
  const toolCalls = (message.toolCalls ?? []).map((call) => {
    const shortened = shortenCallInput(call, toolNames);
    if (!shortened) return call;
    changed = true;
    return shortened;
  });
  return changed ? { ...message, toolCalls } : undefined;
}

/**
 * Stage 3: messages with attachments whose turn is over — the user's before the current turn, a
 * tool's once it is outside the recency window (the model has looked at it and said what it saw).
 */
export function finishedAttachments(
  messages: readonly Message[],
  recencyStart: number,
  latestUser: number,
): number[] {
  const attachmentEnd = latestUser >= 0 ? Math.min(recencyStart, latestUser) : recencyStart;
  const withAttachments: number[] = [];
  for (let index = 0; index < recencyStart; index++) {
    const message = messages[index];
    if ((index < attachmentEnd && message?.attachments?.length) || message?.toolResult?.attachments?.length) {
      withAttachments.push(index);
    }
  }
  return withAttachments;
}

/** Stage 3 rewrite: the attachments become markers appended to the message's (or result's) text. */
export function replaceAttachments(message: Message): Message {
  if (message.toolResult?.attachments?.length) {
    const { attachments, ...result } = message.toolResult;
    const markers = attachments.map(attachmentMarker).join('\n');
    return {
      ...message,
      toolResult: { ...result, content: result.content ? `${result.content}\n${markers}` : markers },
    };
  }
  const { attachments = [], ...rest } = message;
  const markers = attachments.map(attachmentMarker).join('\n');
  return { ...rest, text: message.text ? `${message.text}\n${markers}` : markers };
}
