export type { CompactionSettings } from './compaction.js';
export { compactionTrace } from './compaction.js';
export type { CompactionInputSettings } from './compaction-input.js';
export { compactionTraceInput } from './compaction-input.js';
export type { TraceInput, TraceMessageInput, TraceRecordOptions } from './create-record.js';
export { createTraceRecord, hashMessage, sharedPrefix } from './create-record.js';
export { formatTraceLine } from './format-line.js';
export { hashText } from './hash.js';
export type { TracePageOptions } from './page/render-page.js';
export { renderTracePage } from './page/render-page.js';
export type { ParsedTrace } from './parse-trace.js';
export { isTraceProblem, parseTrace, parseTraceLine } from './parse-trace.js';
export type { TranscriptTraceOptions } from './transcript.js';
export { renderMessageText, transcriptTrace } from './transcript.js';
export type {
  TraceBudget,
  TraceCompaction,
  TraceDigest,
  TraceDigestCommand,
  TraceDigestFailure,
  TraceDropped,
  TraceFile,
  TraceMessage,
  TraceModel,
  TracePrefix,
  TraceProblem,
  TraceRecord,
  TraceSection,
  TraceSectionItem,
  TraceSectionKind,
  TraceStage,
  TraceTokenizer,
} from './types.js';
export { TRACE_SECTION_ORDER, TRACE_VERSION } from './types.js';
