import { describe, expect, it } from 'vitest';
import { describeUnscanned } from './unscanned.js';

describe('describeUnscanned', () => {
  it('says nothing when every file had a scanner', () => {
    expect(describeUnscanned([])).toBe('');
  });

  it('names the extensions ranked by identifiers only and those not read, most files first', () => {
    expect(
      describeUnscanned([
        { extension: '.ex', files: 180, ranked: true },
        { extension: '.md', files: 10, ranked: false },
        { extension: '.exs', files: 28, ranked: true },
        { extension: '', files: 1, ranked: false },
      ]),
    ).toBe(
      '208 of them by identifiers only, no scanner (.ex 180, .exs 28), 11 files not read, no scanner (.md 10, (no extension) 1)',
    );
    expect(describeUnscanned([{ extension: '.md', files: 1, ranked: false }])).toBe(
      '1 file not read, no scanner (.md 1)',
    );
    const many = ['.a', '.b', '.c', '.d', '.e', '.f', '.g', '.h'].map((extension) => ({
      extension,
      files: 1,
      ranked: false,
    }));
    expect(describeUnscanned(many)).toBe(
      '8 files not read, no scanner (.a 1, .b 1, .c 1, .d 1, .e 1, .f 1, 2 more extensions)',
    );
  });
});
