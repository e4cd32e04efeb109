import { assertProvider } from '../check-options.js';
import type { Message, Provider } from '../types.js';
import { fromAiSdk, toAiSdk } from './ai-sdk.js';
import { fromAnthropic, toAnthropic } from './anthropic.js';
import { fromOpenAI, toOpenAI } from './openai.js';

/** Convert `messages` to `provider`'s request shape (Anthropic: `{ system?, messages }`). */
export function toProvider(messages: readonly Message[], provider: Provider): unknown {
  assertProvider('toProvider', provider);
  if (provider === 'openai') return toOpenAI(messages);
  if (provider === 'anthropic') return toAnthropic(messages);
  return toAiSdk(messages);
}

/** Convert `provider`-shaped input (an array or `{ messages }`) to neutral messages. */
export function fromProvider(input: unknown, provider: Provider): Message[] {
  assertProvider('fromProvider', provider);
  if (provider === 'openai') return fromOpenAI(input);
  if (provider === 'anthropic') return fromAnthropic(input);
  return fromAiSdk(input);
}
