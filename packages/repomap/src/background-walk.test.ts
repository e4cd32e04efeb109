import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import { afterAll, describe, expect, it } from 'vitest';
import { packWalk, unpackWalk } from './background-walk.js';
import { type BackgroundWalker, buildWithWalker } from './internal.js';
import { buildRepoMap } from './repo-map.js';
import { isScannable } from './scanners/languages.js';
import { makeTree as makeSmallTree, SMALL_TREE } from './test-tree.js';
import { walkRepository } from './walk.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const makeTree = () =>
  makeSmallTree(
    {
      ...SMALL_TREE,
      'blob.py': Buffer.from([0x64, 0x65, 0x66, 0x00, 0x01]),
      'notes.txt': 'Some notes.\n',
    },
    'speculate',
    roots,
  );

/** A walker on this thread that runs `beforeWalk` first (to change the tree mid-build). */
function walkerWith(beforeWalk: () => void = () => {}): BackgroundWalker & { calls: number } {
  const walker = Object.assign(
    (request: Parameters<BackgroundWalker>[0]) => {
      walker.calls++;
      return (async () => {
        beforeWalk();
        const walked = await walkRepository({
          ...request,
          selectFile: isScannable,
        });
        // What the worker sends goes through packing: the build must not depend on more.
        return unpackWalk(packWalk(walked, request.root));
      })();
    },
    { calls: 0 },
  );
  return walker;
}

const options = (root: string) => ({ root, tokenizer, query: 'alpha beta' });

describe('a build that walks in the background', () => {
  it('serves an unchanged tree from the cached ranking, the same document as walking first', async () => {
    const root = makeTree();
    const cold = await buildRepoMap({ ...options(root), cache: false });
    await buildWithWalker(options(root), walkerWith(), 0); // fills the cache
    const walker = walkerWith();
    const warm = await buildWithWalker(options(root), walker, 0);
    expect(walker.calls).toBe(1);
    expect(warm.result.cache).toEqual({ hits: 4, misses: 0 });
    expect(JSON.stringify({ ...warm.result, root: '', cache: null })).toBe(
      JSON.stringify({ ...cold, root: '', cache: null }),
    );
    expect(warm.result.skipped).toEqual([{ path: 'blob.py', reason: 'binary file' }]);
    expect(warm.result.unscanned).toEqual([{ extension: '.txt', files: 1, ranked: false }]);
  });

  it('rebuilds what changed when the walk disagrees with the cache', async () => {
    const root = makeTree();
    await buildWithWalker(options(root), walkerWith(), 0);
    // The file changes after the cache is read, before the walk looks: the guess is stale.
    const walker = walkerWith(() => {
      writeFileSync(
        join(root, 'src', 'b.ts'),
        'export function beta(): number {\n  return 2;\n}\nexport const delta = 4;\n',
      );
      utimesSync(join(root, 'src', 'b.ts'), new Date(2030, 1, 1), new Date(2030, 1, 1));
    });
    const built = await buildWithWalker(options(root), walker, 0);
    expect(built.result.cache).toEqual({ hits: 3, misses: 1 });
    expect(built.result.symbols.map((symbol) => symbol.name)).toContain('delta');
    const fresh = await buildRepoMap({ ...options(root), cache: false });
    expect(built.result.map).toBe(fresh.map);
    expect(built.result.ranking).toEqual(fresh.ranking);
  });

  it('walks on its own thread when there is no cache or only a small one', async () => {
    const root = makeTree();
    const walker = walkerWith();
    await buildWithWalker(options(root), walker, 0); // no cache yet: nothing to rank meanwhile
    expect(walker.calls).toBe(0);
    await buildWithWalker(options(root), walker); // a cache far below the default threshold
    expect(walker.calls).toBe(0);
    await buildWithWalker(options(root), walker, 0);
    expect(walker.calls).toBe(1);
  });

  it('falls back to walking itself when the background walk fails or cannot start', async () => {
    const root = makeTree();
    await buildWithWalker(options(root), walkerWith(), 0);
    const failed = await buildWithWalker(options(root), () => Promise.resolve(undefined), 0);
    const none = await buildWithWalker(options(root), () => undefined, 0);
    expect(failed.result.cache).toEqual({ hits: 4, misses: 0 });
    expect(none.result.map).toBe(failed.result.map);
  });
});
