export { ESTIMATE_CHARS_PER_TOKEN, estimateTokens } from './estimate.js';
export type { Encoding, Tokenizer, TokenizerOptions } from './tokenizer.js';
export { createTokenizer } from './tokenizer.js';
