import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory, runCli, writeBudgetProject } from './run-cli.js';

// A real MCP client (the SDK's own) talking to the built server in a child process over stdio.

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('ctxkit mcp', () => {
  let workspace: string;
  let served: string;
  let client: Client;

  beforeAll(async () => {
    workspace = makeTempDirectory('mcp');
    served = join(workspace, 'repo');
    mkdirSync(join(served, 'src'), { recursive: true });
    const lines = Array.from({ length: 30 }, (_, index) => `line ${index + 1}`);
    writeFileSync(join(served, 'src', 'thirty.txt'), `${lines.join('\n')}\n`);
    writeFileSync(join(served, 'crlf.txt'), 'first\r\nsecond\r\n');
    writeFileSync(join(served, 'image.bin'), Buffer.from([0x89, 0x50, 0x00, 0x47]));
    writeBudgetProject(served);
    mkdirSync(join(served, '.ctxkit', 'skills', 'budgeting'), { recursive: true });
    writeFileSync(
      join(served, '.ctxkit', 'skills', 'budgeting', 'SKILL.md'),
      '---\nname: budgeting\ndescription: Use when changing how token budgets and reserves are computed.\n---\n\n# Budgeting\n\nAlways keep the reserves.\n\n## Checks\n\nRun the budget tests.\n',
    );
    writeFileSync(join(workspace, 'secret.txt'), 'do not serve\n');
    symlinkSync(join(workspace, 'secret.txt'), join(served, 'escape.txt'));
    symlinkSync(join(served, 'src', 'thirty.txt'), join(served, 'inside-link.txt'));
    symlinkSync(workspace, join(served, 'parent-dir'));

    client = new Client({ name: 'ctxkit-test', version: '0.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', served],
      env: cleanEnvironment() as Record<string, string>,
      stderr: 'pipe',
    });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('announces itself and lists its tools with explicit input schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('ctxkit');
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(['repo_map', 'pack', 'read', 'skill', 'instructions', 'count_tokens']);
    const read = tools.find((tool) => tool.name === 'read')!;
    expect(read.inputSchema.required).toEqual(['path']);
    expect(Object.keys(read.inputSchema.properties ?? {}).sort()).toEqual(['limit', 'offset', 'path']);
    for (const tool of tools) {
      expect(tool.description?.length ?? 0).toBeGreaterThan(20);
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  describe('read', () => {
    it('returns lines with their real 1-based line numbers', async () => {
      const result = await client.callTool({
        name: 'read',
        arguments: { path: 'src/thirty.txt', offset: 9, limit: 3 },
      });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toBe(
        'src/thirty.txt lines 9-11 of 30\n 9\tline 9\n10\tline 10\n11\tline 11\n[19 more lines; call read with offset 12]\n',
      );
    });

    it('reads from the first line by default and strips CR of CRLF files', async () => {
      const result = await client.callTool({ name: 'read', arguments: { path: 'crlf.txt' } });
      expect(textOf(result)).toBe('crlf.txt lines 1-2 of 2\n1\tfirst\n2\tsecond\n');
    });

    it('follows a symbolic link that stays inside the served directory', async () => {
      const result = await client.callTool({
        name: 'read',
        arguments: { path: 'inside-link.txt', limit: 1 },
      });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('1\tline 1\n');
    });

    const refusals: [string, string, RegExp][] = [
      [
        'a path climbing out with ..',
        '../secret.txt',
        /^refused: \.\.\/secret\.txt is outside the served directory$/,
      ],
      ['a .. hidden mid-path', 'src/../../secret.txt', /^refused: .* is outside the served directory$/],
      ['an absolute path outside', '/etc/passwd', /^refused: \/etc\/passwd is outside the served directory$/],
      [
        'a symbolic link to a file outside',
        'escape.txt',
        /^refused: escape\.txt is a symbolic link to a path outside/,
      ],
      [
        'a path through a linked directory outside',
        'parent-dir/secret.txt',
        /^refused: .* symbolic link .* outside/,
      ],
    ];
    for (const [name, path, message] of refusals) {
      it(`refuses ${name}`, async () => {
        const result = await client.callTool({ name: 'read', arguments: { path } });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(message);
        expect(textOf(result)).not.toContain('do not serve');
      });
    }

    const mistakes: [string, Record<string, unknown>, RegExp][] = [
      ['a missing file', { path: 'nope.txt' }, /^no such file: nope\.txt$/],
      ['a directory', { path: 'src' }, /^src is a directory, expected a file$/],
      ['a binary file', { path: 'image.bin' }, /^image\.bin is a binary file$/],
      [
        'an offset past the end',
        { path: 'src/thirty.txt', offset: 31 },
        /^offset 31 is past the end of src\/thirty\.txt \(30 lines\)$/,
      ],
      ['an offset of 0 (lines are 1-based)', { path: 'src/thirty.txt', offset: 0 }, /offset/],
      ['a missing path argument', {}, /path/],
    ];
    for (const [name, input, message] of mistakes) {
      it(`answers ${name} with a tool error`, async () => {
        const result = await client.callTool({ name: 'read', arguments: input });
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(message);
      });
    }
  });

  describe('repo_map', () => {
    it('maps the served repository, ranking what the query names', async () => {
      const result = await client.callTool({
        name: 'repo_map',
        arguments: { query: 'computeBudget', tokens: 256 },
      });
      expect(result.isError).toBeFalsy();
      const text = textOf(result);
      expect(text).toMatch(
        /^repo map: 2 files, \d+ symbols ranked, \d+\/256 tokens; 6 files not read, no scanner \(\.txt 4, \.bin 1, \.md 1\)\n/,
      );
      expect(text).toContain('src/budget.ts');
      expect(text).toContain('computeBudget');
      expect(result.structuredContent).toMatchObject({ files: 2, budget: 256 });
      const ranking = (result.structuredContent as { ranking: { path: string }[] }).ranking;
      expect(ranking[0]?.path).toBe('src/budget.ts');
    });

    it('refuses a focus file that does not exist', async () => {
      const result = await client.callTool({ name: 'repo_map', arguments: { focus: ['src/nope.ts'] } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('focus: no such file: src/nope.ts');
    });

    it('refuses focus paths outside the served directory', async () => {
      const result = await client.callTool({ name: 'repo_map', arguments: { focus: ['../secret.txt'] } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('refused: focus path ../secret.txt is outside the served directory');
    });

    it('is deterministic: the same call gives the same bytes', async () => {
      const first = await client.callTool({ name: 'repo_map', arguments: { query: 'main' } });
      const second = await client.callTool({ name: 'repo_map', arguments: { query: 'main' } });
      expect(textOf(first)).toBe(textOf(second));
    });

    it('rejects a budget below its minimum as a tool error', async () => {
      const result = await client.callTool({ name: 'repo_map', arguments: { tokens: 1 } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('tokens');
    });
  });

  describe('pack', () => {
    const request = { task: 'change computeBudget to keep a larger window', model: 'qwen2.5-coder:7b' };

    it('packs instructions, the map and excerpts within the model budget', async () => {
      const result = await client.callTool({ name: 'pack', arguments: request });
      expect(result.isError).toBeFalsy();
      const text = textOf(result);
      expect(text).toMatch(
        /^pack for qwen2\.5-coder:7b \(exact match\), role implement: \d+\/\d+ tokens of a 32768-token window, \d+ dropped \(\d+ tokens\)\n\n/,
      );
      expect(text).toContain('Run the tests before committing.');
      expect(text).toContain('computeBudget');
      const structured = result.structuredContent as { used: number; available: number; files: string[] };
      expect(structured).toMatchObject({ model: 'qwen2.5-coder:7b', role: 'implement', window: 32768 });
      expect(structured.used).toBeLessThanOrEqual(structured.available);
      expect(structured.files).toContain('src/budget.ts');
    });

    it('gives the same bytes for the same request', async () => {
      const first = await client.callTool({ name: 'pack', arguments: request });
      const second = await client.callTool({ name: 'pack', arguments: request });
      expect(textOf(first)).toBe(textOf(second));
    });

    it('budgets a smaller share for an exploring role', async () => {
      const implement = await client.callTool({ name: 'pack', arguments: request });
      const explore = await client.callTool({ name: 'pack', arguments: { ...request, role: 'explore' } });
      const available = (result: unknown) =>
        (result as { structuredContent: { available: number } }).structuredContent.available;
      expect(available(explore)).toBeLessThan(available(implement));
    });

    it('answers an unknown role with a tool error naming the known ones', async () => {
      const result = await client.callTool({ name: 'pack', arguments: { ...request, role: 'wizard' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/role must be one of .*implement.*, found the string "wizard"/);
    });

    it('rejects an empty task', async () => {
      const result = await client.callTool({ name: 'pack', arguments: { task: '' } });
      expect(result.isError).toBe(true);
    });
  });

  describe('skill', () => {
    it('returns a skill body by name', async () => {
      const result = await client.callTool({ name: 'skill', arguments: { name: 'budgeting' } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('Always keep the reserves.');
    });

    it('returns one section by heading', async () => {
      const result = await client.callTool({
        name: 'skill',
        arguments: { name: 'budgeting', section: 'Checks' },
      });
      expect(textOf(result)).toContain('Run the budget tests.');
      expect(textOf(result)).not.toContain('Always keep the reserves.');
    });

    it('answers an unknown name with a tool error listing the known skills', async () => {
      const result = await client.callTool({ name: 'skill', arguments: { name: 'nope' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('budgeting');
    });
  });

  describe('instructions', () => {
    it('returns the project instructions and names their files', async () => {
      const result = await client.callTool({ name: 'instructions', arguments: { scope: ['src/main.ts'] } });
      expect(result.isError).toBeFalsy();
      expect(textOf(result)).toContain('Run the tests before committing.');
      expect(result.structuredContent).toMatchObject({ files: ['AGENTS.md'] });
    });

    it('refuses a scope outside the served directory', async () => {
      const result = await client.callTool({ name: 'instructions', arguments: { scope: ['/etc/passwd'] } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe('refused: scope path /etc/passwd is outside the served directory');
    });
  });

  describe('count_tokens', () => {
    it('counts exactly with o200k_base by default, as text and structured content', async () => {
      const result = await client.callTool({ name: 'count_tokens', arguments: { text: 'hello world' } });
      expect(result.isError).toBeFalsy();
      const expected = { tokens: 2, encoding: 'o200k_base', exact: true, bytes: 11 };
      expect(JSON.parse(textOf(result))).toEqual(expected);
      expect(result.structuredContent).toEqual(expected);
    });

    it('counts with another encoding or the estimate', async () => {
      const exact = await client.callTool({
        name: 'count_tokens',
        arguments: { text: 'hello world', encoding: 'cl100k_base' },
      });
      expect(exact.structuredContent).toMatchObject({ tokens: 2, encoding: 'cl100k_base' });
      const estimate = await client.callTool({
        name: 'count_tokens',
        arguments: { text: 'abcdefgh', encoding: 'estimate' },
      });
      expect(estimate.structuredContent).toMatchObject({ encoding: 'estimate', exact: false });
    });

    it('rejects an unknown encoding as a tool error', async () => {
      const result = await client.callTool({
        name: 'count_tokens',
        arguments: { text: 'x', encoding: 'p50k' },
      });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain('encoding');
    });
  });

  it('keeps serving after errors', async () => {
    await client.callTool({ name: 'read', arguments: { path: '../secret.txt' } });
    const result = await client.callTool({ name: 'count_tokens', arguments: { text: 'still here' } });
    expect(result.isError).toBeFalsy();
  });
});

describe('ctxkit mcp and the served repository configuration', () => {
  it("applies the served repository's ctxkit.config.json, not the caller's", async () => {
    const served = makeTempDirectory('mcp-config');
    mkdirSync(join(served, '.git'));
    mkdirSync(join(served, 'src'));
    writeFileSync(join(served, 'src', 'a.ts'), 'export function alpha(): number {\n  return 1;\n}\n');
    writeFileSync(join(served, 'ctxkit.config.json'), JSON.stringify({ map: { tokens: 100 } }));
    const client = new Client({ name: 'ctxkit-test', version: '0.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', served],
        env: cleanEnvironment() as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    try {
      const result = await client.callTool({ name: 'repo_map', arguments: {} });
      expect(result.structuredContent).toMatchObject({ budget: 100 });
    } finally {
      await client.close();
    }
  });

  it('refuses to start on an invalid configuration, naming the key', async () => {
    const served = makeTempDirectory('mcp-bad-config');
    mkdirSync(join(served, '.git'));
    writeFileSync(join(served, 'ctxkit.config.json'), '{ "mapp": {} }');
    const result = await runCli(['mcp', served]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^ctxkit: unknown key "mapp" in ctxkit\.config\.json/);
  });
});

describe('ctxkit mcp lifetime', () => {
  it('exits 0 with nothing on stdout when the client closes its end', async () => {
    const directory = makeTempDirectory('mcp-end');
    const result = await runCli(['mcp', directory]);
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('ctxkit mcp with a bad directory', () => {
  it('exits 2 with one line', async () => {
    const directory = makeTempDirectory('mcp-bad');
    const result = await runCli(['mcp', 'missing'], { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('ctxkit: no such directory: missing\n');
    expect(result.stdout).toBe('');
  });
});

describe('ctxkit mcp with requests piped in', () => {
  it('answers every call written before the client closed its end', async () => {
    const directory = makeTempDirectory('mcp-pipe');
    writeBudgetProject(directory);
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'count_tokens', arguments: { text: 'hello world' } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'repo_map', arguments: { query: 'computeBudget' } },
      },
    ];
    const result = await runCli(['mcp', directory], {
      input: `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`,
    });
    expect(result.code).toBe(0);
    const answered = result.stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(answered.sort()).toEqual([1, 2, 3]);
  });
});
