import { describeValue } from '@ctxkit/internal';
import type { Attachment, Message, Reasoning, ToolCall } from '../types.js';
import {
  assertKnownRole,
  describeType,
  expectMessageArray,
  expectObject,
  expectString,
  guessMediaType,
  isUrl,
  reasoningBlocks,
  recordOrigin,
  renderUserText,
  setReasoning,
  splitUserContent,
  TranscriptFormatError,
  untouchedSource,
} from './shared.js';

/** Provider-specific options on an AI SDK part; only Anthropic's reasoning signature is used here. */
export type AiSdkProviderOptions = Record<string, Record<string, string>>;

/** AI SDK text part. */
export interface AiSdkTextPart {
  type: 'text';
  text: string;
}
/** AI SDK image part (base64 string or URL string). */
export interface AiSdkImagePart {
  type: 'image';
  image: string;
  mediaType?: string;
}
/** AI SDK file part. */
export interface AiSdkFilePart {
  type: 'file';
  data: string;
  mediaType: string;
  filename?: string;
}
/** AI SDK reasoning part; the Anthropic signature rides in `providerOptions.anthropic`. */
export interface AiSdkReasoningPart {
  type: 'reasoning';
  text: string;
  providerOptions?: AiSdkProviderOptions;
}
/** AI SDK tool-call part. */
export interface AiSdkToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}
/** A JSON value, as AI SDK `json` tool outputs carry it. */
export type AiSdkJsonValue =
  | null
  | string
  | number
  | boolean
  | { [key: string]: AiSdkJsonValue | undefined }
  | AiSdkJsonValue[];

/** AI SDK tool-result part (text, JSON, their error forms, or content with media). */
export interface AiSdkToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output:
    | { type: 'text'; value: string }
    | { type: 'error-text'; value: string }
    | { type: 'json'; value: AiSdkJsonValue }
    | { type: 'error-json'; value: AiSdkJsonValue }
    | { type: 'content'; value: AiSdkToolResultContentPart[] };
}
/** One part of a `content` tool output: text, or media the tool returned. */
export type AiSdkToolResultContentPart =
  | { type: 'text'; text: string }
  | { type: 'image-data'; data: string; mediaType: string }
  | { type: 'image-url'; url: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string }
  | { type: 'file-url'; url: string; mediaType?: string };

function renderResultAttachment(attachment: Attachment): AiSdkToolResultContentPart {
  if (attachment.type === 'image') {
    return isUrl(attachment.data)
      ? { type: 'image-url', url: attachment.data }
      : { type: 'image-data', data: attachment.data, mediaType: attachment.mediaType };
  }
  if (isUrl(attachment.data))
    return { type: 'file-url', url: attachment.data, mediaType: attachment.mediaType };
  const part: AiSdkToolResultContentPart = {
    type: 'file-data',
    data: attachment.data,
    mediaType: attachment.mediaType,
  };
  if (attachment.name !== undefined) part.filename = attachment.name;
  return part;
}

function readResultAttachment(part: Record<string, unknown>, index: number): Attachment | undefined {
  switch (part.type) {
    case 'image-data':
      return {
        type: 'image',
        mediaType: expectString(part, 'mediaType', index),
        data: expectString(part, 'data', index),
      };
    case 'image-url': {
      const url = expectString(part, 'url', index);
      return { type: 'image', mediaType: guessMediaType(url, 'image/png'), data: url };
    }
    case 'media':
    case 'file-data': {
      const mediaType = expectString(part, 'mediaType', index);
      const data = expectString(part, 'data', index);
      if (part.type === 'media' && mediaType.startsWith('image/')) return { type: 'image', mediaType, data };
      const attachment: Attachment = { type: 'document', mediaType, data };
      if (typeof part.filename === 'string') attachment.name = part.filename;
      return attachment;
    }
    case 'file-url': {
      const url = expectString(part, 'url', index);
      return {
        type: 'document',
        mediaType:
          typeof part.mediaType === 'string' ? part.mediaType : guessMediaType(url, 'application/pdf'),
        data: url,
      };
    }
    default:
      return undefined;
  }
}
/** One AI SDK `ModelMessage`, as `toAiSdk` writes it. */
export type AiSdkModelMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | (AiSdkTextPart | AiSdkImagePart | AiSdkFilePart)[] }
  | { role: 'assistant'; content: string | (AiSdkTextPart | AiSdkReasoningPart | AiSdkToolCallPart)[] }
  | { role: 'tool'; content: AiSdkToolResultPart[] };

