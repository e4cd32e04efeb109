import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadInstructions } from '../src/index.js';

// Inputs seen in real repositories rather than in the tidy fixtures: Cursor's non-YAML globs,
// CRLF files, unreadable files, symlink loops, Windows and absolute scope paths.
describe('loadInstructions on real-world inputs', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'ctxkit-instructions-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gates a Cursor rule by its unquoted globs (not YAML) instead of loading it as text', async () => {
    await mkdir(join(root, '.cursor', 'rules'), { recursive: true });
    await writeFile(
      join(root, '.cursor', 'rules', 'react.mdc'),
      '---\ndescription: React components\nglobs: *.tsx,src/**/*.jsx\nalwaysApply: false\n---\nUse hooks.\n',
    );
    const goFile = await loadInstructions({ root, scope: ['cmd/main.go'] });
    expect(goFile.text).toBe('');
    expect(goFile.sections.dropped).toEqual([
      {
        path: '.cursor/rules/react.mdc',
        heading: null,
        reason: 'paths *.tsx, src/**/*.jsx match no file in scope',
      },
    ]);
    const tsxFile = await loadInstructions({ root, scope: ['web/App.tsx'] });
    expect(tsxFile.text).toBe(
      '<instructions source=".cursor/rules/react.mdc">\nUse hooks.\n</instructions>\n',
    );
    expect(tsxFile.problems.map((problem) => problem.path)).toEqual(['.cursor/rules/react.mdc']);
  });

  it('honours alwaysApply in a Cursor rule whose front matter was read line by line', async () => {
    await mkdir(join(root, '.cursor', 'rules'), { recursive: true });
    await writeFile(
      join(root, '.cursor', 'rules', 'always.mdc'),
      '---\nglobs: *.ts\nalwaysApply: true\n---\nAlways.\n',
    );
    await writeFile(
      join(root, '.cursor', 'rules', 'manual.mdc'),
      '---\nglobs:\nalwaysApply: false\n---\nOn request.\n',
    );
    const result = await loadInstructions({ root, scope: ['cmd/main.go'] });
    expect(result.files.map((file) => file.path)).toEqual(['.cursor/rules/always.mdc']);
    expect(result.sections.dropped).toEqual([
      {
        path: '.cursor/rules/manual.mdc',
        heading: null,
        reason: 'cursor rule with alwaysApply: false and no globs (applied on request only)',
      },
    ]);
  });

  it('expands CLAUDE.md @imports, drops imports of files that load anyway, and survives cycles', async () => {
    await mkdir(join(root, 'docs'), { recursive: true });
    await writeFile(join(root, 'AGENTS.md'), '# Shared\n\nRun the tests.\n');
    await writeFile(
      join(root, 'CLAUDE.md'),
      [
        '@AGENTS.md',
        '',
        '# Claude',
        '',
        '- @docs/style.md',
        'Mention @docs/style.md in prose: not an import.',
        '@ctxkit/instructions',
        '@../outside.md',
        '```',
        '@docs/style.md',
        '```',
        '',
      ].join('\n'),
    );
    await writeFile(join(root, 'docs', 'style.md'), '---\ntitle: x\n---\nTabs, not spaces.\n@loop.md\n');
    await writeFile(join(root, 'docs', 'loop.md'), 'Loop text.\n@style.md\n');
    const result = await loadInstructions({ root });
    expect(result.problems).toEqual([]);
    expect(result.text).toBe(
      [
        '<instructions source="AGENTS.md">',
        '# Shared',
        '',
        'Run the tests.',
        '</instructions>',
        '',
        '<instructions source="CLAUDE.md">',
        '# Claude',
        '',
        'Tabs, not spaces.',
        'Loop text.',
        'Mention @docs/style.md in prose: not an import.',
        '@ctxkit/instructions',
        '@../outside.md',
        '```',
        '@docs/style.md',
        '```',
        '</instructions>',
        '',
      ].join('\n'),
    );
  });

  it('drops a CLAUDE.md that only imports AGENTS.md as identical to it', async () => {
    await writeFile(join(root, 'AGENTS.md'), '# Shared\n\nRun the tests.\n');
    await writeFile(join(root, 'CLAUDE.md'), '@AGENTS.md\n');
    const result = await loadInstructions({ root });
    expect(result.files.map((file) => file.path)).toEqual(['AGENTS.md']);
  });

  it('reads rules saved as Windows-1252 (not UTF-8) with their quotes and accents', async () => {
    // “Use café” in Windows-1252.
    await writeFile(
      join(root, 'AGENTS.md'),
      Buffer.from([0x93, 0x55, 0x73, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x94, 0x0a]),
    );
    const result = await loadInstructions({ root });
    expect(result.text).toBe(
      '<instructions source="AGENTS.md">\n\u201cUse caf\u00e9\u201d\n</instructions>\n',
    );
  });

  // The same path serves EACCES; a loop is used because the suite may run as root, who reads everything.
  it('reports a symlink loop as a problem instead of crashing', async () => {
    await symlink('CLAUDE.md', join(root, 'AGENTS.md'));
    await symlink('AGENTS.md', join(root, 'CLAUDE.md'));
    await writeFile(join(root, '.cursorrules'), 'Be brief.\n');
    const result = await loadInstructions({ root });
    expect(result.files.map((file) => file.path)).toEqual(['.cursorrules']);
    expect(result.problems).toEqual([
      { path: 'AGENTS.md', line: 1, message: 'cannot read the file (symbolic link loop); left out' },
      { path: 'CLAUDE.md', line: 1, message: 'cannot read the file (symbolic link loop); left out' },
    ]);
  });

  it('splits CRLF files at headings, never inside code fences, and gates their sections', async () => {
    const text = [
      '# Rules',
      '',
      '```sh',
      '# not a heading',
      '```',
      '## Go <!-- paths: **/*.go -->',
      'Wrap errors.',
      '## Web',
      'Hooks.',
      '',
    ].join('\r\n');
    await writeFile(join(root, 'AGENTS.md'), text);
    const result = await loadInstructions({ root, scope: ['web/App.tsx'] });
    expect(result.sections.kept).toEqual([
      { path: 'AGENTS.md', heading: 'Rules' },
      { path: 'AGENTS.md', heading: 'Web' },
    ]);
    expect(result.sections.dropped).toEqual([
      { path: 'AGENTS.md', heading: 'Go', reason: 'paths **/*.go match no file in scope' },
    ]);
    expect(result.text).toContain('# not a heading');
  });

  it('reads Windows-style and absolute scope paths the same as relative ones', async () => {
    await mkdir(join(root, 'packages', 'api'), { recursive: true });
    await writeFile(join(root, 'AGENTS.md'), '# Root\n\nx\n');
    await writeFile(join(root, 'packages', 'api', 'AGENTS.md'), '# Api\n\ny\n');
    const expected = ['AGENTS.md', 'packages/api/AGENTS.md'];
    for (const scope of [
      'packages\\api\\server.go',
      join(root, 'packages', 'api', 'server.go'),
      './packages/api/server.go',
    ]) {
      const result = await loadInstructions({ root, scope: [scope] });
      expect(result.files.map((file) => file.path)).toEqual(expected);
    }
  });
});
