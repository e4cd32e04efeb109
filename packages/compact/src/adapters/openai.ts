import { describeValue } from '@ctxkit/internal';
import type { Attachment, Message, ToolCall } from '../types.js';
import {
  assertKnownRole,
  describeType,
  expectMessageArray,
  expectObject,
  expectString,
  guessMediaType,
  parseDataUrl,
  recordOrigin,
  renderUserText,
  splitUserContent,
  TranscriptFormatError,
  toDataUrl,
  untouchedSource,
} from './shared.js';

/** A text part of an OpenAI chat-completions message. */
export interface OpenAITextPart {
  type: 'text';
  text: string;
}
/** An image part (`data:` URL or https URL). */
export interface OpenAIImagePart {
  type: 'image_url';
  image_url: { url: string };
}
/** A file part: a base64 `data:` URL plus file name, or the id of an uploaded file. */
export interface OpenAIFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}
/** An OpenAI chat-completions system message. */
export interface OpenAISystemMessage {
  role: 'system';
  content: string;
}
/** An OpenAI chat-completions user message. */
export interface OpenAIUserMessage {
  role: 'user';
  content: string | (OpenAITextPart | OpenAIImagePart | OpenAIFilePart)[];
}
/** One function tool call made by the assistant; `arguments` is a JSON string. */
export interface OpenAIFunctionToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
/** One custom (freeform) tool call; `input` is free text. */
export interface OpenAICustomToolCall {
  id: string;
  type: 'custom';
  custom: { name: string; input: string };
}
/** A tool call as OpenAI chat-completions carries it. */
export type OpenAIToolCall = OpenAIFunctionToolCall | OpenAICustomToolCall;
/** An OpenAI chat-completions assistant message. */
export interface OpenAIAssistantMessage {
  role: 'assistant';
  content: string | null;
  tool_calls?: OpenAIToolCall[];
  /** Reasoning text, only with `reasoningField: 'reasoning_content'` (DeepSeek / vLLM style servers). */
  reasoning_content?: string;
}
/** An OpenAI chat-completions tool message answering one call. */
export interface OpenAIToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}
/** One OpenAI chat-completions request message, as `toOpenAI` writes it. */
export type OpenAIChatMessage =
  | OpenAISystemMessage
  | OpenAIUserMessage
  | OpenAIAssistantMessage
  | OpenAIToolMessage;

/** Options for {@link toOpenAI}. */
export interface OpenAIAdapterOptions {
  /**
   * Where assistant reasoning goes. The official API has no such field and rejects unknown ones, so the
   * default drops reasoning; `reasoning_content` is what DeepSeek, vLLM and compatible servers read.
   */
  reasoningField?: 'reasoning_content' | false;
}

/** OpenAI `arguments` for a neutral input: a string that is not JSON passes through raw. */
function renderArguments(input: unknown): string {
  if (typeof input === 'string') {
    try {
      JSON.parse(input);
    } catch {
      return input;
    }
  }
  return JSON.stringify(input) ?? 'null';
}

function parseCall(id: string, name: string, text: string): ToolCall {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    // Models do emit malformed arguments; keep them verbatim so nothing is lost.
    return { id, name, input: text };
  }
  const call: ToolCall = { id, name, input };
  if (renderArguments(input) !== text) call.rawInput = text;
  return call;
}

function renderAttachment(attachment: Attachment): OpenAIImagePart | OpenAIFilePart {
  if (attachment.fileId) {
    // An uploaded file is referenced by id; an image_url part cannot carry one.
    const file: OpenAIFilePart['file'] = { file_id: attachment.data };
    if (attachment.name !== undefined) file.filename = attachment.name;
    return { type: 'file', file };
  }
  if (attachment.type === 'image') {
    return { type: 'image_url', image_url: { url: toDataUrl(attachment.mediaType, attachment.data) } };
  }
  const file: OpenAIFilePart['file'] = { file_data: toDataUrl(attachment.mediaType, attachment.data) };
  if (attachment.name !== undefined) file.filename = attachment.name;
  return { type: 'file', file };
}

/** Convert neutral messages to OpenAI chat-completions request messages. */
export function toOpenAI(
  messages: readonly Message[],
  options: OpenAIAdapterOptions = {},
): OpenAIChatMessage[] {
  const out: OpenAIChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    assertKnownRole('toOpenAI', messages[index]!, index);
    // A message read from OpenAI and not changed since is written exactly as it was read.
    const untouched = untouchedSource('openai', messages, index);
    if (untouched) {
      out.push(untouched.source as OpenAIChatMessage);
      index += untouched.count - 1;
    } else out.push(convertMessage(messages[index]!, options));
  }
  return out;
}

function convertMessage(message: Message, options: OpenAIAdapterOptions): OpenAIChatMessage {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.text ?? '' };
    case 'user': {
      const text = renderUserText(message);
      if (!message.attachments?.length) return { role: 'user', content: text ?? '' };
      const parts: OpenAIUserMessage['content'] = message.attachments.map(renderAttachment);
      if (text !== undefined) parts.push({ type: 'text', text });
      return { role: 'user', content: parts };
    }
    case 'assistant': {
      const out: OpenAIAssistantMessage = { role: 'assistant', content: message.text ?? null };
      if (message.toolCalls?.length) {
        out.tool_calls = message.toolCalls.map(
          (call): OpenAIToolCall =>
            call.freeform
              ? { id: call.id, type: 'custom', custom: { name: call.name, input: String(call.input) } }
              : {
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: call.rawInput ?? renderArguments(call.input) },
                },
        );
      }
      if (options.reasoningField === 'reasoning_content' && message.reasoning) {
        out.reasoning_content = message.reasoning.text;
      }
      return out;
    }
    default:
      return {
        role: 'tool',
        tool_call_id: message.toolResult?.callId ?? '',
        content: message.toolResult?.content ?? '',
      };
  }
}

