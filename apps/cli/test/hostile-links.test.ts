import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory, parseJson, runCli } from './run-cli.js';

// A served tree whose links try to leave it. Nothing behind them may reach the output of any
// entry point (map, pack, the MCP repo_map and pack tools, the library on its walk thread) unless
// --follow-external-links asks for it.

const SECRET = 'SECRET-PRIVATE-KEY';
const TASK = 'use leaked_secret_key and served_function';

function hostileTree(): string {
  const workspace = makeTempDirectory('hostile');
  const root = join(workspace, 'repo');
  const outside = join(workspace, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'id_rsa.py'), `def leaked_secret_key():\n    return "${SECRET}"\n`);
  writeFileSync(join(outside, 'rules.md'), `# Rules\n\n${SECRET} rule\n`);
  writeFileSync(join(root, 'src', 'app.py'), 'def served_function():\n    return leaked_secret_key()\n');
  symlinkSync(join(outside, 'id_rsa.py'), join(root, 'notes.py'));
  symlinkSync('/etc/passwd', join(root, 'passwd_link.py'));
  symlinkSync(join(root, 'notes.py'), join(root, 'chained.py'));
  symlinkSync(outside, join(root, 'outside_dir'));
  symlinkSync(join(root, 'loop_b.py'), join(root, 'loop_a.py'));
  symlinkSync(join(root, 'loop_a.py'), join(root, 'loop_b.py'));
  symlinkSync(join(outside, 'rules.md'), join(root, 'AGENTS.md'));
  return root;
}

const EXPECTED_SKIPPED = [
  { path: 'chained.py', reason: 'symbolic link outside the root' },
  { path: 'loop_a.py', reason: 'symbolic link loop' },
  { path: 'loop_b.py', reason: 'symbolic link loop' },
  { path: 'notes.py', reason: 'symbolic link outside the root' },
  { path: 'outside_dir', reason: 'symbolic link to a directory outside the root' },
  { path: 'passwd_link.py', reason: 'symbolic link outside the root' },
];

function expectNothingFromOutside(text: string): void {
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('def leaked_secret_key');
  expect(text).not.toMatch(/root:.*:0:0:/);
}

describe('links out of the served tree', () => {
  let root: string;
  beforeAll(() => {
    root = hostileTree();
  });

  it('ctxkit map leaves them out and says why, cold and warm', async () => {
    for (let round = 0; round < 2; round++) {
      const result = await runCli(['map', root, '--json', '--query', TASK]);
      expect(result.code).toBe(0);
      expectNothingFromOutside(result.stdout);
      const document = parseJson(result) as { ranking: { path: string }[]; skipped: unknown[] };
      expect(document.ranking.map((file) => file.path)).toEqual(['src/app.py']);
      expect(document.skipped).toEqual(EXPECTED_SKIPPED);
    }
  });

  it('ctxkit pack leaves them out of the map, the excerpts and the instructions', async () => {
    const result = await runCli(['pack', root, '--task', TASK, '--json']);
    expect(result.code).toBe(0);
    expectNothingFromOutside(result.stdout);
    const text = await runCli(['pack', root, '--task', TASK, '--text']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('served_function');
    expectNothingFromOutside(text.stdout);
  });

  it('--follow-external-links opts in, for map and pack', async () => {
    const map = await runCli(['map', root, '--json', '--no-cache', '--follow-external-links']);
    expect(map.code).toBe(0);
    const document = parseJson(map) as { ranking: { path: string }[] };
    expect(document.ranking.map((file) => file.path)).toContain('notes.py');
    const pack = await runCli(['pack', root, '--task', TASK, '--text', '--follow-external-links']);
    expect(pack.code).toBe(0);
    expect(pack.stdout).toContain(SECRET);
  });

  it('ctxkit instructions, skills and retrieve leave them out unless --follow-external-links', async () => {
    const skill = join(root, '..', 'outside', 'SKILL.md');
    writeFileSync(
      skill,
      `---\nname: leaked\ndescription: Use for leaked secret key work. ${SECRET}\n---\n${SECRET}\n`,
    );
    mkdirSync(join(root, 'skills', 'leaked'), { recursive: true });
    symlinkSync(skill, join(root, 'skills', 'leaked', 'SKILL.md'));
    mkdirSync(join(root, 'notes'), { recursive: true });
    symlinkSync(join(root, '..', 'outside', 'rules.md'), join(root, 'notes', 'rules.md'));
    const commands = [
      ['instructions', root],
      ['skills', root, '--task', 'leaked secret key work'],
      ['retrieve', 'notes', '--query', 'secret rule', '--block'],
    ];
    for (const command of commands) {
      const refused = await runCli(command, { cwd: root });
      expect(`${refused.stdout}${refused.stderr}`).not.toContain(SECRET);
      const followed = await runCli([...command, '--follow-external-links'], { cwd: root });
      expect(followed.code).toBe(0);
      expect(followed.stdout).toContain(SECRET);
    }
  });

  it('the built library leaves them out on its walk thread too', () => {
    const script = `
import { buildRepoMap } from '@ctxkit/repomap';
const [root] = process.argv.slice(1);
const seen = [];
for (let round = 0; round < 2; round++) {
  const result = await buildRepoMap({ root, query: 'leaked secret', cache: { dir: root + '/.ctxkit/thread-cache' }, backgroundWalk: 'always' });
  seen.push({ map: result.map, skipped: result.skipped, files: result.ranking.map((file) => file.path) });
}
process.stdout.write(JSON.stringify(seen));
`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, root], {
      cwd: join(import.meta.dirname, '..'),
      env: cleanEnvironment(),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    const seen = JSON.parse(result.stdout) as { map: string; skipped: unknown[]; files: string[] }[];
    for (const round of seen) {
      expectNothingFromOutside(round.map);
      expect(round.files).toEqual(['src/app.py']);
      expect(round.skipped).toEqual(EXPECTED_SKIPPED);
    }
  });

  describe('over MCP', () => {
    let client: Client;
    beforeAll(async () => {
      client = new Client({ name: 'ctxkit-test', version: '0.0.0' });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [BIN, 'mcp', root],
          env: cleanEnvironment() as Record<string, string>,
          stderr: 'pipe',
        }),
      );
    });
    afterAll(async () => {
      await client?.close();
    });

    const textOf = (result: unknown) =>
      (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');

    it('repo_map leaves them out', async () => {
      const result = await client.callTool({ name: 'repo_map', arguments: { query: TASK } });
      expect(result.isError).toBeFalsy();
      expectNothingFromOutside(textOf(result));
      expect(textOf(result)).toContain('served_function');
      expect(JSON.stringify(result.structuredContent)).not.toContain('notes.py');
    });

    it('pack leaves them out', async () => {
      const result = await client.callTool({ name: 'pack', arguments: { task: TASK } });
      expect(result.isError).toBeFalsy();
      expectNothingFromOutside(textOf(result));
      expect((result.structuredContent as { files: string[] }).files).toEqual(['src/app.py']);
    });

    it('read refuses them', async () => {
      for (const path of ['notes.py', 'chained.py', 'passwd_link.py', 'outside_dir/id_rsa.py', 'AGENTS.md']) {
        const result = await client.callTool({ name: 'read', arguments: { path } });
        expect(result.isError).toBe(true);
        expectNothingFromOutside(textOf(result));
      }
    });
  });
});
