import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandClaudeImports, MAX_IMPORT_DEPTH } from './claude-imports.js';

describe('expandClaudeImports', () => {
  it('terminates on any import graph, cycles included, and expands each file at most once per chain', async () => {
    const graph = fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), {
      minLength: 6,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(graph, async (edges) => {
        const files = new Map(
          edges.map((targets, index) => [
            `docs/f${index}.md`,
            [`text ${index}`, ...targets.map((target) => `@f${target}.md`)].join('\n'),
          ]),
        );
        let reads = 0;
        const result = await expandClaudeImports('CLAUDE.md', '@docs/f0.md\n', {
          loaded: new Set(['CLAUDE.md']),
          read: async (path) => {
            reads += 1;
            return files.get(path);
          },
        });
        // Without cycle protection a self-import would recurse forever; with it the work is bounded.
        expect(reads).toBeLessThanOrEqual(3 ** (MAX_IMPORT_DEPTH + 1));
        expect(result.text.startsWith('text 0')).toBe(true);
        for (const problem of result.problems) expect(problem.message).toMatch(/imports deep; left as text$/);
      }),
      { numRuns: 200 },
    );
  });

  it('reports an unreadable import and keeps its line', async () => {
    const result = await expandClaudeImports('CLAUDE.md', 'a\n@secret.md\n', {
      loaded: new Set(),
      read: async () => ({ error: 'permission denied' }),
    });
    expect(result).toEqual({
      text: 'a\n@secret.md\n',
      problems: [
        { path: 'CLAUDE.md', line: 2, message: 'cannot read import @secret.md (permission denied)' },
      ],
    });
  });
});
