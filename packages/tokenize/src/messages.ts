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
  if (attachment.type === 'image') {
    const { width, height } = attachment;
    if (!isPositiveFinite(width) || !isPositiveFinite(height)) return MAX_IMAGE_TOKENS;
    return Math.min(MAX_IMAGE_TOKENS, Math.ceil((width * height) / IMAGE_PIXELS_PER_TOKEN));
  }
  const { pages } = attachment;
  if (!isPositiveFinite(pages)) return DOCUMENT_TOKENS;
  return Math.ceil(pages) * DOCUMENT_TOKENS_PER_PAGE;
}

/**
 * Tokens `messages` take in a request: each message's framing and content, tool calls (id, name, JSON
 * arguments), tool results, reasoning with its signature, attachments, plus the reply priming once.
 * `count` counts plain text (exactly or by estimate).
 */
export function countMessageTokens(
  messages: readonly CountableMessage[],
  count: (text: string) => number,
): number {
  if (messages.length === 0) return 0;
  let total = REPLY_PRIMING_TOKENS;
  for (const message of messages) {
    total += MESSAGE_OVERHEAD_TOKENS;
    if (message.text) total += count(message.text);
    for (const reasoning of message.reasoning
      ? [message.reasoning, ...(message.additionalReasoning ?? [])]
      : (message.additionalReasoning ?? [])) {
      total += count(reasoning.text);
      if (reasoning.signature) total += count(reasoning.signature);
    }
    for (const call of message.toolCalls ?? []) {
      total += TOOL_CALL_OVERHEAD_TOKENS + count(call.name) + count(argumentsText(call.input));
      if (call.id) total += count(call.id);
    }
    if (message.toolResult) {
      total += TOOL_RESULT_OVERHEAD_TOKENS + count(message.toolResult.content);
      if (message.toolResult.callId) total += count(message.toolResult.callId);
      for (const attachment of message.toolResult.attachments ?? [])
        total += countAttachmentTokens(attachment);
    }
    for (const attachment of message.attachments ?? []) total += countAttachmentTokens(attachment);
  }
  return total;
}

function argumentsText(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(input ?? {}) ?? '';
}

function isPositiveFinite(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
