import { describeValue } from '@ctxkit/internal';
import type { Attachment, Message, Reasoning, ToolCall } from '../types.js';
import { mergesWithPrevious } from '../validate.js';
import {
  assertKnownRole,
  describeType,
  expectObject,
  expectString,
  guessMediaType,
  isUrl,
  parseDataUrl,
  reasoningBlocks,
  recordOrigin,
  renderUserText,
  setReasoning,
  splitUserContent,
  TranscriptFormatError,
  untouchedSource,
} from './shared.js';

/** Image media types the Anthropic API accepts for base64 images. */
export type AnthropicImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

/** An Anthropic text block. */
export interface AnthropicTextBlock {
  /** Discriminant. */
  type: 'text';
  /** The text; Anthropic rejects empty text blocks. */
  text: string;
}
/** An Anthropic image block (base64 or URL source). */
export interface AnthropicImageBlock {
  type: 'image';
  source:
    | { type: 'base64'; media_type: AnthropicImageMediaType; data: string }
    | { type: 'url'; url: string }
    | { type: 'file'; file_id: string };
}
/** An Anthropic document block (base64 PDF or URL source); `title` carries the file name. */
export interface AnthropicDocumentBlock {
  type: 'document';
  source:
    | { type: 'base64'; media_type: 'application/pdf'; data: string }
    | { type: 'text'; media_type: 'text/plain'; data: string }
    | { type: 'url'; url: string }
    | { type: 'file'; file_id: string };
  title?: string;
}
/** An Anthropic tool_use block. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}
/** An Anthropic tool_result block; it rides in a user message. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  /** Text, or text and images/documents when the tool returned some. */
  content: string | (AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock)[];
  is_error?: boolean;
}
/** An Anthropic thinking block, sent back with its signature. */
export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}
/** An Anthropic redacted_thinking block. */
export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}
/** Any content block `toAnthropic` writes. */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock;
/** One Anthropic Messages API message. */
export interface AnthropicMessage {
  /** Who sent it; Anthropic alternates the two, starting with `user`. */
  role: 'user' | 'assistant';
  /** A string for plain text, else content blocks. */
  content: string | AnthropicContentBlock[];
}
/** The transcript part of an Anthropic Messages request: system text is a parameter, not a message. */
export interface AnthropicRequest {
  /** System text: a request parameter, not a message. */
  system?: string | AnthropicTextBlock[];
  /** The conversation, strictly alternating user and assistant. */
  messages: AnthropicMessage[];
}

function renderAttachment(original: Attachment): AnthropicImageBlock | AnthropicDocumentBlock {
  // Base64 data that arrived as a `data:` URL (the AI SDK and OpenAI accept those): Anthropic takes
  // the payload and its media type separately.
  const dataUrl = original.fileId ? undefined : parseDataUrl(original.data);
  const attachment: Attachment =
    dataUrl?.mediaType === undefined
      ? original
      : { ...original, mediaType: dataUrl.mediaType, data: dataUrl.data };
  if (attachment.type === 'image') {
    return {
      type: 'image',
      source: attachment.fileId
        ? { type: 'file', file_id: attachment.data }
        : isUrl(attachment.data)
          ? { type: 'url', url: attachment.data }
          : {
              type: 'base64',
              media_type: attachment.mediaType as AnthropicImageMediaType,
              data: attachment.data,
            },
    };
  }
  const block: AnthropicDocumentBlock = {
    type: 'document',
    source: attachment.fileId
      ? { type: 'file', file_id: attachment.data }
      : isUrl(attachment.data)
        ? { type: 'url', url: attachment.data }
        : attachment.mediaType === 'text/plain'
          ? { type: 'text', media_type: 'text/plain', data: attachment.data }
          : { type: 'base64', media_type: 'application/pdf', data: attachment.data },
  };
  if (attachment.name !== undefined) block.title = attachment.name;
  return block;
}

