import { describe, expect, it } from 'vitest';
import { countUnscanned, ExtensionTally, extensionOf } from './unscanned.js';

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
    const forward = new ExtensionTally();
    const backward = new ExtensionTally();
    const names = ['a.ex', 'b.exs', 'c.ex', 'Makefile', 'd.EX', 'e.md'];
    for (const name of names) forward.add(name);
    for (const name of [...names].reverse()) backward.add(name);
    const expected = [
      { extension: '.ex', files: 3 },
      { extension: '', files: 1 },
      { extension: '.exs', files: 1 },
      { extension: '.md', files: 1 },
    ];
    expect(forward.list()).toEqual(expected);
    expect(backward.list()).toEqual(expected);
    expect(countUnscanned(expected)).toBe(6);
  });
});
