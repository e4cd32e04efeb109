import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory } from './run-cli.js';

// The MCP read tool serves what the repo map would list: never .git/, and git-ignored or
// default-ignored files (a .env above all) only when the server is started with --allow-ignored.

const SECRET = 'API_KEY=sk-live-secret';

function servedRepository(): string {
  const root = join(makeTempDirectory('mcp-secrets'), 'repo');
  mkdirSync(join(root, '.git', 'info'), { recursive: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'node_modules', 'lib'), { recursive: true });
  writeFileSync(
    join(root, '.git', 'config'),
    `[remote "origin"]\n\turl = https://user:${SECRET}@example.com\n`,
  );
  writeFileSync(join(root, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  writeFileSync(join(root, '.gitignore'), '.env\n*.pem\n');
  writeFileSync(join(root, '.env'), `${SECRET}\n`);
  writeFileSync(join(root, 'src', 'key.pem'), `${SECRET}\n`);
  writeFileSync(join(root, 'node_modules', 'lib', 'index.js'), `// ${SECRET}\n`);
  writeFileSync(join(root, 'src', 'app.ts'), 'export const app = 1;\n');
  symlinkSync(join(root, '.env'), join(root, 'public.txt'));
  symlinkSync(join(root, '.git', 'config'), join(root, 'settings.txt'));
  return root;
}

async function connect(root: string, extra: string[]): Promise<Client> {
  const client = new Client({ name: 'ctxkit-test', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', root, ...extra],
      env: cleanEnvironment() as Record<string, string>,
      stderr: 'pipe',
    }),
  );
  return client;
}

const textOf = (result: unknown) =>
  (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('ctxkit mcp read and secrets', () => {
  let root: string;
  let strict: Client;
  let allowing: Client;
  beforeAll(async () => {
    root = servedRepository();
    [strict, allowing] = await Promise.all([connect(root, []), connect(root, ['--allow-ignored'])]);
  });
  afterAll(async () => {
    await Promise.all([strict?.close(), allowing?.close()]);
  });

  const read = (client: Client, path: string) => client.callTool({ name: 'read', arguments: { path } });

  it('serves a file the repo map lists', async () => {
    const result = await read(strict, 'src/app.ts');
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('export const app');
  });

  const ignored: [string, string][] = [
    ['.env', '.gitignore'],
    ['src/key.pem', '.gitignore'],
    ['node_modules/lib/index.js', 'the default ignore list'],
    ['public.txt', '.gitignore'],
  ];
  for (const [path, reason] of ignored) {
    it(`refuses the ignored ${path}, saying why in one line`, async () => {
      const result = await read(strict, path);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `refused: ${path} is ignored (${reason}); start the server with --allow-ignored to serve ignored files`,
      );
    });

    it(`serves the ignored ${path} with --allow-ignored`, async () => {
      const result = await read(allowing, path);
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain(SECRET);
    });
  }

  for (const path of ['.git/config', '.git/HEAD', 'src/../.git/config', 'settings.txt']) {
    it(`never serves ${path}, even with --allow-ignored`, async () => {
      for (const client of [strict, allowing]) {
        const result = await read(client, path);
        expect(result.isError).toBe(true);
        expect(textOf(result)).toBe(`refused: ${path} is inside .git/, which is never served`);
      }
    });
  }
});