function renderReasoning(reasoning: Reasoning): AiSdkReasoningPart {
  const part: AiSdkReasoningPart = { type: 'reasoning', text: reasoning.text };
  if (reasoning.redacted) part.providerOptions = { anthropic: { redactedData: reasoning.signature ?? '' } };
  else if (reasoning.signature !== undefined)
    part.providerOptions = { anthropic: { signature: reasoning.signature } };
  return part;
}

function renderAttachment(attachment: Attachment): AiSdkImagePart | AiSdkFilePart {
  if (attachment.type === 'image')
    return { type: 'image', image: attachment.data, mediaType: attachment.mediaType };
  const part: AiSdkFilePart = { type: 'file', data: attachment.data, mediaType: attachment.mediaType };
  if (attachment.name !== undefined) part.filename = attachment.name;
  return part;
}

// JSON text parsed back to its value, or undefined when it is not JSON (any more: compaction may have
// replaced it with a marker).
function parseJson(text: string): { value: AiSdkJsonValue } | undefined {
  try {
    return { value: JSON.parse(text) as AiSdkJsonValue };
  } catch {
    return undefined;
  }
}

function renderTextOutput(result: Message['toolResult']): AiSdkToolResultPart['output'] {
  const content = result?.content ?? '';
  const json = result?.json ? parseJson(content) : undefined;
  if (json) return { type: result?.isError ? 'error-json' : 'json', value: json.value };
  return { type: result?.isError ? 'error-text' : 'text', value: content };
}

/**
 * Convert neutral messages to Vercel AI SDK `ModelMessage[]`. Consecutive tool results become one
 * `tool` message, as the SDK itself records a step; each result's `toolName` is looked up from its call.
 */
export function toAiSdk(messages: readonly Message[]): AiSdkModelMessage[] {
  const out: AiSdkModelMessage[] = [];
  const toolNames = new Map<string, string>();
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index]!;
    assertKnownRole('toAiSdk', message, index);
    for (const call of message.toolCalls ?? []) toolNames.set(call.id, call.name);
    const untouched = untouchedSource('ai-sdk', messages, index);
    if (untouched) {
      for (let part = 1; part < untouched.count; part++) {
        for (const call of messages[index + part]?.toolCalls ?? []) toolNames.set(call.id, call.name);
      }
      out.push(untouched.source as AiSdkModelMessage);
      index += untouched.count - 1;
      continue;
    }
    if (message.role === 'system') {
      out.push({ role: 'system', content: message.text ?? '' });
    } else if (message.role === 'user') {
      const text = renderUserText(message);
      if (!message.attachments?.length) {
        out.push({ role: 'user', content: text ?? '' });
        continue;
      }
      const parts: (AiSdkTextPart | AiSdkImagePart | AiSdkFilePart)[] =
        message.attachments.map(renderAttachment);
      if (text !== undefined) parts.push({ type: 'text', text });
      out.push({ role: 'user', content: parts });
    } else if (message.role === 'assistant') {
      if (!message.reasoning && !message.toolCalls?.length && message.text !== undefined) {
        out.push({ role: 'assistant', content: message.text });
        continue;
      }
      const parts: (AiSdkTextPart | AiSdkReasoningPart | AiSdkToolCallPart)[] = [];
      for (const reasoning of reasoningBlocks(message)) parts.push(renderReasoning(reasoning));
      if (message.text !== undefined) parts.push({ type: 'text', text: message.text });
      for (const call of message.toolCalls ?? []) {
        parts.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.input });
      }
      out.push({ role: 'assistant', content: parts });
    } else {
      const result = message.toolResult;
      const part: AiSdkToolResultPart = {
        type: 'tool-result',
        toolCallId: result?.callId ?? '',
        toolName: toolNames.get(result?.callId ?? '') ?? 'unknown',
        // A `content` output carries media but no error flag; text outputs carry the flag.
        output: result?.attachments?.length
          ? {
              type: 'content',
              value: [
                ...(result.content === '' ? [] : [{ type: 'text' as const, text: result.content }]),
                ...result.attachments.map(renderResultAttachment),
              ],
            }
          : renderTextOutput(result),
      };
      const previous = out[out.length - 1];
      if (previous?.role === 'tool') previous.content.push(part);
      else out.push({ role: 'tool', content: [part] });
    }
  }
  return out;
}

