import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, makeTempDirectory, parseJson, runCli, STACK_FRAME } from './run-cli.js';

// Every subcommand, run as a user would: the built binary against a small repository. Each gets
// a --json run (exit 0, stdout one JSON document of the documented shape) and a mistake (exit 2,
// one line on stderr, nothing on stdout, no stack). The commands' own tests cover their details.

const SESSION = [
  { role: 'user', content: 'List the files.' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
  },
  { role: 'tool', tool_call_id: 'call_1', content: 'src/upload.ts\nsrc/retry.ts' },
  { role: 'assistant', content: 'Two files.' },
];

function createRepository(): string {
  const root = makeTempDirectory('commands');
  const files: Record<string, string> = {
    'src/upload.ts':
      "import { retry } from './retry.js';\n\nexport interface UploadOptions {\n  url: string;\n  attempts: number;\n}\n\nexport async function uploadFile(path: string, options: UploadOptions): Promise<void> {\n  await retry(() => fetch(options.url, { method: 'PUT', body: path }), options.attempts);\n}\n",
    'src/retry.ts':
      'export async function retry<T>(work: () => Promise<T>, attempts: number): Promise<T> {\n  let last: unknown;\n  for (let attempt = 0; attempt < attempts; attempt++) {\n    try {\n      return await work();\n    } catch (error) {\n      last = error;\n    }\n  }\n  throw last;\n}\n',
    'AGENTS.md': '# Rules\n\nRun the tests before committing.\n',
    '.ctxkit/skills/debugging/SKILL.md':
      '---\nname: debugging\ndescription: Use when a test fails or an upload retries forever.\n---\n\n# Debugging\n\nReproduce first.\n',
    'notes/releases.md':
      '# Releases\n\nReleases are cut from main every Tuesday with changesets.\n\n# Uploads\n\nUploads retry three times with backoff.\n',
    'session.json': JSON.stringify(SESSION),
    'orphan.json': JSON.stringify([
      { role: 'user', content: 'hi' },
      { role: 'tool', tool_call_id: 'x', content: 'y' },
    ]),
    'broken.json': '{ "not": "closed"',
  };
  mkdirSync(join(root, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function expectOneLineMistake(result: CliResult, message: RegExp): void {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(STACK_FRAME);
  expect(result.stderr).not.toContain('internal error');
}

describe('every subcommand, end to end', () => {
  let root: string;
  const run = (args: string[], input?: string) => runCli(args, { cwd: root, ...(input ? { input } : {}) });

  beforeAll(() => {
    root = createRepository();
  });

  describe('map', () => {
    it('prints the documented JSON document within its budget', async () => {
      const result = await run(['map', '--query', 'retry uploads', '--tokens', '256', '--json']);
      expect(result.code, result.stderr).toBe(0);
      const document = parseJson(result) as Record<string, unknown> & { tokens: number; budget: number };
      expect(Object.keys(document).sort()).toEqual(
        [
          'budget',
          'cache',
          'files',
          'map',
          'ranking',
          'root',
          'skipped',
          'symbols',
          'tokens',
          'unscanned',
        ].sort(),
      );
      expect(document.tokens).toBeLessThanOrEqual(document.budget);
      expect(document.map).toContain('uploadFile');
    });

    it('exits 2 for a missing directory', async () => {
      expectOneLineMistake(await run(['map', 'missing']), /^ctxkit: .*missing\n$/);
    });
  });

  describe('symbols', () => {
    it('lists definitions as a JSON array', async () => {
      const result = await run(['symbols', 'src', '--json', '--no-cache']);
      expect(result.code, result.stderr).toBe(0);
      const symbols = parseJson(result) as { name: string; kind: string; line: number }[];
      expect(symbols).toContainEqual(expect.objectContaining({ name: 'retry', kind: 'function', line: 1 }));
    });

    it('exits 2 for a missing target', async () => {
      expectOneLineMistake(await run(['symbols', 'missing']), /missing/);
    });
  });

  describe('retrieve', () => {
    it('finds the section about the query', async () => {
      const result = await run(['retrieve', 'notes', '--query', 'when are releases cut', '--json']);
      expect(result.code, result.stderr).toBe(0);
      const document = parseJson(result) as { hits: { path: string; lines: number[] }[] };
      // The releases section (lines 1-3), not the uploads one.
      expect(document.hits).toEqual([expect.objectContaining({ path: 'notes/releases.md', lines: [1, 3] })]);
    });

    it('exits 2 without a query', async () => {
      expectOneLineMistake(await run(['retrieve', 'notes']), /required option '-q, --query <text>'/);
    });
  });

  describe('instructions', () => {
    it('reports AGENTS.md', async () => {
      const result = await run(['instructions', '--json']);
      expect(result.code, result.stderr).toBe(0);
      const document = parseJson(result) as { files: { path: string }[]; text: string };
      expect(document.files.map((file) => file.path)).toEqual(['AGENTS.md']);
      expect(document.text).toContain('Run the tests before committing.');
    });

    it('exits 2 for a scope outside the project', async () => {
      expectOneLineMistake(await run(['instructions', '--scope', '../elsewhere.ts']), /outside the project/);
    });
  });

  describe('skills', () => {
    it('matches a skill to the task', async () => {
      const result = await run(['skills', '--task', 'the upload test fails', '--json']);
      expect(result.code, result.stderr).toBe(0);
      const document = parseJson(result) as { cards: { name: string }[] };
      expect(document.cards.map((card) => card.name)).toContain('debugging');
    });

    it('exits 2 without a task', async () => {
      expectOneLineMistake(await run(['skills']), /required option '-t, --task <text>'/);
    });
  });

  describe('profiles', () => {
    it('lists profiles and resolves a tagged name', async () => {
      const list = await run(['profiles', '--json']);
      expect(list.code, list.stderr).toBe(0);
      expect(JSON.stringify(parseJson(list))).toContain('qwen2.5-coder:7b');
      const resolved = await run(['profiles', 'qwen2.5-coder:7b-instruct-q4_K_M', '--json']);
      expect(parseJson(resolved)).toMatchObject({
        profile: { name: 'qwen2.5-coder:7b', contextWindow: 32768 },
      });
    });

    it('exits 2 for a missing profiles file', async () => {
      expectOneLineMistake(await run(['profiles', '--profiles', 'missing.json']), /missing\.json/);
    });
  });

  describe('budget', () => {
    it('reports every term, honouring --model given globally', async () => {
      const result = await run(['--model', 'qwen2.5-coder:7b', 'budget', '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson(result)).toMatchObject({
        budget: {
          window: 32768,
          reserveSystem: 500,
          reserveTools: 900,
          reserveResponse: 2048,
          role: 'implement',
        },
      });
    });

    it('exits 2 for an unknown role, naming the known ones', async () => {
      expectOneLineMistake(
        await run(['budget', '--model', 'qwen2.5-coder:7b', '--role', 'wizard']),
        /role must be one of .*implement.*, found the string "wizard"/,
      );
    });

    it('uses the default profile without a model, like pack', async () => {
      const result = await run(['budget']);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('no model given: a conservative 8K profile');
    });
  });

  describe('pack', () => {
    const args = ['pack', '--task', 'make uploads retry with backoff', '--model', 'qwen2.5-coder:7b'];

    it('packs within the budget, the same bytes every time', async () => {
      const first = await run([...args, '--json']);
      expect(first.code, first.stderr).toBe(0);
      const document = parseJson(first) as { used: number; budget: { available: number }; text: string };
      expect(document.used).toBeLessThanOrEqual(document.budget.available);
      expect(document.text).toContain('Run the tests before committing.');
      expect(document.text).toContain('uploadFile');
      const second = await run([...args, '--json']);
      expect(second.stdout).toBe(first.stdout);
    });

    it('exits 2 without a task', async () => {
      expectOneLineMistake(await run(['pack', '--model', 'qwen2.5-coder:7b']), /--task/);
    });
  });

  describe('compose', () => {
    it('shows phases and budget without the text', async () => {
      const result = await run([
        'compose',
        '--task',
        'retry uploads',
        '--model',
        'qwen2.5-coder:7b',
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(0);
      const document = parseJson(result) as Record<string, unknown>;
      expect(document).toHaveProperty('phases');
      expect(document).not.toHaveProperty('text');
    });

    it('exits 2 for an unknown role', async () => {
      expectOneLineMistake(
        await run(['compose', '--task', 'x', '--model', 'qwen2.5-coder:7b', '--role', 'wizard']),
        /role must be one of/,
      );
    });
  });

  describe('compact', () => {
    it('compacts a transcript and reports what it did', async () => {
      const result = await run([
        'compact',
        'session.json',
        '--format',
        'openai',
        '--window',
        '32000',
        '--json',
      ]);
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson(result)).toHaveProperty('messages');
    });

    it('exits 2 for a file that is not JSON', async () => {
      expectOneLineMistake(
        await run(['compact', 'broken.json', '--format', 'openai', '--window', '32000']),
        /^ctxkit: broken\.json: /,
      );
    });
  });

  describe('validate', () => {
    it('accepts a well-formed transcript', async () => {
      const result = await run(['validate', 'session.json', '--format', 'openai', '--json']);
      expect(result.code, result.stderr).toBe(0);
      expect(parseJson(result)).toEqual({ valid: true, messages: 4, violations: [] });
    });

    it('exits 2 for an orphaned tool result', async () => {
      const result = await run(['validate', 'orphan.json', '--format', 'openai']);
      expectOneLineMistake(result, /^ctxkit: orphan\.json: 1 violation/m);
    });
  });
});
