export type { Calibration, ContextOptions, ContextReport, ContextState } from '@ctxkit/dropin-core';
export { ContextBudgetError } from '@ctxkit/dropin-core';
export type { ContextInputFilterOptions, ContextStore } from './input-filter.js';
export { contextInputFilter, memoryStore } from './input-filter.js';
export { readItems } from './item-codec.js';
