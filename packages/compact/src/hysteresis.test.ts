import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompactionState, compact } from './compact.js';
import { HYSTERESIS } from './constants.js';
import { transcript } from './testing/arbitraries.js';
import { countTranscriptTokens } from './tokens.js';
import type { Message } from './types.js';
import { validate } from './validate.js';

describe('compact in a growing session (property)', () => {
  it('never compacts twice within the budget without the transcript growing by the hysteresis band, and stays valid', async () => {
    let compactions = 0;
    await fc.assert(
      fc.asyncProperty(transcript('mixed', 6), fc.integer({ min: 2, max: 6 }), async (full, divisor) => {
        const budget = Math.max(60, Math.floor(countTranscriptTokens(full) / divisor));
        let stored: Message[] = [];
        let state: CompactionState | undefined;
        let lastAfter: number | undefined;
        // The harness appends each new message to its stored (compacted) transcript, then compacts.
        for (const message of full) {
          stored = [...stored, message];
          const result = await compact(stored, { budget, state });
          if (result.stages.length > 0) {
            compactions++;
            // Past the budget itself compaction always runs: a pause never costs a request over it.
            if (lastAfter !== undefined && result.before <= budget) {
              expect(result.before - lastAfter).toBeGreaterThanOrEqual(Math.floor(HYSTERESIS * budget));
            }
            lastAfter = result.after;
          }
          state = result.state;
          stored = [...result.messages];
        }
        if (validate(full, 'anthropic').length === 0) expect(validate(stored, 'anthropic')).toEqual([]);
      }),
      { numRuns: 300 },
    );
    expect(compactions).toBeGreaterThan(100);
  });
});
