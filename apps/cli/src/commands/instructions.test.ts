import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const monorepo = join(import.meta.dirname, '../../../../packages/instructions/test/__fixtures__/monorepo');
const malformed = join(import.meta.dirname, '../../../../packages/instructions/test/__fixtures__/malformed');
const oversize = join(import.meta.dirname, '../../../../packages/instructions/test/__fixtures__/oversize');

describe('ctxkit instructions', () => {
  it('prints exactly the documented JSON document', async () => {
    const result = await runInProcess(
      ['instructions', '.', '--scope', 'packages/api/src/handlers/users.go', '--json'],
      monorepo,
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['files', 'sections', 'bytes', 'text']);
    expect(document.files).toContainEqual({
      path: 'packages/api/src/handlers/CLAUDE.md',
      bytes: 79,
      truncated: false,
    });
    expect((document.sections as { dropped: unknown[] }).dropped).toContainEqual({
      path: 'AGENTS.md',
      heading: 'Terraform',
      reason: 'paths infra/** match no file in scope',
    });
  });

  it('prints the text and a report for people', async () => {
    const result = await runInProcess(['instructions', monorepo, '--include-readme'], '/');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('<instructions source="README.md">');
    expect(result.stdout).toMatch(/\d+ bytes from 6 files:/);
    expect(result.stdout).toContain('CLAUDE.md: same file as AGENTS.md (symlink)');
  });

  it('groups sections dropped for one reason in the human report', async () => {
    const result = await runInProcess(['instructions', oversize], '/');
    const report = result.stdout.slice(
      result.stdout.lastIndexOf('</instructions>') + '</instructions>\n'.length,
    );
    await expect(report).toMatchFileSnapshot(
      join(import.meta.dirname, '__goldens__', 'instructions-oversize-report.txt'),
    );
  });

  it('names file:line of malformed front matter on stderr and still succeeds', async () => {
    const result = await runInProcess(['instructions', malformed, '--json'], '/');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('ctxkit: AGENTS.md:3: malformed front matter: ');
  });

  it('rejects a missing directory and a scope outside it with one line and exit 2', async () => {
    const missing = await runInProcess(['instructions', 'no/such/dir'], monorepo);
    expect(missing).toEqual({ code: 2, stdout: '', stderr: 'ctxkit: no such directory: no/such/dir\n' });
    const outside = await runInProcess(['instructions', '.', '--scope', '../elsewhere.ts'], monorepo);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(
      /^ctxkit: --scope \.\.\/elsewhere\.ts is outside the project directory .+\n$/,
    );
  });
});
