import { analyzeText } from './text-terms.js';
import type { Skill } from './types.js';

/**
 * Field weights: a word of the skill's name or of an author-written trigger says more about
 * what the skill is for than a word of its description prose.
 */
export const FIELD_WEIGHTS = { name: 2, trigger: 2, description: 1 } as const;
/**
 * BM25's term-frequency saturation (k1) and description length normalisation (b), at their
 * textbook values: without length normalisation a 300-word description ("use this for any
 * spreadsheet, csv, chart, …") shares some word with every task and outranks focused skills.
 */
const SATURATION = 1.2;
const LENGTH_NORMALISATION = 0.75;
/** A run of two description words found in the task in the same order: half their weight again. */
const BIGRAM_WEIGHT = 0.5;

/** One skill's pre-analysed matching material. */
interface IndexedSkill {
  skill: Skill;
  /** BM25F weight of every stem of the skill (field-weighted, length-normalised, saturated). */
  weights: Map<string, number>;
  /** Stems of the name, in order (for the phrase bonus). */
  nameStems: string[];
  /** Stems of each trigger, in order. */
  triggerStems: string[][];
  /** Adjacent description stem pairs, `a b`. */
  bigrams: Set<string>;
  /** Number of description stems. */
  length: number;
}

/** Skills prepared for scoring: per-skill stems and inverse document frequencies over the set. */
export interface SkillIndex {
  /** Indexed skills sorted by name. */
  entries: IndexedSkill[];
  /** Inverse document frequency of every stem that occurs in some skill, 1 = in exactly one skill. */
  idf: Map<string, number>;
  /** Score thresholds calibrated on this skill set. */
  thresholds: SkillThresholds;
}

/**
 * When a score is a match and when it earns a full body. Each is the larger of an absolute floor
 * and a quantile of the set's own off-target scores: every skill's description is used as a
 * stand-in task and scored against the *other* skills, which measures how high an unrelated
 * skill scores on this particular set (shared jargon, long descriptions) — a noise floor.
 */
export interface SkillThresholds {
  /** Minimum score for a card. */
  card: number;
  /** Minimum score for an expanded body. */
  expand: number;
  /** How many off-target scores the quantiles were taken from (0 = floors only). */
  samples: number;
}

/** Absolute card floor: about one distinctive description word in common. */
export const CARD_FLOOR = 1;
/** Absolute expansion floor: about what naming a skill in the task scores. */
export const EXPAND_FLOOR = 3;
/** A card must beat three quarters of unrelated pairings: cheap, so recall comes first. */
export const CARD_QUANTILE = 0.75;
/** A body must beat 19 in 20 unrelated pairings: bodies are expensive and dilute. */
export const EXPAND_QUANTILE = 0.95;
/** Below this many off-target samples (fewer than 5 skills) a quantile is not a measurement. */
const MIN_CALIBRATION_SAMPLES = 20;

/** One skill's score for a task. */
export interface SkillScore {
  skill: Skill;
  /** Lexical match score, rounded to 3 decimals; 0 = no shared word. */
  score: number;
}

/** Analyse `skills` once for repeated scoring. Input order does not matter. */
export function buildSkillIndex(skills: readonly Skill[]): SkillIndex {
  const entries = [...skills]
    .sort((left, right) => compareStrings(left.name, right.name) || compareStrings(left.path, right.path))
    .map((skill): IndexedSkill => {
      const nameStems = analyzeText(skill.name);
      const triggerStems = skill.triggers.map((trigger) => analyzeText(trigger));
      const descriptionStems = analyzeText(skill.description);
      const weights = new Map<string, number>();
      const add = (stem: string, weight: number) => weights.set(stem, (weights.get(stem) ?? 0) + weight);
      for (const stem of descriptionStems) add(stem, FIELD_WEIGHTS.description);
      for (const stems of triggerStems) for (const stem of new Set(stems)) add(stem, FIELD_WEIGHTS.trigger);
      for (const stem of new Set(nameStems)) add(stem, FIELD_WEIGHTS.name);
      const bigrams = new Set<string>();
      for (let index = 1; index < descriptionStems.length; index += 1)
        bigrams.add(`${descriptionStems[index - 1]} ${descriptionStems[index]}`);
      return { skill, weights, nameStems, triggerStems, bigrams, length: descriptionStems.length };
    });
  // BM25F: weighted term frequency, description length normalised, then saturated.
  const averageLength = Math.max(
    1,
    entries.reduce((total, entry) => total + entry.length, 0) / Math.max(1, entries.length),
  );
  for (const entry of entries) {
    const norm = 1 - LENGTH_NORMALISATION + (LENGTH_NORMALISATION * entry.length) / averageLength;
    for (const [stem, frequency] of entry.weights) {
      const normalised = frequency / norm;
      entry.weights.set(stem, (normalised * (SATURATION + 1)) / (normalised + SATURATION));
    }
  }
  const documentFrequency = new Map<string, number>();
  for (const entry of entries)
    for (const stem of entry.weights.keys())
      documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  const count = entries.length;
  const idf = new Map<string, number>();
  // BM25's smoothed IDF, so a word every skill uses ("use", "when") is worth almost nothing —
  // measured on the set, never a hand-made list. Divided by the IDF of a word found in exactly one
  // skill, so scores mean the same on a set of 3 skills and of 300 and the floors above hold.
  const unique = Math.log(1 + (count - 0.5) / 1.5);
  for (const [stem, frequency] of documentFrequency)
    idf.set(stem, unique > 0 ? Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5)) / unique : 0);
  const index: SkillIndex = {
    entries,
    idf,
    thresholds: { card: CARD_FLOOR, expand: EXPAND_FLOOR, samples: 0 },
  };
  index.thresholds = calibrateThresholds(index);
  return index;
}

