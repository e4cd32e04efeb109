import {
  type ContextOptions,
  type ContextReport,
  type ContextState,
  checkContextOptions,
  prepareMessages,
} from '@ctxkit/dropin-core';
import { estimateTokens } from '@ctxkit/tokenize';
import type { LanguageModelMiddleware } from 'ai';
import { promptCodec } from './prompt-codec.js';
import type { CallOptions, PromptMessage } from './types.js';

/** Where the middleware keeps a conversation's stored history between calls. */
export interface ContextStore {
  /** The state saved by the previous call, if any. */
  load(): ContextState<PromptMessage> | undefined;
  /** Save the state for the next call. */
  save(state: ContextState<PromptMessage>): void;
}

/** Options for {@link contextMiddleware}: the shared drop-in options, plus where state lives. */
export interface ContextMiddlewareOptions extends ContextOptions {
  /**
   * Where the stored (compacted) history lives between calls. An in-memory store per middleware by
   * default; pass one per conversation when one wrapped model serves several at once (a conversation
   * the store does not recognise simply starts afresh, so sharing is safe, only less cache-friendly).
   */
  store?: ContextStore;
  /** Count the tool definitions of each call against the budget; true by default. */
  countTools?: boolean;
}

/** The key the report rides under in `providerMetadata` of every result. */
export const REPORT_METADATA_KEY = 'ctxkit';

/** A store that keeps the state in memory. */
export function memoryStore(): ContextStore {
  let saved: ContextState<PromptMessage> | undefined;
  return {
    load: () => saved,
    save: (state) => {
      saved = state;
    },
  };
}

// The report of each call, found again from the params object transformParams returned.
type Prepared = { report: ContextReport; uncalibratedTokens: number };

/**
 * A language-model middleware for `wrapLanguageModel({ model, middleware })` that keeps every prompt
 * the model receives within `budget` tokens without breaking it: on every call (`generateText`,
 * `streamText`, each step of a tool loop, an `Agent`) it works on the provider-level prompt, compacts
 * the stored history past the trigger, elides old tool results for the request, puts your `system`
 * context first, and reports what it did (`onReport`, and `providerMetadata.ctxkit` of the result).
 * Tool calls always keep their results; unchanged messages are passed through as the same objects,
 * so the prompt's leading run stays byte-identical between steps; the SDK's own messages are never
 * mutated.
 */
export function contextMiddleware(options: ContextMiddlewareOptions): LanguageModelMiddleware {
  checkContextOptions('contextMiddleware', options);
  if (
    options.store !== undefined &&
    (typeof options.store?.load !== 'function' || typeof options.store?.save !== 'function')
  ) {
    throw new TypeError('contextMiddleware: expected store to have load() and save(state) methods');
  }
  const store = options.store ?? memoryStore();
  const prepared = new WeakMap<CallOptions, Prepared>();

  const observe = (params: CallOptions, reported: number | undefined) => {
    const entry = prepared.get(params);
    if (entry && reported !== undefined) options.calibration?.observe(entry.uncalibratedTokens, reported);
    return entry?.report;
  };

  return {
    specificationVersion: 'v3',
    async transformParams({ params, model }) {
      const reservedTokens =
        options.countTools === false || !params.tools?.length
          ? 0
          : (options.countTokens ?? estimateTokens)(JSON.stringify(params.tools)) *
            (options.calibration?.ratio ?? 1);
      const result = await prepareMessages(params.prompt, promptCodec, options, store.load(), {
        reservedTokens,
        source: '@ctxkit/ai-sdk',
        ...(typeof model?.modelId === 'string' ? { model: model.modelId } : {}),
      });
      store.save(result.state);
      const next: CallOptions = { ...params, prompt: result.messages };
      prepared.set(next, { report: result.report, uncalibratedTokens: result.uncalibratedTokens });
      return next;
    },
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const report = observe(params, result.usage?.inputTokens?.total);
      if (!report) return result;
      return {
        ...result,
        providerMetadata: { ...result.providerMetadata, [REPORT_METADATA_KEY]: toJson(report) },
      };
    },
    async wrapStream({ doStream, params }) {
      const result = await doStream();
      const report = prepared.get(params)?.report;
      if (!report) return result;
      const stream = result.stream.pipeThrough(
        new TransformStream({
          transform(part, controller) {
            if (part.type === 'finish') {
              observe(params, part.usage?.inputTokens?.total);
              controller.enqueue({
                ...part,
                providerMetadata: { ...part.providerMetadata, [REPORT_METADATA_KEY]: toJson(report) },
              });
              return;
            }
            controller.enqueue(part);
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

// providerMetadata is JSON: the report is one already, spelled out for the type checker.
function toJson(report: ContextReport): Record<string, never> {
  return JSON.parse(JSON.stringify(report));
}
