import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteLength, renderBodyMarker, splitBodySections, truncateBody } from './truncate-body.js';

/**
 * The section-boundary search as first written: every section count from the most, joining the
 * kept text each time — quadratic in the body's size (minutes for a 4 MB body with 20000
 * headings). truncateBody must make exactly the same choice.
 */
function referenceSectionCut(name: string, text: string, maxBytes: number): string | undefined {
  const sections = splitBodySections(text);
  for (let count = sections.length - 1; count >= 1; count -= 1) {
    const kept = sections
      .slice(0, count)
      .map((section) => section.text)
      .join('');
    const candidate = kept + renderBodyMarker(name, sections.slice(count));
    if (byteLength(candidate) <= maxBytes) return candidate;
  }
  return undefined;
}

const section = fc
  .tuple(fc.constantFrom('#', '##', '###'), fc.string({ maxLength: 30 }), fc.string({ maxLength: 300 }))
  .map(
    ([marks, heading, text]) =>
      `${marks} ${heading.replace(/[\s`~#]/g, 'x')}\n${text.replace(/[`~#]/g, '-')}\n`,
  );

describe('truncateBody', () => {
  it('cuts at the same section boundary as the exhaustive search, within the cap', () => {
    fc.assert(
      fc.property(
        fc.array(section, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 100, max: 5000 }),
        (sections, maxBytes) => {
          const body = sections.join('');
          const result = truncateBody('s', body, maxBytes);
          if (byteLength(body) <= maxBytes) {
            expect(result).toEqual({ text: body, truncated: false });
            return;
          }
          const expected = referenceSectionCut('s', body, maxBytes);
          if (expected !== undefined) expect(result).toEqual({ text: expected, truncated: true });
          else expect(result.truncated).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
