import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDirectory, runCli, writeBudgetProject } from './run-cli.js';

// A task holding one enormous word (a pasted hex dump, a minified line) used to crash map, pack and
// compose with "Regular expression too large", quoting the whole word.

describe('a task with a word of a megabyte', () => {
  const root = makeTempDirectory('huge-task');
  writeBudgetProject(root);
  const task = join(root, 'task.txt');
  writeFileSync(
    task,
    `fix computeBudget, the dump was ${'deadbeef'.repeat(131_072)} and ${'.'.repeat(100_000)}x\n`,
  );

  for (const args of [
    ['map', root, '--query-file', task],
    ['pack', root, '--task-file', task, '--model', 'gpt-4o'],
    ['compose', root, '--task-file', task, '--model', 'gpt-4o'],
  ]) {
    it(`does not crash ctxkit ${args[0]}`, async () => {
      const result = await runCli(args);
      expect(result.stderr).not.toContain('internal error');
      expect(result.stderr.length).toBeLessThan(2000);
      expect(result.code).toBe(0);
      if (args[0] === 'map') expect(result.stdout).toContain('computeBudget');
    });
  }

  it('quotes at most a short excerpt of a huge bad flag value', async () => {
    const result = await runCli(['map', root, '--tokens', 'x'.repeat(100_000)]);
    expect(result.code).toBe(2);
    expect(result.stderr.length).toBeLessThan(600);
  });
});
