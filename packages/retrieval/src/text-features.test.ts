import { describe, expect, it } from 'vitest';
import { contentWords, isStopword, stemWord } from './text-features.js';

describe('contentWords', () => {
  it('drops stopwords and one-letter words, lower-cases the rest', () => {
    expect(contentWords('The cache is used by a Worker')).toEqual(['cache', 'worker']);
  });

  it('splits identifiers and keeps the whole identifier too', () => {
    expect(contentWords('buildRepoMap')).toEqual(['buildrepomap', 'build', 'repo', 'map']);
    expect(contentWords('HTTPServer snake_case')).toEqual(['httpserver', 'http', 'server', 'snake', 'case']);
  });

  it('understands non-ASCII letters', () => {
    expect(contentWords('Größe der Datei')).toEqual(['größe', 'der', 'datei']);
  });
});

describe('stemWord', () => {
  it('merges plural and verb forms conservatively', () => {
    expect(stemWord('caches')).toBe('cach');
    expect(stemWord('policies')).toBe('policy');
    expect(stemWord('keys')).toBe('key');
    expect(stemWord('rendering')).toBe('render');
    expect(stemWord('status')).toBe('status');
    expect(stemWord('class')).toBe('class');
    expect(stemWord('v2s')).toBe('v2s');
  });
});

describe('isStopword', () => {
  it('knows function words', () => {
    expect(isStopword('the')).toBe(true);
    expect(isStopword('cache')).toBe(false);
  });
});
