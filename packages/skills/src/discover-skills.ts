import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { assertString, assertStringArray, compareStrings } from '@ctxkit/internal';
import { parseSkill } from './parse-skill.js';
import type { DiscoveredSkills, DiscoverSkillsOptions, Skill, SkillProblem } from './types.js';

/** Where skills live by convention, highest priority first. */
export const DEFAULT_SKILL_ROOTS = ['.ctxkit/skills', '.claude/skills', '.agents/skills', 'skills'] as const;
/** The file that makes a directory a skill. */
export const SKILL_FILE_NAME = 'SKILL.md';
/** Deep enough for `skills/<group>/<skill>/SKILL.md` layouts, shallow enough to stay fast. */
const MAX_DEPTH = 4;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'build']);

/**
 * Find and parse every SKILL.md under the skill roots. A missing root is not an error; a
 * malformed file is reported in `problems` and used as far as possible; when two roots define
 * the same name, the higher-priority root wins and the other is reported.
 */
export async function discoverSkills(options: DiscoverSkillsOptions): Promise<DiscoveredSkills> {
  // A string of roots would be walked letter by letter and find nothing, without a problem reported.
  assertString('discoverSkills', 'root', options.root);
  const roots = options.roots ?? DEFAULT_SKILL_ROOTS;
  assertStringArray('discoverSkills', 'roots', roots, 'directories');
  const skills: Skill[] = [];
  const problems: SkillProblem[] = [];
  const owners = new Map<string, { path: string; name: string }>();
  const seenFiles = new Set<string>();
  if (options.followExternalLinks !== undefined && typeof options.followExternalLinks !== 'boolean') {
    throw new TypeError(
      `discoverSkills: followExternalLinks must be true or false, found ${typeof options.followExternalLinks}`,
    );
  }
  const projectReal = await realpath(options.root).catch(() => options.root);
  for (const skillRoot of roots) {
    const absoluteRoot = isAbsolute(skillRoot) ? skillRoot : join(options.root, skillRoot);
    // Where this root's skills must really live: the project, or an outside root named on purpose.
    const boundary =
      options.followExternalLinks || isInside(options.root, absoluteRoot)
        ? projectReal
        : await realpath(absoluteRoot).catch(() => absoluteRoot);
    for (const file of await findSkillFiles(absoluteRoot)) {
      const path = relative(options.root, file).split(sep).join('/');
      let real: string;
      let source: string;
      try {
        real = await realpath(file);
        if (!options.followExternalLinks && !isInside(boundary, real)) {
          problems.push({ path, message: 'symbolic link outside the root; skill left out' });
          continue;
        }
        source = await readFile(file, 'utf8');
      } catch (error) {
        // One unreadable skill (permissions, a link loop) must not cost the others.
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        problems.push({ path, message: `cannot read the file (${code}); skill left out` });
        continue;
      }
      // The same file reached through a second root (a symlinked skills directory) is one skill.
      if (seenFiles.has(real)) continue;
      seenFiles.add(real);
      const parsed = parseSkill(path, source);
      problems.push(...parsed.problems);
      if (!parsed.skill) continue;
      // References and the tool find skills case-insensitively, so `Deploy` and `deploy` are one name.
      const key = skillNameKey(parsed.skill.name);
      const owner = owners.get(key);
      if (owner !== undefined) {
        problems.push({
          path,
          message: `duplicate skill name "${parsed.skill.name}"; keeping ${owner.path}${owner.name === parsed.skill.name ? '' : ` (named "${owner.name}" there)`}`,
        });
        continue;
      }
      owners.set(key, { path, name: parsed.skill.name });
      skills.push(parsed.skill);
    }
  }
  skills.sort((left, right) => compareStrings(left.name, right.name));
  problems.sort(
    (left, right) => compareStrings(left.path, right.path) || compareStrings(left.message, right.message),
  );
  return { skills, problems };
}

/**
 * The form of a skill name used to compare names: case, spaces and underscores do not make two
 * skills different (`PDF Forms`, `pdf_forms` and `pdf-forms` are one name), since people write a
 * name from memory in `@skill:` references and pins.
 */
export function skillNameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** Whether `path` is `root` or below it, compared as given (both real, or both lexical). */
function isInside(root: string, path: string): boolean {
  const below = relative(root, path);
  return below === '' || (!isAbsolute(below) && below !== '..' && !below.startsWith(`..${sep}`));
}

/**
 * SKILL.md files below `directory`, sorted. Symbolic links are followed (`.claude/skills` is often
 * a link to `skills/`, or holds links to shared skills); `visited` real directories stop cycles.
 */
async function findSkillFiles(directory: string, depth = 0, visited = new Set<string>()): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    const real = await realpath(directory);
    if (visited.has(real)) return [];
    visited.add(real);
    entries = await readdir(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of [...entries].sort((left, right) => compareStrings(left.name, right.name))) {
    const path = join(directory, entry.name);
    let isFile = entry.isFile();
    let isDirectory = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      const target = await stat(path).catch(() => undefined);
      isFile = target?.isFile() ?? false;
      isDirectory = target?.isDirectory() ?? false;
    }
    // A SKILL.md link that cannot be followed (dangling, a loop) is still listed: reading it reports why.
    const brokenLink = entry.isSymbolicLink() && !isFile && !isDirectory;
    if ((isFile || brokenLink) && entry.name === SKILL_FILE_NAME) found.push(path);
    else if (isDirectory && depth < MAX_DEPTH && !SKIPPED_DIRECTORIES.has(entry.name))
      found.push(...(await findSkillFiles(path, depth + 1, visited)));
  }
  return found;
}
