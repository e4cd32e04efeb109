import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeJsonArrayStreamed, writeJsonStreamed } from './io.js';

/** A stdout that keeps what is written and asks the writer to wait now and then. */
function capture(): { stream: NodeJS.WritableStream; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    highWaterMark: 64,
    write(chunk, _encoding, callback) {
      chunks.push(String(chunk));
      setImmediate(callback);
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('writeJsonStreamed', () => {
  it('writes what JSON.stringify(document, null, 2) writes, streamed arrays included', async () => {
    const entry = fc.jsonValue({ maxDepth: 3 });
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.option(entry, { nil: undefined }), { maxKeys: 5 }),
        fc.array(entry, { maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        async (document, items, key) => {
          const full = { ...document, [key]: items };
          const out = capture();
          await writeJsonStreamed({ stdout: out.stream }, { ...full, [key]: null }, { [key]: items });
          expect(out.text()).toBe(`${JSON.stringify(full, null, 2)}\n`);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('writeJsonArrayStreamed', () => {
  it('writes what JSON.stringify(array, null, 2) writes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }), { maxLength: 8 }),
        async (items) => {
          const out = capture();
          await writeJsonArrayStreamed({ stdout: out.stream }, items);
          expect(out.text()).toBe(`${JSON.stringify(items, null, 2)}\n`);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