function readTextContent(content: unknown, index: number): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (!Array.isArray(content))
    throw new TranscriptFormatError(
      index,
      `expected "content" to be a string or an array of parts, found ${describeValue(content)}`,
    );
  return content
    .map((part, at) => {
      const object = expectObject(part, index, `content part ${at}`);
      if (object.type === 'text') return expectString(object, 'text', index);
      if (object.type === 'refusal') return expectString(object, 'refusal', index);
      throw new TranscriptFormatError(
        index,
        `content part ${at}: expected a text part, found type ${describeType(object.type)}`,
      );
    })
    .join('');
}

function parseUserContent(content: unknown, index: number): Message[] {
  if (typeof content === 'string') return splitUserContent([{ text: content }]);
  if (!Array.isArray(content))
    throw new TranscriptFormatError(
      index,
      `expected "content" to be a string or an array of parts, found ${describeValue(content)}`,
    );
  return splitUserContent(
    content.map((part, at) => {
      const object = expectObject(part, index, `content part ${at}`);
      if (object.type === 'text') return { text: expectString(object, 'text', index) };
      if (object.type === 'image_url') {
        const url = expectString(expectObject(object.image_url, index, 'image_url'), 'url', index);
        const parsed = parseDataUrl(url);
        return {
          attachment: {
            type: 'image',
            mediaType: parsed.mediaType ?? guessMediaType(url, 'image/png'),
            data: parsed.data,
          },
        };
      }
      if (object.type === 'file') {
        const file = expectObject(object.file, index, 'file');
        let attachment: Attachment;
        if (typeof file.file_data !== 'string' && typeof file.file_id === 'string') {
          // A reference to an uploaded file: written back as the same id, never as a data URL.
          attachment = { type: 'document', mediaType: 'application/pdf', data: file.file_id, fileId: true };
        } else {
          const parsed = parseDataUrl(typeof file.file_data === 'string' ? file.file_data : '');
          attachment = {
            type: 'document',
            mediaType: parsed.mediaType ?? 'application/pdf',
            data: parsed.data,
          };
        }
        if (typeof file.filename === 'string') attachment.name = file.filename;
        return { attachment };
      }
      throw new TranscriptFormatError(
        index,
        `content part ${at}: unsupported user part type ${describeType(object.type)}`,
      );
    }),
  );
}

/**
 * Convert OpenAI chat-completions messages (an array, or `{ messages }`) to neutral messages.
 * `developer` becomes `system`; a user message with several text parts becomes several user messages;
 * an assistant `refusal` (sent instead of content) becomes the message text.
 * Throws {@link TranscriptFormatError} naming the index of anything that is not a chat message.
 */
export function fromOpenAI(input: unknown): Message[] {
  const out: Message[] = [];
  expectMessageArray(input).forEach((raw, index) => {
    const object = expectObject(raw, index, 'a chat message');
    const role = object.role;
    const first = out.length;
    if (role === 'system' || role === 'developer') {
      out.push({ role: 'system', text: readTextContent(object.content, index) });
    } else if (role === 'user') {
      const parsed = parseUserContent(object.content, index);
      out.push(...(parsed.length > 0 ? parsed : [{ role: 'user' as const, text: '' }]));
    } else if (role === 'assistant') {
      const message: Message = { role: 'assistant' };
      if (object.content !== null && object.content !== undefined)
        message.text = readTextContent(object.content, index);
      // A refusal arrives instead of content; dropping it would leave an empty assistant message,
      // which providers reject and which loses what the model said.
      else if (typeof object.refusal === 'string') message.text = object.refusal;
      if (Array.isArray(object.tool_calls) && object.tool_calls.length > 0) {
        message.toolCalls = object.tool_calls.map((rawCall, at): ToolCall => {
          const call = expectObject(rawCall, index, `tool call ${at}`);
          if (call.type === 'custom') {
            const custom = expectObject(call.custom, index, `tool call ${at} custom`);
            return {
              id: expectString(call, 'id', index),
              name: expectString(custom, 'name', index),
              input: expectString(custom, 'input', index),
              freeform: true,
            };
          }
          const fn = expectObject(call.function, index, `tool call ${at} function`);
          return parseCall(
            expectString(call, 'id', index),
            expectString(fn, 'name', index),
            expectString(fn, 'arguments', index),
          );
        });
      }
      if (typeof object.reasoning_content === 'string')
        message.reasoning = { text: object.reasoning_content };
      out.push(message);
    } else if (role === 'tool') {
      out.push({
        role: 'tool',
        toolResult: {
          callId: expectString(object, 'tool_call_id', index),
          content: readTextContent(object.content, index),
        },
      });
    } else {
      throw new TranscriptFormatError(
        index,
        `expected role system, developer, user, assistant or tool, found ${describeValue(role)}`,
      );
    }
    // A refusal sent instead of content is written back as content (see above): not passed through.
    const refusal = role === 'assistant' && object.content == null && typeof object.refusal === 'string';
    if (!refusal) recordOrigin('openai', out, first, raw, index);
  });
  return out;
}
