import { describe, expect, it } from 'vitest';
import { selectSkills, shortenDescription } from './select-skills.js';
import type { SelectSkillsOptions, Skill } from './types.js';

const skills: Skill[] = ['alpha', 'beta'].map((name) => ({
  name,
  description: `Use for ${name} work.`,
  triggers: [],
  paths: [],
  path: `skills/${name}/SKILL.md`,
  body: `${name} body\n`,
}));

describe('shortenDescription', () => {
  it('cuts on a code point boundary, never inside an emoji', () => {
    const short = shortenDescription(`Use when ${'😀'.repeat(300)}`);
    expect(short).toBe(`Use when ${'😀'.repeat(112)}…`);
    expect(short).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('cuts every other description as before', () => {
    expect(shortenDescription(`Use when ${'word '.repeat(100)}`)).toBe(`Use when ${'word '.repeat(45)}word…`);
    expect(shortenDescription('x'.repeat(300))).toBe(`${'x'.repeat(119)}…`);
    expect(shortenDescription(`Use when ${'a😀'.repeat(200)}`)).toBe(`Use when ${'a😀'.repeat(56)}…`);
  });
});

describe('selectSkills options', () => {
  it('refuses caps and thresholds that would select wrongly without a word', () => {
    const bad: [Partial<SelectSkillsOptions>, string][] = [
      [{ maxExpanded: Number.NaN }, 'selectSkills: maxExpanded must be a whole number ≥ 0, found NaN'],
      [{ maxExpanded: -1 }, 'selectSkills: maxExpanded must be a whole number ≥ 0, found -1'],
      [{ maxCards: 1.5 }, 'selectSkills: maxCards must be a whole number ≥ 0, found 1.5'],
      [{ maxBodyBytes: Number.NaN }, 'selectSkills: maxBodyBytes must be a whole number ≥ 0, found NaN'],
      [
        { thresholds: { card: Number.NaN } },
        'selectSkills: thresholds.card must be a finite number ≥ 0, found NaN',
      ],
      [
        { thresholds: { expand: -1 } },
        'selectSkills: thresholds.expand must be a finite number ≥ 0, found -1',
      ],
    ];
    for (const [options, message] of bad)
      expect(() => selectSkills(skills, { task: '@skill:alpha @skill:beta', ...options })).toThrow(
        new RangeError(message),
      );
  });

  it('refuses a string where a list belongs, and a missing task', () => {
    const wrong = (options: unknown) => () => selectSkills(skills, options as SelectSkillsOptions);
    expect(wrong({ task: 'x', pins: 'release-notes' })).toThrow(
      new TypeError('selectSkills: pins must be an array of skill names, found "release-notes"'),
    );
    expect(wrong({ task: 'x', pins: ['alpha', 5] })).toThrow(
      'selectSkills: pins[1] must be a string, found 5',
    );
    expect(wrong({ task: 'x', scope: 'src/a.ts' })).toThrow(
      'selectSkills: scope must be an array of file paths, found "src/a.ts"',
    );
    expect(wrong({})).toThrow(new TypeError('selectSkills: task must be a string, found undefined'));
  });

  it('still inlines every referenced skill up to a valid cap', () => {
    const selection = selectSkills(skills, {
      task: '@skill:alpha @skill:beta',
      maxExpanded: 2,
      thresholds: {},
    });
    expect(selection.expanded.map((entry) => entry.name)).toEqual(['alpha', 'beta']);
  });
});

describe('selectSkills rendering', () => {
  it('shows names, descriptions and paths with control characters escaped', () => {
    const hostile: Skill = {
      name: 'alpha',
      description: 'Use for alpha\x1b[31m work.',
      triggers: [],
      paths: [],
      path: 'skills/ctl\nname\x01/SKILL.md',
      body: 'alpha body\n',
    };
    const selection = selectSkills([hostile], { task: '@skill:alpha', thresholds: {} });
    expect(selection.text).toContain('- alpha: Use for alpha\\x1b[31m work. (full text below)');
    expect(selection.text).toContain('<skill name="alpha" path="skills/ctl\\nname\\x01/SKILL.md">');
    expect(selection.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  });
});
