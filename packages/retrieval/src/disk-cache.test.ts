import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createCachedEmbedder, hashContent } from './cached-embedder.js';
import { createDiskEmbeddingCache, decodeVector, encodeVector } from './disk-cache.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import type { Embedder } from './types.js';

const run = promisify(execFile);

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'ctxkit-retrieval-cache-'));
}

function allFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function countingEmbedder(): Embedder & { calls: string[][] } {
  const inner = createHashingEmbedder();
  const calls: string[][] = [];
  return {
    id: inner.id,
    dimension: inner.dimension,
    calls,
    embed: async (texts) => {
      calls.push([...texts]);
      return inner.embed(texts);
    },
  };
}

describe('encodeVector / decodeVector', () => {
  it('round-trips a vector bit for bit', () => {
    const vector = new Float32Array([0.5, -0.25, 1e-7, 0]);
    expect(decodeVector(encodeVector(vector))).toEqual(vector);
  });

  it('rejects truncated, foreign and bit-flipped files', () => {
    const bytes = encodeVector(new Float32Array([0.1, 0.2, 0.3]));
    expect(decodeVector(bytes.subarray(0, bytes.length - 1))).toBeUndefined();
    expect(decodeVector(Buffer.from('{"not":"a vector"}'))).toBeUndefined();
    const flipped = Buffer.from(bytes);
    flipped[10] = flipped[10]! ^ 0xff;
    expect(decodeVector(flipped)).toBeUndefined();
  });
});

describe('createDiskEmbeddingCache', () => {
  it('serves a second run from disk without calling the embedder', async () => {
    const dir = temporaryDirectory();
    const texts = ['first note', 'second note', 'first note'];
    const first = countingEmbedder();
    const cold = createCachedEmbedder(first, createDiskEmbeddingCache({ dir }));
    const coldVectors = await cold.embed(texts);
    expect(first.calls).toEqual([['first note', 'second note']]);
    expect(cold.stats).toEqual({ hits: 0, misses: 3 });

    const second = countingEmbedder();
    const warm = createCachedEmbedder(second, createDiskEmbeddingCache({ dir }));
    expect(await warm.embed(texts)).toEqual(coldVectors);
    expect(second.calls).toEqual([]);
    expect(warm.stats).toEqual({ hits: 3, misses: 0 });
    expect(allFiles(dir).some((file) => file.endsWith('.tmp'))).toBe(false);
  });

  it('keys entries by embedder id: another embedder never reads them', async () => {
    const dir = temporaryDirectory();
    const cache = createDiskEmbeddingCache({ dir });
    await cache.set('hash-v1-384', hashContent('x'), new Float32Array([1]));
    expect(await cache.get('openai:model@http://127.0.0.1/v1/embeddings', hashContent('x'))).toBeUndefined();
    expect(await cache.get('hash-v1-384', hashContent('x'))).toEqual(new Float32Array([1]));
  });

  it('rebuilds a corrupt entry instead of failing or trusting it', async () => {
    const dir = temporaryDirectory();
    const embedder = countingEmbedder();
    await createCachedEmbedder(embedder, createDiskEmbeddingCache({ dir })).embed(['a remembered fact']);
    const [file] = allFiles(dir);
    writeFileSync(file!, 'garbage');
    const again = countingEmbedder();
    const cached = createCachedEmbedder(again, createDiskEmbeddingCache({ dir }));
    const [vector] = await cached.embed(['a remembered fact']);
    expect(again.calls).toEqual([['a remembered fact']]);
    expect(decodeVector(readFileSync(file!))).toEqual(vector);
  });

  it('stays consistent when two processes write the same keys at once', async () => {
    // The child processes run the real cache code, transpiled from source.
    const work = temporaryDirectory();
    const dir = join(work, 'cache');
    for (const name of ['disk-cache', 'fnv', 'cached-embedder']) {
      const source = await readFile(new URL(`./${name}.ts`, import.meta.url), 'utf8');
      const output = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      await writeFile(join(work, `${name}.js`), output.outputText);
    }
    await writeFile(join(work, 'package.json'), '{"type":"module"}');
    const script = `
      import { createDiskEmbeddingCache } from './disk-cache.js';
      const cache = createDiskEmbeddingCache({ dir: process.argv[2] });
      const keys = Array.from({ length: 150 }, (_, index) => String(index).padStart(64, '0'));
      for (let round = 0; round < 3; round += 1) {
        for (const [index, key] of keys.entries()) {
          const seen = await cache.get('shared', key);
          if (seen && seen[0] !== index) throw new Error('read a wrong vector for ' + key);
          await cache.set('shared', key, new Float32Array([index, index / 2, -index]));
        }
      }
    `;
    await writeFile(join(work, 'writer.mjs'), script);
    await mkdir(dir, { recursive: true });
    await Promise.all([
      run(process.execPath, [join(work, 'writer.mjs'), dir]),
      run(process.execPath, [join(work, 'writer.mjs'), dir]),
    ]);
    const files = allFiles(dir);
    expect(files.filter((file) => file.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(150);
    const cache = createDiskEmbeddingCache({ dir });
    for (let index = 0; index < 150; index += 1)
      expect(await cache.get('shared', String(index).padStart(64, '0'))).toEqual(
        new Float32Array([index, index / 2, -index]),
      );
  });
});
