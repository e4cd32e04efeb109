import {
  type Attachment,
  attachmentMarker,
  type Message,
  type ToolCall,
  type ToolResult,
} from '@ctxkit/compact';
import {
  keyOf,
  type MessageCodec,
  parseUserText,
  type ReadMessages,
  reminderText,
} from '@ctxkit/dropin-core';
import type { AssistantPart, Prompt, PromptMessage, ToolResultOutput, UserPart } from './types.js';

// Media bytes do not change a token estimate (images are sized by dimensions, documents by pages), so
// only text documents are decoded; everything else is described by its kind.
function attachmentOf(part: Extract<UserPart, { type: 'file' }>): Attachment {
  const data = part.data;
  if (part.mediaType.startsWith('image/')) {
    return { type: 'image', mediaType: part.mediaType, data: typeof data === 'string' ? data : '' };
  }
  let text = '';
  if (typeof data === 'string') text = part.mediaType === 'text/plain' ? data : '';
  else if (data instanceof Uint8Array && part.mediaType === 'text/plain')
    text = new TextDecoder().decode(data);
  const attachment: Attachment = { type: 'document', mediaType: part.mediaType, data: text };
  if (part.filename !== undefined) attachment.name = part.filename;
  return attachment;
}

function readOutput(output: ToolResultOutput): Omit<ToolResult, 'callId'> {
  switch (output.type) {
    case 'text':
      return { content: output.value };
    case 'error-text':
      return { content: output.value, isError: true };
    case 'json':
      return { content: JSON.stringify(output.value) ?? 'null', json: true };
    case 'error-json':
      return { content: JSON.stringify(output.value) ?? 'null', isError: true, json: true };
    case 'execution-denied':
      return { content: output.reason ?? 'execution denied', isError: true };
    case 'content': {
      const texts: string[] = [];
      const attachments: Attachment[] = [];
      for (const part of output.value) {
        if (part.type === 'text') texts.push(part.text);
        else if (part.type === 'image-data' || part.type === 'image-url' || part.type === 'image-file-id')
          attachments.push({ type: 'image', mediaType: 'image/png', data: '' });
        else if (
          'mediaType' in part &&
          typeof part.mediaType === 'string' &&
          part.mediaType.startsWith('image/')
        )
          attachments.push({ type: 'image', mediaType: part.mediaType, data: '' });
        else attachments.push({ type: 'document', mediaType: 'application/octet-stream', data: '' });
      }
      return attachments.length > 0
        ? { content: texts.join('\n'), attachments }
        : { content: texts.join('\n') };
    }
    default:
      return { content: JSON.stringify(output) ?? '' };
  }
}

function describeRole(message: unknown): string {
  const role = (message as { role?: unknown } | null)?.role;
  return typeof role === 'string' ? JSON.stringify(role) : String(role);
}

