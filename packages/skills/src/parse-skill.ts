import { parseFrontMatter } from '@ctxkit/instructions';
import type { Skill, SkillProblem } from './types.js';

/** A parsed SKILL.md: the skill (absent only when the file is unusable) and its problems. */
export interface ParsedSkill {
  /** The skill, as complete as the file allows; absent when not even a name could be found. */
  skill?: Skill;
  /** What was wrong with the file and how it was worked around. */
  problems: SkillProblem[];
}

/**
 * Parse one SKILL.md. Tolerant by design: YAML that js-yaml rejects (typically an unquoted
 * `description: Use when: …`) is re-read as plain `key: value` lines, a missing name falls back
 * to the directory name and a missing description to the body's first paragraph — each reported,
 * so a skill author can fix the file while the skill keeps working.
 */
export function parseSkill(path: string, source: string): ParsedSkill {
  // One front-matter reader for rules and skills (in @ctxkit/instructions): the same file
  // conventions (BOM, CRLF, non-YAML `key: value` lines) must not parse differently in the two.
  const frontMatter = parseFrontMatter(source, { unclosed: 'leading-key-values' });
  const problems: SkillProblem[] = frontMatter.problem
    ? [{ path: `${path}:${frontMatter.problem.line}`, message: frontMatter.problem.message }]
    : [];
  const { data, body } = frontMatter;

  const directoryName = directoryOf(path);
  let name = typeof data.name === 'string' ? data.name.trim() : '';
  if (name === '') {
    name = directoryName;
    problems.push({ path, message: `missing name in front matter; using the directory name "${name}"` });
  }
  if (name === '')
    return { problems: [...problems, { path, message: 'no name and no directory to name the skill after' }] };
  let description = typeof data.description === 'string' ? collapseWhitespace(data.description) : '';
  if (description === '') {
    description = firstParagraph(body);
    problems.push({
      path,
      message:
        description === ''
          ? 'missing description in front matter and no paragraph to use instead; the skill can only be pinned or referenced'
          : 'missing description in front matter; using the first paragraph of the body',
    });
  }
  return {
    skill: {
      name,
      description,
      triggers: readStringList(data.triggers),
      paths: readStringList(data.paths),
      path,
      body: body.replace(/^\s*\n/, ''),
    },
    problems,
  };
}

function readStringList(value: unknown): string[] {
  if (Array.isArray(value))
    return value
      .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      .map((item) => item.trim());
  if (typeof value === 'string')
    return value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
  return [];
}

function directoryOf(path: string): string {
  const parts = path.split('/');
  return parts.length >= 2 ? (parts[parts.length - 2] ?? '') : '';
}

/** Whitespace (including newlines of a YAML block scalar) collapsed to single spaces. */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function firstParagraph(body: string): string {
  for (const paragraph of body.split(/\n\s*\n/)) {
    const text = paragraph.trim();
    if (text === '' || /^(#|```|<|---)/.test(text)) continue;
    return collapseWhitespace(text);
  }
  return '';
}
