import {
  type ContextOptions,
  type ContextReport,
  type ContextState,
  checkContextOptions,
  prepareMessages,
} from '@ctxkit/dropin-core';
import { type BaseMessage, SystemMessage } from '@langchain/core/messages';
import { messageCodec } from './message-codec.js';

/** Options for {@link prepareContext}: the shared drop-in options and the previous call's state. */
export interface PrepareContextOptions extends ContextOptions {
  /** What the previous call of this conversation returned as `state`; omit on the first call. */
  state?: ContextState<BaseMessage>;
}

/** What {@link prepareContext} returns. */
export interface PreparedContext {
  /** The messages to send the model: one leading system message at most, then the history. */
  messages: BaseMessage[];
  /** What was done. */
  report: ContextReport;
  /** Pass back as `state` on the next call of this conversation. */
  state: ContextState<BaseMessage>;
  /** Tokens sent, counted without the calibration ratio (what to `observe` against the usage). */
  uncalibratedTokens: number;
}

type Block = Record<string, unknown>;

/**
 * One system message for a leading run of several (the agent's prompt, the injected context, a
 * compaction summary): chat models such as Anthropic's accept system text only at the start.
 */
export function mergeLeadingSystem(messages: readonly BaseMessage[]): BaseMessage[] {
  let end = 0;
  while (end < messages.length && SystemMessage.isInstance(messages[end])) end++;
  if (end <= 1) return [...messages];
  const leading = messages.slice(0, end);
  const contents = leading.map((message) => message.content as unknown);
  const merged = contents.every((content) => typeof content === 'string')
    ? new SystemMessage((contents as string[]).join('\n\n'))
    : new SystemMessage({
        content: contents.flatMap((content, at) => {
          const blocks: Block[] =
            typeof content === 'string' ? [{ type: 'text', text: content }] : ((content as Block[]) ?? []);
          return at === 0 ? blocks : [{ type: 'text', text: '\n\n' }, ...blocks];
        }) as SystemMessage['content'],
      });
  return [merged, ...messages.slice(end)];
}

/**
 * Fit LangChain messages to the budget: the plain function for LangGraph graphs and hand-written loops
 * (`createAgent` users add {@link contextMiddleware} instead). Pass the whole history every time and
 * the `state` the previous call returned; send `messages` to the model. The history is never mutated,
 * every AIMessage tool call keeps its ToolMessage, unchanged messages are the same objects.
 */
export async function prepareContext(
  messages: readonly BaseMessage[],
  options: PrepareContextOptions,
): Promise<PreparedContext> {
  checkContextOptions('prepareContext', options);
  const prepared = await prepareMessages(messages, messageCodec, options, options.state, {
    source: '@ctxkit/langchain',
  });
  return {
    messages: mergeLeadingSystem(prepared.messages),
    report: prepared.report,
    state: prepared.state,
    uncalibratedTokens: prepared.uncalibratedTokens,
  };
}