/** Measure {@link SkillThresholds} on the index's own skills (see there). */
export function calibrateThresholds(index: SkillIndex): SkillThresholds {
  const offTarget: number[] = [];
  for (const entry of index.entries) {
    for (const { skill, score } of scoreStems(index, analyzeText(entry.skill.description)))
      if (skill !== entry.skill) offTarget.push(score);
  }
  if (offTarget.length < MIN_CALIBRATION_SAMPLES)
    return { card: CARD_FLOOR, expand: EXPAND_FLOOR, samples: offTarget.length };
  offTarget.sort((left, right) => left - right);
  return {
    card: Math.max(CARD_FLOOR, quantile(offTarget, CARD_QUANTILE)),
    expand: Math.max(EXPAND_FLOOR, quantile(offTarget, EXPAND_QUANTILE)),
    samples: offTarget.length,
  };
}

/** The nearest-rank quantile of ascending `values`. */
function quantile(values: readonly number[], fraction: number): number {
  const rank = Math.min(values.length - 1, Math.max(0, Math.ceil(fraction * values.length) - 1));
  return values[rank] ?? 0;
}

/** Score every indexed skill against `task`, best first (ties by name). */
export function scoreSkills(index: SkillIndex, task: string): SkillScore[] {
  return scoreStems(index, analyzeText(task));
}

/** {@link scoreSkills} on already analysed task stems. */
export function scoreStems(index: SkillIndex, stems: readonly string[]): SkillScore[] {
  const distinct = [...new Set(stems)].sort();
  const taskBigrams = new Set<string>();
  for (let position = 1; position < stems.length; position += 1)
    taskBigrams.add(`${stems[position - 1]} ${stems[position]}`);
  const idfOf = (stem: string) => index.idf.get(stem) ?? 0;
  const scores = index.entries.map(({ skill, weights, nameStems, triggerStems, bigrams }) => {
    let score = 0;
    for (const stem of distinct) score += idfOf(stem) * (weights.get(stem) ?? 0);
    // A trigger is a phrase the author declared as a request for the skill; found whole, it
    // counts once more, like the name.
    // The whole name as a phrase ("systematic debugging", "subagent-driven-development", "pdf")
    // is a request by name: its words count once more.
    if (nameStems.length > 0 && containsRun(stems, nameStems)) score += sum(nameStems.map(idfOf));
    for (const trigger of triggerStems)
      if (trigger.length > 0 && containsRun(stems, trigger)) score += sum(trigger.map(idfOf));
    for (const bigram of [...taskBigrams].sort()) {
      if (!bigrams.has(bigram)) continue;
      const [first = '', second = ''] = bigram.split(' ');
      score += BIGRAM_WEIGHT * (idfOf(first) + idfOf(second));
    }
    return { skill, score: Math.round(score * 1000) / 1000 };
  });
  return scores.sort(
    (left, right) => right.score - left.score || compareStrings(left.skill.name, right.skill.name),
  );
}

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    for (let offset = 0; offset < needle.length; offset += 1)
      if (haystack[start + offset] !== needle[offset]) continue outer;
    return true;
  }
  return false;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** Code-unit order: the same in every locale, unlike localeCompare. */
export function compareStrings(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
