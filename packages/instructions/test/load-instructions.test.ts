import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_TOTAL_BYTES, loadInstructions } from '../src/index.js';
import { renderReport } from './render-report.js';

const fixtures = join(import.meta.dirname, '__fixtures__');
const golden = (name: string) => join(import.meta.dirname, '__goldens__', `${name}.txt`);

describe('loadInstructions on a nested monorepo', () => {
  const root = join(fixtures, 'monorepo');

  it('loads the root rules, the nested files of the scope directories (closest last), and gates sections', async () => {
    const result = await loadInstructions({ root, scope: ['packages/api/src/handlers/users.go'] });
    await expect(renderReport(result)).toMatchFileSnapshot(golden('monorepo-api-go'));
    expect(result.files.map((file) => file.path)).toEqual([
      'AGENTS.md',
      '.cursorrules',
      '.cursor/rules/always.mdc',
      '.ctxkit/AGENTS.md',
      'packages/api/AGENTS.md',
      'packages/api/src/handlers/CLAUDE.md',
    ]);
    expect(result.sections.dropped).toContainEqual({
      path: 'CLAUDE.md',
      heading: null,
      reason: 'same file as AGENTS.md (symlink)',
    });
    expect(result.sections.kept).toContainEqual({ path: 'AGENTS.md', heading: 'Go' });
    expect(result.sections.dropped.map((section) => section.heading)).toEqual(
      expect.arrayContaining(['Frontend', 'Testing components', 'Terraform']),
    );
  });

  it('applies the frontend rules, the TypeScript cursor rule and no API rules to a web file', async () => {
    const result = await loadInstructions({ root, scope: ['packages/web/src/App.tsx'] });
    await expect(renderReport(result)).toMatchFileSnapshot(golden('monorepo-web-tsx'));
    expect(result.files.map((file) => file.path)).toContain('.cursor/rules/typescript.mdc');
    expect(result.files.map((file) => file.path)).toContain('packages/web/AGENTS.md');
    expect(result.text).toContain('Testing Library');
    expect(result.text).not.toContain('Wrap errors');
  });

  it('disables gating with an empty scope and loads no nested files', async () => {
    const result = await loadInstructions({ root });
    await expect(renderReport(result)).toMatchFileSnapshot(golden('monorepo-no-scope'));
    expect(result.text).toContain('Every resource carries the `owner` tag.');
    expect(result.files.some((file) => file.path.startsWith('packages/'))).toBe(false);
    expect(result.text).not.toContain('pnpm install');
  });

  it('adds README.md last only when asked', async () => {
    const result = await loadInstructions({ root, includeReadme: true });
    expect(result.files.at(-1)?.path).toBe('README.md');
  });

  it('treats a directory in scope as containing files: its own nested files load', async () => {
    const result = await loadInstructions({ root, scope: ['packages/web'] });
    expect(result.files.map((file) => file.path)).toContain('packages/web/AGENTS.md');
  });

  it('accepts absolute scope paths inside the root', async () => {
    const relative = await loadInstructions({ root, scope: ['packages/api/src/handlers/users.go'] });
    const absolute = await loadInstructions({
      root,
      scope: [join(root, 'packages/api/src/handlers/users.go')],
    });
    expect(absolute).toEqual(relative);
  });

  it('strips the paths comment from rendered headings', async () => {
    const result = await loadInstructions({ root, scope: ['cmd/main.go'] });
    expect(result.text).toContain('## Go\n');
    expect(result.text).not.toContain('<!-- paths');
  });
});

describe('loadInstructions budgets', () => {
  const root = join(fixtures, 'oversize');

  it('cuts oversize files at a section boundary with a marker and stops at the total budget', async () => {
    const result = await loadInstructions({ root });
    await expect(renderReport(result)).toMatchFileSnapshot(golden('oversize'));
    expect(result.bytes).toBeLessThanOrEqual(DEFAULT_MAX_TOTAL_BYTES);
    for (const file of result.files) expect(file.bytes).toBeLessThanOrEqual(DEFAULT_MAX_FILE_BYTES);
    expect(result.files.find((file) => file.path === 'AGENTS.md')?.truncated).toBe(true);
    expect(result.sections.dropped).toContainEqual({
      path: 'CLAUDE.md',
      heading: null,
      reason: 'identical to AGENTS.md',
    });
    expect(result.text).toMatch(
      /\[ctxkit: truncated AGENTS\.md here; \d+ sections? \(\d+ bytes\) left out by the 4000-byte per-file budget\]/,
    );
    expect(
      result.sections.dropped.some((section) => section.reason.includes('12000-byte total budget')),
    ).toBe(true);
  });

  it('honours smaller budgets', async () => {
    const result = await loadInstructions({ root, maxTotalBytes: 3000, maxFileBytes: 1000 });
    expect(result.bytes).toBeLessThanOrEqual(3000);
    for (const file of result.files) expect(file.bytes).toBeLessThanOrEqual(1000);
  });
});

