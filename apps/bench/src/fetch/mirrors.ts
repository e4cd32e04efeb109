// `--mirror PATH`: local git directories to clone from instead of the network, each matched to the
// repository it holds by name, so one flag can serve every git and dataset input.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { compareStrings } from '@ctxkit/internal';
import { FetchError } from './fetch-error.js';
import { repoKey } from './inputs.js';

/** `owner+name` (a mirror folder as the search tool's fetch lays them out) → `owner/name`. */
export function repoFromFolderName(name: string): string | undefined {
  const match = /^([A-Za-z0-9][A-Za-z0-9-]*)\+([A-Za-z0-9._-]+)$/.exec(name);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** The `owner/name` at the end of a clone URL (`https://…/owner/name.git`, `git@…:owner/name`). */
export function repoFromUrl(url: string): string | undefined {
  // A local path says nothing of the repository's name.
  if (!/^[a-z+]+:\/\/|^[^/@]+@[^/:]+:/.test(url.trim())) return undefined;
  const match = /[/:]([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9._-]+?)(?:\.git)?\/?$/.exec(url.trim());
  return match ? `${match[1]}/${match[2]}` : undefined;
}

/** The git dir at `path`: a bare repository, or a clone's `.git`. */
function gitDirAt(path: string): string | undefined {
  for (const candidate of [path, join(path, '.git')]) {
    if (existsSync(join(candidate, 'HEAD')) && existsSync(join(candidate, 'objects'))) return candidate;
  }
  return undefined;
}

function originOf(gitDir: string): string | undefined {
  try {
    return execFileSync('git', ['--git-dir', gitDir, 'config', '--get', 'remote.origin.url'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return undefined;
  }
}

/** Which repository one git dir holds: by its folder names (`owner+name/repo`), else its origin. */
function repoOf(path: string, gitDir: string): string | undefined {
  const names = [basename(path), basename(dirname(path))];
  for (const name of names) {
    const repo = repoFromFolderName(name);
    if (repo !== undefined) return repo;
  }
  const origin = originOf(gitDir);
  return origin === undefined ? undefined : repoFromUrl(origin);
}

/**
 * The mirrors the `--mirror` paths name, by {@link repoKey}: each path is one repository's git dir
 * or a folder of `owner+name/repo` mirrors; the first path that holds a repository serves it. A
 * path that is neither is a usage mistake.
 */
export function findMirrors(paths: readonly string[]): Map<string, string> {
  const mirrors = new Map<string, string>();
  for (const given of paths) {
    const path = resolve(given);
    if (!existsSync(path) || !statSync(path).isDirectory()) {
      throw new FetchError(`--mirror ${given}: no such directory`, 2);
    }
    const gitDir = gitDirAt(path);
    if (gitDir !== undefined) {
      const repo = repoOf(path, gitDir);
      if (repo === undefined) {
        throw new FetchError(
          `--mirror ${given}: cannot tell which repository this is (name its folder owner+name, or give it an origin remote)`,
          2,
        );
      }
      if (!mirrors.has(repoKey(repo))) mirrors.set(repoKey(repo), gitDir);
      continue;
    }
    let found = 0;
    for (const name of readdirSync(path).sort(compareStrings)) {
      const repo = repoFromFolderName(name);
      const inner = repo === undefined ? undefined : gitDirAt(join(path, name, 'repo'));
      if (repo === undefined || inner === undefined) continue;
      if (!mirrors.has(repoKey(repo))) mirrors.set(repoKey(repo), inner);
      found += 1;
    }
    if (found === 0) {
      throw new FetchError(
        `--mirror ${given}: not a git directory, nor a folder of owner+name/repo mirrors`,
        2,
      );
    }
  }
  return mirrors;
}