// Anthropic requires `input` to be an object. OpenAI sends a tool without arguments as `""` (kept
// verbatim by fromOpenAI), which means no arguments: `{}`. Anything else is passed as it is.
function toolUseInput(input: unknown): unknown {
  return input === '' || input === undefined || input === null ? {} : input;
}

/**
 * Convert neutral messages to an Anthropic Messages request. The leading system messages become the
 * `system` parameter (a string for one, text blocks for several); tool results and the user messages
 * after them merge into one user message, results first, as the API requires. A system message after
 * the conversation started is not representable — `validate(messages, 'anthropic')` reports it — and is
 * sent as a reminder text.
 */
export function toAnthropic(messages: readonly Message[]): AnthropicRequest {
  const system: AnthropicTextBlock[] = [];
  const out: AnthropicMessage[] = [];
  messages.forEach((message, at) => {
    assertKnownRole('toAnthropic', message, at);
  });
  let index = 0;
  while (index < messages.length && messages[index]?.role === 'system') {
    system.push({ type: 'text', text: messages[index]?.text ?? '' });
    index++;
  }
  const readSystem = untouchedSource('anthropic-system', messages, 0);
  const originalSystem = readSystem?.count === index ? readSystem.source : undefined;
  let userBlocks: AnthropicContentBlock[] | undefined;
  // Consecutive user messages are one user turn on the wire: Anthropic alternates strictly. This joins
  // a message passed through as read with a neighbour that was not (a summary compaction placed
  // right after the task message, say); the earlier one's blocks come first, as in the transcript.
  const pushUser = (message: AnthropicMessage) => {
    const previous = out[out.length - 1];
    if (previous?.role !== 'user') {
      out.push(message);
      return;
    }
    const blocks = (content: AnthropicMessage['content']): AnthropicContentBlock[] =>
      typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    previous.content = [...blocks(previous.content), ...blocks(message.content)];
  };
  const flushUser = () => {
    if (!userBlocks) return;
    const only = userBlocks[0];
    pushUser({
      role: 'user',
      content: userBlocks.length === 1 && only?.type === 'text' ? only.text : userBlocks,
    });
    userBlocks = undefined;
  };
  for (; index < messages.length; index++) {
    const untouched = untouchedSource('anthropic', messages, index);
    if (untouched) {
      flushUser();
      const source = untouched.source as AnthropicMessage;
      if (source.role === 'user') pushUser(source);
      else out.push(source);
      index += untouched.count - 1;
      continue;
    }
    const message = messages[index] as Message;
    if (message.role === 'assistant') {
      flushUser();
      const blocks: AnthropicContentBlock[] = [];
      for (const reasoning of reasoningBlocks(message)) {
        blocks.push(
          reasoning.redacted
            ? { type: 'redacted_thinking', data: reasoning.signature ?? '' }
            : { type: 'thinking', thinking: reasoning.text, signature: reasoning.signature ?? '' },
        );
      }
      // Anthropic rejects whitespace-only text blocks; OpenAI-compatible servers often send `content: ""`
      // beside tool calls. Kept only when it is all the message has (validate reports that as empty).
      const blank = message.text !== undefined && message.text.trim() === '';
      if (message.text !== undefined && (!blank || (blocks.length === 0 && !message.toolCalls?.length)))
        blocks.push({ type: 'text', text: message.text });
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: toolUseInput(call.input) });
      }
      const previous = out[out.length - 1];
      if (index > 0 && mergesWithPrevious(messages, index) && previous?.role === 'assistant') {
        // One turn on the wire: Anthropic alternates strictly. (A message passed through is a copy
        // of what was read, and may hold its text as a string.)
        if (typeof previous.content === 'string') {
          previous.content = [{ type: 'text', text: previous.content }];
        }
        previous.content.push(...blocks);
      } else {
        out.push({ role: 'assistant', content: blocks });
      }
      continue;
    }
    userBlocks ??= [];
    if (message.role === 'tool') {
      const content = message.toolResult?.content ?? '';
      const attachments = message.toolResult?.attachments ?? [];
      const block: AnthropicToolResultBlock = {
        type: 'tool_result',
        tool_use_id: message.toolResult?.callId ?? '',
        // Anthropic rejects empty text blocks, so an attachments-only result has none.
        content:
          attachments.length === 0
            ? content
            : [
                ...(content === '' ? [] : [{ type: 'text' as const, text: content }]),
                ...attachments.map(renderAttachment),
              ],
      };
      if (message.toolResult?.isError) block.is_error = true;
      userBlocks.push(block);
      continue;
    }
    const user = message.role === 'system' ? { ...message, role: 'user' as const, reminder: true } : message;
    for (const attachment of user.attachments ?? []) userBlocks.push(renderAttachment(attachment));
    const text = renderUserText(user);
    if (text !== undefined && (text.trim() !== '' || !user.attachments?.length))
      userBlocks.push({ type: 'text', text });
  }
  flushUser();
  const request: AnthropicRequest = { messages: out };
  if (originalSystem !== undefined) request.system = originalSystem as AnthropicRequest['system'];
  else if (system.length === 1) request.system = system[0]?.text ?? '';
  else if (system.length > 1) request.system = system;
  return request;
}

