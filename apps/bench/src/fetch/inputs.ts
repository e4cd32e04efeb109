// What a bench reads that a fresh clone does not have, in the four ways `pnpm bench fetch` can get
// it. Benches declare these beside their registration (src/registry.ts); the planner reads nothing else.

/** A tree or tool a Debian package installs. */
export interface DebianInput {
  kind: 'debian';
  package: string;
  /** An absolute path the package provides: present means installed. */
  path: string;
  /**
   * The apt source that has the package when Debian's own archive does not; fetch adds no sources,
   * so such a package is left to the user.
   */
  aptSource?: string;
  /** What the bench uses it for, when it is not what it always reads. */
  why?: string;
}

/** A package the workspace installs, at the version pnpm-lock.yaml resolves for it. */
export interface NpmInput {
  kind: 'npm';
  name: string;
  why?: string;
}

/** A GitHub repository cloned where the bench looks by default. */
export interface GitInput {
  kind: 'git';
  /** `owner/name`. */
  repo: string;
  /** Absolute: where the bench looks without flags (`--into DIR` puts it at `DIR/<basename>`). */
  path: string;
  /** A commit-ish to check out instead of the default branch. */
  ref?: string;
  why?: string;
}

/** A development set (SWE-bench-style JSON) and the repositories its tasks are checked out from. */
export interface DatasetInput {
  kind: 'dataset';
  /** Relative to the workspace root: the sets live in the project's shared/ beside the repository. */
  file: string;
  why?: string;
}

export type BenchInput = DebianInput | NpmInput | GitInput | DatasetInput;

/** Where a repository is cloned from when no local mirror holds it. */
export function cloneUrl(repo: string): string {
  return `https://github.com/${repo}.git`;
}

/** A mirror folder's name as the search tool's fetch lays them out: `owner/name` → `owner+name`. */
export function mirrorFolderName(repo: string): string {
  return repo.replace('/', '+');
}

/** Repositories compare as GitHub compares them: without case (`fasterxml` is `FasterXML`). */
export function repoKey(repo: string): string {
  return repo.toLowerCase();
}

/** The inputs in one line, by kind, for `--help`: `debian python3.11, rust-src; git owner/name`. */
export function describeInputs(inputs: readonly BenchInput[]): string {
  const name = (input: BenchInput): string => {
    switch (input.kind) {
      case 'debian':
        return input.package;
      case 'npm':
        return input.name;
      case 'git':
        return input.ref === undefined ? input.repo : `${input.repo} at ${input.ref}`;
      case 'dataset':
        return input.file.slice(input.file.lastIndexOf('/') + 1);
    }
  };
  const kinds: BenchInput['kind'][] = ['debian', 'npm', 'git', 'dataset'];
  const parts = kinds
    .map((kind) => [kind, [...new Set(inputs.filter((input) => input.kind === kind).map(name))]] as const)
    .filter(([, names]) => names.length > 0)
    .map(([kind, names]) => `${kind} ${names.join(', ')}`);
  return parts.length === 0 ? 'nothing' : parts.join('; ');
}
