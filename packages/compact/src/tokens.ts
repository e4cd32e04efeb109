import {
  countAttachmentTokens as countAttachment,
  countPromptTokens,
  estimateTokens,
  REPLY_PRIMING_TOKENS,
} from '@ctxkit/tokenize';
import type { Attachment, CountTokens, Message } from './types.js';

/** Estimated tokens of one attachment (images by size when known, documents by page count). */
export function countAttachmentTokens(attachment: Attachment): number {
  return countAttachment(attachment);
}

// @ctxkit/tokenize owns the accounting (framing, tool calls, results, every reasoning block, attachments
// on messages and on tool results); a raw OpenAI argument string is what is actually sent, so it is what
// gets counted.
function countable(message: Message): Message {
  let out = message;
  if (message.toolCalls?.some((call) => call.rawInput !== undefined)) {
    out = {
      ...out,
      toolCalls: message.toolCalls.map((call) => ({ ...call, input: call.rawInput ?? call.input })),
    };
  }
  return out;
}

/**
 * Tokens one message costs in a request: framing, text, tool calls, the tool result, reasoning text and
 * signature (sent back verbatim, so billed), and attachments — the accounting of `@ctxkit/tokenize`.
 */
export function countMessageTokens(message: Message, countTokens: CountTokens = estimateTokens): number {
  return countPromptTokens([countable(message)], countTokens) - REPLY_PRIMING_TOKENS;
}

/**
 * Tokens of a whole transcript: the sum of {@link countMessageTokens}. The reply priming a request adds
 * once is left out, so per-message counts add up exactly.
 */
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