function parseAttachment(block: Record<string, unknown>, index: number): Attachment {
  const source = expectObject(block.source, index, `${String(block.type)} source`);
  const url = source.type === 'url' ? expectString(source, 'url', index) : undefined;
  if (source.type === 'file') {
    // Files API reference: the id is all the request carries (the media type is the file's own).
    const attachment: Attachment =
      block.type === 'image'
        ? {
            type: 'image',
            mediaType: 'image/png',
            data: expectString(source, 'file_id', index),
            fileId: true,
          }
        : {
            type: 'document',
            mediaType: 'application/pdf',
            data: expectString(source, 'file_id', index),
            fileId: true,
          };
    if (block.type !== 'image' && typeof block.title === 'string') attachment.name = block.title;
    return attachment;
  }
  if (block.type === 'image') {
    if (url !== undefined) return { type: 'image', mediaType: guessMediaType(url, 'image/png'), data: url };
    return {
      type: 'image',
      mediaType: expectString(source, 'media_type', index),
      data: expectString(source, 'data', index),
    };
  }
  const attachment: Attachment =
    url !== undefined
      ? { type: 'document', mediaType: guessMediaType(url, 'application/pdf'), data: url }
      : {
          type: 'document',
          mediaType: expectString(source, 'media_type', index),
          data: expectString(source, 'data', index),
        };
  if (typeof block.title === 'string') attachment.name = block.title;
  return attachment;
}

function readResultAttachments(content: unknown, index: number): Attachment[] {
  if (!Array.isArray(content)) return [];
  return content
    .map((part) => expectObject(part, index, 'tool_result block'))
    .filter((part) => part.type === 'image' || part.type === 'document')
    .map((part) => parseAttachment(part, index));
}

function readResultContent(content: unknown, index: number): string {
  if (typeof content === 'string') return content;
  if (content === undefined) return '';
  if (!Array.isArray(content))
    throw new TranscriptFormatError(
      index,
      `expected tool_result content to be a string or blocks, found ${describeValue(content)}`,
    );
  return content
    .map((part) => expectObject(part, index, 'tool_result block'))
    .filter((part) => part.type === 'text')
    .map((part) => expectString(part, 'text', index))
    .join('\n');
}

/**
 * Convert an Anthropic Messages request (`{ system?, messages }`, or just the messages array) to neutral
 * messages. A user message splits into its tool results, then one user message per text block (taking
 * the images and documents before it). Throws {@link TranscriptFormatError} naming the offending index.
 */
