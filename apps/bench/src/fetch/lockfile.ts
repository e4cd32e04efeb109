// The versions pnpm-lock.yaml resolves for one workspace package's dependencies. The lockfile's
// `importers` section is regular (pnpm writes it), so a line reader does without a YAML library.

function unquote(text: string): string {
  return text.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');
}

/**
 * `importer` is its path in the workspace (`apps/bench`, `.` for the root). Versions lose their
 * peer suffix (`1.4.0(zod@4.1.8)` → `1.4.0`); workspace links (`link:…`) are left out.
 */
export function lockedVersions(lockfile: string, importer: string): Map<string, string> {
  const versions = new Map<string, string>();
  let section: 'before' | 'importers' | 'mine' = 'before';
  let name: string | undefined;
  for (const line of lockfile.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (indent === 0) {
      if (section !== 'before') break;
      if (line === 'importers:') section = 'importers';
      continue;
    }
    if (section === 'before') continue;
    if (indent === 2) {
      section = unquote(line.trim().replace(/:$/, '')) === importer ? 'mine' : 'importers';
      name = undefined;
      continue;
    }
    if (section !== 'mine') continue;
    // 4: dependencies/devDependencies/optionalDependencies; 6: a package; 8: its specifier and version.
    if (indent === 6) name = unquote(line.trim().replace(/:$/, ''));
    else if (indent === 8 && name !== undefined) {
      const match = /^version:\s*(\S+)/.exec(line.trim());
      const version = match?.[1] ? unquote(match[1]) : undefined;
      if (version !== undefined && !version.startsWith('link:'))
        versions.set(name, version.replace(/\(.*$/, ''));
    }
  }
  return versions;
}
