import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildSkillIndex,
  CARD_FLOOR,
  createSkillToolDefinition,
  type DiscoveredSkills,
  discoverSkills,
  EXPAND_FLOOR,
  handleSkillTool,
  type Skill,
  STRAY_BODIES_PER_TASK,
  STRAY_CARDS_PER_TASK,
  selectSkills,
  skillToolDefinition,
} from '../src/index.js';
import { renderDiscovery, renderSelectionReport } from './render-selection.js';

const root = join(import.meta.dirname, '__fixtures__', 'project');
const golden = (name: string) => join(import.meta.dirname, '__goldens__', `${name}.txt`);

let found: DiscoveredSkills;
let skills: Skill[];
beforeAll(async () => {
  found = await discoverSkills({ root });
  skills = found.skills;
});

describe('discoverSkills', () => {
  it('finds SKILL.md under every default root, tolerates and reports malformed ones', async () => {
    await expect(renderDiscovery(found)).toMatchFileSnapshot(golden('discovery'));
    expect(skills.map((skill) => skill.name)).toEqual([
      'broken',
      'code-review',
      'pdf-forms',
      'release-notes',
      'sql-migrations',
      'style-guide',
      'systematic-debugging',
    ]);
    expect(found.problems.map((problem) => problem.path)).toEqual([
      '.agents/skills/broken/SKILL.md:1',
      'skills/duplicate/SKILL.md',
      'skills/pdf-forms/SKILL.md:3',
      'skills/style-guide/SKILL.md',
      'skills/style-guide/SKILL.md',
    ]);
  });

  it('recovers the description of YAML-invalid front matter as plain key: value', () => {
    expect(skills.find((skill) => skill.name === 'pdf-forms')?.description).toBe(
      'Use when: filling or reading PDF forms',
    );
  });

  it('keeps the skill of the higher-priority root when two share a name', () => {
    expect(skills.find((skill) => skill.name === 'release-notes')?.path).toBe(
      '.ctxkit/skills/release-notes/SKILL.md',
    );
  });

  it('follows a symlinked skills directory and counts a skill reached twice once', async () => {
    const linked = await discoverSkills({ root: join(import.meta.dirname, '__fixtures__', 'linked') });
    expect(linked.skills.map((skill) => [skill.name, skill.path])).toEqual([
      ['review', '.claude/skills/review/SKILL.md'],
    ]);
    expect(linked.problems).toEqual([]);
  });

  it('searches only the roots it is given', async () => {
    const only = await discoverSkills({ root, roots: ['.claude/skills'] });
    expect(only.skills.map((skill) => skill.name)).toEqual(['sql-migrations', 'systematic-debugging']);
    expect(only.problems).toEqual([]);
  });

  it('calibrates thresholds on the set (enough skills for a measurement)', () => {
    const { thresholds } = buildSkillIndex(skills);
    expect(thresholds.samples).toBe(skills.length * (skills.length - 1));
    expect(thresholds.expand).toBeGreaterThan(thresholds.card);
    // A task meets N - 1 unrelated skills: the quantile lets through the budgeted strays per task.
    expect(thresholds.quantiles.card).toBeCloseTo(1 - STRAY_CARDS_PER_TASK / (skills.length - 1));
    expect(thresholds.quantiles.expand).toBeCloseTo(1 - STRAY_BODIES_PER_TASK / (skills.length - 1));
    // The sole-match bar sits between the two: looser than a body, never below a card.
    expect(thresholds.sole).toBeGreaterThanOrEqual(Math.max(thresholds.card, EXPAND_FLOOR));
    expect(thresholds.sole).toBeLessThanOrEqual(thresholds.expand);
  });

  it('falls back to the absolute floors for a set too small to measure', () => {
    const { thresholds } = buildSkillIndex(skills.slice(0, 3));
    expect(thresholds).toEqual({
      card: CARD_FLOOR,
      expand: EXPAND_FLOOR,
      sole: EXPAND_FLOOR,
      samples: 6,
      quantiles: { card: 0, expand: 0, sole: 0 },
    });
  });
});

