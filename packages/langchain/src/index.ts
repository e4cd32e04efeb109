export type { Calibration, ContextOptions, ContextReport, ContextState } from '@ctxkit/dropin-core';
export { ContextBudgetError } from '@ctxkit/dropin-core';
export { readMessages } from './message-codec.js';
export type { ContextMiddlewareOptions, ContextStore } from './middleware.js';
export { contextMiddleware, memoryStore } from './middleware.js';
export type { PrepareContextOptions, PreparedContext } from './prepare-context.js';
export { mergeLeadingSystem, prepareContext } from './prepare-context.js';