export function fromAnthropic(input: unknown): Message[] {
  const out: Message[] = [];
  let rawMessages: unknown[];
  if (Array.isArray(input)) rawMessages = input;
  else if (
    typeof input === 'object' &&
    input !== null &&
    Array.isArray((input as { messages?: unknown }).messages)
  ) {
    const request = input as { system?: unknown; messages: unknown[] };
    rawMessages = request.messages;
    if (typeof request.system === 'string') out.push({ role: 'system', text: request.system });
    else if (Array.isArray(request.system)) {
      for (const block of request.system)
        out.push({
          role: 'system',
          text: expectString(expectObject(block, -1, 'a system text block'), 'text', -1),
        });
    } else if (request.system !== undefined) {
      throw new TranscriptFormatError(
        -1,
        `expected "system" to be a string or text blocks, found ${describeValue(request.system)}`,
      );
    }
    if (out.length > 0) recordOrigin('anthropic-system', out, 0, request.system, -1);
  } else {
    throw new TranscriptFormatError(
      -1,
      `expected a JSON array of messages or { "system"?, "messages": [...] }, found ${describeValue(input)}`,
    );
  }
  const readMessage = (raw: unknown, index: number): void => {
    const object = expectObject(raw, index, 'a message');
    const blocks =
      typeof object.content === 'string' ? [{ type: 'text', text: object.content }] : object.content;
    if (!Array.isArray(blocks))
      throw new TranscriptFormatError(
        index,
        `expected "content" to be a string or blocks, found ${describeValue(object.content)}`,
      );
    if (object.role === 'assistant') {
      const message: Message = { role: 'assistant' };
      const texts: string[] = [];
      const calls: ToolCall[] = [];
      const reasoning: Reasoning[] = [];
      for (const rawBlock of blocks) {
        const block = expectObject(rawBlock, index, 'a content block');
        if (block.type === 'text') texts.push(expectString(block, 'text', index));
        else if (block.type === 'tool_use')
          calls.push({
            id: expectString(block, 'id', index),
            name: expectString(block, 'name', index),
            input: block.input,
          });
        else if (block.type === 'thinking') {
          reasoning.push({
            text: expectString(block, 'thinking', index),
            signature: expectString(block, 'signature', index),
          });
        } else if (block.type === 'redacted_thinking') {
          reasoning.push({ text: '', signature: expectString(block, 'data', index), redacted: true });
        }
      }
      setReasoning(message, reasoning);
      if (texts.length > 0) message.text = texts.join('\n');
      if (calls.length > 0) message.toolCalls = calls;
      out.push(message);
      return;
    }
    if (object.role !== 'user')
      throw new TranscriptFormatError(
        index,
        `expected role user or assistant, found ${describeValue(object.role)}`,
      );
    const userParts: ({ text: string } | { attachment: Attachment })[] = [];
    for (const rawBlock of blocks) {
      const block = expectObject(rawBlock, index, 'a content block');
      if (block.type === 'tool_result') {
        const result: Message = {
          role: 'tool',
          toolResult: {
            callId: expectString(block, 'tool_use_id', index),
            content: readResultContent(block.content, index),
          },
        };
        const attachments = readResultAttachments(block.content, index);
        if (attachments.length > 0 && result.toolResult) result.toolResult.attachments = attachments;
        if (block.is_error === true && result.toolResult) result.toolResult.isError = true;
        out.push(...splitUserContent(userParts.splice(0)), result);
      } else if (block.type === 'text') userParts.push({ text: expectString(block, 'text', index) });
      else if (block.type === 'image' || block.type === 'document')
        userParts.push({ attachment: parseAttachment(block, index) });
      else throw new TranscriptFormatError(index, `unsupported user block type ${describeType(block.type)}`);
    }
    out.push(...splitUserContent(userParts));
  };
  rawMessages.forEach((raw, index) => {
    const first = out.length;
    readMessage(raw, index);
    recordOrigin('anthropic', out, first, raw, index);
  });
  return out;
}
