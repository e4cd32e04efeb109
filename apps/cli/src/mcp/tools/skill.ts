import { discoverSkills, handleSkillTool, type Skill } from '@ctxkit/skills';
import { UserError } from '../../errors.js';
import type { ToolContext, ToolOutput } from '../tool.js';

/** Arguments of the `skill` tool. */
export interface SkillArguments {
  /** The skill's name as listed. */
  name: string;
  /** One heading of the skill, to read just that section. */
  section?: string;
}

/** The skills of the served repository (configured skill roots, else the package defaults). */
export async function findSkills(context: ToolContext): Promise<Skill[]> {
  const roots = context.config.values.skillRoots;
  const discovered = await discoverSkills({ root: context.root, ...(roots ? { roots } : {}) });
  return discovered.skills;
}

/**
 * The body of one skill (or one section of it). Skills are discovered on every call, so a skill
 * added while the server runs is found; an unknown name is a tool error listing the known ones.
 */
export async function renderSkill(input: SkillArguments, context: ToolContext): Promise<ToolOutput> {
  const skills = await findSkills(context);
  const result = handleSkillTool(skills, input);
  // The package's messages already name what exists (known skills, a skill's sections).
  if (result.isError) throw new UserError(result.text);
  return { text: result.text.endsWith('\n') ? result.text : `${result.text}\n` };
}
