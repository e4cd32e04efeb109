import type { Message } from '@ctxkit/compact';
import { countTranscriptTokens } from '@ctxkit/compact';
import {
  type ContextOptions,
  type ContextState,
  checkContextOptions,
  prepareMessages,
} from '@ctxkit/dropin-core';
import { estimateTokens } from '@ctxkit/tokenize';
import type { AgentInputItem, CallModelInputFilter } from '@openai/agents';
import { itemCodec } from './item-codec.js';

/** Where the filter keeps a conversation's stored history between model calls. */
export interface ContextStore {
  /** The state saved by the previous call, if any. */
  load(): ContextState<AgentInputItem> | undefined;
  /** Save the state for the next call. */
  save(state: ContextState<AgentInputItem>): void;
}

/** Options for {@link contextInputFilter}: the shared drop-in options, plus where state lives. */
export interface ContextInputFilterOptions extends ContextOptions {
  /**
   * Where the stored (compacted) history lives. In memory, per filter, by default; input that does not
   * start with the stored conversation starts afresh, so a filter shared by several runs stays correct.
   */
  store?: ContextStore;
}

/** A store that keeps the state in memory. */
export function memoryStore(): ContextStore {
  let saved: ContextState<AgentInputItem> | undefined;
  return {
    load: () => saved,
    save: (state) => {
      saved = state;
    },
  };
}

// What the model is told about the agent's tools, as the Responses API gets it.
function toolDefinitions(agent: unknown): string {
  const tools = (agent as { tools?: unknown[] } | undefined)?.tools ?? [];
  return JSON.stringify(
    tools.map((tool) => {
      const { name, description, parameters } = tool as {
        name?: unknown;
        description?: unknown;
        parameters?: unknown;
      };
      return { name, description, parameters };
    }),
  );
}

/**
 * A `callModelInputFilter` for `run(agent, input, { callModelInputFilter })` (or `new Runner({ … })`):
 * before every model call, the input items are fitted to `budget` — staged compaction of a stored
 * history, elision of old `function_call_result` outputs, your `system` context in front of the
 * agent's instructions — with every `function_call` keeping its result. The run's own items are never
 * mutated; unchanged items are the same objects. Reports go to `onReport`.
 */
export function contextInputFilter(options: ContextInputFilterOptions): CallModelInputFilter {
  checkContextOptions('contextInputFilter', options);
  if (
    options.store !== undefined &&
    (typeof options.store?.load !== 'function' || typeof options.store?.save !== 'function')
  ) {
    throw new TypeError('contextInputFilter: expected store to have load() and save(state) methods');
  }
  const store = options.store ?? memoryStore();
  return async ({ modelData, agent }) => {
    const instructions =
      options.system === undefined
        ? modelData.instructions
        : modelData.instructions
          ? `${options.system}\n\n${modelData.instructions}`
          : options.system;
    const count = options.countTokens ?? estimateTokens;
    const ratio = options.calibration?.ratio ?? 1;
    const lead: Message[] = instructions ? [{ role: 'system', text: instructions }] : [];
    const reservedTokens = (countTranscriptTokens(lead, count) + count(toolDefinitions(agent))) * ratio;
    const { system: _system, ...rest } = options;
    const prepared = await prepareMessages(modelData.input, itemCodec, rest, store.load(), {
      reservedTokens,
      source: '@ctxkit/openai-agents',
      ...(typeof (agent as { model?: unknown } | undefined)?.model === 'string'
        ? { model: (agent as { model: string }).model }
        : {}),
    });
    store.save(prepared.state);
    return instructions === undefined
      ? { input: prepared.messages }
      : { input: prepared.messages, instructions };
  };
}
