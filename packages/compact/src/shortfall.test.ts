import { describe, expect, it } from 'vitest';
import { compact } from './compact.js';
import type { Message } from './types.js';

const huge = 'line of tool output\n'.repeat(2000);

describe('the shortfall report', () => {
  it('says which stages ran, what is protected and how many tokens that is', async () => {
    const messages: Message[] = [
      { role: 'system', text: 'You are a coding agent.' },
      { role: 'user', text: 'Run the tests.' },
      { role: 'assistant', toolCalls: [{ id: 'c1', name: 'shell', input: {} }] },
      { role: 'tool', toolResult: { callId: 'c1', content: huge } },
    ];
    const result = await compact(messages, { budget: 1000 });
    expect(result.skipped).toBe('no-change');
    const shortfall = result.shortfall;
    expect(shortfall?.targetTokens).toBe(500);
    expect(shortfall?.tokens).toBe(result.after);
    expect(shortfall?.stagesRun).toEqual([]);
    expect(shortfall?.parts.map((part) => part.part)).toEqual(['system', 'task', 'recency-window']);
    expect(shortfall?.protectedTokens).toBe(result.after);
    expect(shortfall?.reason).toMatch(
      /^\d[\d,]* tokens no stage could change anything; target 500\. Protected [\d,]+: system prompt \d+, latest user message \(the task\) \d+, recency window \(last 3 model turns\) [\d,]+ — over the target by itself\.$/,
    );
  });

  it('names what else stayed when the protected parts alone would fit', async () => {
    const turn = (label: string, size: number): Message[] => [
      { role: 'user', text: `${label} ${'x'.repeat(size)}` },
      { role: 'assistant', text: 'ok' },
    ];
    const messages = [
      ...turn('a', 2000),
      ...turn('b', 2000),
      ...turn('c', 10),
      ...turn('d', 10),
      ...turn('e', 10),
    ];
    const result = await compact(messages, { budget: 1200, keepTurns: 4 });
    expect(result.after).toBeGreaterThan(600);
    expect(result.shortfall?.parts.map((part) => [part.part, part.protected])).toContainEqual([
      'earlier-turns',
      false,
    ]);
    expect(result.shortfall?.reason).toContain('Also kept: earlier turns kept by keepTurns/keepFraction');
  });

  it('is absent when the target is reached', async () => {
    const result = await compact([{ role: 'user', text: 'hi' }], { budget: 1000 });
    expect(result.shortfall).toBeUndefined();
  });
});
