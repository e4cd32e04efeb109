import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_FORMAT, createScanCacheMemory, DEFAULT_CACHE_DIRECTORY, loadScanCache } from './cache.js';
import { buildRepoMap } from './repo-map.js';
import { makeTree as makeSmallTree, SMALL_TREE } from './test-tree.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const directories: string[] = [];

afterEach(() => {
  for (const directory of directories.splice(0)) {
    chmodSync(directory, 0o755);
    rmSync(directory, { recursive: true, force: true });
  }
});

const makeTree = () => makeSmallTree(SMALL_TREE, 'cache', directories);

function cacheFile(root: string): string {
  const directory = join(root, DEFAULT_CACHE_DIRECTORY);
  const name = readdirSync(directory).find((entry) => entry.endsWith('.bin'));
  if (!name) throw new Error(`no cache file in ${directory}`);
  return join(directory, name);
}

describe('scan cache', () => {
  it('serves an unchanged tree entirely from the cache, with the same result', async () => {
    const root = makeTree();
    const cold = await buildRepoMap({ root, tokenizer });
    expect(cold.cache).toEqual({ hits: 0, misses: 3 });
    const warm = await buildRepoMap({ root, tokenizer });
    expect(warm.cache).toEqual({ hits: 3, misses: 0 });
    expect({ ...warm, cache: undefined }).toEqual({ ...cold, cache: undefined });
  });

  it('rescans exactly the files whose size or mtime changed', async () => {
    const root = makeTree();
    await buildRepoMap({ root, tokenizer });
    writeFileSync(join(root, 'tool.py'), 'def gamma():\n    return 3\n\n\ndef delta():\n    return 4\n');
    utimesSync(join(root, 'src', 'b.ts'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const result = await buildRepoMap({ root, tokenizer });
    expect(result.cache).toEqual({ hits: 1, misses: 2 });
    expect(result.symbols.map((symbol) => symbol.name)).toContain('delta');
  });

  it('discards a corrupt cache, rebuilds it, and uses it next time', async () => {
    const root = makeTree();
    await buildRepoMap({ root, tokenizer });
    const file = cacheFile(root);
    writeFileSync(file, `${readFileSync(file, 'utf8').slice(0, 120)}\n{not json`);
    const rebuilt = await buildRepoMap({ root, tokenizer });
    expect(rebuilt.cache).toEqual({ hits: 0, misses: 3 });
    expect((await buildRepoMap({ root, tokenizer })).cache).toEqual({ hits: 3, misses: 0 });
  });

  it('discards a cache from another scanner version or another tool', async () => {
    const root = makeTree();
    await buildRepoMap({ root, tokenizer });
    const file = cacheFile(root);
    const [header, ...entries] = readFileSync(file, 'utf8').split('\n');
    const parsed = JSON.parse(header!);
    writeFileSync(file, [JSON.stringify({ ...parsed, scannerVersion: -1 }), ...entries].join('\n'));
    expect((await buildRepoMap({ root, tokenizer })).cache.misses).toBe(3);
    writeFileSync(file, '{"format":"someone-else/1"}\n');
    expect((await buildRepoMap({ root, tokenizer })).cache.misses).toBe(3);
    expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!).format).toBe(CACHE_FORMAT);
  });

  it("removes the previous format's cache file of the root when it writes its own", async () => {
    const root = makeTree();
    await buildRepoMap({ root, tokenizer });
    const legacy = cacheFile(root).replace(/\.bin$/, '.ndjson');
    writeFileSync(legacy, '{"format":"ctxkit-repomap-scan-cache/3"}\n');
    writeFileSync(join(root, 'src', 'c.ts'), 'export const gamma = 3;\n');
    await buildRepoMap({ root, tokenizer });
    expect(readdirSync(join(root, DEFAULT_CACHE_DIRECTORY)).sort()).toEqual([
      '.gitignore',
      cacheFile(root).split('/').pop(),
    ]);
  });

  it('writes nothing and still maps with cache: false', async () => {
    const root = makeTree();
    const result = await buildRepoMap({ root, tokenizer, cache: false });
    expect(result.files).toBe(3);
    expect(readdirSync(root).sort()).toEqual(['src', 'tool.py']);
  });

  it('puts the cache where it is told, and keeps it out of version control', async () => {
    const root = makeTree();
    const elsewhere = mkdtempSync(join(tmpdir(), 'ctxkit-repomap-cache-dir-'));
    directories.push(elsewhere);
    await buildRepoMap({ root, tokenizer, cache: { dir: elsewhere } });
    expect(readdirSync(elsewhere).some((name) => name.endsWith('.bin'))).toBe(true);
    expect(readdirSync(root).sort()).toEqual(['src', 'tool.py']);
    await buildRepoMap({ root, tokenizer });
    expect(readFileSync(join(root, DEFAULT_CACHE_DIRECTORY, '.gitignore'), 'utf8')).toBe('*\n');
  });

  it('maps a tree whose cache cannot be written, uncached', async () => {
    const root = makeTree();
    // Root ignores permission bits, so the read-only case is made with a cache path that can
    // never be a directory (under a regular file); as a normal user the tree is read-only too.
    chmodSync(root, 0o555);
    const blocked = { dir: join(root, 'tool.py', 'cache') };
    const first = await buildRepoMap({ root, tokenizer, cache: blocked });
    const second = await buildRepoMap({ root, tokenizer, cache: blocked });
    expect(first.cache).toEqual({ hits: 0, misses: 3 });
    expect(second.cache).toEqual({ hits: 0, misses: 3 });
    expect(second.map).toBe(first.map);
  });
});

