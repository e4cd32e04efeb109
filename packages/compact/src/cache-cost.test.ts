import { describe, expect, it } from 'vitest';
import { ANTHROPIC_CACHE_PRICES, cacheImpact, OPENAI_CACHE_PRICES } from './cache-cost.js';
import { compact } from './compact.js';
import type { Message } from './types.js';

const step = (id: string, content: string): Message[] => [
  { role: 'assistant', toolCalls: [{ id, name: 'bash', input: { command: 'make test' } }] },
  { role: 'tool', toolResult: { callId: id, content } },
];
const big = 'line of output\n'.repeat(400);
const run: Message[] = [
  { role: 'system', text: 'You are a coding agent.' },
  { role: 'user', text: 'Fix the build.' },
  ...step('1', big),
  ...step('2', big),
  ...step('3', big),
  ...step('4', big),
  ...step('5', big),
  { role: 'assistant', text: 'Done.' },
];

describe('cacheImpact', () => {
  it('counts the unchanged prefix as reused and the rest as re-written, with the break-even', () => {
    const result = cacheImpact(
      run,
      [
        ...run.slice(0, 3),
        { ...run[3], toolResult: { callId: '1', content: 'x' } } as Message,
        ...run.slice(4),
      ],
      ANTHROPIC_CACHE_PRICES,
    );
    expect(result.reusedTokens).toBeGreaterThan(0);
    expect(result.savedTokens).toBeGreaterThan(1000);
    // invalidated · (1.25 − 0.1) / (saved · 0.1), rounded up.
    expect(result.breakEvenRequests).toBe(
      Math.ceil((result.invalidatedTokens * 1.15) / (result.savedTokens * 0.1)),
    );
    // OpenAI has no write premium: the smaller prompt pays from the first request.
    expect(cacheImpact(run, run.slice(0, 2), OPENAI_CACHE_PRICES).breakEvenRequests).toBe(0);
    expect(cacheImpact(run, run).breakEvenRequests).toBe(0);
  });

  it('rejects prices that are not numbers ≥ 0', () => {
    expect(() => cacheImpact(run, run, { cacheWrite: Number.NaN, cacheRead: 0.1 })).toThrow(
      'cacheImpact: prices.cacheWrite must be a number ≥ 0, found NaN',
    );
  });
});

describe('compact with minSavings', () => {
  it('reports the cache impact of a compaction', async () => {
    const result = await compact(run, { budget: 9000 });
    expect(result.cache?.invalidatedTokens).toBe(result.after - (result.cache?.reusedTokens ?? 0));
    expect(result.cache?.savedTokens).toBe(result.before - result.after);
  });

  it('does not run a compaction that removes fewer tokens than minSavings, within the budget', async () => {
    const plain = await compact(run, { budget: 9000 });
    const saved = plain.before - plain.after;
    const skipped = await compact(run, { budget: 9000, minSavings: saved + 1 });
    expect(skipped.skipped).toBe('below-min-savings');
    expect(skipped.messages).toBe(run);
    expect(skipped.shortfall?.reason).toMatch(/fewer than minSavings/);
    expect((await compact(run, { budget: 9000, minSavings: saved })).messages).toEqual(plain.messages);
    // Past the budget itself it runs anyway.
    const over = await compact(run, { budget: 2500, minSavings: 1_000_000 });
    expect(over.skipped).toBeUndefined();
    await expect(compact(run, { budget: 9000, minSavings: -1 })).rejects.toThrow(RangeError);
  });
});
