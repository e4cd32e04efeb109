import { describe, expect, it } from 'vitest';
import { renderHit, renderRetrievedBlock } from './render.js';

describe('renderRetrievedBlock', () => {
  it('shows a path with control characters escaped, an ordinary one as it is', () => {
    const hit = { lines: [3, 4] as [number, number], score: 0.5, text: 'body', truncated: false };
    expect(renderHit({ ...hit, path: 'docs/ctl\nname\x01\x1b[31mred.md' })).toBe(
      '\n### docs/ctl\\nname\\x01\\x1b[31mred.md:3-4 (score 0.500)\nbody\n',
    );
    expect(renderRetrievedBlock([{ ...hit, path: 'docs\\plain.md' }])).toBe(
      '## Retrieved prior knowledge\n\n### docs\\plain.md:3-4 (score 0.500)\nbody\n',
    );
  });
});
