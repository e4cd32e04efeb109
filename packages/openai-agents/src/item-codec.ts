import type { Message, ToolCall } from '@ctxkit/compact';
import {
  keyOf,
  type MessageCodec,
  parseUserText,
  type ReadMessages,
  reminderText,
} from '@ctxkit/dropin-core';
import type { AgentInputItem } from '@openai/agents';

type Item = Record<string, unknown>;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: Item) =>
      typeof part?.text === 'string' ? part.text : typeof part?.refusal === 'string' ? part.refusal : '',
    )
    .filter((text) => text !== '')
    .join('\n');
}

function hasMedia(content: unknown): boolean {
  return (
    Array.isArray(content) &&
    content.some((part: Item) => part?.type === 'input_image' || part?.type === 'input_file')
  );
}

function parseArguments(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Neutral messages of Agents SDK input items. The SDK keeps a model turn as separate items (its text
 * message, reasoning, one `function_call` each): a run of them is one neutral assistant message, owned
 * by the first item of the run; each `function_call_result` is one tool message. Items the neutral model
 * has no place for (hosted, computer or shell calls and their outputs) join the model turn, counted as
 * their JSON, and are passed through untouched.
 */
export function readItems(items: readonly AgentInputItem[]): ReadMessages {
  if (!Array.isArray(items))
    throw new TypeError(`@ctxkit/openai-agents: expected an array of input items, found ${typeof items}`);
  const messages: Message[] = [];
  const owners: number[] = [];
  let turn: { message: Message; texts: string[]; calls: ToolCall[] } | undefined;
  const closeTurn = () => {
    if (!turn) return;
    if (turn.texts.length > 0 || turn.calls.length === 0) turn.message.text = turn.texts.join('\n');
    if (turn.calls.length > 0) turn.message.toolCalls = turn.calls;
    turn = undefined;
  };
  const openTurn = (index: number) => {
    if (turn) return turn;
    const message: Message = { role: 'assistant' };
    messages.push(message);
    owners.push(index);
    turn = { message, texts: [], calls: [] };
    return turn;
  };
  items.forEach((raw, index) => {
    const item = raw as unknown as Item;
    if (typeof item !== 'object' || item === null) {
      throw new TypeError(
        `@ctxkit/openai-agents: input item ${index} is ${item === null ? 'null' : typeof item}; expected an object`,
      );
    }
    const type = item.type ?? 'message';
    if (type === 'message' && (item.role === 'user' || item.role === 'system' || item.role === 'developer')) {
      closeTurn();
      const text = textOf(item.content);
      // A summary the pipeline placed after the task message reads back as the reminder it is.
      const message: Message =
        item.role === 'user' ? { role: 'user', ...parseUserText(text) } : { role: 'system', text };
      if (item.role === 'user' && hasMedia(item.content)) {
        message.attachments = (item.content as Item[])
          .filter((part) => part.type === 'input_image' || part.type === 'input_file')
          .map((part) =>
            part.type === 'input_image'
              ? { type: 'image' as const, mediaType: 'image/png', data: '' }
              : { type: 'document' as const, mediaType: 'application/pdf', data: '' },
          );
      }
      messages.push(message);
      owners.push(index);
    } else if (type === 'message' && item.role === 'assistant') {
      const text = textOf(item.content);
      const current = openTurn(index);
      if (text !== '') current.texts.push(text);
    } else if (type === 'reasoning') {
      const current = openTurn(index);
      const text = textOf(item.content) || textOf(item.rawContent);
      if (!current.message.reasoning) current.message.reasoning = { text };
      else current.message.additionalReasoning = [...(current.message.additionalReasoning ?? []), { text }];
    } else if (type === 'function_call') {
      openTurn(index).calls.push({
        id: String(item.callId),
        name: String(item.name),
        input: parseArguments(item.arguments),
        ...(typeof item.arguments === 'string' ? { rawInput: item.arguments } : {}),
      });
    } else if (type === 'function_call_result') {
      closeTurn();
      const output = item.output;
      const content =
        typeof output === 'string' ? output : Array.isArray(output) ? textOf(output) : textOf([output]);
      messages.push({ role: 'tool', toolResult: { callId: String(item.callId), content } });
      owners.push(index);
    } else {
      // Anything else belongs to the model's turn as far as pairing goes; it is counted as its JSON.
      openTurn(index).texts.push(keyOf(item));
    }
  });
  closeTurn();
  return { messages, owners };
}

function rewriteResult(item: Item, after: Message): AgentInputItem {
  const content = after.toolResult?.content ?? '';
  const output = typeof item.output === 'string' ? content : { type: 'text', text: content };
  return { ...item, output } as unknown as AgentInputItem;
}

// A function_call item whose call compaction shortened (a whole file written, a long heredoc): its
// arguments written afresh from the shortened input. `after` is the model turn the item belongs to.
function rewriteCall(item: Item, before: readonly Message[], after: readonly Message[]): AgentInputItem {
  const id = String(item.callId);
  const previous = before[0]?.toolCalls?.find((call) => call.id === id);
  const next = after[0]?.toolCalls?.find((call) => call.id === id);
  if (!next || !previous || next.input === previous.input) return item as unknown as AgentInputItem;
  // Arguments that were JSON go out as JSON; free text (parsed as itself) goes out as text.
  const json = typeof item.arguments !== 'string' || parseArguments(item.arguments) !== item.arguments;
  const text = json || typeof next.input !== 'string' ? JSON.stringify(next.input) : next.input;
  return { ...item, arguments: text } as unknown as AgentInputItem;
}

/** Agents SDK input items as the drop-in pipeline reads and writes them. */
export const itemCodec: MessageCodec<AgentInputItem> = {
  read: readItems,
  rewrite(item, before, after) {
    const raw = item as unknown as Item;
    const next = after[0] as Message;
    if (raw.type === 'function_call_result' && next.toolResult) return rewriteResult(raw, next);
    // A model turn read from several items is owned by its first, which may be a call.
    if (raw.type === 'function_call') return rewriteCall(raw, before, after);
    // Compaction does not change user or model text; anything else goes out as it came.
    return item;
  },
  // The other items of a model turn: its function_call items carry the inputs compaction shortens.
  rewriteAttached(item, before, after) {
    const raw = item as unknown as Item;
    return raw.type === 'function_call' ? rewriteCall(raw, before, after) : item;
  },
  systemMessage: (text) => ({ role: 'system', content: text }) as AgentInputItem,
  // The Agents SDK sends the history to models other than OpenAI's (through its AI SDK adapter) too.
  reminderMessage: (text) => ({ role: 'user', content: reminderText(text) }) as AgentInputItem,
  key: keyOf,
};
