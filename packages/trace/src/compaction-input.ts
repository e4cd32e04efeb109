import type { CompactionResult, CountTokens } from '@ctxkit/compact';
import { compactionTrace } from './compaction.js';
import type { TraceInput } from './create-record.js';
import { transcriptTrace } from './transcript.js';

/** What a compaction ran with, and how to name it in the trace. */
export interface CompactionInputSettings {
  source: string;
  /** The budget the transcript had to fit. */
  budget: number;
  trigger: number;
  target: number;
  /** The model profile that sized the budget, when one did. */
  model?: string;
  /** The model's context window, when known (else the budget). */
  window?: number;
  /** The encoding that counted. */
  encoding: string;
  label?: string;
}

/**
 * The transcript a compaction returned, as the request it would be sent as — its messages and
 * composition, the budget block (the budget is what the transcript may fill), every stage — for a
 * harness that stores the compacted transcript and sends it (`ctxkit compact --trace`).
 */
export function compactionTraceInput(
  result: CompactionResult,
  settings: CompactionInputSettings,
  countTokens: CountTokens,
): TraceInput {
  const traced = transcriptTrace(result.messages, countTokens);
  return {
    source: settings.source,
    kind: 'chat',
    ...(settings.label !== undefined ? { label: settings.label } : {}),
    model: {
      name: settings.model ?? `${settings.budget}-token budget`,
      ...(settings.model !== undefined ? { profile: settings.model } : {}),
      window: settings.window ?? settings.budget,
    },
    // The encoding stands in for the model's own tokenizer: counts are close, not exact.
    tokenizer: { name: settings.encoding, exact: false },
    budget: { window: settings.window ?? settings.budget, available: settings.budget, used: result.after },
    messages: traced.messages,
    sections: traced.sections,
    compaction: compactionTrace(result, settings),
  };
}
