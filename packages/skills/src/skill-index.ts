import { compareStrings } from '@ctxkit/internal';
import { formatVocabulary } from './format-vocabulary.js';
import { analyzeText } from './text-terms.js';
import type { Skill } from './types.js';

/**
 * Field weights: a word of the skill's name or of an author-written trigger says more about
 * what the skill is for than a word of its description prose. The file formats and products the
 * name and description imply (their {@link formatVocabulary}: `.xlsx` → xlsx, Excel, workbook)
 * count once more, as description words: a task naming the format ("an Excel workbook") then
 * meets a skill that only listed the extension. Weight 1 and no whole-phrase bonus, measured: a
 * bonus or weight 2 lifted the off-target noise of sets whose skills name each other's formats
 * (the calibrated card bar of 31 real skills rose 5%, costing two expected cards) for no recall.
 */
export const FIELD_WEIGHTS = { name: 2, trigger: 2, description: 1, vocabulary: 1 } as const;
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
  /** Stems of the format and product terms the name and description imply, sorted. */
  vocabularyStems: string[];
  /** Adjacent description stem pairs, `a b`. */
  bigrams: Set<string>;
  /** Number of description stems. */
  length: number;
}

/** A name or trigger of one skill, as a lookup target. */
interface PhrasePosting {
  entry: IndexedSkill;
  /** Added once when the phrase occurs in the task: the sum of its stems' IDF. */
  bonus: number;
}

/** Skills prepared for scoring: per-skill stems and inverse document frequencies over the set. */
export interface SkillIndex {
  /** Indexed skills sorted by name. */
  entries: IndexedSkill[];
  /** Inverse document frequency of every stem that occurs in some skill, 1 = in exactly one skill. */
  idf: Map<string, number>;
  /** The skills each stem occurs in, for visiting only the skills a task can match. */
  postings: Map<string, IndexedSkill[]>;
  /** Names and triggers as stem runs (`subag driven develop`), with what finding one whole adds. */
  phrases: Map<string, PhrasePosting[]>;
  /** The skills whose description has each adjacent stem pair. */
  bigrams: Map<string, IndexedSkill[]>;
  /** Stems in the longest name or trigger: the longest run worth looking up. */
  longestPhrase: number;
  /** Score thresholds calibrated on this skill set. */
  thresholds: SkillThresholds;
}

/**
 * When a score is a match and when it earns a full body, measured on the skill set itself. Every
 * skill's description is used as a stand-in task and scored against the *other* skills: those
 * off-target scores are how high an unrelated skill scores on this particular set (shared jargon,
 * long descriptions). A task meets N − 1 unrelated skills, so a threshold at the off-target
 * quantile 1 − k/(N − 1) lets through about k stray skills per task: the quantile follows from an
 * error budget per task (k cards, k′ bodies) and adapts to the size of the set. Each threshold is
 * at least its absolute floor.
 */
export interface SkillThresholds {
  /** Minimum score for a card. */
  card: number;
  /** Minimum score for an expanded body. */
  expand: number;
  /**
   * Minimum score for a body when the skill is the task's only card and leads the runner-up by at
   * least `card` (see `soleMatchOf`): between `card` and `expand`.
   */
  sole: number;
  /** How many off-target scores the quantiles were taken from (0 = floors only). */
  samples: number;
  /** The off-target quantiles used for cards, bodies and sole-match bodies (0 when the floors were used alone). */
  quantiles: { card: number; expand: number; sole: number };
}

/**
 * Scores are divided by the task's IDF norm, so they read as "how much of what the task says is
 * this skill": about 1 when a description covers the task's distinctive words, about 3 when the
 * task is the skill's name. The floors apply alone to sets too small to measure.
 */
export const CARD_FLOOR = 0.3;
/** Absolute expansion floor: roughly the whole task matching one description. */
export const EXPAND_FLOOR = 1;
/**
 * Expected stray cards per task the card threshold allows: a card is one line, so a couple of
 * unrelated ones are a fair price for not missing the right one.
 */
export const STRAY_CARDS_PER_TASK = 2;
/**
 * Expected stray bodies per task the expansion threshold allows: a body costs ~1500 tokens of
 * directives, so at most one task in four may get one it did not need.
 */
export const STRAY_BODIES_PER_TASK = 0.25;
/**
 * Stray bodies per task the sole-match threshold is measured at: twice the ordinary budget. A
 * stray skill reaches this bar alone only when it is also the task's one card, so fewer than this
 * many actually get through; the sole winner of a task has no competitor to be confused with.
 */
