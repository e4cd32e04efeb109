import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FetchError } from './fetch-error.js';
import { findMirrors, repoFromFolderName, repoFromUrl } from './mirrors.js';

const scratch = mkdtempSync(join(tmpdir(), 'bench-mirrors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A directory git would take for a bare repository: HEAD and objects/ are what is looked for. */
function bareAt(path: string): string {
  mkdirSync(join(path, 'objects'), { recursive: true });
  writeFileSync(join(path, 'HEAD'), 'ref: refs/heads/main\n');
  return path;
}

describe('mirror names', () => {
  it('reads owner/name from a mirror folder and from clone URLs', () => {
    expect(repoFromFolderName('JamesNK+Newtonsoft.Json')).toBe('JamesNK/Newtonsoft.Json');
    expect(repoFromFolderName('repo')).toBeUndefined();
    expect(repoFromUrl('https://github.com/psf/requests.git\n')).toBe('psf/requests');
    expect(repoFromUrl('git@github.com:obra/superpowers')).toBe('obra/superpowers');
    expect(repoFromUrl('/srv/plain')).toBeUndefined();
  });
});

describe('findMirrors', () => {
  const folder = join(scratch, 'mirrors');
  const requests = bareAt(join(folder, 'psf+requests', 'repo'));
  const flask = bareAt(join(folder, 'Pallets+flask', 'repo'));
  mkdirSync(join(folder, 'not-a-mirror'), { recursive: true });
  const own = bareAt(join(scratch, 'elsewhere', 'psf+requests', 'repo'));

  it('takes a folder of owner+name/repo mirrors, keyed without case', () => {
    expect([...findMirrors([folder])]).toEqual([
      ['pallets/flask', flask],
      ['psf/requests', requests],
    ]);
  });

  it('takes one repository by its folder name; the first path holding a repository serves it', () => {
    expect(findMirrors([own, folder]).get('psf/requests')).toBe(own);
    expect(findMirrors([folder, own]).get('psf/requests')).toBe(requests);
  });

  it('refuses a path that is no mirror, in one line', () => {
    expect(() => findMirrors([join(scratch, 'absent')])).toThrow(FetchError);
    expect(() => findMirrors([join(folder, 'not-a-mirror')])).toThrow(/not a git directory/);
    const nameless = bareAt(join(scratch, 'plain'));
    expect(() => findMirrors([nameless])).toThrow(/cannot tell which repository/);
  });
});