describe('loadInstructions with malformed front matter', () => {
  it('reports file:line and still loads the file as plain text', async () => {
    const result = await loadInstructions({ root: join(fixtures, 'malformed'), scope: ['src/index.ts'] });
    await expect(renderReport(result)).toMatchFileSnapshot(golden('malformed'));
    expect(result.problems.map((problem) => `${problem.path}:${problem.line}`)).toEqual([
      'AGENTS.md:3',
      '.cursor/rules/style.mdc:3',
      '.ctxkit/PROJECT.md:1',
    ]);
    expect(result.text).toContain('Keep modules under 300 lines.');
    expect(result.text).toContain('The front matter above is never closed.');
    expect(result.sections.dropped).toContainEqual({
      path: 'CLAUDE.md',
      heading: null,
      reason: 'paths docs/** match no file in scope',
    });
  });

  it('returns an empty result for a directory without instruction files', async () => {
    const result = await loadInstructions({ root: join(fixtures, 'monorepo', 'packages', 'api', 'src') });
    expect(result).toEqual({
      text: '',
      bytes: 0,
      files: [],
      sections: { kept: [], dropped: [] },
      problems: [],
    });
  });
});

describe('loadInstructions with files that are not UTF-8 text', () => {
  it('leaves a binary file out and says so, and reads other bytes as Windows-1252 with a note', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ctxkit-instructions-bytes-'));
    try {
      mkdirSync(join(root, '.cursor', 'rules'), { recursive: true });
      writeFileSync(join(root, 'AGENTS.md'), '# Rules\n\nRun the tests.\n');
      writeFileSync(
        join(root, '.cursor', 'rules', 'logo.mdc'),
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]),
      );
      writeFileSync(
        join(root, 'CLAUDE.md'),
        Buffer.from('Use \x93smart quotes\x94 and caf\xe9.\n', 'latin1'),
      );
      const result = await loadInstructions({ root });
      expect(result.text).not.toContain('\0');
      expect(result.text).toContain('Use “smart quotes” and café.');
      expect(result.problems).toEqual(
        expect.arrayContaining([
          { path: '.cursor/rules/logo.mdc', line: 1, message: 'binary file (it holds NUL bytes); left out' },
          { path: 'CLAUDE.md', line: 1, message: 'not valid UTF-8; read as Windows-1252 (save it as UTF-8)' },
        ]),
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('loadInstructions with links that leave the root', () => {
  it('leaves out files and imports whose real path is outside the root, unless asked to follow them', async () => {
    const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-instructions-links-')));
    try {
      const root = join(workspace, 'repo');
      mkdirSync(join(root, '.cursor', 'rules'), { recursive: true });
      mkdirSync(join(workspace, 'shared'));
      writeFileSync(join(workspace, 'secret.md'), 'TOP SECRET\n');
      writeFileSync(join(workspace, 'shared', 'remote.mdc'), 'SHARED SECRET\n');
      writeFileSync(join(root, 'rules.md'), 'Run the tests.\n');
      symlinkSync(join(workspace, 'secret.md'), join(root, 'AGENTS.md'));
      // A chain: a link inside the root to a link that leaves it.
      symlinkSync(join(workspace, 'secret.md'), join(root, 'hop.md'));
      symlinkSync(join(root, 'hop.md'), join(root, '.cursorrules'));
      symlinkSync(join(workspace, 'shared'), join(root, '.cursor', 'rules', 'shared'));
      writeFileSync(join(root, 'CLAUDE.md'), '# Claude\n\n@hop.md\n@rules.md\n');
      const result = await loadInstructions({ root });
      expect(result.text).not.toContain('SECRET');
      expect(result.text).toContain('Run the tests.');
      const outside = 'symbolic link outside the root; left out';
      expect(result.problems).toEqual(
        expect.arrayContaining([
          { path: 'AGENTS.md', line: 1, message: outside },
          { path: '.cursorrules', line: 1, message: outside },
          { path: '.cursor/rules/shared/remote.mdc', line: 1, message: outside },
          {
            path: 'CLAUDE.md',
            line: 3,
            message: 'cannot read import @hop.md (symbolic link outside the root)',
          },
        ]),
      );
      const followed = await loadInstructions({ root, followExternalLinks: true });
      expect(followed.text).toContain('TOP SECRET');
      expect(followed.text).toContain('SHARED SECRET');
      await expect(loadInstructions({ root, followExternalLinks: 1 as never })).rejects.toThrow(
        /followExternalLinks/,
      );
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

describe('loadInstructions input checks', () => {
  const root = join(fixtures, 'oversize');

  it('rejects budgets that are not whole numbers ≥ 0, and keeps 0 as "load nothing"', async () => {
    for (const [name, value, error] of [
      [
        'maxTotalBytes',
        Number.NaN,
        new RangeError('loadInstructions: maxTotalBytes must be a whole number ≥ 0, found NaN'),
      ],
      [
        'maxTotalBytes',
        -1,
        new RangeError('loadInstructions: maxTotalBytes must be a whole number ≥ 0, found -1'),
      ],
      [
        'maxTotalBytes',
        1.5,
        new RangeError('loadInstructions: maxTotalBytes must be a whole number ≥ 0, found 1.5'),
      ],
      [
        'maxTotalBytes',
        '50',
        new TypeError('loadInstructions: maxTotalBytes must be a whole number ≥ 0, found the string "50"'),
      ],
      [
        'maxFileBytes',
        Number.NaN,
        new RangeError('loadInstructions: maxFileBytes must be a whole number ≥ 0, found NaN'),
      ],
      [
        'maxFileBytes',
        -5,
        new RangeError('loadInstructions: maxFileBytes must be a whole number ≥ 0, found -5'),
      ],
    ] as const) {
      await expect(loadInstructions({ root, [name]: value as never })).rejects.toThrow(error);
    }
    const nothing = await loadInstructions({ root, maxTotalBytes: 0 });
    expect(nothing.text).toBe('');
    expect(nothing.sections.dropped).toContainEqual({
      path: 'AGENTS.md',
      heading: null,
      reason: 'budget: no room left in the 0-byte total budget',
    });
  });

  it('throws when the root is missing or is a file instead of returning an empty result', async () => {
    const missing = join(fixtures, 'no-such-project');
    await expect(loadInstructions({ root: missing })).rejects.toThrow(
      new RangeError(`loadInstructions: root is not a directory: ${missing} (it does not exist)`),
    );
    const file = join(root, 'AGENTS.md');
    await expect(loadInstructions({ root: file })).rejects.toThrow(
      new RangeError(`loadInstructions: root is not a directory: ${file}`),
    );
    await expect(loadInstructions({} as never)).rejects.toThrow(
      new TypeError('loadInstructions: root must be a directory path, found undefined'),
    );
  });

  it('reports files entries that are missing, outside the root or directories, and rejects a non-array', async () => {
    const monorepo = join(fixtures, 'monorepo');
    const result = await loadInstructions({
      root: monorepo,
      files: [
        'nope.md',
        '../x',
        'packages/../../y',
        'packages',
        join(fixtures, 'oversize', 'AGENTS.md'),
        'README.md',
      ],
    });
    expect(result.problems).toEqual([
      { path: 'nope.md', line: 1, message: 'listed in files but not found; left out' },
      { path: '../x', line: 1, message: 'listed in files but outside the root; left out' },
      { path: 'packages/../../y', line: 1, message: 'listed in files but outside the root; left out' },
      { path: 'packages', line: 1, message: 'listed in files but it is a directory; left out' },
      { path: '../oversize/AGENTS.md', line: 1, message: 'listed in files but outside the root; left out' },
    ]);
    expect(result.files.map((file) => file.path)).toContain('README.md');
    await expect(loadInstructions({ root: monorepo, files: 'extra.md' as never })).rejects.toThrow(
      new TypeError('loadInstructions: files must be an array of paths, found the string "extra.md"'),
    );
    await expect(loadInstructions({ root: monorepo, files: ['ok.md', 3 as never] })).rejects.toThrow(
      new TypeError('loadInstructions: files[1] must be a non-empty path, found 3'),
    );
  });
});
