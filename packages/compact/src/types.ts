/**
 * The neutral transcript model. Every provider shape (OpenAI chat-completions, Anthropic Messages,
 * Vercel AI SDK) converts to and from it losslessly; everything in this package works on it.
 */

/** Who a message is from. `tool` messages carry exactly one tool result. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A model's request to run a tool. `id` pairs it with exactly one {@link ToolResult}. */
export interface ToolCall {
  /** Provider-assigned id; unique within a transcript. */
  id: string;
  /** Tool name as the model called it. */
  name: string;
  /** Parsed arguments (any JSON value); kept as given so adapters round-trip byte for byte. */
  input: unknown;
  /**
   * The provider's exact argument text, present only when it differs from `JSON.stringify(input)`
   * (OpenAI sends arguments as a string, often with other spacing). Written back verbatim so a
   * converted request keeps its bytes — and its prompt-cache prefix.
   */
  rawInput?: string;
  /**
   * The input is free text rather than JSON (OpenAI custom tools, e.g. a freeform `apply_patch`);
   * `input` is then that text, written back as a custom tool call.
   */
  freeform?: boolean;
}

/** The answer to one {@link ToolCall}. */
export interface ToolResult {
  /** The `id` of the call this answers. */
  callId: string;
  /** Text content of the result (what compaction shortens or elides). */
  content: string;
  /** True when the tool reported failure. */
  isError?: boolean;
  /**
   * `content` is the JSON text of a structured value (an AI SDK `json` / `error-json` output), so
   * the AI SDK adapter writes it back as that value. Ignored once compaction has replaced the content
   * with text that no longer parses; other providers send `content` as text either way.
   */
  json?: boolean;
  /** Images or documents the tool returned (a screenshot, a rendered page); not carried by OpenAI. */
  attachments?: Attachment[];
}

/** An image shown to the model. Costs are estimated from dimensions when known. */
export interface ImageAttachment {
  /** Discriminant. */
  type: 'image';
  /** IANA media type, e.g. `image/png`. */
  mediaType: string;
  /** Base64 data or a URL, as the provider received it. */
  data: string;
  /** File name, used in the marker that replaces the image after its turn. */
  name?: string;
  /** `data` is a provider file id (Anthropic Files API `file_id`), not content or a URL. */
  fileId?: boolean;
  /** Pixel width, when known; with `height` it sizes the token estimate (w × h / 750, capped at 1600). */
  width?: number;
  /** Pixel height, when known. */
  height?: number;
}

/** A document (e.g. PDF) shown to the model. */
export interface DocumentAttachment {
  /** Discriminant. */
  type: 'document';
  /** IANA media type: `application/pdf`, or `text/plain` for a text document (then `data` is the text). */
  mediaType: string;
  /** Base64 data, a URL, or the text itself for `text/plain`. */
  data: string;
  /** File name, used in the marker that replaces the document after its turn. */
  name?: string;
  /** `data` is a provider file id (OpenAI `file_id`, Anthropic Files API `file_id`), not content or a URL. */
  fileId?: boolean;
  /** Page count, when known; improves the token estimate. */
  pages?: number;
}

/** Something shown to the model besides text; rides on user messages. */
export type Attachment = ImageAttachment | DocumentAttachment;

/** Model reasoning carried in a message. The signature is sent back verbatim, so it costs tokens. */
export interface Reasoning {
  /** The reasoning text (empty for redacted reasoning). */
  text: string;
  /** Provider signature that must come back byte for byte (Anthropic `signature`). */
  signature?: string;
  /** Anthropic `redacted_thinking`: `signature` then holds the opaque `data`. */
  redacted?: boolean;
}

/** One entry of a transcript, in the neutral model. */
export interface Message {
  /** Who the message is from. */
  role: Role;
  /** The message text; absent for an assistant message that only calls tools. */
  text?: string;
  /** Tool calls an assistant message makes; each is answered by exactly one tool message. */
  toolCalls?: ToolCall[];
  /** The result a tool message carries. */
  toolResult?: ToolResult;
  /** Images and documents on a user message. */
  attachments?: Attachment[];
  /** The assistant's reasoning for this message, sent back on the next request. */
  reasoning?: Reasoning;
  /**
   * Reasoning blocks after the first, in order. Anthropic can return several `thinking` /
   * `redacted_thinking` blocks in one message and rejects a request whose blocks were dropped; the
   * AI SDK records them as several `reasoning` parts.
   */
  additionalReasoning?: Reasoning[];
  /**
   * Set on a message the harness added (a reminder, a fill-band notice) rather than the user typing it.
   * It travels on the user role, the one channel every provider accepts mid-conversation, but a
   * client must never render it as something the user said.
   */
  reminder?: boolean;
}

/** The provider message formats this package converts to and from, and validates against. */
export type Provider = 'openai' | 'anthropic' | 'ai-sdk';

/** Counts the tokens of a string; `estimateTokens` from `@ctxkit/tokenize` or a tokenizer's `count`. */
export type CountTokens = (text: string) => number;
