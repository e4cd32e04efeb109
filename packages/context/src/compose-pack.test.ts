import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeBudget } from './budget.js';
import { composePack, planPack, type RepoMapInput, selectExcerptFiles } from './compose-pack.js';
import { resolveProfile } from './profiles.js';

const tokenizer = createTokenizer({ encoding: 'cl100k_base' });
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');
const files = [
  { path: 'app/tokenizer.py', text: fixture('tokenizer.py') },
  { path: 'web/server.ts', text: fixture('server.ts') },
];
const repoMap: RepoMapInput = {
  map: 'app/tokenizer.py\n  class Tokenizer\n  def parse_header(line)\nweb/server.ts\n  class RequestRouter',
  ranking: [
    { path: 'web/server.ts', score: 0.4 },
    { path: 'app/tokenizer.py', score: 0.6 },
  ],
  symbols: [
    { path: 'app/tokenizer.py', name: 'Tokenizer', kind: 'class', line: 15, signature: 'class Tokenizer:' },
    {
      path: 'app/tokenizer.py',
      name: 'parse_header',
      kind: 'function',
      line: 37,
      signature: 'def parse_header(line: str) -> dict[str, str]:',
    },
    {
      path: 'web/server.ts',
      name: 'RequestRouter',
      kind: 'class',
      line: 8,
      signature: 'export class RequestRouter',
    },
  ],
};
const task = 'parse_header should reject header names with spaces; RequestRouter must not change.';

describe('composePack', () => {
  it('composes instructions, skills, map and ranked excerpts (golden)', async () => {
    const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile });
    const pack = composePack({
      task,
      budget,
      tokenizer,
      instructions: { text: '# Rules\nRun `pytest` before committing.' },
      skills: { text: 'python-style: PEP 8, type hints everywhere' },
      repoMap,
      files,
    });
    await expect(pack.text).toMatchFileSnapshot('__goldens__/compose-implement.txt');
    expect(pack.excerpts.map((excerpt) => excerpt.path)).toEqual(['app/tokenizer.py', 'web/server.ts']);
    expect(pack.budget.used).toBe(tokenizer.count(pack.text));
  });

  it('leaves the files it shows out of the map when it can render the map again', () => {
    const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile });
    const excluded: (readonly string[])[] = [];
    const pack = composePack({
      task,
      budget,
      tokenizer,
      repoMap: {
        ...repoMap,
        render: ({ filesInPrompt }) => {
          excluded.push(filesInPrompt);
          return { map: 'lib/other.py\n  def unrelated()', tokens: 9, budget: 100 };
        },
      },
      files,
    });
    expect(excluded).toEqual([['app/tokenizer.py', 'web/server.ts']]);
    // The re-render the pack holds comes back, for the caller's report of the map it used.
    expect(pack.rerenderedMap).toEqual({ map: 'lib/other.py\n  def unrelated()', tokens: 9, budget: 100 });
    const mapSection = pack.sections.find((section) => section.kind === 'repo-map');
    expect(mapSection).toBeDefined();
    expect(pack.text).toContain('lib/other.py');
    expect(pack.text).not.toContain('class RequestRouter\n');
    expect(pack.budget.used).toBe(tokenizer.count(pack.text));
  });

  it('reads definitions per file when the map offers them, like the symbol list', () => {
    const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile, role: 'explore' });
    const bySymbols = composePack({ task, budget, tokenizer, repoMap, files });
    const { symbols, ...rest } = repoMap;
    const byFile = composePack({
      task,
      budget,
      tokenizer,
      repoMap: { ...rest, definitionsOf: (path) => symbols!.filter((symbol) => symbol.path === path) },
      files,
    });
    expect(byFile.text).toBe(bySymbols.text);
  });

  it('gives identifier-only roles signatures', async () => {
    const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile, role: 'explore' });
    const pack = composePack({ task, budget, tokenizer, repoMap, files });
    await expect(pack.text).toMatchFileSnapshot('__goldens__/compose-explore.txt');
    expect(pack.excerpts.every((excerpt) => excerpt.mode === 'signatures')).toBe(true);
  });

  it('gives at most half the pack to a task that pastes a long log, so the files still fit', () => {
    const budget = {
      ...computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile }),
      available: 1200,
    };
    const log = Array.from({ length: 600 }, (_, index) => `INFO worker ${index}: header accepted`).join('\n');
    const longTask = `${task}\nLog:\n${log}\nparse_header raised ValueError at the end.`;
    const pack = composePack({ task: longTask, budget, tokenizer, repoMap, files });
    const taskSection = pack.sections.find((section) => section.kind === 'task')!;
    expect(taskSection.tokens).toBeLessThanOrEqual(planPack(budget).taskTokens);
    expect(taskSection.items[0]!.truncated).toBe(true);
    expect(pack.text).toContain(`<task>\n${task}\nLog:\n`);
    expect(pack.text).toMatch(/\nparse_header raised ValueError at the end\.\n<\/task>\n$/);
    // The excerpts still read the whole task: parse_header's body is shown.
    expect(pack.excerpts[0]!.path).toBe('app/tokenizer.py');
    expect(pack.excerpts[0]!.spans.some((span) => span.start <= 37 && span.end >= 37)).toBe(true);
    expect(pack.budget.used).toBeLessThanOrEqual(1200);
  });

  it('does not depend on the order files and ranking arrive in', () => {
    const budget = computeBudget({ profile: resolveProfile('phi3:mini').profile });
    const reference = composePack({ task, budget, tokenizer, repoMap, files });
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (reverseFiles, reverseRanking) => {
        const pack = composePack({
          task,
          budget,
          tokenizer,
          repoMap: { ...repoMap, ranking: reverseRanking ? [...repoMap.ranking].reverse() : repoMap.ranking },
          files: reverseFiles ? [...files].reverse() : files,
        });
        expect(pack.text).toBe(reference.text);
      }),
    );
  });
});

describe('planPack', () => {
  it('splits a budget into map size, per-file cap, file count and the task cap', () => {
    expect(planPack({ available: 26_044 })).toEqual({
      repoMapTokens: 3906,
      excerptTokens: 5208,
      maxFiles: 40,
      taskTokens: 13_022,
    });
    expect(planPack({ available: 13_000 }).maxFiles).toBe(20);
    expect(planPack({ available: 110_000 }).maxFiles).toBe(40);
    expect(planPack({ available: 1_000 })).toEqual({
      repoMapTokens: 150,
      excerptTokens: 200,
      maxFiles: 6,
      taskTokens: 500,
    });
    expect(planPack({ available: 0 }).taskTokens).toBe(1);
  });

  it('selects the top of the ranking by score, then path', () => {
    expect(
      selectExcerptFiles(
        [
          { path: 'b', score: 1 },
          { path: 'a', score: 1 },
          { path: 'c', score: 2 },
        ],
        2,
      ),
    ).toEqual(['c', 'a']);
  });
});
