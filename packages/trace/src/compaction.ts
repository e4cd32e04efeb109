import type { CompactionResult } from '@ctxkit/compact';
import type { TraceCompaction } from './types.js';

/** The settings a compaction ran with, as the trace records them. */
export interface CompactionSettings {
  budget: number;
  trigger: number;
  target: number;
}

/**
 * What `compact` of `@ctxkit/compact` did, as a trace records it: each stage with the messages it
 * changed or cut, the tokens it removed, and the digest of what a cut replaced.
 */
export function compactionTrace(
  result: Pick<CompactionResult, 'before' | 'after' | 'stages' | 'digest' | 'skipped'>,
  settings: CompactionSettings,
  elidedResults?: number,
): TraceCompaction {
  let tokens = result.before;
  const stages = result.stages.map((stage) => {
    const removed = tokens - stage.tokensAfter;
    tokens = stage.tokensAfter;
    return {
      stage: stage.stage,
      messages: [...stage.indices],
      tokensAfter: stage.tokensAfter,
      removed,
      ...(stage.digest ? { digest: stage.digest } : {}),
    };
  });
  return {
    before: result.before,
    after: result.after,
    budget: settings.budget,
    trigger: settings.trigger,
    target: settings.target,
    ...(result.skipped ? { skipped: result.skipped } : {}),
    stages,
    ...(result.digest ? { digest: result.digest } : {}),
    ...(elidedResults !== undefined && elidedResults > 0 ? { elidedResults } : {}),
  };
}
