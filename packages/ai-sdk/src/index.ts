export type { Calibration, ContextOptions, ContextReport, ContextState } from '@ctxkit/dropin-core';
export { ContextBudgetError } from '@ctxkit/dropin-core';
export type { ContextMiddlewareOptions, ContextStore } from './middleware.js';
export { contextMiddleware, memoryStore, REPORT_METADATA_KEY } from './middleware.js';
export { readPrompt } from './prompt-codec.js';
export type { CallOptions, Prompt, PromptMessage } from './types.js';
