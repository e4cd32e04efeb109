import { describe, expect, it } from 'vitest';
import { RELATIVE_SCORE_CUTOFF, selectSkills, shortenDescription, soleMatchOf } from './select-skills.js';
import { buildSkillIndex } from './skill-index.js';
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
      new TypeError('selectSkills: pins must be an array of skill names, found the string "release-notes"'),
    );
    expect(wrong({ task: 'x', pins: ['alpha', 5] })).toThrow(
      'selectSkills: pins[1] must be a string, found 5',
    );
    expect(wrong({ task: 'x', scope: 'src/a.ts' })).toThrow(
      'selectSkills: scope must be an array of file paths, found the string "src/a.ts"',
    );
    expect(wrong({})).toThrow(new TypeError('selectSkills: task must be a string, found undefined'));
  });

  it("selects the same with an index built once as with its own, and refuses another set's index", () => {
    const index = buildSkillIndex(skills);
    for (const task of ['alpha work', 'beta work please', '@skill:beta', 'nothing related'])
      expect(selectSkills(skills, { task, index })).toEqual(selectSkills(skills, { task }));
    // The same skills in another order are the same set.
    expect(selectSkills([...skills].reverse(), { task: 'alpha work', index })).toEqual(
      selectSkills(skills, { task: 'alpha work' }),
    );
    const others = buildSkillIndex([skills[0]!]);
    expect(() => selectSkills(skills, { task: 'alpha', index: others })).toThrow(
      new RangeError(
        'selectSkills: index must be the index buildSkillIndex built from these same skills, found an object',
      ),
    );
    const copies = buildSkillIndex(skills.map((skill) => ({ ...skill })));
    expect(() => selectSkills(skills, { task: 'alpha', index: copies })).toThrow(RangeError);
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

describe('soleMatchOf', () => {
  // [scores best first, card bar, expected index or undefined]; relative floor = half the best.
  const table: [string, number[], number, number | undefined][] = [
    ['a lone match', [1.5], 0.5, 0],
    ['runner-up under the card bar, margin over it', [1.9, 0.4], 0.5, 0],
    ['runner-up under half the best but over the card bar', [3, 1.2], 0.5, 0],
    ['runner-up is a card too', [1.5, 0.9], 0.5, undefined],
    ['margin smaller than the card bar', [1, 0.45], 0.6, undefined],
    ['best under the card bar', [0.4, 0.1], 0.5, undefined],
    ['a tie', [1, 1], 0.5, undefined],
    ['nothing scored', [], 0.5, undefined],
  ];
  it.each(table)('%s', (_, values, card, expected) => {
    const scores = values.map((score) => ({ score }));
    const relativeFloor = (values[0] ?? 0) * RELATIVE_SCORE_CUTOFF;
    expect(soleMatchOf(scores, card, relativeFloor)).toBe(
      expected === undefined ? undefined : scores[expected],
    );
  });
});

describe('sole-match expansion', () => {
  const many: Skill[] = [
    ['sheets', 'Open, edit or create spreadsheets: formulas, formatting, charts, pivot tables.'],
    ['release-notes', 'Write release notes from merged pull requests.'],
    ['debugging', 'Find the root cause of a failing test before fixing it.'],
    ['deploy', 'Deploy the service to the staging cluster.'],
    ['review', 'Review a pull request for correctness and style.'],
  ].map(([name = '', description = '']) => ({
    name,
    description,
    triggers: [],
    paths: [],
    path: `skills/${name}/SKILL.md`,
    body: `${name} body\n`,
  }));
  const task = 'add pivot tables and charts to the spreadsheet';
  it('expands the only card when it clears the sole-match bar but not the ordinary one', () => {
    const selection = selectSkills(many, { task, thresholds: { card: 0.3, expand: 10, sole: 0.5 } });
    expect(selection.cards.map((card) => card.name)).toEqual(['sheets']);
    expect(selection.expanded.map((entry) => entry.name)).toEqual(['sheets']);
  });
  it('keeps it a card when the sole-match bar is the ordinary one', () => {
    const selection = selectSkills(many, { task, thresholds: { card: 0.3, expand: 10, sole: 10 } });
    expect(selection.expanded).toEqual([]);
  });
  it('caps the measured sole-match bar by an overridden expansion bar', () => {
    const selection = selectSkills(many, { task, thresholds: { card: 0.3, expand: 0.5 } });
    expect(selection.expanded.map((entry) => entry.name)).toEqual(['sheets']);
  });
  it('does not expand by margin when two skills are cards', () => {
    const selection = selectSkills(many, {
      task: 'review the pull request release notes',
      thresholds: { card: 0.1, expand: 10, sole: 0.1 },
    });
    expect(selection.cards.length).toBeGreaterThan(1);
    expect(selection.expanded).toEqual([]);
  });
});
