import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRepoMap } from './repo-map.js';
import { walkRepository } from './walk.js';

const created: string[] = [];
afterAll(() => {
  for (const path of created) rmSync(path, { recursive: true, force: true });
});

/**
 * A tree whose links try to leave it: `outside/` holds a secret next to the served `root/`, which
 * links to it directly, through a chain, through a link inside that leaves, through a linked
 * directory, and in a loop; two links stay inside and are followed.
 */
function hostileTree(): { root: string; outside: string } {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'ctxkit-repomap-hostile-')));
  created.push(workspace);
  const root = join(workspace, 'root');
  const outside = join(workspace, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'id_rsa.py'), 'def leaked_secret():\n    return 1\n');
  writeFileSync(join(root, 'src', 'app.py'), 'def served():\n    return 2\n');
  symlinkSync(join(outside, 'id_rsa.py'), join(root, 'notes.py'));
  symlinkSync('/etc/passwd', join(root, 'passwd_link.py'));
  symlinkSync(join(root, 'notes.py'), join(root, 'chained.py'));
  symlinkSync(join(root, 'chained.py'), join(root, 'chained_again.py'));
  symlinkSync(outside, join(root, 'outside_dir'));
  symlinkSync(join(root, 'loop_b.py'), join(root, 'loop_a.py'));
  symlinkSync(join(root, 'loop_a.py'), join(root, 'loop_b.py'));
  symlinkSync(join(root, 'src', 'app.py'), join(root, 'inside.py'));
  symlinkSync(join(root, 'src'), join(root, 'src_link'));
  return { root, outside };
}

const EXPECTED_FILES = ['inside.py', 'src/app.py'];
const EXPECTED_SKIPPED = [
  { path: 'chained.py', reason: 'symbolic link outside the root' },
  { path: 'chained_again.py', reason: 'symbolic link outside the root' },
  { path: 'loop_a.py', reason: 'symbolic link loop' },
  { path: 'loop_b.py', reason: 'symbolic link loop' },
  { path: 'notes.py', reason: 'symbolic link outside the root' },
  { path: 'outside_dir', reason: 'symbolic link to a directory outside the root' },
  { path: 'passwd_link.py', reason: 'symbolic link outside the root' },
  { path: 'src_link', reason: 'symbolic link to a directory already walked' },
];
const everything = () => true;

describe('links that leave the root', () => {
  it('are skipped by the walk with a reason, chained or not, and a loop is called a loop', async () => {
    const { root } = hostileTree();
    const result = await walkRepository({ root, selectFile: everything });
    expect(result.files.map((file) => file.path)).toEqual(EXPECTED_FILES);
    expect(result.skipped).toEqual(EXPECTED_SKIPPED);
  });

  it('never reach the repo map', async () => {
    const { root } = hostileTree();
    for (const backgroundWalk of ['never', 'always'] as const) {
      // Twice each: cold, then warm from the cache.
      for (let round = 0; round < 2; round++) {
        const result = await buildRepoMap({ root, backgroundWalk, query: 'leaked secret' });
        expect(result.ranking.map((file) => file.path).sort()).toEqual(EXPECTED_FILES);
        expect(result.map).not.toContain('leaked_secret');
        expect(result.skipped).toEqual(
          expect.arrayContaining([{ path: 'notes.py', reason: 'symbolic link outside the root' }]),
        );
      }
    }
  });

  it('are followed when the caller opts in', async () => {
    const { root } = hostileTree();
    const result = await walkRepository({ root, selectFile: everything, followExternalLinks: true });
    expect(result.files.map((file) => file.path)).toEqual([
      'chained.py',
      'chained_again.py',
      'inside.py',
      'notes.py',
      'outside_dir/id_rsa.py',
      'passwd_link.py',
      'src/app.py',
    ]);
    const map = await buildRepoMap({ root, cache: false, followExternalLinks: true });
    expect(map.map).toContain('leaked_secret');
    await expect(buildRepoMap({ root, followExternalLinks: 'yes' as unknown as boolean })).rejects.toThrow(
      'buildRepoMap: followExternalLinks must be true or false, found the string "yes"',
    );
  });
});
