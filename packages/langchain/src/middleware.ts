import type { ContextOptions, ContextState } from '@ctxkit/dropin-core';
import { checkContextOptions } from '@ctxkit/dropin-core';
import { type BaseMessage, SystemMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import { prepareContext } from './prepare-context.js';

/** Where the middleware keeps a conversation's stored history between model calls. */
export interface ContextStore {
  /** The state saved by the previous call, if any. */
  load(): ContextState<BaseMessage> | undefined;
  /** Save the state for the next call. */
  save(state: ContextState<BaseMessage>): void;
}

/** Options for {@link contextMiddleware}: the shared drop-in options, plus where state lives. */
export interface ContextMiddlewareOptions extends ContextOptions {
  /**
   * Where the stored (compacted) history lives. In memory, per middleware, by default; a conversation
   * the store does not recognise starts afresh, so one agent serving several threads stays correct
   * (pass a store per thread to keep each one's compaction).
   */
  store?: ContextStore;
}

/** A store that keeps the state in memory. */
export function memoryStore(): ContextStore {
  let saved: ContextState<BaseMessage> | undefined;
  return {
    load: () => saved,
    save: (state) => {
      saved = state;
    },
  };
}

function hasText(message: SystemMessage): boolean {
  const content = message.content as unknown;
  return typeof content === 'string' ? content.length > 0 : Array.isArray(content) && content.length > 0;
}

/**
 * Agent middleware for `createAgent({ middleware: [contextMiddleware({ budget })] })`: before every
 * model call (`wrapModelCall`) the agent's system message and messages are fitted to the budget —
 * staged compaction of a stored history, elision of old ToolMessage contents, your `system` context
 * first — and the model gets them; the agent's state keeps the full history. Reports go to `onReport`.
 */
export function contextMiddleware(options: ContextMiddlewareOptions) {
  checkContextOptions('contextMiddleware', options);
  if (
    options.store !== undefined &&
    (typeof options.store?.load !== 'function' || typeof options.store?.save !== 'function')
  ) {
    throw new TypeError('contextMiddleware: expected store to have load() and save(state) methods');
  }
  const store = options.store ?? memoryStore();
  return createMiddleware({
    name: 'CtxkitContextMiddleware',
    wrapModelCall: async (request, handler) => {
      const input = hasText(request.systemMessage)
        ? [request.systemMessage, ...request.messages]
        : request.messages;
      const prepared = await prepareContext(input, { ...options, state: store.load() });
      store.save(prepared.state);
      const [first, ...rest] = prepared.messages;
      const lead = first && SystemMessage.isInstance(first);
      const response = await handler({
        ...request,
        systemMessage: lead ? first : request.systemMessage,
        messages: lead ? rest : prepared.messages,
      });
      const reported = response?.usage_metadata?.input_tokens;
      if (options.calibration && typeof reported === 'number') {
        options.calibration.observe(prepared.uncalibratedTokens, reported);
      }
      return response;
    },
  });
}