describe('selectSkills', () => {
  const cases: [string, string, Parameters<typeof selectSkills>[1]][] = [
    ['trigger-phrase', 'Draft the changelog for 2.4 from the merged pull requests', {}],
    [
      'implicit-debugging',
      'The parser test fails with TypeError: cannot read property value of undefined',
      {},
    ],
    ['explicit-reference', 'Tidy the docs intro page, following @skill:style-guide', {}],
    ['pin', 'Prepare the 2.4 release', { pins: ['code-review', 'release-notes'] }],
    ['cap', 'Use @skill:pdf-forms and @skill:code-review and @skill:release-notes', { maxExpanded: 2 }],
    ['scope-gated', 'Add a migration for the users table', { scope: ['src/app.ts'] }],
    ['scope-open', 'Add a migration for the users table', { scope: ['db/migrations/0042_users.sql'] }],
    ['scope-card', 'Tidy this file', { scope: ['db/migrations/0042_users.sql'] }],
    ['no-match', 'Rename the variable x to count', {}],
    ['unknown-reference', 'Follow @skill:deploy-checklist', { pins: ['nope'] }],
    ['small-body-cap', 'Debug the failing test, @skill:systematic-debugging', { maxBodyBytes: 300 }],
  ];
  for (const [name, task, options] of cases) {
    it(`renders ${name}`, async () => {
      const selection = selectSkills(skills, { task, ...options });
      await expect(renderSelectionReport(task, selection)).toMatchFileSnapshot(golden(`select-${name}`));
    });
  }

  it('selects a skill by a trigger phrase and expands it when the score is high', () => {
    const selection = selectSkills(skills, {
      task: 'Draft the changelog for 2.4 from the merged pull requests',
    });
    expect(selection.cards[0]?.name).toBe('release-notes');
    expect(selection.expanded.map((entry) => entry.name)).toContain('release-notes');
  });

  it('cards but does not expand a skill matched by a stray word', () => {
    const selection = selectSkills(skills, { task: 'Explain what this function returns' });
    expect(selection.expanded).toEqual([]);
  });

  it('expands @skill references first, then pins, never more than maxExpanded', () => {
    const selection = selectSkills(skills, {
      task: 'Please follow @skill:code-review here',
      pins: ['release-notes', 'pdf-forms'],
      maxExpanded: 2,
    });
    expect(selection.expanded.map((entry) => [entry.name, entry.reason])).toEqual([
      ['code-review', 'reference'],
      ['release-notes', 'pin'],
    ]);
    // The pin that did not fit keeps its card.
    expect(selection.cards.map((card) => card.name)).toContain('pdf-forms');
  });

  it('truncates long bodies at a section boundary with a marker naming what is left out', () => {
    const selection = selectSkills(skills, { task: '@skill:systematic-debugging', maxBodyBytes: 450 });
    const body = selection.expanded[0]?.body ?? '';
    expect(selection.expanded[0]?.bytes).toBeLessThanOrEqual(450);
    expect(body).toContain('## Reproduce');
    expect(body).not.toContain('## Bisect');
    expect(body).toMatch(
      /\[ctxkit: skill "systematic-debugging" truncated; 3 more sections left out \("Read the error", "Bisect", "Fix and verify"\)/,
    );
  });

  it('returns empty text when nothing matches', () => {
    expect(selectSkills(skills, { task: 'Rename the variable x to count' })).toEqual({
      cards: [],
      expanded: [],
      text: '',
      unknown: [],
    });
  });

  it('reports unknown references and pins', () => {
    expect(selectSkills(skills, { task: 'use @skill:deploy-checklist.', pins: ['nope'] }).unknown).toEqual([
      'deploy-checklist',
      'nope',
    ]);
  });
});

describe('the skill tool', () => {
  it('is a JSON-schema tool named skill', () => {
    expect(skillToolDefinition.name).toBe('skill');
    expect(skillToolDefinition.inputSchema.required).toEqual(['name']);
    expect(JSON.parse(JSON.stringify(skillToolDefinition))).toEqual(skillToolDefinition);
  });

  it('can list the known names as an enum, sorted', () => {
    const definition = createSkillToolDefinition([...skills].reverse());
    expect(definition.inputSchema.properties.name.enum).toEqual(skills.map((skill) => skill.name));
    expect(definition.inputSchema.required).toEqual(['name']);
  });

  it('returns a body, a section, or a one-line error', () => {
    expect(handleSkillTool(skills, { name: 'code-review' })).toEqual({
      isError: false,
      text: '# Code review\n\nRead the tests first; they say what the change claims to do.\n',
    });
    expect(handleSkillTool(skills, '{"name":"systematic-debugging","section":"bisect"}').text).toBe(
      '## Bisect\n\nWhen the failure is new, bisect the commits since it last passed.\nKeep the reproduction command as the bisect test.\n\n',
    );
    expect(handleSkillTool(skills, { name: 'CODE-REVIEW' }).isError).toBe(false);
    const unknown = handleSkillTool(skills, { name: 'deploy' });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toMatch(/^skill: no skill named "deploy"; known skills: broken, code-review, /);
    expect(handleSkillTool(skills, { nom: 'x' })).toEqual({
      isError: true,
      text: 'skill: expected input {"name": "<skill name>"}; found no string "name"',
    });
    expect(handleSkillTool(skills, { name: 'code-review', section: 'Nope' }).text).toBe(
      'skill: "code-review" has no section "Nope"; sections: "Code review"',
    );
  });
});
