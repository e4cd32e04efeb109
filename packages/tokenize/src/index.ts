export type { AllowedSpecial } from './byte-pair-encoder.js';
export type { Calibration, CalibrationOptions } from './calibration.js';
export {
  CALIBRATION_SMOOTHING,
  createCalibration,
  MAX_CALIBRATION_RATIO,
  MIN_CALIBRATION_RATIO,
} from './calibration.js';
export { escapeControls, hasControlCharacters, unescapeControls } from './escape-controls.js';
export { ESTIMATE_CHARS_PER_TOKEN, estimateTokens } from './estimate.js';
export type { ByteRangeReader, GgufMetadata, GgufValue } from './gguf-metadata.js';
export { GGUF_TYPE, GgufFormatError, parseGgufMetadata } from './gguf-metadata.js';
export { ggufChatTemplate } from './gguf-tokenizer.js';
export type {
  CountableAttachment,
  CountableDocument,
  CountableImage,
  CountableMessage,
  CountableReasoning,
  CountableToolCall,
  CountableToolResult,
} from './messages.js';
export {
  countAttachmentTokens,
  countMessageTokens,
  countPromptTokens,
  DOCUMENT_TOKENS,
  DOCUMENT_TOKENS_PER_PAGE,
  IMAGE_PIXELS_PER_TOKEN,
  MAX_IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  REPLY_PRIMING_TOKENS,
  TOOL_CALL_OVERHEAD_TOKENS,
  TOOL_RESULT_OVERHEAD_TOKENS,
} from './messages.js';
export type { OllamaModelFiles } from './ollama-store.js';
export { findOllamaModel, ollamaManifestParts } from './ollama-store.js';
export { readGgufMetadata } from './read-gguf.js';
export type { EncodeOptions, Encoding, Tokenizer, TokenizerOptions, TokenizerSource } from './tokenizer.js';
export { createTokenizer, ENCODINGS } from './tokenizer.js';
export { InvalidTokenizerError, UnsupportedTokenizerError } from './tokenizer-errors.js';
export type { TokenizerJson, TokenizerJsonComponent } from './tokenizer-json.js';
