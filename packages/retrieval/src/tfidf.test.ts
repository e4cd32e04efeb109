import { describe, expect, it } from 'vitest';
import { buildTfidfIndex, scoreWithTfidf } from './tfidf.js';

describe('TF-IDF', () => {
  const texts = [
    'Invoice totals are rounded per line item in cents.',
    'The webhook suite uses fake timers to avoid flaky retries.',
    'Deploy to staging on every merge; production deploys are manual.',
  ];

  it('ranks the document sharing the rare query terms first', () => {
    const scores = scoreWithTfidf(buildTfidfIndex(texts), 'flaky webhook timers');
    expect(scores.indexOf(Math.max(...scores))).toBe(1);
    expect(scores[0]).toBe(0);
  });

  it('scores a query with no known terms zero everywhere, and an identical text near one', () => {
    const index = buildTfidfIndex(texts);
    expect(scoreWithTfidf(index, 'sourdough')).toEqual([0, 0, 0]);
    expect(scoreWithTfidf(index, texts[2]!)[2]).toBeCloseTo(1, 6);
  });

  it('handles an empty corpus and an empty query', () => {
    expect(scoreWithTfidf(buildTfidfIndex([]), 'anything')).toEqual([]);
    expect(scoreWithTfidf(buildTfidfIndex(texts), '')).toEqual([0, 0, 0]);
  });
});
