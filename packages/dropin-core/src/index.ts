export { Fingerprint, keyOf } from './fingerprint.js';
export type { Calibration, ContextOptions, ContextReport } from './options.js';
export { ContextBudgetError, checkContextOptions } from './options.js';
export type { ContextState, PreparedMessages, PrepareExtras } from './prepare.js';
export { prepareMessages } from './prepare.js';
export type { MessageCodec, ReadMessages } from './rewrite.js';
export { parseUserText, reminderText, writeBack } from './rewrite.js';