export const SOLE_MATCH_STRAY_BODIES_PER_TASK = 2 * STRAY_BODIES_PER_TASK;
/** Options of {@link calibrateThresholds}: the error budgets the thresholds are derived from. */
export interface CalibrationOptions {
  /** Default {@link STRAY_CARDS_PER_TASK}. */
  strayCardsPerTask?: number;
  /** Default {@link STRAY_BODIES_PER_TASK}. */
  strayBodiesPerTask?: number;
  /** Default {@link SOLE_MATCH_STRAY_BODIES_PER_TASK}. */
  soleMatchStrayBodiesPerTask?: number;
}
/** Below this many off-target samples (fewer than 5 skills) a quantile is not a measurement. */
const MIN_CALIBRATION_SAMPLES = 20;

/** One skill's score for a task. */
export interface SkillScore {
  skill: Skill;
  /** Lexical match score divided by the task's IDF norm, rounded to 3 decimals; 0 = no shared word. */
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
      // A format the name or a trigger already says (`pdf` named `pdf`) keeps that weight alone.
      const named = new Set([...nameStems, ...triggerStems.flat()]);
      const vocabularyStems = [
        ...new Set(formatVocabulary(skill.name, skill.description).flatMap((term) => analyzeText(term))),
      ]
        .filter((stem) => !named.has(stem))
        .sort();
      const weights = new Map<string, number>();
      const add = (stem: string, weight: number) => weights.set(stem, (weights.get(stem) ?? 0) + weight);
      for (const stem of descriptionStems) add(stem, FIELD_WEIGHTS.description);
      for (const stems of triggerStems) for (const stem of new Set(stems)) add(stem, FIELD_WEIGHTS.trigger);
      for (const stem of vocabularyStems) add(stem, FIELD_WEIGHTS.vocabulary);
      for (const stem of new Set(nameStems)) add(stem, FIELD_WEIGHTS.name);
      const bigrams = new Set<string>();
      for (let index = 1; index < descriptionStems.length; index += 1)
        bigrams.add(`${descriptionStems[index - 1]} ${descriptionStems[index]}`);
      return {
        skill,
        weights,
        nameStems,
        triggerStems,
        vocabularyStems,
        bigrams,
        length: descriptionStems.length,
      };
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
  const postings = new Map<string, IndexedSkill[]>();
  for (const entry of entries)
    for (const stem of entry.weights.keys()) {
      const list = postings.get(stem);
      if (list) list.push(entry);
      else postings.set(stem, [entry]);
    }
  const phrases = new Map<string, PhrasePosting[]>();
  const bigrams = new Map<string, IndexedSkill[]>();
  let longestPhrase = 0;
  for (const entry of entries) {
    for (const phrase of [entry.nameStems, ...entry.triggerStems]) {
      if (phrase.length === 0) continue;
      longestPhrase = Math.max(longestPhrase, phrase.length);
      const key = phrase.join(' ');
      const posting = { entry, bonus: phrase.reduce((total, stem) => total + (idf.get(stem) ?? 0), 0) };
      phrases.set(key, [...(phrases.get(key) ?? []), posting]);
    }
    for (const pair of entry.bigrams) bigrams.set(pair, [...(bigrams.get(pair) ?? []), entry]);
  }
  const index: SkillIndex = {
    entries,
    idf,
    postings,
    phrases,
    bigrams,
    longestPhrase,
    thresholds: {
      card: CARD_FLOOR,
      expand: EXPAND_FLOOR,
      sole: EXPAND_FLOOR,
      samples: 0,
      quantiles: { card: 0, expand: 0, sole: 0 },
    },
  };
  index.thresholds = calibrateThresholds(index);
  return index;
}

