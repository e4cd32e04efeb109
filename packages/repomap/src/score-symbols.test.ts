import { describe, expect, it } from 'vitest';
import { analyzeQuery } from './query.js';
import { rankFiles } from './rank-files.js';
import type { FileScan } from './scan-file.js';
import { scoreSymbols } from './score-symbols.js';
import { indexScans } from './tree-index.js';
import type { Definition } from './types.js';

function scan(definitions: Definition[], references: Record<string, number> = {}): FileScan {
  const names = Object.keys(references).sort();
  return { definitions, references: { names, counts: names.map((name) => references[name]!) } };
}

describe('symbol scores', () => {
  const members = indexScans([
    {
      path: 'src/options.ts',
      scan: scan(
        [
          { name: 'Options', kind: 'interface', line: 1, signature: 'interface Options' },
          { name: 'path', kind: 'property', line: 2, signature: 'path: string', scope: 'Options' },
          { name: 'parseOptions', kind: 'function', line: 5, signature: 'function parseOptions()' },
        ],
        { path: 3, parseOptions: 3 },
      ),
    },
  ]);
  const scoreOf = (text: string, name: string) => {
    const query = analyzeQuery(text);
    const scored = scoreSymbols(members, rankFiles({ index: members, query }), query);
    const scores = scored.scoreAll();
    return scores[members.defName.findIndex((id) => members.names[id] === name)]!;
  };

  it('give a field no credit for an ordinary word of the task', () => {
    expect(scoreOf('the path is printed twice', 'path')).toBe(scoreOf('nothing related', 'path'));
  });

  it('credit a field the task spells as code, and a function for a prose word', () => {
    expect(scoreOf('the `path` is printed twice', 'path')).toBeGreaterThan(
      scoreOf('nothing related', 'path'),
    );
    expect(scoreOf('parse options twice', 'parseOptions')).toBeGreaterThan(
      scoreOf('nothing related', 'parseOptions'),
    );
  });
});