/** Neutral messages of a provider-level prompt, each with the index of the prompt message it came from. */
export function readPrompt(prompt: Prompt): ReadMessages {
  if (!Array.isArray(prompt))
    throw new TypeError(
      `@ctxkit/ai-sdk: expected the prompt to be an array of messages, found ${typeof prompt}`,
    );
  const messages: Message[] = [];
  const owners: number[] = [];
  const push = (message: Message, index: number) => {
    messages.push(message);
    owners.push(index);
  };
  prompt.forEach((message: PromptMessage, index) => {
    switch (message?.role) {
      case 'system':
        push({ role: 'system', text: message.content }, index);
        return;
      case 'user': {
        const texts: string[] = [];
        const attachments: Attachment[] = [];
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text);
          else if (part.type === 'file') attachments.push(attachmentOf(part));
        }
        const neutral: Message = { role: 'user' };
        if (texts.length > 0 || attachments.length === 0) neutral.text = texts.join('\n');
        if (attachments.length > 0) neutral.attachments = attachments;
        // A summary the pipeline placed after the task message reads back as the reminder it is.
        else if (texts.length === 1) Object.assign(neutral, parseUserText(texts[0] as string));
        push(neutral, index);
        return;
      }
      case 'assistant': {
        const texts: string[] = [];
        const calls: ToolCall[] = [];
        const neutral: Message = { role: 'assistant' };
        for (const part of message.content) {
          if (part.type === 'text') texts.push(part.text);
          else if (part.type === 'reasoning') {
            const signature = part.providerOptions?.anthropic?.signature;
            const reasoning =
              typeof signature === 'string' ? { text: part.text, signature } : { text: part.text };
            if (neutral.reasoning)
              neutral.additionalReasoning = [...(neutral.additionalReasoning ?? []), reasoning];
            else neutral.reasoning = reasoning;
          } else if (part.type === 'tool-call' && part.providerExecuted !== true) {
            calls.push({ id: part.toolCallId, name: part.toolName, input: part.input });
          } else if (part.type === 'tool-call' || part.type === 'tool-result') {
            // Provider-executed calls and their results are answered inside this message; they are
            // passed through untouched and counted as text.
            texts.push(keyOf(part));
          }
        }
        if (texts.length > 0 || calls.length === 0) neutral.text = texts.join('\n');
        if (calls.length > 0) neutral.toolCalls = calls;
        push(neutral, index);
        return;
      }
      case 'tool':
        for (const part of message.content) {
          // Approval responses have no neutral form; they pass through with their message.
          if (part.type !== 'tool-result') continue;
          push({ role: 'tool', toolResult: { callId: part.toolCallId, ...readOutput(part.output) } }, index);
        }
        return;
      default:
        throw new TypeError(
          `@ctxkit/ai-sdk: prompt message ${index} has role ${describeRole(message)}; expected system, user, assistant or tool`,
        );
    }
  });
  return { messages, owners };
}

function writeOutput(result: ToolResult, original: ToolResultOutput): ToolResultOutput {
  const providerOptions =
    'providerOptions' in original && original.providerOptions
      ? { providerOptions: original.providerOptions }
      : {};
  if (result.json) {
    try {
      const value = JSON.parse(result.content);
      return { type: result.isError ? 'error-json' : 'json', value, ...providerOptions };
    } catch {
      // Compaction replaced the JSON with a marker: it goes out as text.
    }
  }
  return { type: result.isError ? 'error-text' : 'text', value: result.content, ...providerOptions };
}

function rewriteUser(message: Extract<PromptMessage, { role: 'user' }>, after: Message): PromptMessage {
  if (after.attachments?.length) return message;
  // Compaction replaced the attachments of a finished turn with markers naming them.
  const content = message.content.map((part): UserPart => {
    if (part.type !== 'file') return part;
    return { type: 'text', text: attachmentMarker(attachmentOf(part)) };
  });
  return { ...message, content };
}

function rewriteAssistant(
  message: Extract<PromptMessage, { role: 'assistant' }>,
  after: Message,
): PromptMessage {
  const inputs = new Map((after.toolCalls ?? []).map((call) => [call.id, call.input]));
  const content = message.content.map((part): AssistantPart => {
    if (part.type !== 'tool-call' || part.providerExecuted === true || !inputs.has(part.toolCallId))
      return part;
    const input = inputs.get(part.toolCallId);
    return input === part.input ? part : { ...part, input };
  });
  return { ...message, content };
}

/** The AI SDK provider prompt as the drop-in pipeline reads and writes it. */
export const promptCodec: MessageCodec<PromptMessage> = {
  read: readPrompt,
  rewrite(message, before, after) {
    if (message.role === 'user') return rewriteUser(message, after[0] as Message);
    if (message.role === 'assistant') return rewriteAssistant(message, after[0] as Message);
    if (message.role !== 'tool') return message;
    let at = 0;
    let changed = false;
    const content = message.content.map((part) => {
      if (part.type !== 'tool-result') return part;
      const previous = before[at];
      const next = after[at];
      at++;
      if (!next?.toolResult || next === previous) return part;
      changed = true;
      return { ...part, output: writeOutput(next.toolResult, part.output) };
    });
    return changed ? { ...message, content } : message;
  },
  systemMessage: (text) => ({ role: 'system', content: text }),
  // The AI SDK's Anthropic and Google providers reject a system message after the conversation started.
  reminderMessage: (text) => ({ role: 'user', content: [{ type: 'text', text: reminderText(text) }] }),
  key: keyOf,
};
