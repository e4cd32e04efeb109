import { describe, expect, it } from 'vitest';
import { discoverSkills } from './discover-skills.js';
import type { DiscoverSkillsOptions } from './types.js';

const root = new URL('../test/__fixtures__/project/', import.meta.url).pathname;

describe('discoverSkills options', () => {
  it('refuses roots given as one string (walked letter by letter, it found nothing)', async () => {
    await expect(
      discoverSkills({ root, roots: 'skills' } as unknown as DiscoverSkillsOptions),
    ).rejects.toThrow(
      new TypeError('discoverSkills: roots must be an array of directories, found the string "skills"'),
    );
    await expect(discoverSkills({} as DiscoverSkillsOptions)).rejects.toThrow(
      'discoverSkills: root must be a string, found undefined',
    );
    expect((await discoverSkills({ root, roots: ['skills'] })).skills.length).toBeGreaterThan(0);
  });
});
