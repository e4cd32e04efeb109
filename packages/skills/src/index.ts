export {
  DEFAULT_SKILL_ROOTS,
  discoverSkills,
  SKILL_FILE_NAME,
  skillNameKey,
} from './discover-skills.js';
export { FORMAT_ALIASES, formatVocabulary } from './format-vocabulary.js';
export type { ParsedSkill } from './parse-skill.js';
export { parseSkill } from './parse-skill.js';
export {
  CARDS_PREAMBLE,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CARDS,
  DEFAULT_MAX_EXPANDED,
  MAX_CARD_DESCRIPTION_CHARS,
  RELATIVE_SCORE_CUTOFF,
  selectSkills,
  shortenDescription,
  soleMatchOf,
} from './select-skills.js';
export type { CalibrationOptions, SkillIndex, SkillScore, SkillThresholds } from './skill-index.js';
export {
  buildSkillIndex,
  CARD_FLOOR,
  calibrateThresholds,
  EXPAND_FLOOR,
  FIELD_WEIGHTS,
  SOLE_MATCH_STRAY_BODIES_PER_TASK,
  STRAY_BODIES_PER_TASK,
  STRAY_CARDS_PER_TASK,
  scoreSkills,
} from './skill-index.js';
export type { HandleSkillToolOptions, SkillToolResult } from './skill-tool.js';
export {
  createSkillToolDefinition,
  handleSkillTool,
  SKILL_TOOL_NAME,
  skillToolDefinition,
} from './skill-tool.js';
export { analyzeText, STOP_WORDS, splitWords, stem } from './text-terms.js';
export type { BodySection, TruncatedBody } from './truncate-body.js';
export { splitBodySections, truncateBody } from './truncate-body.js';
export type {
  DiscoveredSkills,
  DiscoverSkillsOptions,
  ExpandedSkill,
  SelectSkillsOptions,
  Skill,
  SkillCard,
  SkillProblem,
  SkillSelection,
} from './types.js';
