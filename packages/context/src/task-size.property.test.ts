import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerptFile } from './excerpt.js';
import { extractIdentifiers, MAX_IDENTIFIER_LENGTH } from './identifiers.js';

const MEGABYTE = 1024 * 1024;
const SOURCE = 'export function parseConfig(text: string) {\n  return loadConfig(text);\n}\n';

/** Task text of up to 1 MB from repeated fragments, including single words of a megabyte. */
const fragment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.constantFrom('deadbeef', 'x', '_', '$', '`', '.', '/', 'parseConfig', ' ', '\n'),
);
const word = fc
  .tuple(fragment, fc.integer({ min: 1, max: MEGABYTE }))
  .map(([piece, times]) => piece.repeat(Math.max(1, Math.floor(times / piece.length))).slice(0, MEGABYTE));
const task = fc.oneof(
  word,
  fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' ').slice(0, MEGABYTE)),
);

describe('tasks of any size', () => {
  it('never throw when excerpting, and name no identifier longer than the limit', () => {
    fc.assert(
      fc.property(task, (query) => {
        for (const identifier of extractIdentifiers(query))
          expect(identifier.name.length).toBeLessThanOrEqual(MAX_IDENTIFIER_LENGTH);
        excerptFile({ path: 'a.ts', text: SOURCE, query });
      }),
      { numRuns: 40 },
    );
  });

  it('finds the same lines with more identifiers than one pattern can hold', () => {
    const many = Array.from({ length: 20_000 }, (_, index) => `name${index}Padding`);
    const few = excerptFile({ path: 'a.ts', text: SOURCE, identifiers: ['loadConfig'] });
    const crowded = excerptFile({ path: 'a.ts', text: SOURCE, identifiers: [...many, 'loadConfig'] });
    expect(crowded.text).toBe(few.text);
    expect(crowded.text).toContain('loadConfig(text)');
    // A caller's identifier of a megabyte is data, not a name: it matches nothing, and does not throw.
    expect(() =>
      excerptFile({
        path: 'a.ts',
        text: SOURCE,
        identifiers: [{ name: 'q'.repeat(MEGABYTE), strong: true }],
      }),
    ).not.toThrow();
  });
});
