import { describe, expect, it } from 'vitest';
import { configIgnoresCase } from './git-config.js';

describe('configIgnoresCase', () => {
  it('reads core.ignorecase as git does: sections and keys in any case, the last setting wins', () => {
    expect(configIgnoresCase('')).toBe(false);
    expect(configIgnoresCase('[core]\n\trepositoryformatversion = 0\n\tignorecase = false\n')).toBe(false);
    expect(configIgnoresCase('[core]\n\tignorecase = true\n')).toBe(true);
    expect(configIgnoresCase('[Core]\n\tIgnoreCase = Yes ; from a Mac\n')).toBe(true);
    expect(configIgnoresCase('[core]\n\tignorecase\n')).toBe(true);
    expect(configIgnoresCase('[core]\nignorecase = true\n[core]\nignorecase = 0\n')).toBe(false);
    expect(configIgnoresCase('[core] ignorecase = on\n')).toBe(true);
  });

  it('ignores other sections, subsections and comments', () => {
    expect(configIgnoresCase('[user]\n\tignorecase = true\n')).toBe(false);
    expect(configIgnoresCase('[core "sub"]\n\tignorecase = true\n')).toBe(false);
    expect(configIgnoresCase('[core]\n#\tignorecase = true\n')).toBe(false);
    expect(configIgnoresCase('[core]\n\tignorecase = "true"\n')).toBe(true);
  });
});
