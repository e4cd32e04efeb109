import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './query.js';
import { rankFiles, scoreSymbols } from './rank.js';
import type { FileScan } from './scan-file.js';
import { indexScans } from './tree-index.js';
import type { DefinitionKind } from './types.js';

// Names that match task words exactly, by case, by subword or not at all, used as definitions,
// scopes and references, so every branch of the match strength and of the scope bonus occurs.
const POOL = [
  'Session',
  'session',
  'upload_session',
  'UploadRetry',
  'retry',
  'Parser',
  'parse',
  'zeta',
  'Storage',
];
const KINDS: DefinitionKind[] = ['class', 'function', 'method', 'field', 'constant', 'variable', 'property'];

const scanArbitrary: fc.Arbitrary<FileScan> = fc
  .record({
    defined: fc.array(
      fc.record({
        name: fc.constantFrom(...POOL),
        kind: fc.constantFrom(...KINDS),
        scope: fc.option(fc.constantFrom(...POOL), { nil: undefined }),
      }),
      { maxLength: 6 },
    ),
    referenced: fc.dictionary(fc.constantFrom(...POOL), fc.integer({ min: 1, max: 40 })),
  })
  .map(({ defined, referenced }) => {
    const names = Object.keys(referenced).sort();
    return {
      definitions: defined.map((definition, i) => ({
        name: definition.name,
        kind: definition.kind,
        line: i + 1,
        signature: definition.name,
        ...(definition.scope ? { scope: definition.scope } : {}),
      })),
      references: { names, counts: names.map((name) => referenced[name]!) },
    };
  });

describe('symbol score bounds', () => {
  it('are never below a score of their file, so selection can stop at them', () => {
    fc.assert(
      fc.property(
        fc.array(scanArbitrary, { minLength: 1, maxLength: 40 }),
        fc.constantFrom(
          '',
          'retry the upload session',
          'fix `Session.retry` in the parser',
          'Storage UploadRetry should parse zeta',
          'SESSION',
        ),
        (scans, task) => {
          const index = indexScans(
            scans.map((scan, i) => ({ path: `src/f${String(i).padStart(2, '0')}.py`, scan })),
          );
          const query = task ? analyzeQuery(task) : undefined;
          const ranking = rankFiles({ index, ...(query ? { query } : {}) });
          const scored = scoreSymbols(index, ranking, query);
          const scores = scored.scoreAll();
          for (let file = 0; file < index.paths.length; file++) {
            for (let position = scored.fileStart[file]!; position < scored.fileStart[file + 1]!; position++) {
              expect(scores[position]!).toBeLessThanOrEqual(scored.bounds[file]!);
            }
          }
          const withSymbols = index.paths
            .map((_, file) => file)
            .filter((file) => scored.fileStart[file + 1]! > scored.fileStart[file]!);
          expect([...scored.filesByBound].sort((left, right) => left - right)).toEqual(withSymbols);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
