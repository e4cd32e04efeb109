import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compact } from './compact.js';
import { transcript } from './testing/arbitraries.js';
import { countTranscriptTokens } from './tokens.js';
import { findLatestUserIndex, findRecencyStart } from './turns.js';
import type { Message, Provider } from './types.js';
import { validate } from './validate.js';

const PROVIDERS: Provider[] = ['openai', 'anthropic', 'ai-sdk'];
/** Per the brief: at least ten thousand generated transcripts per run. */
const RUNS = 10_000;

// A transcript plus a budget chosen so its fill spans 40%–250%: below, at and far above the trigger.
const scenario = transcript('mixed', 5).chain((messages) =>
  fc.record({
    messages: fc.constant(messages),
    fillPercent: fc.integer({ min: 40, max: 250 }),
    // undefined: both floors at their defaults, which give way as a last resort (cut-kept-turns).
    keepTurns: fc.constantFrom(undefined, 0, 1, 2),
    keepFraction: fc.constantFrom(0, 0.1, 0.2),
  }),
);

describe('compact invariants (property)', () => {
  it(`holds over ${RUNS} generated transcripts`, async () => {
    const counts = { runs: 0, triggered: 0, cut: 0, reachable: 0 };
    await fc.assert(
      fc.asyncProperty(scenario, async ({ messages, fillPercent, keepTurns, keepFraction }) => {
        counts.runs++;
        const tokens = countTranscriptTokens(messages);
        const budget = Math.max(50, Math.round((tokens * 100) / fillPercent));
        const snapshot = JSON.stringify(messages);
        const options = keepTurns === undefined ? { budget } : { budget, keepTurns, keepFraction };
        const result = await compact(messages, options);

        // Never mutates its input; deterministic to the byte.
        expect(JSON.stringify(messages)).toBe(snapshot);
        expect(JSON.stringify(await compact(messages, options))).toBe(JSON.stringify(result));

        // Nothing below the trigger.
        if (tokens <= 0.8 * budget) {
          expect(result.messages).toBe(messages);
          return;
        }
        counts.triggered++;
        if (result.stages.some((stage) => stage.stage === 'cut')) counts.cut++;

        // Valid in (the generator's promise, checked in validate.test.ts), valid out — for every provider.
        for (const provider of PROVIDERS) expect(validate(result.messages, provider)).toEqual([]);

        // The recency window and the latest user message come through untouched.
        // (A cut inside the task puts its summary after the task message, so count from the front.)
        const latestUser = findLatestUserIndex(messages);
        const tail = messages.slice(findRecencyStart(messages));
        if (latestUser >= 0)
          expect(result.messages[findLatestUserIndex(result.messages)]).toEqual(messages[latestUser]);
        expect(result.messages.slice(result.messages.length - tail.length)).toEqual(tail);

        // The reported count is the real count.
        expect(result.after).toBe(countTranscriptTokens(result.messages as Message[]));

        // Within target whenever the most compaction allowed (every stage, latest allowed cut) gets there.
        if (result.after <= 0.5 * budget) {
          counts.reachable++;
          return;
        }
        const maximal = await compact(messages, { ...options, trigger: 0, target: 0 });
        expect(maximal.after).toBeGreaterThan(0.5 * budget);
      }),
      { numRuns: RUNS },
    );
    expect(counts.runs).toBe(RUNS);
    // The generator must exercise the interesting paths, not just the trivial one.
    expect(counts.triggered).toBeGreaterThan(RUNS / 3);
    expect(counts.cut).toBeGreaterThan(RUNS / 20);
    expect(counts.reachable).toBeGreaterThan(RUNS / 10);
    console.log(`compact property: ${JSON.stringify(counts)}`);
    // About 9 s alone; a loaded 2-core machine (CI runs every package at once) has taken over 60.
  }, 240_000);
});
