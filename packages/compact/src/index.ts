export type { AiSdkJsonValue, AiSdkModelMessage, AiSdkProviderOptions } from './adapters/ai-sdk.js';
export { fromAiSdk, toAiSdk } from './adapters/ai-sdk.js';
export type {
  AnthropicContentBlock,
  AnthropicImageMediaType,
  AnthropicMessage,
  AnthropicRequest,
  AnthropicTextBlock,
} from './adapters/anthropic.js';
export { fromAnthropic, toAnthropic } from './adapters/anthropic.js';
export { fromProvider, toProvider } from './adapters/index.js';
export type { OpenAIAdapterOptions, OpenAIChatMessage, OpenAIToolCall } from './adapters/openai.js';
export { fromOpenAI, toOpenAI } from './adapters/openai.js';
export { sourceIndexOf, TranscriptFormatError } from './adapters/shared.js';
export type { CacheImpact, CachePrices } from './cache-cost.js';
export { ANTHROPIC_CACHE_PRICES, CACHE_PRICES, cacheImpact, OPENAI_CACHE_PRICES } from './cache-cost.js';
export type {
  CompactionResult,
  CompactionState,
  CompactOptions,
  CutStageName,
  StageName,
  StageReport,
  Summarize,
  SummaryContext,
} from './compact.js';
export { attachmentMarker, compact } from './compact.js';
export {
  ATTACHMENT_MARKER,
  CONTINUATION_MARKER,
  DEFAULT_KEEP_FRACTION,
  DEFAULT_KEEP_LAST_RESULTS,
  DEFAULT_KEEP_TURNS,
  DEFAULT_SUPERSEDABLE_TOOLS,
  DEFAULT_TARGET,
  DEFAULT_TRIGGER,
  ELIDED_MARKER,
  HYSTERESIS,
  MISSING_RESULT_MARKER,
  OLD_INPUT_FIELD_BYTES,
  OLD_RESULT_BYTES,
  RECENCY_WINDOW_TURNS,
  REMINDER_CLOSE,
  REMINDER_OPEN,
  SUMMARY_HEADER,
  SUPERSEDED_MARKER,
  TASK_SUMMARY_HEADER,
  TRUNCATION_MARKER,
} from './constants.js';
export type {
  Digest,
  DigestCommand,
  DigestFailure,
  DigestOptions,
  DigestPosition,
  RenderDigestOptions,
} from './digest.js';
export { buildDigest, parseDigest, renderDigest, summaryHeader } from './digest.js';
export type { DocumentGateOptions, DocumentGateResult } from './document-gate.js';
export { acceptDocumentCompaction, extractPathTokens } from './document-gate.js';
export type { ElisionOptions, ElisionResult } from './elide.js';
export { elideForRequest } from './elide.js';
export type { CompactionPlan, PlanConfig, PlanSession } from './plan.js';
export { planCompaction, summaryAllowance } from './plan.js';
export type { RepairAction, RepairResult } from './repair.js';
export { repair } from './repair.js';
export { shortenCallInput, shortenResult, shortenText, truncationMarker } from './shorten.js';
export type { KeptPart, KeptPartName, TargetShortfall } from './shortfall.js';
export { explainShortfall } from './shortfall.js';
export type { SummaryGateOptions, SummaryGateResult } from './summary-gate.js';
export { acceptSummary } from './summary-gate.js';
export { isSummaryMessage } from './summary-message.js';
export type { TaskCutConfig, TaskCutPlan } from './task-cut.js';
export { planTaskCut } from './task-cut.js';
export { countAttachmentTokens, countMessageTokens, countTranscriptTokens } from './tokens.js';
export type { ToolKind, ToolNameMapping, ToolSpec } from './tool-names.js';
export { DEFAULT_TOOL_NAMES } from './tool-names.js';
export { findLatestUserIndex, findRecencyStart, startsTurn } from './turns.js';
export type {
  Attachment,
  CountTokens,
  DocumentAttachment,
  ImageAttachment,
  Message,
  Provider,
  Reasoning,
  Role,
  ToolCall,
  ToolResult,
} from './types.js';
export type { ValidateOptions, Violation, ViolationKind } from './validate.js';
export { isEmptyMessage, mergesWithPrevious, validate } from './validate.js';