describe('scan cache memory', () => {
  const directoryOf = (root: string) => join(root, DEFAULT_CACHE_DIRECTORY);

  it('is kept by its caller only: without one, every load reads the file', async () => {
    const root = makeTree();
    await buildRepoMap({ root, tokenizer });
    const first = await loadScanCache(directoryOf(root), root);
    expect(first).toBeDefined();
    expect(await loadScanCache(directoryOf(root), root)).not.toBe(first);
  });

  it('serves the cache it holds while the file is unchanged, and follows the file when it changes', async () => {
    const root = makeTree();
    const memory = createScanCacheMemory();
    await buildRepoMap({ root, tokenizer, cache: { memory } });
    // The build's own write is kept: the next build reads nothing.
    const kept = await loadScanCache(directoryOf(root), root, memory);
    expect(await loadScanCache(directoryOf(root), root, memory)).toBe(kept);
    // Another memory knows nothing of it.
    expect(await loadScanCache(directoryOf(root), root, createScanCacheMemory())).not.toBe(kept);

    writeFileSync(join(root, 'src', 'c.ts'), 'export const gamma = 3;\n');
    const changed = await buildRepoMap({ root, tokenizer, cache: { memory } });
    expect(changed.cache).toEqual({ hits: 3, misses: 1 });
    const renewed = await loadScanCache(directoryOf(root), root, memory);
    expect(renewed).not.toBe(kept);
    expect(renewed?.paths).toContain('src/c.ts');

    memory.clear();
    expect(await loadScanCache(directoryOf(root), root, memory)).not.toBe(renewed);
  });

  it('gives the same maps as builds without one', async () => {
    const root = makeTree();
    const memory = createScanCacheMemory();
    const query = 'alpha calls beta';
    await buildRepoMap({ root, tokenizer });
    for (let build = 0; build < 3; build++) {
      if (build === 2)
        writeFileSync(join(root, 'src', 'b.ts'), 'export function beta(): number {\n  return alpha();\n}\n');
      const kept = await buildRepoMap({ root, tokenizer, query, cache: { memory } });
      const alone = await buildRepoMap({ root, tokenizer, query });
      // The first of the two builds after an edit is the one that rescans.
      expect({ ...kept, cache: undefined }).toEqual({ ...alone, cache: undefined });
    }
  });
});
