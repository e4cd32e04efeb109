import { assertWholeNumber, compareStrings } from '@ctxkit/internal';
import { escapeControls } from '@ctxkit/tokenize';
import { skillNameKey } from './discover-skills.js';
import { DEFAULT_MAX_BODY_BYTES } from './select-skills.js';
import { splitBodySections, truncateBody } from './truncate-body.js';
import type { Skill } from './types.js';

/** Name of the tool through which a model pulls a skill's body on demand. */
export const SKILL_TOOL_NAME = 'skill';

/**
 * The `skill` tool in the shape every provider accepts once renamed: `inputSchema` is a JSON
 * Schema (OpenAI calls it `parameters`, Anthropic `input_schema`, MCP `inputSchema`).
 */
export const skillToolDefinition = {
  name: SKILL_TOOL_NAME,
  description:
    'Read the full instructions of a skill listed in <skills>. Pass its name; pass a section heading to read one section of a long skill.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The skill name exactly as listed, e.g. "systematic-debugging".' },
      section: {
        type: 'string',
        description:
          'Optional: a heading of the skill to read just that section (named when a body was truncated).',
      },
    },
    required: ['name'],
    additionalProperties: false,
  },
} as const;

/**
 * {@link skillToolDefinition} with the known names as an `enum`, so a model (and a constrained
 * decoder) can only ask for a skill that exists. Names are sorted: the same skills give the same
 * schema bytes, which keeps the tool block of a prompt cacheable.
 */
export function createSkillToolDefinition(skills: readonly Skill[]) {
  const names = [...new Set(skills.map((skill) => skill.name))].sort(compareStrings);
  return {
    ...skillToolDefinition,
    inputSchema: {
      ...skillToolDefinition.inputSchema,
      properties: {
        ...skillToolDefinition.inputSchema.properties,
        name: { ...skillToolDefinition.inputSchema.properties.name, enum: names },
      },
    },
  };
}

/** What the tool call returns to the model. */
export interface SkillToolResult {
  /** True when the call could not be served (unknown name, bad input); `text` says why. */
  isError: boolean;
  /** The body (or section), or a one-line error naming what was expected. */
  text: string;
}

/** Options of {@link handleSkillTool}. */
export interface HandleSkillToolOptions {
  /** Byte cap of the returned text (default {@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
}

/**
 * Serve one `skill` tool call: validate `input` ({ name, section? }), find the skill (exact name,
 * then case-insensitive) and return its body — or one section of it — within the byte cap.
 * Errors are returned, not thrown, so a harness can hand them straight back to the model.
 */
export function handleSkillTool(
  skills: readonly Skill[],
  input: unknown,
  options: HandleSkillToolOptions = {},
): SkillToolResult {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  // The cap is the harness's setting, not the model's input: a bad one throws (NaN would lift it).
  assertWholeNumber('handleSkillTool', 'maxBodyBytes', maxBodyBytes);
  const record = typeof input === 'string' ? parseJson(input) : input;
  if (
    record === null ||
    typeof record !== 'object' ||
    typeof (record as { name?: unknown }).name !== 'string'
  ) {
    return { isError: true, text: 'skill: expected input {"name": "<skill name>"}; found no string "name"' };
  }
  const { name, section } = record as { name: string; section?: unknown };
  if (section !== undefined && section !== null && typeof section !== 'string')
    return {
      isError: true,
      text: `skill: expected "section" to be a heading string; found ${typeof section}`,
    };
  const skill =
    skills.find((candidate) => candidate.name === name) ??
    skills.find((candidate) => skillNameKey(candidate.name) === skillNameKey(name)) ??
    // The name as the cards show it, control characters escaped.
    skills.find((candidate) => escapeControls(candidate.name) === name);
  if (!skill) {
    const known = skills
      .map((candidate) => escapeControls(candidate.name))
      .sort()
      .join(', ');
    return {
      isError: true,
      text: `skill: no skill named "${escapeControls(name)}"; known skills: ${known || '(none)'}`,
    };
  }
  if (typeof section === 'string' && section.trim() !== '') {
    const wanted = section.trim().toLowerCase();
    const sections = splitBodySections(skill.body);
    const found = sections.find((candidate) => candidate.heading.toLowerCase() === wanted);
    if (!found) {
      const headings = sections.map((candidate) => candidate.heading).filter((heading) => heading !== '');
      return {
        isError: true,
        text: `skill: "${skill.name}" has no section "${section}"; sections: ${headings.map((heading) => `"${heading}"`).join(', ')}`,
      };
    }
    return { isError: false, text: truncateBody(skill.name, found.text, maxBodyBytes).text };
  }
  return { isError: false, text: truncateBody(skill.name, skill.body, maxBodyBytes).text };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
