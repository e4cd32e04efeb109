import { type Attachment, attachmentMarker, type Message, type ToolCall } from '@ctxkit/compact';
import {
  keyOf,
  type MessageCodec,
  parseUserText,
  type ReadMessages,
  reminderText,
} from '@ctxkit/dropin-core';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';

type Block = Record<string, unknown>;

function blocksOf(message: BaseMessage): Block[] {
  const content = message.content as unknown;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Block[]) : [];
}

function isMedia(block: Block): boolean {
  return (
    block.type === 'image_url' || block.type === 'image' || block.type === 'file' || block.type === 'document'
  );
}

function attachmentOf(block: Block): Attachment {
  const mimeType =
    typeof block.mimeType === 'string'
      ? block.mimeType
      : typeof block.mime_type === 'string'
        ? block.mime_type
        : '';
  const name = typeof block.filename === 'string' ? block.filename : undefined;
  if (block.type === 'image_url' || block.type === 'image' || mimeType.startsWith('image/')) {
    return { type: 'image', mediaType: mimeType || 'image/png', data: '' };
  }
  const attachment: Attachment = { type: 'document', mediaType: mimeType || 'application/pdf', data: '' };
  if (name) attachment.name = name;
  return attachment;
}

// The text a block contributes: text blocks verbatim; anything else but media (a tool_use block that
// mirrors tool_calls, reasoning) is not text the model reads again.
function textOf(blocks: readonly Block[]): string[] {
  return blocks
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string);
}

function roleOf(message: BaseMessage, index: number): 'system' | 'user' | 'assistant' | 'tool' {
  if (SystemMessage.isInstance(message)) return 'system';
  if (HumanMessage.isInstance(message)) return 'user';
  if (AIMessage.isInstance(message)) return 'assistant';
  if (ToolMessage.isInstance(message)) return 'tool';
  const type = (message as { type?: unknown } | null)?.type;
  throw new TypeError(
    `@ctxkit/langchain: message ${index} is ${type === undefined ? 'not a LangChain message' : `of type ${JSON.stringify(type)}`}; expected a SystemMessage, HumanMessage, AIMessage or ToolMessage`,
  );
}

/** Neutral messages of LangChain messages, each with the index of the message it came from. */
export function readMessages(source: readonly BaseMessage[]): ReadMessages {
  if (!Array.isArray(source))
    throw new TypeError(`@ctxkit/langchain: expected an array of messages, found ${typeof source}`);
  const messages: Message[] = [];
  const owners: number[] = [];
  source.forEach((message, index) => {
    const role = roleOf(message, index);
    const blocks = blocksOf(message);
    const text = textOf(blocks).join('\n');
    if (role === 'system') messages.push({ role, text });
    else if (role === 'user') {
      const attachments = blocks.filter(isMedia).map(attachmentOf);
      // A summary the pipeline placed after the task message reads back as the reminder it is.
      messages.push(attachments.length > 0 ? { role, text, attachments } : { role, ...parseUserText(text) });
    } else if (role === 'assistant') {
      const calls: ToolCall[] = ((message as AIMessage).tool_calls ?? []).map((call) => ({
        id: call.id ?? '',
        name: call.name,
        input: call.args,
      }));
      messages.push(calls.length > 0 ? { role, text, toolCalls: calls } : { role, text });
    } else {
      const tool = message as ToolMessage;
      const result: Message['toolResult'] = { callId: tool.tool_call_id, content: text };
      if (tool.status === 'error') result.isError = true;
      const attachments = blocks.filter(isMedia).map(attachmentOf);
      if (attachments.length > 0) result.attachments = attachments;
      messages.push({ role, toolResult: result });
    }
    owners.push(index);
  });
  return { messages, owners };
}

function rewriteTool(message: ToolMessage, after: Message): ToolMessage {
  return new ToolMessage({
    content: after.toolResult?.content ?? '',
    tool_call_id: message.tool_call_id,
    ...(message.name !== undefined ? { name: message.name } : {}),
    ...(message.id !== undefined ? { id: message.id } : {}),
    ...(message.status !== undefined ? { status: message.status } : {}),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  });
}

function rewriteHuman(message: HumanMessage, after: Message): HumanMessage {
  if (after.attachments?.length) return message;
  // Compaction replaced the attachments of a finished turn with markers naming them.
  const content = blocksOf(message).map((block) =>
    isMedia(block) ? { type: 'text' as const, text: attachmentMarker(attachmentOf(block)) } : block,
  );
  return new HumanMessage({
    content: content as HumanMessage['content'],
    ...(message.id !== undefined ? { id: message.id } : {}),
    ...(message.name !== undefined ? { name: message.name } : {}),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  });
}

function rewriteAI(message: AIMessage, after: Message): AIMessage {
  const inputs = new Map((after.toolCalls ?? []).map((call) => [call.id, call.input]));
  return new AIMessage({
    content: message.content,
    tool_calls: (message.tool_calls ?? []).map((call) =>
      inputs.has(call.id ?? '')
        ? { ...call, args: inputs.get(call.id ?? '') as Record<string, unknown> }
        : call,
    ),
    ...(message.id !== undefined ? { id: message.id } : {}),
    ...(message.name !== undefined ? { name: message.name } : {}),
    ...(message.usage_metadata !== undefined ? { usage_metadata: message.usage_metadata } : {}),
    invalid_tool_calls: message.invalid_tool_calls,
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  });
}

/** LangChain messages as the drop-in pipeline reads and writes them. */
export const messageCodec: MessageCodec<BaseMessage> = {
  read: readMessages,
  rewrite(message, _before, after) {
    const next = after[0] as Message;
    if (ToolMessage.isInstance(message)) return rewriteTool(message, next);
    if (HumanMessage.isInstance(message)) return rewriteHuman(message, next);
    if (AIMessage.isInstance(message)) return rewriteAI(message, next);
    return message;
  },
  systemMessage: (text) => new SystemMessage(text),
  // Chat models such as ChatAnthropic and ChatGoogleGenerativeAI reject a system message mid-conversation.
  reminderMessage: (text) => new HumanMessage(reminderText(text)),
  key: keyOf,
};
