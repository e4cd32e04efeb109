import { describe, expect, it } from 'vitest';
import { Bm25Index, tokenizeForBm25 } from './bm25.js';
import { averageScores, scoreLocalization } from './metrics.js';

describe('scoreLocalization', () => {
  it('computes hit@1 and recall@k against the gold files', () => {
    const score = scoreLocalization(['a.py', 'b.py', 'c.py', 'd.py', 'e.py', 'f.py'], ['b.py', 'f.py']);
    expect(score.hitAt1).toBe(0);
    expect(score.recall).toEqual({ 1: 0, 3: 0.5, 5: 0.5, 10: 1 });
    expect(scoreLocalization(['b.py'], ['b.py']).hitAt1).toBe(1);
  });

  it('averages over tasks', () => {
    const average = averageScores([scoreLocalization(['a'], ['a']), scoreLocalization(['a'], ['b'])]);
    expect(average.hitAt1).toBe(0.5);
    expect(average.recall[10]).toBe(0.5);
  });
});

describe('Bm25Index', () => {
  it('tokenizes to lower-case word runs', () => {
    expect(tokenizeForBm25('Session.resolve_redirects(URL)')).toEqual([
      'session',
      'resolve_redirects',
      'url',
    ]);
  });

  it('ranks the document sharing the rarest query terms first, ties by id', () => {
    const index = new Bm25Index();
    index.add('b.py', 'def redirect(): session session');
    index.add('a.py', 'def other(): session');
    index.add('c.py', 'unrelated text here');
    const ranking = index.rank('redirect the session');
    expect(ranking.map((entry) => entry.id)).toEqual(['b.py', 'a.py', 'c.py']);
    expect(ranking[2]!.score).toBe(0);
  });
});
