import type { LanguageModelMiddleware } from 'ai';

// The provider-level types, taken from the `ai` package itself so that `ai` is the only peer dependency.
type TransformParams = NonNullable<LanguageModelMiddleware['transformParams']>;

/** The options a language model call receives (`LanguageModelV3CallOptions`). */
export type CallOptions = Parameters<TransformParams>[0]['params'];
/** The provider-level prompt a middleware sees: what the SDK made of `system`, `messages` and the steps so far. */
export type Prompt = CallOptions['prompt'];
/** One message of a {@link Prompt}. */
export type PromptMessage = Prompt[number];
/** The parts of a tool message (results, approval responses). */
export type ToolMessagePart = Extract<PromptMessage, { role: 'tool' }>['content'][number];
/** A tool result part (in a tool message, or provider-executed in an assistant message). */
export type ToolResultPart = Extract<ToolMessagePart, { type: 'tool-result' }>;
/** What a tool result part carries. */
export type ToolResultOutput = ToolResultPart['output'];
/** A user message's parts. */
export type UserPart = Extract<PromptMessage, { role: 'user' }>['content'][number];
/** An assistant message's parts. */
export type AssistantPart = Extract<PromptMessage, { role: 'assistant' }>['content'][number];
