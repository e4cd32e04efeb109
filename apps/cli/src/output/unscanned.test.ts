import { describe, expect, it } from 'vitest';
import { describeUnscanned } from './unscanned.js';

describe('describeUnscanned', () => {
  it('says nothing when every file had a scanner', () => {
    expect(describeUnscanned([])).toBe('');
  });

  it('names the extensions, most files first, and counts the rest', () => {
    expect(
      describeUnscanned([
        { extension: '.ex', files: 180 },
        { extension: '.exs', files: 28 },
      ]),
    ).toBe('no scanner for 208 files (.ex 180, .exs 28)');
    expect(describeUnscanned([{ extension: '', files: 1 }])).toBe('no scanner for 1 file ((no extension) 1)');
    const many = ['.a', '.b', '.c', '.d', '.e', '.f', '.g', '.h'].map((extension) => ({
      extension,
      files: 1,
    }));
    expect(describeUnscanned(many)).toBe(
      'no scanner for 8 files (.a 1, .b 1, .c 1, .d 1, .e 1, .f 1, 2 more extensions)',
    );
  });
});