function readData(value: unknown, index: number, what: string): string {
  if (typeof value === 'string') return value;
  if (value instanceof URL) return value.href;
  throw new TranscriptFormatError(
    index,
    `expected ${what} to be a string (base64 or URL), found ${describeValue(value)}`,
  );
}

function readOutput(
  output: unknown,
  index: number,
): { content: string; isError: boolean; json?: boolean; attachments?: Attachment[] } {
  const object = expectObject(output, index, 'tool-result output');
  switch (object.type) {
    case 'text':
      return { content: expectString(object, 'value', index), isError: false };
    case 'error-text':
      return { content: expectString(object, 'value', index), isError: true };
    case 'json':
      return { content: JSON.stringify(object.value) ?? 'null', isError: false, json: true };
    case 'error-json':
      return { content: JSON.stringify(object.value) ?? 'null', isError: true, json: true };
    case 'execution-denied':
      return {
        content: typeof object.reason === 'string' ? object.reason : 'execution denied',
        isError: true,
      };
    case 'content': {
      const parts = (Array.isArray(object.value) ? object.value : []).map((part) =>
        expectObject(part, index, 'output content part'),
      );
      const attachments = parts
        .map((part) => readResultAttachment(part, index))
        .filter((attachment): attachment is Attachment => attachment !== undefined);
      return {
        content: parts
          .filter((part) => part.type === 'text')
          .map((part) => expectString(part, 'text', index))
          .join('\n'),
        isError: false,
        ...(attachments.length > 0 ? { attachments } : {}),
      };
    }
    default:
      throw new TranscriptFormatError(
        index,
        `unsupported tool-result output type ${describeType(object.type)}`,
      );
  }
}

// An AI SDK 4 tool result: `result` is the tool's value (text, or JSON), `isError` its flag.
function readLegacyResult(part: Record<string, unknown>): ReturnType<typeof readOutput> {
  const isError = part.isError === true;
  if (typeof part.result === 'string') return { content: part.result, isError };
  return { content: JSON.stringify(part.result) ?? 'null', isError, json: true };
}

function readSignature(options: unknown): Pick<Reasoning, 'signature' | 'redacted'> {
  const anthropic = (options as { anthropic?: Record<string, unknown> } | undefined)?.anthropic;
  if (typeof anthropic?.redactedData === 'string')
    return { signature: anthropic.redactedData, redacted: true };
  if (typeof anthropic?.signature === 'string') return { signature: anthropic.signature };
  return {};
}

/** Whether a (valid) message uses AI SDK 4 `CoreMessage` parts: `args`, `result`, a part-level signature. */
function isAiSdk4Message(raw: unknown): boolean {
  const content = (raw as { content?: unknown }).content;
  if (!Array.isArray(content)) return false;
  return content.some((part: Record<string, unknown> | null) => {
    if (typeof part !== 'object' || part === null) return false;
    if (part.type === 'tool-call') return !('input' in part);
    if (part.type === 'tool-result') return part.output === undefined;
    if (part.type === 'reasoning') return typeof part.signature === 'string';
    return part.type === 'redacted-reasoning';
  });
}

/**
 * Convert Vercel AI SDK `ModelMessage[]` (or `{ messages }`) to neutral messages. A tool message with
 * several results becomes one neutral tool message per result; JSON outputs become their JSON text.
 * AI SDK 4 `CoreMessage` transcripts (`args`, `result`, `isError`) are read too; `toAiSdk` writes v5+.
 * Throws {@link TranscriptFormatError} naming the offending index.
 */
