import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInside, resolveInside } from './paths.js';

describe('isInside', () => {
  it('accepts the root and what is below it', () => {
    expect(isInside('/repo', '/repo')).toBe(true);
    expect(isInside('/repo', '/repo/a/b')).toBe(true);
    expect(isInside('/repo', '/repo/..hidden')).toBe(true);
  });

  it('rejects parents, siblings sharing a prefix, and other trees', () => {
    expect(isInside('/repo', '/')).toBe(false);
    expect(isInside('/repo', '/repository')).toBe(false);
    expect(isInside('/repo', '/etc/passwd')).toBe(false);
  });
});

describe('resolveInside', () => {
  const outer = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-paths-')));
  const root = join(outer, 'root');
  mkdirSync(join(root, 'sub'), { recursive: true });
  writeFileSync(join(root, 'sub', 'ok.txt'), 'ok');
  writeFileSync(join(outer, 'secret.txt'), 'secret');
  symlinkSync(join(outer, 'secret.txt'), join(root, 'link-out'));

  it('resolves a path inside', () => {
    expect(resolveInside(root, 'sub/../sub/ok.txt')).toBe(join(root, 'sub', 'ok.txt'));
  });

  it('refuses .. escapes, absolute paths outside and links pointing out', () => {
    expect(() => resolveInside(root, '../secret.txt')).toThrow('outside the served directory');
    expect(() => resolveInside(root, join(outer, 'secret.txt'))).toThrow('outside the served directory');
    expect(() => resolveInside(root, 'link-out')).toThrow('symbolic link');
    expect(() => resolveInside(root, 'sub\0/ok.txt')).toThrow('NUL');
  });
});
