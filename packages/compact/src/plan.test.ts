import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planCompaction } from './plan.js';
import { transcript as generatedTranscript } from './testing/arbitraries.js';
import { countTranscriptTokens } from './tokens.js';
import { findLatestUserIndex, findRecencyStart, startsTurn } from './turns.js';
import type { Message } from './types.js';

// Each message costs 4 (overhead) + ceil(text/4) tokens; 'x'.repeat(396) makes a 103-token message.
const big = 'x'.repeat(396);
const turn = (label: string): Message[] => [
  { role: 'user', text: `${label} ${big}` },
  { role: 'assistant', toolCalls: [{ id: `${label}-call`, name: 'bash', input: {} }] },
  { role: 'tool', toolResult: { callId: `${label}-call`, content: big } },
  { role: 'assistant', text: big },
];
const transcript: Message[] = [
  { role: 'system', text: 'sys' },
  ...turn('a'),
  ...turn('b'),
  ...turn('c'),
  ...turn('d'),
];

describe('planCompaction', () => {
  it('returns nothing at or below the trigger', () => {
    expect(planCompaction({ messages: transcript }, { budget: 100_000 })).toBeUndefined();
  });

  it('cuts at the earliest user message that reaches the target, after the system prompt', () => {
    const plan = planCompaction(
      { messages: transcript },
      { budget: 1500, keepTurns: 0, keepFraction: 0, summaryTokens: 50 },
    );
    expect(plan).toMatchObject({ from: 1, to: 9, fits: true });
  });

  it('never cuts inside a turn, into the recency window or after the latest user message', () => {
    // The last three model turns (assistant messages 12, 14, 16) reach back into turn c, so 9 is the latest cut.
    const plan = planCompaction({ messages: transcript }, { budget: 200, keepTurns: 0, keepFraction: 0 });
    expect(plan?.latestAllowed).toBe(12);
    expect(plan?.to).toBe(9);
    expect(transcript[plan?.to ?? 0]?.role).toBe('user');
    expect(plan?.fits).toBe(false);
  });

  it('reads KeepTurns and KeepFraction together: whichever protects more wins', () => {
    const byTurns = planCompaction({ messages: transcript }, { budget: 200, keepTurns: 2, keepFraction: 0 });
    expect(byTurns?.to).toBe(5);
    const byFraction = planCompaction(
      { messages: transcript },
      { budget: 200, keepTurns: 0, keepFraction: 4 },
    );
    expect(byFraction?.to).toBe(5);
    const both = planCompaction({ messages: transcript }, { budget: 200, keepTurns: 1, keepFraction: 4 });
    expect(both?.to).toBe(5);
  });

  it('returns nothing when every turn is protected', () => {
    expect(planCompaction({ messages: transcript }, { budget: 200, keepTurns: 3 })).toBeUndefined();
  });

  it('folds an earlier summary into the cut', () => {
    const withSummary: Message[] = [
      { role: 'system', text: 'sys' },
      { role: 'system', text: '[ctxkit] Summary of the earlier conversation (3 messages, 1 tool call)' },
      ...transcript.slice(1),
    ];
    const plan = planCompaction({ messages: withSummary }, { budget: 200, keepTurns: 0, keepFraction: 0 });
    expect(plan?.from).toBe(1);
  });
});

describe('planCompaction (property)', () => {
  it('cuts only at a turn start, before the latest user message and the recency window, keeping what KeepTurns and KeepFraction protect', () => {
    fc.assert(
      fc.property(
        generatedTranscript('mixed', 6),
        fc.integer({ min: 50, max: 3000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(0, 0.1, 0.3),
        (messages, budget, keepTurns, keepFraction) => {
          const plan = planCompaction({ messages }, { budget, trigger: 0, keepTurns, keepFraction });
          if (!plan) return;
          const cut = messages[plan.to];
          expect(cut?.role).toBe('user');
          expect(cut?.reminder).not.toBe(true);
          expect(plan.from).toBeLessThan(plan.to);
          expect(plan.to).toBeLessThanOrEqual(findLatestUserIndex(messages));
          expect(plan.to).toBeLessThanOrEqual(findRecencyStart(messages));
          const turnsAfter = messages.slice(plan.to).filter(startsTurn).length;
          expect(turnsAfter).toBeGreaterThanOrEqual(keepTurns + 1);
          expect(countTranscriptTokens(messages.slice(plan.to))).toBeGreaterThanOrEqual(
            keepFraction * budget,
          );
          expect(messages.slice(0, plan.from).every((message) => message.role === 'system')).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
