import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const FILES: Record<string, string> = {
  'AGENTS.md': '# Rules\n\nRun `npm test` before you finish.\n',
  '.ctxkit/skills/release/SKILL.md':
    '---\nname: release\ndescription: Cut a release of the retry library with changesets\n---\n\nRun changeset version.\n',
  'src/retry.ts': [
    "import { sleep } from './sleep.js';",
    '',
    'export interface RetryOptions {',
    '  attempts: number;',
    '  delayMs: number;',
    '}',
    '',
    'export async function retry<T>(operation: () => Promise<T>, options: RetryOptions): Promise<T> {',
    '  let lastError: unknown;',
    '  for (let attempt = 0; attempt < options.attempts; attempt++) {',
    '    try {',
    '      return await operation();',
    '    } catch (error) {',
    '      lastError = error;',
    '      await sleep(options.delayMs * 2 ** attempt);',
    '    }',
    '  }',
    '  throw lastError;',
    '}',
    '',
  ].join('\n'),
  'src/sleep.ts':
    'export function sleep(ms: number): Promise<void> {\n  return new Promise((done) => setTimeout(done, ms));\n}\n',
  'src/index.ts': "export { retry } from './retry.js';\nexport { sleep } from './sleep.js';\n",
};

function fixtureRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'ctxkit-pack-'));
  mkdirSync(join(root, '.git'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const TASK = 'retry should stop waiting after the last attempt (no sleep after the final failure)';

describe('ctxkit pack', () => {
  it('packs instructions, repo map, excerpts and task under the budget, deterministically', async () => {
    const root = fixtureRepository();
    const args = ['pack', '--task', TASK, '--model', 'qwen2.5-coder:7b', '--no-cache', '--json'];
    const first = await runInProcess(args, root);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const document = JSON.parse(first.stdout);
    expect(document.budget).toMatchObject({ window: 32_768, available: 26_044, role: 'implement' });
    expect(document.used).toBeLessThanOrEqual(document.budget.available);
    // Every file of this small tree is shown as an excerpt, so the map, which stands in for files
    // the prompt does not show, has nothing left to list.
    expect(document.sections.map((section: { kind: string }) => section.kind)).toEqual([
      'instructions',
      'skills',
      'files',
      'task',
    ]);
    const files = document.sections.find((section: { kind: string }) => section.kind === 'files');
    expect(files.items[0].name).toBe('src/retry.ts');
    expect(document.text).toContain('Run `npm test` before you finish.');
    expect(document.text).toContain('15\t      await sleep(options.delayMs * 2 ** attempt);');
    expect(document.text.endsWith(`<task>\n${TASK}\n</task>\n`)).toBe(true);
    const second = await runInProcess(args, root);
    expect(second.stdout).toBe(first.stdout);
  });

  it('keeps the files it shows out of the repo map, which lists the rest', async () => {
    const root = fixtureRepository();
    for (let index = 0; index < 8; index++) {
      writeFileSync(
        join(root, 'src', `unit${index}.ts`),
        `export function convertUnit${index}(value: number): number {\n  return value * ${index + 2};\n}\n`,
      );
    }
    // A small window reads only the top few files for excerpts.
    const args = ['pack', '--task', TASK, '--model', 'tiny:1b', '--window', '6000', '--no-cache', '--json'];
    const document = JSON.parse((await runInProcess(args, root)).stdout);
    const kinds = document.sections.map((section: { kind: string }) => section.kind);
    expect(kinds).toContain('repo-map');
    const shown: string[] = document.sections
      .find((section: { kind: string }) => section.kind === 'files')
      .items.map((item: { name: string }) => item.name);
    expect(shown).toContain('src/retry.ts');
    const map = document.text.slice(document.text.indexOf('<repo-map'), document.text.indexOf('</repo-map>'));
    for (const path of shown) expect(map).not.toContain(`${path}:`);
    expect(map).toMatch(/src\/unit\d\.ts:/);
  });

  it('prints a one-screen summary with the budget bar and what was dropped', async () => {
    const root = fixtureRepository();
    const result = await runInProcess(
      [
        'pack',
        '--task',
        TASK,
        '--model',
        'tiny:1b',
        '--window',
        '4600',
        '--reserve-response',
        '512',
        '--no-cache',
      ],
      root,
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('pack  size:1b (unknown family; size bucket 1b from "tiny:1b") · implement');
    expect(lines[1]).toMatch(/^\[[▒█░]{32}\] reserved [\d,]+ · used [\d,]+ · free [\d,]+ of 4,600$/);
    expect(result.stdout).toMatch(/^dropped: /m);
  });

  it('falls back to the conservative default profile when no model is given', async () => {
    const result = await runInProcess(['pack', '--task', TASK, '--no-cache'], fixtureRepository());
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(
      'pack  default (no model given: a conservative 8K profile; pass --model) · implement',
    );
  });

  it('prints only the text with --text, and rejects a missing task', async () => {
    const root = fixtureRepository();
    const text = await runInProcess(
      ['pack', '--task', TASK, '--model', 'gpt-4o', '--no-cache', '--text'],
      root,
    );
    expect(text.stdout.startsWith('<instructions source="AGENTS.md">')).toBe(true);
    const missing = await runInProcess(['pack', '--model', 'gpt-4o'], root);
    expect(missing).toMatchObject({
      code: 2,
      stderr: 'ctxkit: expected exactly one of --task TEXT or --task-file PATH\n',
    });
  });
});

describe('ctxkit pack with no room', () => {
  it('fails in one line when the reserves leave no room even for the task, exit 2', async () => {
    const root = fixtureRepository();
    const flags = ['--task', TASK, '--model', 'qwen2.5-coder:7b', '--window', '600', '--no-cache'];
    for (const argv of [
      ['pack', ...flags, '--text'],
      ['compose', ...flags],
    ]) {
      const result = await runInProcess(argv, root);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(
        'ctxkit: the budget leaves no room for the task: 0 tokens available of a 600-token window; lower --reserve-response or use a larger window\n',
      );
    }
  });
});

describe('ctxkit compose', () => {
  it('shows phases, budget and files without bodies', async () => {
    const root = fixtureRepository();
    const json = await runInProcess(
      ['compose', '--task', TASK, '--model', 'qwen2.5-coder:7b', '--no-cache', '--json'],
      root,
    );
    const document = JSON.parse(json.stdout);
    expect(document.text).toBeUndefined();
    expect(document.phases.instructions.files.map((file: { path: string }) => file.path)).toEqual([
      'AGENTS.md',
    ]);
    expect(document.phases.excerpts.files[0]).toMatchObject({ path: 'src/retry.ts', mode: 'bodies' });
    const human = await runInProcess(
      ['compose', '--task', TASK, '--model', 'qwen2.5-coder:7b', '--no-cache'],
      root,
    );
    expect(human.stdout).toContain('  2 instructions  AGENTS.md');
    expect(human.stdout).toContain('      src/retry.ts  lines ');
  });

  it('says which read files made it into the pack and which had nothing to show', async () => {
    const root = fixtureRepository();
    writeFileSync(join(root, 'src/notes.ts'), '// Nothing but a comment.\n');
    const json = await runInProcess(
      ['compose', '--task', TASK, '--model', 'qwen2.5-coder:7b', '--no-cache', '--json'],
      root,
    );
    const files = JSON.parse(json.stdout).phases.excerpts.files as { path: string; outcome: string }[];
    expect(files.find((file) => file.path === 'src/retry.ts')?.outcome).toBe('included');
    expect(files.find((file) => file.path === 'src/notes.ts')?.outcome).toBe('empty');
    const human = await runInProcess(
      ['compose', '--task', TASK, '--model', 'qwen2.5-coder:7b', '--no-cache'],
      root,
    );
    expect(human.stdout).toContain('      src/notes.ts  nothing to show\n');
  });
});
