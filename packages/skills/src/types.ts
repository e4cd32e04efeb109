import type { SkillIndex } from './skill-index.js';

/** One skill: a SKILL.md file's front matter and body. */
export interface Skill {
  /** Unique name, from front matter `name` (or the directory name when missing). */
  name: string;
  /** What the skill is for and when to use it: the text a card shows and matching reads most. */
  description: string;
  /** Extra phrases that should select the skill (front matter `triggers`). */
  triggers: string[];
  /** Globs of files the skill is about (front matter `paths`); empty = any file. */
  paths: string[];
  /** Path of the SKILL.md file relative to the discovery root, `/` separators. */
  path: string;
  /** The Markdown after the front matter: what an expanded skill inlines. */
  body: string;
}

/** A SKILL.md that was malformed (and how it was still used) or could not be used. */
export interface SkillProblem {
  /** File with the problem, relative to the root (with `:line` where one is known). */
  path: string;
  /** What was expected and what was found. */
  message: string;
}

/** What {@link discoverSkills} found. */
export interface DiscoveredSkills {
  /** Skills sorted by name. */
  skills: Skill[];
  /** Problems, sorted by path; a problem does not by itself exclude the skill. */
  problems: SkillProblem[];
}

/** Options of {@link discoverSkills}. */
export interface DiscoverSkillsOptions {
  /** Project root; skill paths are reported relative to it. */
  root: string;
  /** Directories (relative to `root`, or absolute) searched for SKILL.md, highest priority first. */
  roots?: string[];
  /**
   * Read SKILL.md files whose real path (after symbolic links) leaves their boundary: the project
   * `root` for skill roots inside it, the skill root itself for an absolute one outside it. Off by
   * default: such a file is left out with a problem saying so.
   */
  followExternalLinks?: boolean;
}

/** Options of {@link selectSkills}. */
export interface SelectSkillsOptions {
  /** The task as the user wrote it; `@skill:name` in it expands that skill. */
  task: string;
  /** Skill names to expand regardless of score (e.g. configured by the user). */
  pins?: string[];
  /** How many bodies may ever be inlined at once (default 2). */
  maxExpanded?: number;
  /** How many cards at most (default 8); the rest are counted in the text, never silently lost. */
  maxCards?: number;
  /** Byte cap of one inlined body (default 6000); longer bodies are cut at a section boundary. */
  maxBodyBytes?: number;
  /**
   * Files in scope, relative to the project root (`\\` or `./` spellings are fine). A skill with
   * `paths` is only considered when one of them matches — and then always gets a card. Empty or
   * absent: `paths` are ignored.
   */
  scope?: string[];
  /**
   * Override the calibrated score thresholds (e.g. from configuration); absent keeps the measured
   * ones. `sole` is the bar for a body when the skill is the task's only card (default: the
   * measured one, at most `expand`).
   */
  thresholds?: { card?: number; expand?: number; sole?: number };
  /**
   * `buildSkillIndex(skills)` of these same skills, built once when selecting for many tasks over
   * one skill set; absent, each call builds (and calibrates) its own. Another set's index is a
   * `RangeError`.
   */
  index?: SkillIndex;
}

/** A one-line summary of a matching skill. */
export interface SkillCard {
  /** Skill name. */
  name: string;
  /** Description, collapsed to one line. */
  description: string;
  /** Match score (higher is better; comparable within one skill set). */
  score: number;
  /** SKILL.md path. */
  path: string;
}

/** A skill whose body is inlined. */
export interface ExpandedSkill {
  /** Skill name. */
  name: string;
  /** SKILL.md path. */
  path: string;
  /** UTF-8 bytes of the inlined body (after any truncation). */
  bytes: number;
  /** The inlined body. */
  body: string;
  /** Why it was expanded. */
  reason: 'reference' | 'pin' | 'score';
}

/** What {@link selectSkills} decided and the text to put in the prompt. */
export interface SkillSelection {
  /** A card for every matching skill (expanded ones included), best first. */
  cards: SkillCard[];
  /** Skills whose bodies are inlined, at most `maxExpanded`, in the order they appear in `text`. */
  expanded: ExpandedSkill[];
  /** Deterministic prompt text: the cards, then the expanded bodies; `''` when nothing matched. */
  text: string;
  /** Pinned or `@skill:` names that match no skill. */
  unknown: string[];
}
