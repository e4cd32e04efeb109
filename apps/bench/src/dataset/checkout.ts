import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { mirrorFolderName, repoKey } from '../fetch/inputs.js';

/** Why a task cannot be run here: no checkout and no mirror holding its commit. */
export class MissingCheckoutError extends Error {}

/**
 * The git dir of `repo`'s mirror under `mirrorsDir`. Mirror folders are named as the fetch tool lays
 * them out (`Owner+name`), in GitHub's own case, which a data set may not share
 * (`fasterxml/jackson-core` vs `FasterXML`).
 */
export function findMirror(mirrorsDir: string, repo: string): string | undefined {
  const wanted = repoKey(mirrorFolderName(repo));
  const folder = existsSync(mirrorsDir)
    ? readdirSync(mirrorsDir).find((name) => repoKey(name) === wanted)
    : undefined;
  if (folder === undefined) return undefined;
  const git = join(mirrorsDir, folder, 'repo');
  return existsSync(git) ? git : undefined;
}

/**
 * The checkout of `repo` at `commit` under `reposDir` (`<owner>__<name>/<commit>`), extracted from a
 * bare mirror under `mirrorsDir` when missing.
 */
export function checkout(
  task: { repo: string; baseCommit: string },
  reposDir: string,
  mirrorsDir: string | undefined,
): string {
  const [owner, name] = task.repo.split('/');
  const directory = join(reposDir, `${owner}__${name}`, task.baseCommit);
  if (existsSync(directory)) return directory;
  const mirror = mirrorsDir ? findMirror(mirrorsDir, task.repo) : undefined;
  if (!mirror) {
    throw new MissingCheckoutError(
      `no checkout at ${directory} and no mirror of ${task.repo} to extract it from (pass --mirrors DIR)`,
    );
  }
  try {
    execFileSync('git', ['--git-dir', mirror, 'cat-file', '-e', `${task.baseCommit}^{commit}`], {
      stdio: 'ignore',
    });
  } catch {
    throw new MissingCheckoutError(`the mirror of ${task.repo} lacks commit ${task.baseCommit}`);
  }
  const partial = `${directory}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  // Blob by blob, not `git archive`: an archive obeys the tree's `export-ignore` attributes (and so
  // drops files a real checkout has), and stops at the first blob a snapshot left out while `tar`
  // still succeeds on what came before. Blobs the snapshot lacks (4 MiB and more: data files,
  // never the source a task is about) are left out.
  extractTree(mirror, task.baseCommit, partial);
  renameSync(partial, directory);
  return directory;
}

function extractTree(mirror: string, commit: string, into: string): void {
  const listing = execFileSync('git', ['--git-dir', mirror, 'ls-tree', '-r', '-z', commit], {
    maxBuffer: 1 << 30,
  }).toString('utf8');
  const entries = listing
    .split('\0')
    .filter((entry) => entry !== '')
    .map((entry) => {
      const tab = entry.indexOf('\t');
      const [mode, type, sha] = entry.slice(0, tab).split(' ');
      return { mode: mode!, type: type!, sha: sha!, path: entry.slice(tab + 1) };
    })
    .filter((entry) => entry.type === 'blob');
  const batch = spawnSync('git', ['--git-dir', mirror, 'cat-file', '--batch'], {
    input: entries.map((entry) => entry.sha).join('\n') + '\n',
    maxBuffer: 2 ** 32 - 1,
  });
  const output = batch.stdout;
  let offset = 0;
  for (const entry of entries) {
    const newline = output.indexOf(10, offset);
    const header = output.toString('utf8', offset, newline);
    offset = newline + 1;
    if (header.endsWith(' missing')) continue;
    const size = Number(header.split(' ')[2]);
    const content = output.subarray(offset, offset + size);
    offset += size + 1;
    const target = join(into, entry.path);
    mkdirSync(dirname(target), { recursive: true });
    if (entry.mode === '120000') symlinkSync(content.toString('utf8'), target);
    else writeFileSync(target, content);
  }
}

/** Where benches keep the repo-map cache of a checkout: under `cachesDir`, never inside the checkout. */
export function cacheDirFor(task: { repo: string; baseCommit: string }, cachesDir: string): string {
  const directory = join(cachesDir, task.repo.replace('/', '__'), task.baseCommit);
  mkdirSync(directory, { recursive: true });
  return directory;
}
