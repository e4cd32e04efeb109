import { describe, expect, it } from 'vitest';
import { porterStem } from './porter-stemmer.js';
import { analyzeText, splitWords, stem } from './text-terms.js';

describe('porterStem', () => {
  // Examples from Porter's paper, one per rule group.
  const paper: [string, string][] = [
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['feed', 'feed'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['conditional', 'condit'],
    ['digitizer', 'digit'],
    ['triplicate', 'triplic'],
    ['hopefulness', 'hope'],
    ['revival', 'reviv'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['controlling', 'control'],
    ['generalization', 'gener'],
  ];
  it.each(paper)('stems %s to %s', (word, expected) => {
    expect(porterStem(word)).toBe(expected);
  });
});

describe('analyzeText', () => {
  it('meets inflections of one word', () => {
    for (const group of [
      ['debugging', 'debugged', 'debug'],
      ['plans', 'planning', 'planned', 'plan'],
      ['implementation', 'implementing', 'implement'],
      ['reviewing', 'reviews', 'review'],
    ]) {
      expect(new Set(group.map(stem)).size).toBe(1);
    }
  });

  it('splits identifiers and drops stop words, numbers and single letters', () => {
    expect(splitWords('parseUserInput snake_case HTTPServer v2 42 a')).toEqual([
      'parse',
      'user',
      'input',
      'snake',
      'case',
      'http',
      'server',
      'v2',
    ]);
    expect(analyzeText('Can you please fix the failing tests?')).toEqual(['fix', 'fail', 'test']);
    expect(splitWords('Créer une Datenbank')).toEqual(['créer', 'une', 'datenbank']);
  });
});