/** Measure {@link SkillThresholds} on the index's own skills (see there). */
export function calibrateThresholds(index: SkillIndex, options: CalibrationOptions = {}): SkillThresholds {
  // Most pairs share no word and score 0: count those instead of storing a million zeros.
  const nonZero: number[] = [];
  let zeros = 0;
  for (const entry of index.entries) {
    const scores = scoreCandidates(index, analyzeText(entry.skill.description));
    let others = 0;
    for (const [candidate, score] of scores) {
      if (candidate === entry) continue;
      others += 1;
      if (score > 0) nonZero.push(score);
      else zeros += 1;
    }
    zeros += index.entries.length - 1 - others;
  }
  const samples = zeros + nonZero.length;
  if (samples < MIN_CALIBRATION_SAMPLES)
    return {
      card: CARD_FLOOR,
      expand: EXPAND_FLOOR,
      sole: EXPAND_FLOOR,
      samples,
      quantiles: { card: 0, expand: 0, sole: 0 },
    };
  const others = index.entries.length - 1;
  const quantileFor = (strayPerTask: number) => Math.min(0.9999, Math.max(0.5, 1 - strayPerTask / others));
  const cardQuantile = quantileFor(options.strayCardsPerTask ?? STRAY_CARDS_PER_TASK);
  const expandQuantile = quantileFor(options.strayBodiesPerTask ?? STRAY_BODIES_PER_TASK);
  const soleQuantile = Math.min(
    expandQuantile,
    quantileFor(options.soleMatchStrayBodiesPerTask ?? SOLE_MATCH_STRAY_BODIES_PER_TASK),
  );
  // A typed array sorts numerically without a comparator call per pair.
  const sorted = Float64Array.from(nonZero).sort();
  const quantile = (fraction: number) => {
    const rank = Math.min(samples - 1, Math.max(0, Math.ceil(fraction * samples) - 1));
    return rank < zeros ? 0 : (sorted[rank - zeros] ?? 0);
  };
  const card = Math.max(CARD_FLOOR, quantile(cardQuantile));
  const expand = Math.max(EXPAND_FLOOR, quantile(expandQuantile));
  return {
    card,
    expand,
    // Never below the card bar nor above the ordinary one: a sole match is still a match.
    sole: Math.min(expand, Math.max(card, EXPAND_FLOOR, quantile(soleQuantile))),
    samples,
    quantiles: { card: cardQuantile, expand: expandQuantile, sole: soleQuantile },
  };
}

/** Score every indexed skill against `task`, best first (ties by name). */
export function scoreSkills(index: SkillIndex, task: string): SkillScore[] {
  return scoreStems(index, analyzeText(task));
}

/** {@link scoreSkills} on already analysed task stems. */
export function scoreStems(index: SkillIndex, stems: readonly string[]): SkillScore[] {
  const raw = scoreCandidates(index, stems);
  return index.entries
    .map((entry) => ({ skill: entry.skill, score: raw.get(entry) ?? 0 }))
    .sort((left, right) => right.score - left.score || compareStrings(left.skill.name, right.skill.name));
}

/**
 * Rounded scores of the skills that share at least one stem with the task (every other skill
 * scores 0). Work is proportional to the posting lists of the task's stems, phrases and word
 * pairs — not to skills × task words — so calibration, which scores every description against
 * every skill, stays fast on sets of a thousand skills.
 */
function scoreCandidates(index: SkillIndex, stems: readonly string[]): Map<IndexedSkill, number> {
  const idfOf = (stem: string) => index.idf.get(stem) ?? 0;
  const scores = new Map<IndexedSkill, number>();
  const add = (entry: IndexedSkill, value: number) => scores.set(entry, (scores.get(entry) ?? 0) + value);
  for (const stem of [...new Set(stems)].sort()) {
    const idf = idfOf(stem);
    for (const entry of index.postings.get(stem) ?? []) add(entry, idf * (entry.weights.get(stem) ?? 0));
  }
  // A name or trigger found whole in the task counts once more ("systematic debugging",
  // "subagent-driven-development", "pdf", "release notes"): it is a request by name.
  const runs = new Set<string>();
  for (let length = 1; length <= index.longestPhrase; length += 1)
    for (let start = 0; start + length <= stems.length; start += 1)
      runs.add(stems.slice(start, start + length).join(' '));
  const credited = new Set<PhrasePosting>();
  for (const run of [...runs].sort())
    for (const posting of index.phrases.get(run) ?? []) {
      if (credited.has(posting)) continue;
      credited.add(posting);
      add(posting.entry, posting.bonus);
    }
  // Two description words found in the task in the same order.
  const pairs = new Set<string>();
  for (let position = 1; position < stems.length; position += 1)
    pairs.add(`${stems[position - 1]} ${stems[position]}`);
  for (const pair of [...pairs].sort()) {
    const entries = index.bigrams.get(pair);
    if (!entries) continue;
    const [first = '', second = ''] = pair.split(' ');
    const bonus = BIGRAM_WEIGHT * (idfOf(first) + idfOf(second));
    for (const entry of entries) add(entry, bonus);
  }
  // Divide by the task's own IDF norm (over the words the skills know): a long issue with a stack
  // trace shares some word with every long description, and a fixed threshold must mean the same
  // for a one-line request and a page of logs.
  let norm = 0;
  for (const stem of new Set(stems)) norm += idfOf(stem) ** 2;
  const divisor = Math.max(1, Math.sqrt(norm));
  for (const [entry, score] of scores) scores.set(entry, Math.round((score / divisor) * 1000) / 1000);
  return scores;
}
