import { describe, expect, it } from 'vitest';
import { analyzeQuery } from '../query.js';
import { rankFiles } from '../rank-files.js';
import type { FileScan } from '../scan-file.js';
import { indexScans } from '../tree-index.js';
import type { Definition } from '../types.js';

function scan(definitions: Definition[], references: Record<string, number> = {}): FileScan {
  const names = Object.keys(references).sort();
  return { definitions, references: { names, counts: names.map((name) => references[name]!) } };
}

const index = indexScans([
  // `max` is only a field here, as it is of countless types.
  {
    path: 'src/stats.ts',
    scan: scan([{ name: 'max', kind: 'property', line: 3, signature: 'max: number' }]),
  },
  {
    path: 'src/limits.ts',
    scan: scan([{ name: 'clampMax', kind: 'function', line: 1, signature: 'function clampMax()' }], {
      max: 2,
    }),
  },
  {
    path: 'src/render.ts',
    scan: scan([{ name: 'render', kind: 'function', line: 1, signature: 'function render()' }]),
  },
]);
const definitionSeeds = (text: string) => {
  const ranking = rankFiles({ index, query: analyzeQuery(text) });
  return [...ranking.signals.definition.keys()].map((file) => index.paths[file]);
};

describe('definition seeds', () => {
  it('ignore a prose word that only names a member', () => {
    expect(definitionSeeds('add a max option to the command')).toEqual([]);
  });

  it('follow a member name written as code', () => {
    expect(definitionSeeds('the `max` field is wrong')).toEqual(['src/stats.ts']);
  });

  it('ignore a prose word that names a function', () => {
    expect(definitionSeeds('the render step hangs')).toEqual([]);
  });

  it('follow a function named as code, by marking or by spelling', () => {
    expect(definitionSeeds('`render` hangs')).toEqual(['src/render.ts']);
    expect(definitionSeeds('clampMax returns the wrong bound')).toEqual(['src/limits.ts']);
  });
});
