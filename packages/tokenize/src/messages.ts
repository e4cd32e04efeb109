import { failType } from '@ctxkit/internal';

/**
 * Token accounting for whole transcript messages. The shape is structural and matches the neutral
 * `Message` of @ctxkit/compact without depending on it: any object with these fields can be counted.
 */

/** A tool call as the model made it: the name and the JSON arguments are sent back every turn. */
export interface CountableToolCall {
  id?: string;
  name: string;
  /** Arguments: any JSON value, or the raw JSON text some providers keep. */
  input: unknown;
}

/** The answer to a tool call. */
export interface CountableToolResult {
  callId?: string;
  content: string;
  /** Images or documents the tool returned (a screenshot, a rendered page). */
  attachments?: readonly CountableAttachment[];
}

/** An image; width and height in pixels when known. */
export interface CountableImage {
  type: 'image';
  width?: number;
  height?: number;
}

/** A document (e.g. a PDF); page count when known. */
export interface CountableDocument {
  type: 'document';
  pages?: number;
}

/** Anything attached to a message that is not text. */
export type CountableAttachment = CountableImage | CountableDocument;

/** One transcript entry, as far as counting needs it. */
export interface CountableMessage {
  role: string;
  text?: string;
  toolCalls?: readonly CountableToolCall[];
  toolResult?: CountableToolResult;
  attachments?: readonly CountableAttachment[];
  /** Model reasoning; the signature is sent back byte for byte, so it costs tokens too. */
  reasoning?: CountableReasoning;
  /** Further reasoning blocks of the same message (Anthropic can return several); each is sent back. */
  additionalReasoning?: readonly CountableReasoning[];
}

/** A reasoning block: its text and the opaque signature the provider wants back verbatim. */
export interface CountableReasoning {
  text: string;
  signature?: string;
}

/**
 * Framing around every message: OpenAI's chat format spends 3 tokens (start marker, separator, end marker)
 * plus 1 for the role; Anthropic's turn markers cost about the same.
 */
export const MESSAGE_OVERHEAD_TOKENS = 4;
/** Every reply is primed with the assistant's start marker (3 tokens in OpenAI's published accounting). */
export const REPLY_PRIMING_TOKENS = 3;
/**
 * Wrapping around each tool call beyond its id, name and arguments: type tag, argument delimiters and
 * end-of-call marker. An allowance rather than a measurement; providers do not publish it.
 */
export const TOOL_CALL_OVERHEAD_TOKENS = 8;
/** Wrapping around each tool result beyond its call id and content: type tag and delimiters. */
export const TOOL_RESULT_OVERHEAD_TOKENS = 4;
/** Anthropic bills an image at about width × height / 750 tokens. */
export const IMAGE_PIXELS_PER_TOKEN = 750;
/**
 * An image's cost is capped near 1600 tokens (larger images are downscaled first); with unknown dimensions
 * the cap is assumed, because guessing low is the expensive mistake: it overflows the window.
 */
export const MAX_IMAGE_TOKENS = 1600;
/** A document of unknown length: PDFs cost text plus a page image per page, and usually run long. */
export const DOCUMENT_TOKENS = 5000;
/**
 * A document with a known page count: Anthropic quotes 1,500-3,000 text tokens per page, and each page is
 * also shown as an image; the top of that range is taken, for the same reason as {@link MAX_IMAGE_TOKENS}.
 */
export const DOCUMENT_TOKENS_PER_PAGE = 3000;

/** Token cost of one attachment, from what is known about it. */
export function countAttachmentTokens(attachment: CountableAttachment): number {
  if (!isObject(attachment)) failType('countAttachmentTokens', 'attachment', 'an object', attachment);
  const tokens = attachmentTokens(attachment);
  if (tokens === undefined)
    failType('countAttachmentTokens', 'attachment.type', ATTACHMENT_TYPES, attachment.type);
  return tokens;
}

/**
 * Tokens `messages` take in a request: each message's framing and content, tool calls (id, name, JSON
 * arguments), tool results, reasoning with its signature, attachments, plus the reply priming once.
 * `count` counts plain text (exactly or by estimate).
 */
export function countPromptTokens(
  messages: readonly CountableMessage[],
  count: (text: string) => number,
): number {
  if (typeof count !== 'function') failType('countPromptTokens', 'count', 'a function', count);
  return countMessagesFor('countPromptTokens', messages, count);
}

/**
 * @deprecated Use {@link countPromptTokens} (the same function): `countMessageTokens` is
 * `@ctxkit/compact`'s name for the tokens of one message.
 */
export const countMessageTokens = countPromptTokens;

/**
 * {@link countPromptTokens} with errors naming `where` (the method the caller called). A malformed
 * field would otherwise count as nothing or crash the counter, so each one is checked on the way;
 * field paths are spelled out only on failure, since compaction counts message by message.
 */
