import matter from 'gray-matter';
import type { Skill, SkillProblem } from './types.js';

/** A parsed SKILL.md: the skill (absent only when the file is unusable) and its problems. */
export interface ParsedSkill {
  /** The skill, as complete as the file allows; absent when not even a name could be found. */
  skill?: Skill;
  /** What was wrong with the file and how it was worked around. */
  problems: SkillProblem[];
}

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*\r?$/;

/**
 * Parse one SKILL.md. Tolerant by design: YAML that js-yaml rejects (typically an unquoted
 * `description: Use when: …`) is re-read as plain `key: value` lines, a missing name falls back
 * to the directory name and a missing description to the body's first paragraph — each reported,
 * so a skill author can fix the file while the skill keeps working.
 */
export function parseSkill(path: string, source: string): ParsedSkill {
  // A byte-order mark would hide the opening '---' of the front matter.
  const text = source.replace(/^\uFEFF/, '');
  const problems: SkillProblem[] = [];
  let data: Record<string, unknown> = {};
  let body = text;
  if (OPENING.test(text)) {
    const lines = text.split('\n');
    const closing = lines.findIndex((line, index) => index > 0 && CLOSING.test(line));
    if (closing < 0) {
      problems.push({
        path: `${path}:1`,
        message:
          "front matter opened with '---' is never closed (expected a '---' line); read its key: value lines",
      });
      // Take the key: value lines that follow the opening; the body starts at the first other line.
      let end = 1;
      while (end < lines.length && /^([A-Za-z_][\w-]*)\s*:/.test(lines[end] ?? '')) end += 1;
      data = readPlainKeyValues(lines.slice(1, end));
      body = lines.slice(end).join('\n');
    } else {
      const block = lines.slice(1, closing);
      body = lines.slice(closing + 1).join('\n');
      try {
        const parsed = matter(`${lines.slice(0, closing + 1).join('\n')}\n`, {}).data as unknown;
        if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed))
          data = parsed as Record<string, unknown>;
        else
          problems.push({ path: `${path}:2`, message: 'malformed front matter: expected key: value pairs' });
      } catch (error) {
        const mark = (error as { mark?: { line?: number } }).mark;
        const reason = (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0];
        const line = typeof mark?.line === 'number' ? Math.min(mark.line + 1, closing + 1) : 1;
        problems.push({
          path: `${path}:${line}`,
          message: `malformed front matter (${reason}); read as plain key: value lines`,
        });
        data = readPlainKeyValues(block);
      }
    }
  }

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

/** Fallback for YAML-invalid front matter: top-level `key: value` lines, quotes removed. */
function readPlainKeyValues(lines: readonly string[]): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const line of lines) {
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    data[match[1]] = (match[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
  }
  return data;
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
