import { describe, expect, it } from 'vitest';
import { acceptDocumentCompaction, extractPathTokens } from './document-gate.js';

const original = [
  '# Context',
  'The API lives in src/server/api.ts and is tested by test/api.test.ts.',
  'Config is read from config/default.json; see docs/setup.md for the environment.',
  'Decision: we keep the v1 routes until 2.0 because mobile clients pin them.',
  ...Array.from(
    { length: 12 },
    (_, index) => `Note ${index}: background that can be compressed away safely.`,
  ),
].join('\n');

describe('acceptDocumentCompaction', () => {
  it('accepts a shorter document that keeps the paths', () => {
    const candidate =
      'API: src/server/api.ts, tests test/api.test.ts. Config: config/default.json, docs/setup.md. Keep v1 routes until 2.0 (mobile clients).';
    const verdict = acceptDocumentCompaction(original, candidate);
    expect(verdict).toMatchObject({ accepted: true, reasons: [], pathRetention: 1, missingPaths: [] });
  });

  it('rejects a chat preamble', () => {
    const verdict = acceptDocumentCompaction(
      original,
      `Sure! Here is the compressed context:\n${original.slice(0, 400)}`,
    );
    expect(verdict.accepted).toBe(false);
    expect(verdict.reasons.join()).toContain('preamble');
  });

  it('rejects three bullets for a long document, and a document that lost its paths', () => {
    const verdict = acceptDocumentCompaction(original, '- api\n- config\n- routes');
    expect(verdict.accepted).toBe(false);
    expect(verdict.reasons).toHaveLength(2);
    expect(verdict.missingPaths).toEqual([
      'config/default.json',
      'docs/setup.md',
      'src/server/api.ts',
      'test/api.test.ts',
    ]);
  });

  it('rejects a candidate that is not shorter', () => {
    expect(acceptDocumentCompaction(original, original).reasons[0]).toContain('not compacted');
  });

  it('finds path-like tokens but not version numbers', () => {
    expect(extractPathTokens('see src/a.ts:12, README.md and v1.2 or 3.14')).toEqual([
      'README.md',
      'src/a.ts:12',
    ]);
  });
});
