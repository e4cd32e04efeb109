import { describe, expect, it } from 'vitest';
import { countUnscanned, ExtensionTally, extensionOf, unscannedOf } from './unscanned.js';

describe('extensionOf', () => {
  it('is the last dot on, lower case; nothing for dot files and names without one', () => {
    expect(extensionOf('lib/app.EX')).toBe('.ex');
    expect(extensionOf('archive.tar.gz')).toBe('.gz');
    expect(extensionOf('Makefile')).toBe('');
    expect(extensionOf('.gitignore')).toBe('');
    expect(extensionOf('dir.d/README')).toBe('');
  });
});

describe('ExtensionTally', () => {
  it('lists most files first, ties by extension, whatever the order files came in', () => {
    const forward = new ExtensionTally(false);
    const backward = new ExtensionTally(false);
    const names = ['a.ex', 'b.exs', 'c.ex', 'Makefile', 'd.EX', 'e.md'];
    for (const name of names) forward.add(name);
    for (const name of [...names].reverse()) backward.add(name);
    const expected = [
      { extension: '.ex', files: 3, ranked: false },
      { extension: '', files: 1, ranked: false },
      { extension: '.exs', files: 1, ranked: false },
      { extension: '.md', files: 1, ranked: false },
    ];
    expect(forward.list()).toEqual(expected);
    expect(backward.list()).toEqual(expected);
    expect(countUnscanned(expected)).toBe(6);
  });
});

describe('unscannedOf', () => {
  it('lists the files read by the identifier-only scan as ranked, beside those passed over', () => {
    const files = ['lib/a.ex', 'lib/b.ex', 'src/c.ts', 'mix.exs'].map((path) => ({
      path,
      absolutePath: `/r/${path}`,
      size: 1,
      mtimeMs: 1,
    }));
    expect(unscannedOf({ files, unscanned: [{ extension: '.md', files: 2, ranked: false }] })).toEqual([
      { extension: '.ex', files: 2, ranked: true },
      { extension: '.md', files: 2, ranked: false },
      { extension: '.exs', files: 1, ranked: true },
    ]);
  });
});
