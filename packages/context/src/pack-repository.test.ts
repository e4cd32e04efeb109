import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBudget } from './budget.js';
import { packRepository } from './pack-repository.js';
import { resolveProfile } from './profiles.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');
const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile });
const task = 'parse_header should reject header names with spaces';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ctxkit-pack-repository-'));
  const tree: Record<string, string> = {
    'app/tokenizer.py': fixture('tokenizer.py'),
    'web/server.ts': fixture('server.ts'),
    'AGENTS.md': '# Rules\n\n- Keep parsers pure.\n',
    '.agents/skills/http-headers/SKILL.md':
      '---\nname: http-headers\ndescription: Parsing and validating HTTP header names and values\n---\n\nCheck RFC 9110 token rules.\n',
  };
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('packRepository', () => {
  it('maps, reads the top files, loads instructions and skills, and composes under the budget', async () => {
    const result = await packRepository({ root, task, budget, tokenizer, cache: false });
    expect(result.considered[0]).toBe('app/tokenizer.py');
    expect(result.instructions.files.map((file) => file.path)).toEqual(['AGENTS.md']);
    expect(result.skills.discovered.skills.map((skill) => skill.name)).toEqual(['http-headers']);
    expect(result.pack.text).toContain('<file path="app/tokenizer.py"');
    expect(result.pack.text).toContain('def parse_header');
    expect(result.pack.text).toContain('Keep parsers pure.');
    expect(result.pack.budget.used).toBeLessThanOrEqual(budget.available);
    // The map the pack holds yields to the files it shows, and its size is the one reported.
    expect(result.shownMap.tokens).toBeLessThanOrEqual(result.shownMap.budget);
    expect(result.pack.excerpts.map((excerpt) => excerpt.path)).toEqual(result.considered);
  });

  it('gives the same bytes for the same inputs', async () => {
    const first = await packRepository({ root, task, budget, tokenizer, cache: false });
    const second = await packRepository({ root, task, budget, tokenizer, cache: false });
    expect(second.pack.text).toBe(first.pack.text);
  });

  it('passes configured instruction files and skill roots through', async () => {
    writeFileSync(join(root, 'CONTRIBUTING.md'), '# Contributing\n\nRun the tests first.\n');
    const result = await packRepository({
      root,
      task,
      budget,
      tokenizer,
      cache: false,
      instructions: { files: ['CONTRIBUTING.md'] },
      skillRoots: ['nowhere'],
    });
    expect(result.instructions.files.map((file) => file.path)).toContain('CONTRIBUTING.md');
    expect(result.skills.discovered.skills).toEqual([]);
  });
});
