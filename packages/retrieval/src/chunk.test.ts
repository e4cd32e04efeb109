import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkDocument, chunkDocuments, chunkEmbeddingText } from './chunk.js';
import type { Chunk } from './types.js';

const memory = readFileSync(new URL('../test/__fixtures__/memory/MEMORY.md', import.meta.url), 'utf8');
const apiKeys = readFileSync(
  new URL('../test/__fixtures__/memory/notes/api-keys.md', import.meta.url),
  'utf8',
);
const meeting = readFileSync(
  new URL('../test/__fixtures__/memory/notes/meeting-2024-05.txt', import.meta.url),
  'utf8',
);

function summary(chunks: Chunk[]): string[] {
  return chunks.map((chunk) => `${chunk.startLine}-${chunk.endLine} ${chunk.headings.join(' > ')}`);
}

function expectExactLines(text: string, chunks: Chunk[]): void {
  const lines = text.split(/\r?\n/);
  for (const chunk of chunks)
    expect(chunk.text).toBe(lines.slice(chunk.startLine - 1, chunk.endLine).join('\n'));
}

describe('chunkDocument: markdown', () => {
  it('splits at headings, keeps front matter with the preamble and ignores headings inside fences', () => {
    const chunks = chunkDocument({ path: 'MEMORY.md', text: memory });
    expect(summary(chunks)).toEqual([
      '1-3 ',
      '5-7 Billing service memory',
      '9-13 Billing service memory > Database migrations',
      '15-19 Billing service memory > Invoice rounding',
      '21-25 Billing service memory > Flaky tests',
      '27-35 Billing service memory > Deployment',
    ]);
    expectExactLines(memory, chunks);
    expect(chunks.every((chunk) => chunk.path === 'MEMORY.md')).toBe(true);
  });

  it('keeps a title heading only when it has text of its own', () => {
    const text = '# Title\n\n## First\nbody one\n## Second\nbody two\n';
    expect(summary(chunkDocument({ path: 'a.md', text }))).toEqual([
      '3-4 Title > First',
      '5-6 Title > Second',
    ]);
  });

  it('recognises setext headings', () => {
    const chunks = chunkDocument({ path: 'notes/api-keys.md', text: apiKeys });
    expect(summary(chunks)).toEqual(['1-5 API keys', '7-11 API keys > Setext heading style']);
    expectExactLines(apiKeys, chunks);
  });

  it('splits an oversized section at blank lines and keeps its headings on every piece', () => {
    const paragraph = (word: string) => `${word} `.repeat(30).trim();
    const text = ['# Big', '', paragraph('alpha'), '', paragraph('beta'), '', paragraph('gamma')].join('\n');
    const chunks = chunkDocument({ path: 'big.md', text }, { maxChunkBytes: 400 });
    expect(summary(chunks)).toEqual(['1-5 Big', '7-7 Big']);
    expectExactLines(text, chunks);
    expect(chunkEmbeddingText(chunks[1]!)).toBe(`Big\n${paragraph('gamma')}`);
    expect(chunkEmbeddingText(chunks[0]!)).toBe(chunks[0]!.text);
  });

  it('cuts a single paragraph larger than the limit at line boundaries', () => {
    const text = Array.from({ length: 20 }, (_, index) => `line ${index} ${'x'.repeat(40)}`).join('\n');
    const chunks = chunkDocument({ path: 'wall.md', text }, { maxChunkBytes: 200 });
    expect(chunks.length).toBeGreaterThan(4);
    expectExactLines(text, chunks);
    for (const chunk of chunks) expect(Buffer.byteLength(chunk.text)).toBeLessThanOrEqual(200);
  });

  it('handles CRLF line endings', () => {
    const text = '# One\r\nfirst\r\n# Two\r\nsecond\r\n';
    const chunks = chunkDocument({ path: 'crlf.md', text });
    expect(chunks.map((chunk) => [chunk.startLine, chunk.endLine, chunk.text])).toEqual([
      [1, 2, '# One\nfirst'],
      [3, 4, '# Two\nsecond'],
    ]);
  });
});

describe('chunkDocument: unstructured text', () => {
  it('chunks by paragraph and joins a short title line to the paragraph after it', () => {
    const chunks = chunkDocument({ path: 'meeting.txt', text: meeting });
    expect(summary(chunks)).toEqual(['1-4 ', '6-7 ', '9-9 ']);
    expectExactLines(meeting, chunks);
  });

  it('treats markdown-looking text as text when the path says so, and the reverse on request', () => {
    const text =
      '# not a heading here\nbody\n\nsecond paragraph that is long enough to stand on its own, really.';
    expect(chunkDocument({ path: 'x.txt', text }).every((chunk) => chunk.headings.length === 0)).toBe(true);
    expect(chunkDocument({ path: 'x.txt', text }, { format: 'markdown' })[0]!.headings).toEqual([
      'not a heading here',
    ]);
  });

  it('returns nothing for an empty or blank document', () => {
    expect(chunkDocument({ path: 'empty.md', text: '' })).toEqual([]);
    expect(chunkDocument({ path: 'blank.txt', text: '\n\n  \n' })).toEqual([]);
  });
});

describe('chunkDocument: options', () => {
  const document = { path: 'notes.md', text: '# A\n\none\n\ntwo\n' };

  it('refuses sizes that would split markdown and text differently, and unknown formats', () => {
    for (const maxChunkBytes of [0, Number.NaN, -5, 1.5])
      expect(() => chunkDocument(document, { maxChunkBytes })).toThrow(
        new RangeError(`chunkDocument: maxChunkBytes must be a whole number ≥ 1, found ${maxChunkBytes}`),
      );
    expect(() => chunkDocuments([document], { minChunkBytes: Number.NaN })).toThrow(
      'chunkDocuments: minChunkBytes must be a whole number ≥ 0, found NaN',
    );
    expect(() => chunkDocument(document, { format: 'html' as 'text' })).toThrow(
      new TypeError('chunkDocument: format must be "markdown" or "text", found the string "html"'),
    );
  });

  it('still splits every paragraph apart at the smallest size', () => {
    expect(summary(chunkDocument(document, { maxChunkBytes: 1, minChunkBytes: 0 }))).toEqual([
      '3-3 A',
      '5-5 A',
    ]);
  });
});

describe('chunkDocument: invariants', () => {
  const line = fc.oneof(
    fc.constantFrom('', '', '# Heading', '## Sub heading', '```', '~~~', '---', '===', 'Title line'),
    fc.string({ maxLength: 60 }).map((text) => text.replace(/[\r\n]/g, ' ')),
  );
  const document = fc.array(line, { maxLength: 60 }).map((lines) => lines.join('\n'));

  it('every chunk is an exact, ordered, non-overlapping, non-blank range of the source', () => {
    fc.assert(
      fc.property(
        document,
        fc.constantFrom('notes.md', 'notes.txt'),
        fc.integer({ min: 40, max: 3000 }),
        (text, path, max) => {
          const chunks = chunkDocument({ path, text }, { maxChunkBytes: max });
          expectExactLines(text, chunks);
          let previousEnd = 0;
          for (const chunk of chunks) {
            expect(chunk.startLine).toBeGreaterThan(previousEnd);
            expect(chunk.endLine).toBeGreaterThanOrEqual(chunk.startLine);
            expect(chunk.text.trim()).not.toBe('');
            previousEnd = chunk.endLine;
          }
          expect(chunkDocument({ path, text }, { maxChunkBytes: max })).toEqual(chunks);
        },
      ),
      { numRuns: 500 },
    );
  });
});
