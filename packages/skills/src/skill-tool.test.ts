import { describe, expect, it } from 'vitest';
import { handleSkillTool } from './skill-tool.js';
import type { Skill } from './types.js';

const skills: Skill[] = [
  {
    name: 'alpha',
    description: 'Alpha.',
    triggers: [],
    paths: [],
    path: 'a/SKILL.md',
    body: 'x'.repeat(500),
  },
];

describe('handleSkillTool options', () => {
  it('throws for a byte cap that is not a whole number (NaN would lift the cap)', () => {
    expect(() => handleSkillTool(skills, { name: 'alpha' }, { maxBodyBytes: Number.NaN })).toThrow(
      new RangeError('handleSkillTool: maxBodyBytes must be a whole number ≥ 0, found NaN'),
    );
    expect(() => handleSkillTool(skills, { name: 'alpha' }, { maxBodyBytes: -1 })).toThrow('found -1');
    expect(handleSkillTool(skills, { name: 'alpha' }, { maxBodyBytes: 1000 }).text).toBe(
      `${'x'.repeat(500)}\n`,
    );
  });
});

describe('handleSkillTool names with control characters', () => {
  const hostile: Skill[] = [{ ...skills[0]!, name: 'red\x1b[31m' }];

  it('finds a skill by its escaped name and escapes names in what it says', () => {
    expect(handleSkillTool(hostile, { name: 'red\\x1b[31m' }).isError).toBe(false);
    expect(handleSkillTool(hostile, { name: 'red\x1b[31m' }).isError).toBe(false);
    expect(handleSkillTool(hostile, { name: 'blue\x07' }).text).toBe(
      'skill: no skill named "blue\\x07"; known skills: red\\x1b[31m',
    );
    expect(handleSkillTool(hostile, { name: 'red\x1b[31m' }, { maxBodyBytes: 10 }).text).toContain(
      'skill "red\\x1b[31m"',
    );
  });
});
