import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockedVersions } from './fetch/lockfile.js';
import { registry } from './registry.js';
import { BENCH_ROOT } from './results.js';

const entries = Object.entries(registry);

describe('bench registry', () => {
  it('says for every bench what it needs and when it fails', () => {
    expect(entries.length).toBeGreaterThan(10);
    for (const [, entry] of entries) {
      expect(entry.needs.length).toBeGreaterThan(0);
      expect(entry.passRule).toMatch(/exit/);
    }
  });

  it('declares Debian inputs by package name and absolute path', () => {
    for (const [name, entry] of entries) {
      for (const input of entry.inputs) {
        if (input.kind !== 'debian') continue;
        expect(isAbsolute(input.path), `${name}: ${input.path}`).toBe(true);
        expect(input.package, name).toMatch(/^[a-z0-9][a-z0-9+.-]+$/);
      }
    }
  });

  it('declares npm inputs the lockfile resolves for the bench or the workspace root', () => {
    const lockfile = readFileSync(join(BENCH_ROOT, '..', '..', 'pnpm-lock.yaml'), 'utf8');
    const locked = new Map([...lockedVersions(lockfile, '.'), ...lockedVersions(lockfile, 'apps/bench')]);
    const names = entries.flatMap(([, entry]) =>
      entry.inputs.flatMap((input) => (input.kind === 'npm' ? [input.name] : [])),
    );
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(locked.get(name), name).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('clones each git input to its own absolute place', () => {
    const paths = entries.flatMap(([, entry]) =>
      entry.inputs.flatMap((input) => (input.kind === 'git' ? [input] : [])),
    );
    for (const input of paths) {
      expect(input.repo).toMatch(/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/);
      expect(isAbsolute(input.path)).toBe(true);
    }
    // `--into DIR` keeps only the last part of the path: two inputs sharing it would collide there.
    const basenames = paths.map((input) => input.path.slice(input.path.lastIndexOf('/') + 1));
    expect(new Set(basenames).size).toBe(new Set(paths.map((input) => input.path)).size);
  });
});
