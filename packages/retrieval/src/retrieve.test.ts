import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskEmbeddingCache } from './disk-cache.js';
import { createHashingEmbedder } from './hashing-embedder.js';
import { loadDocuments } from './load-documents.js';
import { type RetrieveOptions, retrieve } from './retrieve.js';

const root = new URL('../test/__fixtures__/memory/', import.meta.url).pathname;
const { documents } = await loadDocuments(['.'], { root });

describe('retrieve', () => {
  it('finds the section a question is about, with its lines, score and threshold', async () => {
    const result = await retrieve({ query: 'why are invoice totals rounded per line item?', documents });
    expect(result.ranker).toBe('hash-v1-384');
    expect(result.calibration).toEqual({ floor: 0.24, margin: 0.15, source: 'pinned' });
    expect(result.hits.map((hit) => `${hit.path}:${hit.lines.join('-')}`)).toEqual(['MEMORY.md:15-19']);
    expect(result.hits[0]!.score).toBeGreaterThan(result.threshold.effective);
    expect(result.dropped).toBe(result.candidates.length - 1);
    await expect(result.text).toMatchFileSnapshot('../test/__goldens__/invoice-rounding.md');
  });

  it('injects nothing for a question the memory knows nothing about', async () => {
    for (const ranker of [undefined, 'tfidf' as const]) {
      const result = await retrieve({
        query: 'how long should sourdough starter ferment overnight',
        documents,
        ranker,
      });
      expect(result.hits).toEqual([]);
      expect(result.text).toBe('');
      expect(result.candidates.every((candidate) => candidate.reason.startsWith('below-'))).toBe(true);
    }
  });

  it('ranks with TF-IDF on request, against its own pinned floor', async () => {
    const result = await retrieve({ query: 'rotate payment provider keys', documents, ranker: 'tfidf' });
    expect(result.ranker).toBe('tfidf');
    expect(result.calibration).toEqual({ floor: 0.1, margin: 0.09, source: 'pinned' });
    expect(result.hits[0]!.path).toBe('notes/api-keys.md');
  });

  it('lets minScore override the calibrated threshold', async () => {
    const result = await retrieve({
      query: 'invoice',
      documents,
      minScore: -1,
      maxHits: 100,
      maxBytes: 100_000,
    });
    expect(result.threshold.source).toBe('min-score');
    expect(result.hits).toHaveLength(result.candidates.length);
    expect(result.candidates.every((candidate) => candidate.reason === 'above-threshold')).toBe(true);
  });

  it('is byte-identical across runs and document order', async () => {
    const query = 'deploy to production';
    const first = await retrieve({ query, documents });
    const second = await retrieve({ query, documents: [...documents].reverse() });
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('respects the byte budget of the block', async () => {
    const result = await retrieve({
      query: 'invoice rounding migrations deploy flaky',
      documents,
      minScore: 0,
      maxBytes: 300,
    });
    expect(result.bytes).toBeLessThanOrEqual(300);
    expect(result.candidates.some((candidate) => candidate.reason === 'over-byte-budget')).toBe(true);
  });

  it('measures a floor for an embedder without a pinned one', async () => {
    const result = await retrieve({
      query: 'invoice rounding',
      documents,
      ranker: createHashingEmbedder({ dimension: 256 }),
    });
    expect(result.calibration.source).toBe('measured');
    expect(result.calibration.floor).toBeGreaterThan(0.2);
    expect(result.calibration.floor).toBeLessThan(0.4);
  });

  it('reports cache use and serves a second run from the cache', async () => {
    const cache = createDiskEmbeddingCache({ dir: mkdtempSync(join(tmpdir(), 'ctxkit-retrieve-')) });
    const cold = await retrieve({ query: 'flaky tests', documents, cache });
    const warm = await retrieve({ query: 'flaky tests', documents, cache });
    expect(cold.cache).toEqual({ hits: 0, misses: cold.candidates.length + 1 });
    expect(warm.cache).toEqual({ hits: cold.candidates.length + 1, misses: 0 });
    expect(warm.hits).toEqual(cold.hits);
    expect(warm.cacheProblem).toBeNull();
  });

  it('works uncached, with a notice, when the cache directory cannot be written', async () => {
    // A regular file where the cache directory should be: mkdir fails even for root.
    const blocked = join(mkdtempSync(join(tmpdir(), 'ctxkit-retrieve-')), 'file');
    writeFileSync(blocked, 'not a directory');
    const cache = createDiskEmbeddingCache({ dir: join(blocked, 'cache') });
    const uncached = await retrieve({ query: 'flaky tests', documents });
    const result = await retrieve({ query: 'flaky tests', documents, cache });
    expect(result.fallback).toBeNull();
    expect(result.ranker).toBe('hash-v1-384');
    expect(result.hits).toEqual(uncached.hits);
    expect(result.cacheProblem).toBe('embedding cache could not be written (ENOTDIR); working uncached');
  });

  it('injects nothing from an empty corpus, with either ranker, and judges a single chunk by the floor alone', async () => {
    for (const ranker of [undefined, 'tfidf' as const]) {
      const empty = await retrieve({ query: 'anything', documents: [], ranker });
      expect(empty).toMatchObject({ hits: [], candidates: [], dropped: 0, text: '', bytes: 0 });
      expect(empty.threshold.source).toBe('floor');
    }
    const single = [{ path: 'MEMORY.md', text: '# Invoices\n\nInvoice totals are rounded per line item.\n' }];
    const onTopic = await retrieve({ query: 'invoice totals rounded per line item', documents: single });
    expect(onTopic.threshold).toMatchObject({ baseline: null, source: 'floor' });
    expect(onTopic.hits).toHaveLength(1);
    const offTopic = await retrieve({ query: 'sourdough starter feeding schedule', documents: single });
    expect(offTopic.hits).toEqual([]);
  });

  it('accepts ready-made chunks', async () => {
    const result = await retrieve({
      query: 'tide tables for the harbour',
      chunks: [
        {
          path: 'x.md',
          startLine: 3,
          endLine: 3,
          headings: [],
          text: 'High and low water times are in the harbour tide tables.',
        },
      ],
    });
    expect(result.hits.map((hit) => hit.lines)).toEqual([[3, 3]]);
  });

  it('refuses limits, scores and chunk options that would silently switch a limit or the threshold off', async () => {
    const bad: [Partial<RetrieveOptions>, string][] = [
      [{ maxHits: Number.NaN }, 'retrieve: maxHits must be a whole number ≥ 0, found NaN'],
      [{ maxHits: 1.5 }, 'retrieve: maxHits must be a whole number ≥ 0, found 1.5'],
      [{ maxHits: -1 }, 'retrieve: maxHits must be a whole number ≥ 0, found -1'],
      [{ maxBytes: Number.NaN }, 'retrieve: maxBytes must be a whole number ≥ 0, found NaN'],
      [{ minScore: Number.NaN }, 'retrieve: minScore must be a finite number, found NaN'],
      [
        { calibration: { floor: Number.NaN, margin: 0.1 } },
        'retrieve: calibration.floor must be a finite number, found NaN',
      ],
      [
        { chunking: { maxChunkBytes: 0 } },
        'retrieve: chunking.maxChunkBytes must be a whole number ≥ 1, found 0',
      ],
      [
        { chunking: { maxChunkBytes: Number.NaN } },
        'retrieve: chunking.maxChunkBytes must be a whole number ≥ 1, found NaN',
      ],
      [
        { chunking: { maxChunkBytes: -5 } },
        'retrieve: chunking.maxChunkBytes must be a whole number ≥ 1, found -5',
      ],
      [
        { chunking: { minChunkBytes: Number.NaN } },
        'retrieve: chunking.minChunkBytes must be a whole number ≥ 0, found NaN',
      ],
      [
        { chunking: { format: 'html' as 'text' } },
        'retrieve: chunking.format must be "markdown" or "text", found the string "html"',
      ],
      [{ query: undefined as unknown as string }, 'retrieve: query must be a string, found undefined'],
      [
        { ranker: 'hash' as 'tfidf' },
        `retrieve: ranker must be 'tfidf' or an embedder, found the string "hash"`,
      ],
    ];
    for (const [options, message] of bad)
      await expect(retrieve({ query: 'invoice', documents, ...options })).rejects.toThrow(message);
  });

  it('keeps what 0 means: no hits, or no bytes, injected', async () => {
    for (const limit of [{ maxHits: 0 }, { maxBytes: 0 }]) {
      const result = await retrieve({
        query: 'why are invoice totals rounded per line item?',
        documents,
        ...limit,
      });
      expect(result.hits).toEqual([]);
      expect(result.text).toBe('');
    }
  });
});
