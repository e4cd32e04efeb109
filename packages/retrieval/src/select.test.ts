import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RETRIEVED_HEADER } from './render.js';
import { selectHits } from './select.js';
import type { Threshold } from './thresholds.js';
import type { Chunk } from './types.js';

const threshold: Threshold = { floor: 0.2, baseline: 0.25, effective: 0.25, source: 'baseline' };

function chunk(path: string, startLine: number, text: string): Chunk {
  return { path, startLine, endLine: startLine + text.split('\n').length - 1, headings: [], text };
}

describe('selectHits', () => {
  const chunks = [
    chunk('b.md', 1, 'second best'),
    chunk('a.md', 10, 'best of all'),
    chunk('a.md', 1, 'tied with b'),
    chunk('c.md', 1, 'between floor and baseline'),
    chunk('d.md', 1, 'noise'),
  ];
  const scores = [0.5, 0.9, 0.5, 0.22, 0.1];

  it('orders by score, then path, then line, and says why each candidate was kept or dropped', () => {
    const selection = selectHits({ chunks, scores, threshold, maxBytes: 10_000, maxHits: 10 });
    expect(
      selection.candidates.map((candidate) => [candidate.path, candidate.score, candidate.reason]),
    ).toEqual([
      ['a.md', 0.9, 'above-threshold'],
      ['a.md', 0.5, 'above-threshold'],
      ['b.md', 0.5, 'above-threshold'],
      ['c.md', 0.22, 'below-baseline'],
      ['d.md', 0.1, 'below-floor'],
    ]);
    expect(selection.hits.map((hit) => hit.text)).toEqual(['best of all', 'tied with b', 'second best']);
    expect(selection.dropped).toBe(2);
  });

  it('renders the block deterministically', async () => {
    const selection = selectHits({ chunks, scores, threshold, maxBytes: 10_000, maxHits: 10 });
    await expect(selection.text).toMatchFileSnapshot('../test/__goldens__/retrieved-block.md');
    expect(selection.bytes).toBe(Buffer.byteLength(selection.text));
  });

  it('refuses a NaN or missing score and a limit that is not a whole number', () => {
    expect(() =>
      selectHits({
        chunks,
        scores: [0.5, Number.NaN, 0.5, 0.22, 0.1],
        threshold,
        maxBytes: 10_000,
        maxHits: 10,
      }),
    ).toThrow(new RangeError('selectHits: scores[1] must be a finite number, found NaN'));
    expect(() => selectHits({ chunks, scores: [0.5], threshold, maxBytes: 10_000, maxHits: 10 })).toThrow(
      'selectHits: scores must have one entry per chunk, found 1 for 5 chunks',
    );
    expect(() => selectHits({ chunks, scores, threshold, maxBytes: 10_000, maxHits: Number.NaN })).toThrow(
      'selectHits: maxHits must be a whole number ≥ 0, found NaN',
    );
    expect(() => selectHits({ chunks, scores, threshold, maxBytes: 1.5, maxHits: 10 })).toThrow(
      'selectHits: maxBytes must be a whole number ≥ 0, found 1.5',
    );
  });

  it('caps the number of hits', () => {
    const selection = selectHits({ chunks, scores, threshold, maxBytes: 10_000, maxHits: 1 });
    expect(selection.hits).toHaveLength(1);
    expect(selection.candidates[1]!.reason).toBe('over-max-hits');
  });

  it('injects nothing when nothing clears the threshold', () => {
    const selection = selectHits({
      chunks,
      scores: [0.1, 0.1, 0.1, 0.1, 0.1],
      threshold,
      maxBytes: 10_000,
      maxHits: 5,
    });
    expect(selection.text).toBe('');
    expect(selection.bytes).toBe(0);
    expect(selection.hits).toEqual([]);
  });

  it('applies minScore alone when the threshold comes from it', () => {
    const override: Threshold = { ...threshold, effective: 0.05, source: 'min-score' };
    const selection = selectHits({ chunks, scores, threshold: override, maxBytes: 10_000, maxHits: 10 });
    expect(selection.hits).toHaveLength(5);
  });

  it('cuts the best hit at a line boundary when it alone is over budget', () => {
    const long = chunk('long.md', 5, Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n'));
    const selection = selectHits({ chunks: [long], scores: [0.8], threshold, maxBytes: 200, maxHits: 5 });
    expect(selection.hits).toHaveLength(1);
    expect(selection.hits[0]!.truncated).toBe(true);
    expect(selection.hits[0]!.lines[0]).toBe(5);
    expect(selection.hits[0]!.text.startsWith('line 0\nline 1')).toBe(true);
    expect(selection.bytes).toBeLessThanOrEqual(200);
  });

  it('skips a hit that does not fit and keeps a smaller one after it', () => {
    const big = chunk('big.md', 1, 'x'.repeat(300));
    const small = chunk('small.md', 1, 'tiny');
    const first = chunk('first.md', 1, 'first');
    const selection = selectHits({
      chunks: [first, big, small],
      scores: [0.9, 0.8, 0.7],
      threshold,
      maxBytes: 200,
      maxHits: 5,
    });
    expect(selection.candidates.map((candidate) => candidate.reason)).toEqual([
      'above-threshold',
      'over-byte-budget',
      'above-threshold',
    ]);
    expect(selection.hits.map((hit) => hit.path)).toEqual(['first.md', 'small.md']);
  });

  it('never exceeds the byte budget and never depends on input order', () => {
    const generated = fc.array(
      fc.record({
        path: fc.constantFrom('a.md', 'b.md', 'c.txt'),
        line: fc.integer({ min: 1, max: 50 }),
        text: fc.string({ minLength: 1, maxLength: 400 }),
        score: fc.double({ min: 0, max: 1, noNaN: true }),
      }),
      { maxLength: 20 },
    );
    fc.assert(
      fc.property(generated, fc.integer({ min: 0, max: 2000 }), (entries, maxBytes) => {
        const unique = entries.filter(
          (entry, index) =>
            entries.findIndex((other) => other.path === entry.path && other.line === entry.line) === index,
        );
        const make = (list: typeof unique) =>
          selectHits({
            chunks: list.map((entry) => chunk(entry.path, entry.line, entry.text)),
            scores: list.map((entry) => entry.score),
            threshold,
            maxBytes,
            maxHits: 6,
          });
        const selection = make(unique);
        expect(selection.bytes).toBeLessThanOrEqual(Math.max(maxBytes, 0));
        if (selection.hits.length > 0) expect(selection.text.startsWith(RETRIEVED_HEADER)).toBe(true);
        expect(make([...unique].reverse()).text).toBe(selection.text);
      }),
      { numRuns: 500 },
    );
  });
});
