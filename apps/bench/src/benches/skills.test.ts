import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCases, loadPrompts } from './skills.js';

describe('skills bench prompt labels', () => {
  it('labels prompts from run-test.sh lines, file names and --label, and lists the rest', () => {
    const root = mkdtempSync(join(tmpdir(), 'skills-bench-'));
    const prompts = join(root, 'explicit', 'prompts');
    mkdirSync(prompts, { recursive: true });
    writeFileSync(
      join(root, 'explicit', 'run-all.sh'),
      'if "$SCRIPT_DIR/run-test.sh" "systematic-debugging" "$PROMPTS_DIR/use-it.txt"; then\n',
    );
    for (const name of ['use-it.txt', 'brainstorming.txt', 'mystery.txt', 'by-hand.txt', 'notes.json'])
      writeFileSync(join(prompts, name), `prompt ${name}\n`);
    const names = new Set(['systematic-debugging', 'brainstorming', 'writing-plans']);
    const loaded = loadPrompts(prompts, names, new Map([['by-hand.txt', 'writing-plans']]));
    expect(loaded.labelled.map((prompt) => [prompt.file, prompt.expected])).toEqual([
      ['explicit/prompts/brainstorming.txt', 'brainstorming'],
      ['explicit/prompts/by-hand.txt', 'writing-plans'],
      ['explicit/prompts/use-it.txt', 'systematic-debugging'],
    ]);
    expect(loaded.unlabelled).toEqual(['explicit/prompts/mystery.txt']);
  });
});

describe('skills bench cases', () => {
  it('keeps the labelled tasks of loaded skills, counts the others, and reads unrelated tasks', () => {
    const root = mkdtempSync(join(tmpdir(), 'skills-cases-'));
    const path = join(root, 'cases.json');
    writeFileSync(
      path,
      JSON.stringify({
        labelled: [
          { tree: 'a', expected: 'pdf', task: 'fill in this PDF form' },
          { tree: 'b', expected: 'writing-plans', task: 'plan it' },
        ],
        unrelated: ['bump lodash'],
      }),
    );
    expect(loadCases(path, new Set(['pdf']))).toEqual({
      labelled: [{ file: 'cases/01', expected: 'pdf', task: 'fill in this PDF form' }],
      unrelated: ['bump lodash'],
      skipped: 1,
    });
    writeFileSync(path, JSON.stringify({ labelled: [{ expected: 'pdf' }], unrelated: [] }));
    expect(() => loadCases(path, new Set(['pdf']))).toThrow('labelled[0] needs string expected and task');
  });

  it('the committed cases file is well formed: 8 labelled tasks per tree, unrelated tasks apart', () => {
    const path = join(import.meta.dirname, '..', '..', 'data', 'skill-tasks.json');
    const raw = JSON.parse(readFileSync(path, 'utf8')) as { labelled: { tree: string }[] };
    const perTree = new Map<string, number>();
    for (const entry of raw.labelled) perTree.set(entry.tree, (perTree.get(entry.tree) ?? 0) + 1);
    expect([...perTree]).toEqual([
      ['anthropics/skills', 8],
      ['obra/superpowers', 8],
    ]);
    expect(loadCases(path, new Set()).unrelated.length).toBeGreaterThanOrEqual(10);
  });
});
