import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';

const require = createRequire(import.meta.url);

function loadedRankFiles(): string[] {
  return Object.keys(require.cache)
    .filter((path) => /js-tiktoken[\\/]dist[\\/]ranks[\\/]/.test(path))
    .map((path) => path.replace(/^.*[\\/]ranks[\\/]/, ''))
    .sort();
}

describe('rank loading', () => {
  it('parses nothing on import, each encoding once on first count', async () => {
    vi.resetModules();
    const ranks = await import('./ranks.js');
    const { createTokenizer, estimateTokens } = await import('./index.js');
    expect(loadedRankFiles()).toEqual([]);
    expect(ranks.rankLoadCount()).toBe(0);

    const cl100k = createTokenizer({ encoding: 'cl100k_base' });
    expect(estimateTokens('no ranks needed')).toBe(4);
    createTokenizer({ encoding: 'estimate' }).count('still none');
    expect(ranks.rankLoadCount()).toBe(0);

    expect(cl100k.count('hello world')).toBe(2);
    expect(loadedRankFiles()).toEqual(['cl100k_base.cjs']);
    expect(createTokenizer({ encoding: 'cl100k_base' }).count('again')).toBe(1);
    expect(ranks.rankLoadCount()).toBe(1);

    expect(createTokenizer().count('hello world')).toBe(2);
    expect(loadedRankFiles()).toEqual(['cl100k_base.cjs', 'o200k_base.cjs']);
    expect(ranks.rankLoadCount()).toBe(2);
  });
});
