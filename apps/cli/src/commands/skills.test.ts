import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const project = join(import.meta.dirname, '../../../../packages/skills/test/__fixtures__/project');

describe('ctxkit skills', () => {
  it('prints exactly the documented JSON document', async () => {
    const result = await runInProcess(
      ['skills', '.', '--task', 'Draft the changelog, @skill:release-notes', '--json'],
      project,
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { cards: unknown[]; expanded: unknown[]; text: string };
    expect(Object.keys(document)).toEqual(['cards', 'expanded', 'text']);
    expect(document.expanded).toEqual([
      { name: 'release-notes', path: '.ctxkit/skills/release-notes/SKILL.md', bytes: 145 },
    ]);
    expect(Object.keys(document.cards[0] as object)).toEqual(['name', 'description', 'score', 'path']);
    expect(document.text).toContain('<skill name="release-notes"');
  });

  it('expands pins and reports malformed skills on stderr', async () => {
    const result = await runInProcess(
      ['skills', project, '--task', 'prepare the release', '--pin', 'code-review'],
      '/',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<skill name="code-review"');
    expect(result.stdout).toMatch(/code-review \(expanded\)/);
    expect(result.stderr).toContain('skills/pdf-forms/SKILL.md:3: malformed front matter');
  });

  it('accepts a pin written with other case, spaces or underscores, as selectSkills does', async () => {
    const result = await runInProcess(
      ['skills', '.', '--task', 'prepare the release', '--pin', 'Code_Review'],
      project,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<skill name="code-review"');
  });

  it('says so when nothing matches', async () => {
    const result = await runInProcess(['skills', '.', '--task', 'rename x to count'], project);
    expect(result.stdout).toBe('No skill matches this task (7 skills searched).\n');
  });

  it('rejects an unknown pin and a bad --max-expanded with one line and exit 2', async () => {
    const pin = await runInProcess(['skills', '.', '--task', 'x', '--pin', 'nope'], project);
    expect(pin.code).toBe(2);
    expect(pin.stderr).toMatch(
      /ctxkit: --pin nope: no such skill; found broken, code-review, .+ under .+\n$/,
    );
    const max = await runInProcess(['skills', '.', '--task', 'x', '--max-expanded', 'two'], project);
    expect(max.code).toBe(2);
    expect(max.stderr).toContain('ctxkit: --max-expanded expects a whole number >= 0, found "two"\n');
  });
});
