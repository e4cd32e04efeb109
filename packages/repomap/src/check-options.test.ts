import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRenderableRepoMap, buildRepoMap, mapBudget } from './repo-map.js';
import { listDefinitions, scanRepository } from './scan-repository.js';

const root = mkdtempSync(join(tmpdir(), 'ctxkit-repomap-options-'));
writeFileSync(join(root, 'a.ts'), 'export function alpha(): number {\n  return 1;\n}\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('build options', () => {
  it('refuses budgets and limits that would silently map nothing or lift the limit', async () => {
    for (const tokens of [Number.NaN, -5, Number.POSITIVE_INFINITY]) {
      await expect(buildRepoMap({ root, tokens, cache: false })).rejects.toThrow(
        /^buildRepoMap: tokens must be a finite number ≥ 0, found/,
      );
    }
    await expect(buildRepoMap({ root, maxFileBytes: Number.NaN, cache: false })).rejects.toThrow(
      'buildRepoMap: maxFileBytes must be a finite number ≥ 1, found NaN',
    );
    expect(() => mapBudget(100, Number.NaN)).toThrow(
      'mapBudget: filesInPrompt must be a finite number ≥ 0, found NaN',
    );
    const built = await buildRenderableRepoMap({ root, cache: false });
    expect(() => built.render({ tokens: Number.NaN })).toThrow(
      'render: tokens must be a finite number ≥ 0, found NaN',
    );
  });

  it('names an option of the wrong type instead of failing inside', async () => {
    const wrong = [
      [{ focus: 'a.ts' }, 'buildRepoMap: focus must be an array of strings, found the string "a.ts"'],
      [{ ignore: 'lib' }, 'buildRepoMap: ignore must be an array of strings, found the string "lib"'],
      [{ query: 5 }, 'buildRepoMap: query must be text, found 5'],
      [
        { backgroundWalk: 'sometimes' },
        'buildRepoMap: backgroundWalk must be one of auto, always, never, found the string "sometimes"',
      ],
      [{ cache: 'yes' }, 'buildRepoMap: cache must be false or { dir?: string }, found the string "yes"'],
      [
        { cache: { memory: {} } },
        'buildRepoMap: cache.memory must be a memory from createScanCacheMemory(), found an object',
      ],
    ] as const;
    for (const [options, message] of wrong) {
      await expect(buildRepoMap({ root, ...(options as object) } as never)).rejects.toThrow(message);
    }
    await expect(buildRepoMap({ root: '' })).rejects.toThrow(
      'buildRepoMap: root must be the path of a directory, found the string ""',
    );
    await expect(scanRepository({ root, ignore: 'x' as never })).rejects.toThrow(
      /^scanRepository: ignore must be/,
    );
    await expect(listDefinitions({ root, maxFileBytes: -1 })).rejects.toThrow(
      /^listDefinitions: maxFileBytes must be/,
    );
  });
});

describe('rankingPolicy', () => {
  const tree = mkdtempSync(join(tmpdir(), 'ctxkit-repomap-policy-'));
  // One file defines the name the task spells; another only shares the task's vocabulary.
  writeFileSync(join(tree, 'definer.ts'), 'export function parseRetryHeader(): number {\n  return 1;\n}\n');
  writeFileSync(
    join(tree, 'words.ts'),
    'export function backoff(): void {}\n// retry header parse retry header parse retry header parse\nexport const retry = 1;\nexport const header = 2;\n',
  );
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const query = 'parseRetryHeader returns the wrong retry header value';

  it('turns a seed signal off for an ablation, and changes nothing without overrides', async () => {
    const plain = await buildRepoMap({ root: tree, query, cache: false });
    const same = await buildRepoMap({ root: tree, query, cache: false, rankingPolicy: {} });
    expect(same.ranking).toEqual(plain.ranking);
    const withoutDefinitions = await buildRepoMap({
      root: tree,
      query,
      cache: false,
      rankingPolicy: { shares: { definition: 0 } },
    });
    // The definition signal's restart mass is gone: the scores move.
    expect(withoutDefinitions.ranking).not.toEqual(plain.ranking);
  });

  it('says why the task pointed at a file', async () => {
    const result = await buildRepoMap({ root: tree, query, cache: false });
    const reasonsOf = (path: string) => result.ranking.find((entry) => entry.path === path)?.reasons;
    expect(reasonsOf('definer.ts')).toContain('definition');
    expect(reasonsOf('words.ts')).toContain('vocabulary');
    const unseeded = await buildRepoMap({ root: tree, cache: false });
    expect(unseeded.ranking.every((entry) => entry.reasons === undefined)).toBe(true);
  });

  it('refuses an override that is not a finite number ≥ 0', async () => {
    await expect(
      buildRepoMap({
        root: tree,
        query,
        cache: false,
        rankingPolicy: { shares: { vocabulary: Number.NaN } },
      }),
    ).rejects.toThrow('buildRepoMap: rankingPolicy.shares.vocabulary must be a finite number ≥ 0, found NaN');
    await expect(
      buildRepoMap({ root: tree, query, cache: false, rankingPolicy: { callerShare: -1 } }),
    ).rejects.toThrow('buildRepoMap: rankingPolicy.callerShare must be a finite number ≥ 0, found -1');
  });
});
