import { describeValue } from '@ctxkit/internal';
import { REMINDER_CLOSE, REMINDER_OPEN } from '../constants.js';
import type { Attachment, Message, Reasoning } from '../types.js';

/**
 * Input that is not a transcript of the expected provider format. `index` names the offending message
 * so a command line can print one precise line.
 */
export class TranscriptFormatError extends Error {
  override name = 'TranscriptFormatError';
  constructor(
    /** Index of the offending message in the input array (-1 when the container itself is wrong). */
    readonly index: number,
    message: string,
  ) {
    super(index >= 0 ? `message ${index}: ${message}` : message);
  }
}

/** Provider text for a neutral user message: reminders wrapped so the flag survives the round trip. */
export function renderUserText(message: Message): string | undefined {
  if (message.text === undefined) return undefined;
  return message.reminder ? `${REMINDER_OPEN}${message.text}${REMINDER_CLOSE}` : message.text;
}

/** Neutral fields for provider user text: a wrapped reminder becomes `reminder: true`. */
export function parseUserText(text: string): Pick<Message, 'text' | 'reminder'> {
  if (
    text.startsWith(REMINDER_OPEN) &&
    text.endsWith(REMINDER_CLOSE) &&
    text.length >= REMINDER_OPEN.length + REMINDER_CLOSE.length
  ) {
    return { text: text.slice(REMINDER_OPEN.length, text.length - REMINDER_CLOSE.length), reminder: true };
  }
  return { text };
}

/**
 * Build neutral user messages from a provider's ordered user content: each text part closes one message
 * and takes the attachments that came before it; attachments after the last text form their own
 * message. This is the inverse of rendering each neutral message as attachments-then-text.
 */
export function splitUserContent(
  parts: readonly ({ text: string } | { attachment: Attachment })[],
): Message[] {
  const out: Message[] = [];
  let pending: Attachment[] = [];
  for (const part of parts) {
    if ('attachment' in part) {
      pending.push(part.attachment);
      continue;
    }
    const message: Message = { role: 'user', ...parseUserText(part.text) };
    if (pending.length > 0) message.attachments = pending;
    pending = [];
    out.push(orderUserFields(message));
  }
  if (pending.length > 0) out.push({ role: 'user', attachments: pending });
  return out;
}

// One key order for every user message built here, so equal messages are also equal as JSON.
function orderUserFields(message: Message): Message {
  const ordered: Message = { role: 'user' };
  if (message.text !== undefined) ordered.text = message.text;
  if (message.attachments) ordered.attachments = message.attachments;
  if (message.reminder) ordered.reminder = true;
  return ordered;
}

/** Split a `data:` URL into media type and base64 payload; anything else is returned as a URL. */
export function parseDataUrl(url: string): { mediaType?: string; data: string } {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (match) return { mediaType: match[1] as string, data: match[2] as string };
  return { data: url };
}

/** Whether attachment data is a URL rather than base64 content. */
export function isUrl(data: string): boolean {
  return /^https?:\/\//i.test(data);
}

/** `data:` URL for base64 attachment data; URLs pass through. */
export function toDataUrl(mediaType: string, data: string): string {
  return isUrl(data) || data.startsWith('data:') ? data : `data:${mediaType};base64,${data}`;
}

const EXTENSION_MEDIA_TYPES: Record<string, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
  png: 'image/png',
  webp: 'image/webp',
};

/** Best guess of a URL's media type from its extension, for providers that send images by URL only. */
export function guessMediaType(url: string, fallback: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return (extension && EXTENSION_MEDIA_TYPES[extension]) || fallback;
}

/** Narrow an unknown JSON value to a plain object, or throw a format error naming `index`. */
export function expectObject(value: unknown, index: number, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TranscriptFormatError(index, `expected ${what} (an object), found ${describeValue(value)}`);
  }
  return value as Record<string, unknown>;
}

/** A part's `type` for error messages: `"tool_use"` for a string, else its kind (`a number`, `null`). */
export function describeType(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeValue(value);
}

/** Read a required string field, or throw naming the message index and field. */
export function expectString(object: Record<string, unknown>, key: string, index: number): string {
  const value = object[key];
  if (typeof value !== 'string')
    throw new TranscriptFormatError(index, `expected "${key}" to be a string, found ${describeValue(value)}`);
  return value;
}

