import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  discoverSkills,
  handleSkillTool,
  parseSkill,
  selectSkills,
  splitBodySections,
} from '../src/index.js';

// Shapes seen in real skill folders (anthropics/skills, obra/superpowers) and real mistakes.
describe('skills on real-world inputs', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'ctxkit-skills-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function writeSkill(directory: string, text: string): Promise<void> {
    await mkdir(join(root, directory), { recursive: true });
    await writeFile(join(root, directory, 'SKILL.md'), text);
  }

  it('reports an unreadable SKILL.md (here a link loop) and still loads the other skills', async () => {
    await writeSkill('skills/good', '---\nname: good\ndescription: Works.\n---\nBody.\n');
    await mkdir(join(root, 'skills', 'looped'), { recursive: true });
    await symlink('SKILL.md', join(root, 'skills', 'looped', 'SKILL.md'));
    const found = await discoverSkills({ root });
    expect(found.skills.map((skill) => skill.name)).toEqual(['good']);
    expect(found.problems).toEqual([
      { path: 'skills/looped/SKILL.md', message: 'cannot read the file (ELOOP); skill left out' },
    ]);
  });

  it('leaves out a SKILL.md whose real path leaves the project, unless asked to follow it', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'ctxkit-skills-outside-'));
    try {
      await writeSkill('skills/good', '---\nname: good\ndescription: Works.\n---\nBody.\n');
      await mkdir(join(outside, 'remote'), { recursive: true });
      await writeFile(
        join(outside, 'remote', 'SKILL.md'),
        '---\nname: remote\ndescription: Secret.\n---\nX\n',
      );
      await mkdir(join(root, 'skills', 'file-link'), { recursive: true });
      await symlink(join(outside, 'remote', 'SKILL.md'), join(root, 'skills', 'file-link', 'SKILL.md'));
      await symlink(join(outside, 'remote'), join(root, 'skills', 'dir-link'));
      const found = await discoverSkills({ root });
      expect(found.skills.map((skill) => skill.name)).toEqual(['good']);
      expect(found.problems).toEqual([
        { path: 'skills/dir-link/SKILL.md', message: 'symbolic link outside the root; skill left out' },
        { path: 'skills/file-link/SKILL.md', message: 'symbolic link outside the root; skill left out' },
      ]);
      const followed = await discoverSkills({ root, followExternalLinks: true });
      expect(followed.skills.map((skill) => skill.name)).toEqual(['good', 'remote']);
      // An absolute root outside the project, named on purpose, is read: its files are inside it.
      const named = await discoverSkills({ root, roots: [outside] });
      expect(named.skills.map((skill) => skill.name)).toEqual(['remote']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('treats names differing only in case, spaces or underscores as duplicates; the higher root wins', async () => {
    await writeSkill('.claude/skills/pdf', '---\nname: PDF Forms\ndescription: Fill PDF forms.\n---\nA\n');
    await writeSkill('skills/pdf', '---\nname: pdf-forms\ndescription: Other.\n---\nB\n');
    const found = await discoverSkills({ root });
    expect(found.skills.map((skill) => skill.path)).toEqual(['.claude/skills/pdf/SKILL.md']);
    expect(found.problems).toEqual([
      {
        path: 'skills/pdf/SKILL.md',
        message:
          'duplicate skill name "pdf-forms"; keeping .claude/skills/pdf/SKILL.md (named "PDF Forms" there)',
      },
    ]);
    // A reference or pin written as a slug finds the spaced name, with prose punctuation after it.
    const selection = selectSkills(found.skills, {
      task: 'Fill this in, see @skill:pdf-forms.',
      pins: ['pdf_forms'],
    });
    expect(selection.expanded.map((entry) => [entry.name, entry.reason])).toEqual([
      ['PDF Forms', 'reference'],
    ]);
    expect(selection.unknown).toEqual([]);
    expect(handleSkillTool(found.skills, { name: 'pdf forms' })).toEqual({ isError: false, text: 'A\n' });
  });

  it('reads multi-line YAML descriptions and CRLF front matter with a byte-order mark', () => {
    const folded = parseSkill(
      'skills/x/SKILL.md',
      '\uFEFF---\r\nname: x\r\ndescription: >\r\n  Use when writing\r\n  release notes.\r\n---\r\n# X\r\n',
    );
    expect(folded.problems).toEqual([]);
    expect(folded.skill?.description).toBe('Use when writing release notes.');
    const literal = parseSkill(
      'skills/y/SKILL.md',
      '---\nname: y\ndescription: |\n  Line one.\n  Line two.\n---\nBody\n',
    );
    expect(literal.skill?.description).toBe('Line one. Line two.');
  });

  it('falls back to the directory name and first paragraph for a SKILL.md without front matter', () => {
    const parsed = parseSkill('skills/plain/SKILL.md', '# Plain\n\nDo the plain thing.\n');
    expect(parsed.skill).toMatchObject({ name: 'plain', description: 'Do the plain thing.' });
  });

  it('keeps a trailing # that belongs to a heading (C#) and never splits inside code fences', () => {
    const sections = splitBodySections('# Using C#\n\n```sh\n# comment\n```\n## Next ##\nx\n');
    expect(sections.map((section) => section.heading)).toEqual(['Using C#', 'Next']);
  });

  it("matches a skill's paths against Windows-style and ./ scope paths", () => {
    const go = parseSkill(
      'skills/go/SKILL.md',
      '---\nname: go\ndescription: Go rules.\npaths: ["**/*.go"]\n---\nx\n',
    ).skill!;
    for (const file of ['cmd\\api\\main.go', './cmd/api/main.go'])
      expect(
        selectSkills([go], { task: 'rename a field', scope: [file] }).cards.map((card) => card.name),
      ).toEqual(['go']);
  });

  it('reports unknown pins and references, and answers bad tool arguments with a tool error', () => {
    const skills = [
      parseSkill('skills/a/SKILL.md', '---\nname: a\ndescription: A.\n---\n# Part\nx\n').skill!,
    ];
    expect(selectSkills(skills, { task: 'use @skill:missing.', pins: ['nope'] }).unknown).toEqual([
      'missing',
      'nope',
    ]);
    for (const input of [undefined, null, 42, '{not json', [], { name: 7 }, { name: 'a', section: 3 }]) {
      const result = handleSkillTool(skills, input);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(/^skill: /);
    }
  });
});