export function countMessagesFor(
  where: string,
  messages: readonly CountableMessage[],
  count: (text: string) => number,
): number {
  if (!Array.isArray(messages as unknown)) failType(where, 'messages', 'an array', messages);
  if (messages.length === 0) return 0;
  let total = REPLY_PRIMING_TOKENS;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as CountableMessage;
    if (!isObject(message)) failAt(where, index, '', 'an object', message);
    if (typeof message.role !== 'string') failAt(where, index, '.role', 'a string', message.role);
    total += MESSAGE_OVERHEAD_TOKENS;
    const text = optionalText(message.text);
    if (text === undefined) failAt(where, index, '.text', 'a string', message.text);
    if (text !== '') total += count(text);
    if (message.reasoning != null)
      total += reasoningTokens(where, index, '.reasoning', message.reasoning, count);
    const blocks = optionalList(message.additionalReasoning);
    if (blocks === undefined)
      failAt(where, index, '.additionalReasoning', 'an array', message.additionalReasoning);
    for (let block = 0; block < blocks.length; block++)
      total += reasoningTokens(where, index, `.additionalReasoning[${block}]`, blocks[block], count);
    const calls = optionalList(message.toolCalls);
    if (calls === undefined) failAt(where, index, '.toolCalls', 'an array', message.toolCalls);
    for (let callIndex = 0; callIndex < calls.length; callIndex++) {
      const call = calls[callIndex] as CountableToolCall;
      if (!isObject(call)) failAt(where, index, `.toolCalls[${callIndex}]`, 'an object', call);
      if (typeof call.name !== 'string')
        failAt(where, index, `.toolCalls[${callIndex}].name`, 'a string', call.name);
      total += TOOL_CALL_OVERHEAD_TOKENS + count(call.name) + count(argumentsText(call.input));
      const id = optionalText(call.id);
      if (id === undefined) failAt(where, index, `.toolCalls[${callIndex}].id`, 'a string', call.id);
      if (id !== '') total += count(id);
    }
    const result = message.toolResult;
    if (result != null) {
      if (!isObject(result)) failAt(where, index, '.toolResult', 'an object', result);
      if (typeof result.content !== 'string')
        failAt(where, index, '.toolResult.content', 'a string', result.content);
      total += TOOL_RESULT_OVERHEAD_TOKENS + count(result.content);
      const callId = optionalText(result.callId);
      if (callId === undefined) failAt(where, index, '.toolResult.callId', 'a string', result.callId);
      if (callId !== '') total += count(callId);
      total += attachmentsTokens(where, index, '.toolResult.attachments', result.attachments);
    }
    total += attachmentsTokens(where, index, '.attachments', message.attachments);
  }
  return total;
}

function attachmentsTokens(
  where: string,
  index: number,
  field: string,
  attachments: readonly CountableAttachment[] | undefined,
): number {
  const list = optionalList(attachments);
  if (list === undefined) failAt(where, index, field, 'an array', attachments);
  let total = 0;
  for (let item = 0; item < list.length; item++) {
    const attachment = list[item] as CountableAttachment;
    if (!isObject(attachment)) failAt(where, index, `${field}[${item}]`, 'an object', attachment);
    const tokens = attachmentTokens(attachment);
    if (tokens === undefined)
      failAt(where, index, `${field}[${item}].type`, ATTACHMENT_TYPES, attachment.type);
    total += tokens;
  }
  return total;
}

const ATTACHMENT_TYPES = '"image" or "document"';

/** Cost of an attachment object; `undefined` for an unknown type (once priced as a document, silently). */
function attachmentTokens(attachment: CountableAttachment): number | undefined {
  if (attachment.type === 'image') {
    const { width, height } = attachment;
    if (!isPositiveFinite(width) || !isPositiveFinite(height)) return MAX_IMAGE_TOKENS;
    return Math.min(MAX_IMAGE_TOKENS, Math.ceil((width * height) / IMAGE_PIXELS_PER_TOKEN));
  }
  if (attachment.type !== 'document') return undefined;
  const { pages } = attachment;
  if (!isPositiveFinite(pages)) return DOCUMENT_TOKENS;
  return Math.ceil(pages) * DOCUMENT_TOKENS_PER_PAGE;
}

function reasoningTokens(
  where: string,
  index: number,
  field: string,
  reasoning: CountableReasoning | undefined,
  count: (text: string) => number,
): number {
  if (!isObject(reasoning)) failAt(where, index, field, 'an object', reasoning);
  if (typeof reasoning.text !== 'string') failAt(where, index, `${field}.text`, 'a string', reasoning.text);
  const signature = optionalText(reasoning.signature);
  if (signature === undefined) failAt(where, index, `${field}.signature`, 'a string', reasoning.signature);
  return count(reasoning.text) + (signature === '' ? 0 : count(signature));
}

function failAt(where: string, index: number, field: string, expected: string, value: unknown): never {
  return failType(where, `messages[${index}]${field}`, expected, value);
}

function isObject<T>(value: T): value is T & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An optional string field: `''` when absent or null (JSON transcripts write null), `undefined` when not a string. */
function optionalText(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : undefined;
}

const NONE: readonly never[] = [];

/** An optional array field: empty when absent or null, `undefined` when not an array. */
function optionalList<T>(value: readonly T[] | null | undefined): readonly T[] | undefined {
  if (value === undefined || value === null) return NONE;
  return Array.isArray(value as unknown) ? value : undefined;
}

function argumentsText(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(input ?? {}) ?? '';
}

function isPositiveFinite(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
