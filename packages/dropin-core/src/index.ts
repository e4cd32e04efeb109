export { Fingerprint, keyOf } from './fingerprint.js';
export type { Calibration, ContextOptions, ContextReport } from './options.js';
export { ContextBudgetError, checkContextOptions, describe } from './options.js';
export type { ContextState, PreparedMessages, PrepareExtras } from './prepare.js';
export { prepareMessages } from './prepare.js';
export type { CutRange, MessageCodec, ReadMessages } from './rewrite.js';
export { writeBack } from './rewrite.js';
