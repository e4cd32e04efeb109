import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPrompts } from './skills.js';

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
