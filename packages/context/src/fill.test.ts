import type { Message } from '@ctxkit/compact';
import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announceFill, bandFor, countFillTokens, DEFAULT_BANDS, fillFraction } from './fill.js';

describe('bandFor', () => {
  it('places bands at 0.60 / 0.80 / 0.92 of the budget before compaction', () => {
    // compactAt 0.8: thresholds in window terms are 0.48, 0.64, 0.736.
    expect(bandFor(0.47)).toBe(0);
    expect(bandFor(0.48)).toBe(1);
    expect(bandFor(0.639)).toBe(1);
    expect(bandFor(0.64)).toBe(2);
    expect(bandFor(0.736)).toBe(3);
    expect(bandFor(0.95)).toBe(3);
    // A session that compacts at half the window moves its bands with it.
    expect(bandFor(0.3, 0.5)).toBe(1);
    expect(bandFor(0.46, 0.5)).toBe(3);
  });

  it('rejects a NaN or negative fraction instead of calling it band 0', () => {
    expect(() => bandFor(Number.NaN)).toThrow('bandFor: fraction must be a number ≥ 0, found NaN');
    expect(() => bandFor(-0.1)).toThrow(RangeError);
    expect(bandFor(0)).toBe(0);
  });

  it('rejects bands that do not ascend', () => {
    expect(() => bandFor(0.5, 0.8, [0.8, 0.6])).toThrow('bands must ascend');
    expect(() => bandFor(0.5, 0)).toThrow('compactAt must be in (0, 1]');
  });
});

describe('fillFraction', () => {
  it('is the share of the window the messages take, capped at 1', () => {
    const counter = { count: (text: string) => text.length };
    const messages: Message[] = [{ role: 'user', text: 'x'.repeat(96) }];
    expect(countFillTokens(messages, counter)).toBe(100);
    expect(fillFraction(messages, 1000, counter)).toBe(0.1);
    expect(fillFraction(messages, 50, counter)).toBe(1);
  });

  it('counts what a plain counter would miss: tool-returned images and every reasoning block', () => {
    const counter = { count: (text: string) => text.length };
    const result: Message = { role: 'tool', toolResult: { callId: 'c1', content: 'ok' } };
    const screenshot: Message = {
      role: 'tool',
      toolResult: {
        callId: 'c1',
        content: 'ok',
        attachments: [{ type: 'image', mediaType: 'image/png', data: 'iVBOR', width: 1024, height: 768 }],
      },
    };
    expect(countFillTokens([screenshot], counter)).toBeGreaterThan(countFillTokens([result], counter) + 1000);
    const thinking: Message = { role: 'assistant', reasoning: { text: 'aaaa', signature: 'ssss' } };
    const more: Message = {
      ...thinking,
      additionalReasoning: [{ text: '', signature: 'r'.repeat(40), redacted: true }],
    };
    expect(countFillTokens([more], counter)).toBe(countFillTokens([thinking], counter) + 40);
  });

  it('uses a tokenizer that counts whole messages', () => {
    const tokenizer = createTokenizer({ encoding: 'o200k_base' });
    const messages: Message[] = [
      { role: 'user', text: 'hello world' },
      { role: 'assistant', toolCalls: [{ id: 'c1', name: 'read', input: { path: 'a.ts' } }] },
      { role: 'tool', toolResult: { callId: 'c1', content: 'export {}' } },
    ];
    expect(fillFraction(messages, 10_000, tokenizer)).toBe(tokenizer.countMessages(messages) / 10_000);
  });
});

describe('announceFill', () => {
  it('emits a reminder only when a higher band is entered', () => {
    const fractions = [0.1, 0.5, 0.52, 0.5, 0.66, 0.66, 0.75, 0.2, 0.5];
    let band = 0;
    const emitted: [number, number][] = [];
    for (const fraction of fractions) {
      const announcement = announceFill(band, fraction);
      if (announcement.reminder) emitted.push([fraction, announcement.band]);
      band = announcement.band;
    }
    // 0.5 enters band 1; 0.66 band 2; 0.75 band 3; after compaction (0.2) re-entering band 1 is new.
    expect(emitted).toEqual([
      [0.5, 1],
      [0.66, 2],
      [0.75, 3],
      [0.5, 1],
    ]);
  });

  it('flags the reminder so clients never show it as user text', () => {
    const { reminder } = announceFill(0, 0.7);
    expect(reminder).toEqual({
      role: 'user',
      reminder: true,
      text: '[context] 87% of the context budget before compaction is in use (level 2 of 3). Prefer targeted reads and short tool outputs.',
    });
    expect(announceFill(2, 0.75).reminder?.text).toContain('Compaction is imminent');
  });

  it('emits exactly one reminder per upward band transition, for any sequence', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 50 }), (fractions) => {
        let band = 0;
        let reminders = 0;
        let rises = 0;
        for (const fraction of fractions) {
          const next = bandFor(fraction);
          if (next > band) rises += 1;
          const announcement = announceFill(band, fraction);
          if (announcement.reminder) {
            reminders += 1;
            expect(announcement.reminder.reminder).toBe(true);
          }
          expect(announcement.band).toBe(next);
          band = announcement.band;
        }
        expect(reminders).toBe(rises);
        expect(band).toBeLessThanOrEqual(DEFAULT_BANDS.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('countMessageTokens (deprecated)', () => {
  it('is countFillTokens under its old name', async () => {
    const { countMessageTokens } = await import('./index.js');
    expect(countMessageTokens).toBe(countFillTokens);
  });
});