/** Find the transcript array in `input`: the array itself or its `messages` field. */
export function expectMessageArray(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  if (
    typeof input === 'object' &&
    input !== null &&
    Array.isArray((input as { messages?: unknown }).messages)
  ) {
    return (input as { messages: unknown[] }).messages;
  }
  throw new TranscriptFormatError(
    -1,
    `expected a JSON array of messages or { "messages": [...] }, found ${describeValue(input)}`,
  );
}

/** Every reasoning block of a message, in order: `reasoning`, then `additionalReasoning`. */
export function reasoningBlocks(message: Message): Reasoning[] {
  return message.reasoning ? [message.reasoning, ...(message.additionalReasoning ?? [])] : [];
}

/** Store provider reasoning blocks on a neutral message: the first as `reasoning`, the rest after it. */
export function setReasoning(message: Message, blocks: readonly Reasoning[]): void {
  const [first, ...rest] = blocks;
  if (first) message.reasoning = first;
  if (rest.length > 0) message.additionalReasoning = rest;
}

/**
 * Where a neutral message was read from: one provider message (or Anthropic's `system` value) of a
 * format, which became `parts` consecutive neutral messages, this one being part `part`, and what
 * the message held when it was read. Writing back in the same format, a provider message whose
 * neutral parts are all still there, in order, and unchanged (compaction makes new messages for
 * what it changes; a caller may also edit one in place, e.g. to redact it) is written as it was
 * read: fields the neutral model does not carry (`name`, `cache_control`, a `developer` role,
 * content part order, provider extensions) survive every message nobody changed.
 */
interface Origin {
  format: string;
  source: unknown;
  /** Index of the source in the input's message array; -1 for Anthropic's `system`. */
  index: number;
  part: number;
  parts: number;
  /** The message as read, serialized: an edit in place shows as a difference. */
  snapshot: string;
}

const origins = new WeakMap<Message, Origin>();

/** Records that `messages[from..]` were all read from `source` (message `index` of the input). */
export function recordOrigin(
  format: string,
  messages: readonly Message[],
  from: number,
  source: unknown,
  index: number,
): void {
  const parts = messages.length - from;
  for (let part = 0; part < parts; part++) {
    const message = messages[from + part]!;
    origins.set(message, { format, source, index, part, parts, snapshot: JSON.stringify(message) });
  }
}

/**
 * The provider message `messages[at]` starts, if it and the messages after it are every part of
 * one source of `format`, unchanged and in order: a copy of the source (the caller's input is
 * never shared with the output) and how many messages it covers.
 */
export function untouchedSource(
  format: string,
  messages: readonly Message[],
  at: number,
): { source: unknown; count: number } | undefined {
  const first = messages[at] && origins.get(messages[at]!);
  if (!first || first.format !== format || first.part !== 0 || at + first.parts > messages.length)
    return undefined;
  for (let part = 0; part < first.parts; part++) {
    const message = messages[at + part]!;
    const origin = part === 0 ? first : origins.get(message);
    if (!origin || origin.source !== first.source || origin.part !== part) return undefined;
    if (JSON.stringify(message) !== origin.snapshot) return undefined;
  }
  return { source: copyValue(first.source), count: first.parts };
}

/** A deep copy of plain data (objects, arrays, byte arrays); other objects (a URL) are kept as they are. */
function copyValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyValue);
  if (value instanceof Uint8Array) return value.slice();
  if (typeof value !== 'object' || value === null) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) copy[key] = copyValue(entry);
  return copy;
}

/** Index of the input message `message` was read from (see {@link recordOrigin}), if known. */
export function sourceIndexOf(message: Message): number | undefined {
  const origin = origins.get(message);
  return origin && origin.index >= 0 ? origin.index : undefined;
}

const ROLES: ReadonlySet<string> = new Set(['system', 'user', 'assistant', 'tool']);

/** Whether `role` is one of the neutral model's. */
export function isKnownRole(role: unknown): boolean {
  return typeof role === 'string' && ROLES.has(role);
}

/**
 * Throw a `TypeError` for a message whose role the neutral model does not have: converting it as
 * some other role would lose or mislabel its content.
 */
export function assertKnownRole(where: string, message: Message, index: number): void {
  if (!isKnownRole(message?.role)) {
    throw new TypeError(
      `${where}: message ${index} has role ${JSON.stringify(message?.role)}; expected system, user, assistant or tool`,
    );
  }
}