export function fromAiSdk(input: unknown): Message[] {
  const out: Message[] = [];
  const readMessage = (raw: unknown, index: number): void => {
    const object = expectObject(raw, index, 'a model message');
    const content = object.content;
    if (object.role === 'system') {
      out.push({ role: 'system', text: expectString(object, 'content', index) });
    } else if (object.role === 'user') {
      if (typeof content === 'string') {
        out.push(...splitUserContent([{ text: content }]));
        return;
      }
      if (!Array.isArray(content))
        throw new TranscriptFormatError(
          index,
          `expected "content" to be a string or parts, found ${describeValue(content)}`,
        );
      const parts = content.map((rawPart) => {
        const part = expectObject(rawPart, index, 'a content part');
        if (part.type === 'text') return { text: expectString(part, 'text', index) };
        if (part.type === 'image') {
          return {
            attachment: {
              type: 'image' as const,
              mediaType: typeof part.mediaType === 'string' ? part.mediaType : 'image/png',
              data: readData(part.image, index, 'image'),
            },
          };
        }
        if (part.type === 'file') {
          const attachment: Attachment = {
            type: 'document',
            mediaType: expectString(part, 'mediaType', index),
            data: readData(part.data, index, 'file data'),
          };
          if (typeof part.filename === 'string') attachment.name = part.filename;
          return { attachment };
        }
        throw new TranscriptFormatError(index, `unsupported user part type ${describeType(part.type)}`);
      });
      const messages = splitUserContent(parts);
      out.push(...(messages.length > 0 ? messages : [{ role: 'user' as const, text: '' }]));
    } else if (object.role === 'assistant') {
      if (typeof content === 'string') {
        out.push({ role: 'assistant', text: content });
        return;
      }
      if (!Array.isArray(content))
        throw new TranscriptFormatError(
          index,
          `expected "content" to be a string or parts, found ${describeValue(content)}`,
        );
      const message: Message = { role: 'assistant' };
      const texts: string[] = [];
      const calls: ToolCall[] = [];
      const reasoning: Reasoning[] = [];
      for (const rawPart of content) {
        const part = expectObject(rawPart, index, 'a content part');
        if (part.type === 'text') texts.push(expectString(part, 'text', index));
        else if (part.type === 'reasoning') {
          // AI SDK 4 put the signature on the part itself.
          const legacy = typeof part.signature === 'string' ? { signature: part.signature } : {};
          reasoning.push({
            text: expectString(part, 'text', index),
            ...legacy,
            ...readSignature(part.providerOptions),
          });
        } else if (part.type === 'redacted-reasoning') {
          reasoning.push({ text: '', signature: expectString(part, 'data', index), redacted: true });
        } else if (part.type === 'tool-call' && part.providerExecuted !== true) {
          // A provider-executed call (e.g. web search) is answered inside the assistant message by
          // the provider; it needs no tool message, and the neutral model does not carry it.
          calls.push({
            id: expectString(part, 'toolCallId', index),
            name: expectString(part, 'toolName', index),
            // AI SDK 4 (`CoreMessage`) named the input `args`; stored v4 transcripts still carry it.
            input: 'input' in part ? part.input : part.args,
          });
        }
      }
      setReasoning(message, reasoning);
      if (texts.length > 0) message.text = texts.join('\n');
      if (calls.length > 0) message.toolCalls = calls;
      out.push(message);
    } else if (object.role === 'tool') {
      if (!Array.isArray(content))
        throw new TranscriptFormatError(
          index,
          `expected tool "content" to be an array of parts, found ${describeValue(content)}`,
        );
      for (const rawPart of content) {
        const part = expectObject(rawPart, index, 'a tool part');
        if (part.type !== 'tool-result') continue;
        const {
          content: text,
          isError,
          json,
          attachments,
        } = part.output === undefined && 'result' in part
          ? readLegacyResult(part)
          : readOutput(part.output, index);
        const message: Message = {
          role: 'tool',
          toolResult: { callId: expectString(part, 'toolCallId', index), content: text },
        };
        if (isError && message.toolResult) message.toolResult.isError = true;
        if (json && message.toolResult) message.toolResult.json = true;
        if (attachments && message.toolResult) message.toolResult.attachments = attachments;
        out.push(message);
      }
    } else {
      throw new TranscriptFormatError(
        index,
        `expected role system, user, assistant or tool, found ${describeValue(object.role)}`,
      );
    }
  };
  expectMessageArray(input).forEach((raw, index) => {
    const first = out.length;
    readMessage(raw, index);
    // AI SDK 4 messages are written back as v5+ (what current SDKs accept): not passed through.
    if (!isAiSdk4Message(raw)) recordOrigin('ai-sdk', out, first, raw, index);
  });
  return out;
}
