import { rmSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeQuery } from './query.js';
import { buildRepoMap } from './repo-map.js';
import { makeTree, SMALL_TREE } from './test-tree.js';
import { MAX_TASK_WORD_LENGTH, wordPrefilter } from './word-filter.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const MEGABYTE = 1024 * 1024;

/**
 * Task text of up to 1 MB, built from repeated fragments (generating a megabyte character by
 * character would take longer than the test): words of any length up to one 1 MB word, runs of
 * dots, underscores, slashes and backticks (the shapes that make regexes backtrack), hex dumps.
 */
const fragment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.constantFrom('deadbeef', 'a', '_', '.', '/', '`', '```', 'src/', '.py', 'fooBar', ' ', '\n', 'é'),
);
const word = fc
  .tuple(fragment, fc.integer({ min: 1, max: MEGABYTE }))
  .map(([piece, times]) => piece.repeat(Math.max(1, Math.floor(times / piece.length))).slice(0, MEGABYTE));
const task = fc.oneof(
  word,
  fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ').slice(0, MEGABYTE)),
  fc
    .array(fc.string({ maxLength: 12 }), { maxLength: 200 })
    .chain((words) =>
      fc.integer({ min: 1, max: 2000 }).map((times) => words.join(' ').repeat(times).slice(0, MEGABYTE)),
    ),
);

describe('tasks of any size', () => {
  it('never throw, and no word of more than the limit reaches a pattern', async () => {
    const root = makeTree(SMALL_TREE, 'task-size', roots);
    await fc.assert(
      fc.asyncProperty(task, async (text) => {
        const analysis = analyzeQuery(text);
        for (const identifier of analysis.identifiers)
          expect(identifier.name.length).toBeLessThanOrEqual(MAX_TASK_WORD_LENGTH);
        const result = await buildRepoMap({ root, query: text, cache: false, backgroundWalk: 'never' });
        expect(result.tokens).toBeLessThanOrEqual(result.budget);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('a single word of a megabyte, and a prefilter handed one, are harmless', async () => {
    const root = makeTree(SMALL_TREE, 'task-size', roots);
    for (const text of ['f'.repeat(MEGABYTE), `${'.'.repeat(MEGABYTE)}x`, `${'_'.repeat(MEGABYTE)}x`]) {
      const result = await buildRepoMap({ root, query: text, cache: false, backgroundWalk: 'never' });
      expect(result.files).toBe(3);
    }
    expect(wordPrefilter(['x'.repeat(40_000)]).test('anything')).toBe(true);
    expect(wordPrefilter(['alpha']).test('ALPHA')).toBe(true);
  });
});
