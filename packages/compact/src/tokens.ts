import { estimateTokens } from '@ctxkit/tokenize';
import {
  DOCUMENT_PAGE_TOKENS,
  DOCUMENT_TOKENS,
  IMAGE_PIXELS_PER_TOKEN,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
} from './constants.js';
import type { Attachment, CountTokens, Message } from './types.js';

/** Estimated tokens of one attachment: images by size when known, documents by page count when known. */
export function countAttachmentTokens(attachment: Attachment): number {
  if (attachment.type === 'image') {
    if (attachment.width && attachment.height) {
      return Math.min(
        IMAGE_TOKENS,
        Math.ceil((attachment.width * attachment.height) / IMAGE_PIXELS_PER_TOKEN),
      );
    }
    return IMAGE_TOKENS;
  }
  return attachment.pages ? attachment.pages * DOCUMENT_PAGE_TOKENS : DOCUMENT_TOKENS;
}

/**
 * Tokens one message costs in a request: scaffolding, text, tool calls (name and JSON input), the tool
 * result, reasoning text and signature (sent back verbatim, so billed), and attachments.
 */
export function countMessageTokens(message: Message, countTokens: CountTokens = estimateTokens): number {
  let tokens = MESSAGE_OVERHEAD_TOKENS;
  if (message.text) tokens += countTokens(message.text);
  if (message.toolCalls) {
    for (const call of message.toolCalls) {
      tokens +=
        MESSAGE_OVERHEAD_TOKENS +
        countTokens(call.name) +
        countTokens(call.rawInput ?? stringifyInput(call.input));
    }
  }
  if (message.toolResult) tokens += countTokens(message.toolResult.content);
  if (message.reasoning) {
    tokens += countTokens(message.reasoning.text);
    if (message.reasoning.signature) tokens += countTokens(message.reasoning.signature);
  }
  if (message.attachments)
    for (const attachment of message.attachments) tokens += countAttachmentTokens(attachment);
  return tokens;
}

/** Tokens of a whole transcript: the sum of {@link countMessageTokens}. */
export function countTranscriptTokens(
  messages: readonly Message[],
  countTokens: CountTokens = estimateTokens,
): number {
  let total = 0;
  for (const message of messages) total += countMessageTokens(message, countTokens);
  return total;
}

/** A tool input as the provider sees it: strings verbatim, everything else as JSON. */
export function stringifyInput(input: unknown): string {
  if (typeof input === 'string') return input;
  return JSON.stringify(input) ?? '';
}
