import {
  assertNumber,
  assertString,
  assertStringArray,
  assertWholeNumber,
  compareStrings,
  failRange,
  failType,
} from '@ctxkit/internal';
import { escapeControls } from '@ctxkit/tokenize';
import picomatch from 'picomatch';
import { skillNameKey } from './discover-skills.js';
import { collapseWhitespace } from './parse-skill.js';
import { buildSkillIndex, type SkillIndex, scoreSkills } from './skill-index.js';
import { byteLength, truncateBody } from './truncate-body.js';
import type { ExpandedSkill, SelectSkillsOptions, Skill, SkillCard, SkillSelection } from './types.js';

/** Bodies inlined at once by default: more simultaneous directives degrade a small model. */
export const DEFAULT_MAX_EXPANDED = 2;
/** Cards listed by default; further matches are named in one line, never silently dropped. */
export const DEFAULT_MAX_CARDS = 8;
/** Byte cap of one inlined body by default (~1500 tokens). */
export const DEFAULT_MAX_BODY_BYTES = 6000;
/** Characters of a card's description; long "use this whenever …" lists stop at a word. */
export const MAX_CARD_DESCRIPTION_CHARS = 240;
/**
 * A match must reach this fraction of the task's best score: once the task plainly names its
 * topic, a skill sharing a stray word with it is noise even above the absolute threshold.
 */
export const RELATIVE_SCORE_CUTOFF = 0.5;
/** `@skill:name` in a task asks for that skill's full body. */
// Names may contain `.` and `:` (`superpowers:brainstorming`) but never end with them: that is prose.
const SKILL_REFERENCE = /@skill:([A-Za-z0-9_](?:[\w.:-]*[\w-])?)/g;

/**
 * Decide which skills a task sees and render them: a card (name + one-line description) for every
 * match, full bodies only for `@skill:name` references, pins, and scores above the calibrated
 * threshold — at most `maxExpanded`. Pure and deterministic: same skills (in any order) and
 * options give the same bytes.
 */
export function selectSkills(skills: readonly Skill[], options: SelectSkillsOptions): SkillSelection {
  checkSelectOptions(skills, options);
  const maxExpanded = options.maxExpanded ?? DEFAULT_MAX_EXPANDED;
  const maxCards = options.maxCards ?? DEFAULT_MAX_CARDS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  assertWholeNumber('selectSkills', 'maxExpanded', maxExpanded);
  assertWholeNumber('selectSkills', 'maxCards', maxCards);
  assertWholeNumber('selectSkills', 'maxBodyBytes', maxBodyBytes);
  // Building an index calibrates its thresholds (every skill against every other); a caller
  // selecting for many tasks over the same skills builds it once and passes it.
  const index = options.index ?? buildSkillIndex(skills);
  const expand = options.thresholds?.expand ?? index.thresholds.expand;
  const thresholds = {
    card: options.thresholds?.card ?? index.thresholds.card,
    expand,
    // An overridden expansion bar caps the measured sole-match one, so overriding `expand` alone still bounds bodies.
    sole: options.thresholds?.sole ?? Math.min(expand, index.thresholds.sole),
  };
  // First name in sorted order wins when two skills share a name key: the same skills in any order resolve alike.
  const byName = new Map<string, Skill>();
  for (const skill of index.entries
    .map((entry) => entry.skill)
    .sort((left, right) => compareStrings(left.name, right.name) || compareStrings(left.path, right.path))) {
    if (!byName.has(skillNameKey(skill.name))) byName.set(skillNameKey(skill.name), skill);
  }
  // `src\\a.ts` and `./src/a.ts` are the same file as `src/a.ts` to a glob.
  const scope = (options.scope ?? []).map((file) =>
    file
      .replace(/\\/g, '/')
      .replace(/^(\.\/)+/, '')
      .replace(/\/+/g, '/'),
  );
  const matchesScope = (skill: Skill) =>
    scope.some((file) => picomatch.isMatch(file, skill.paths, { dot: true }));
  const inScope = (skill: Skill) => skill.paths.length === 0 || scope.length === 0 || matchesScope(skill);

  const scores = scoreSkills(index, options.task).filter((entry) => inScope(entry.skill));
  const scoreOf = new Map(scores.map((entry) => [entry.skill, entry.score]));
  const best = scores[0]?.score ?? 0;
  const relativeFloor = best * RELATIVE_SCORE_CUTOFF;

  const unknown: string[] = [];
  const wanted: { skill: Skill; reason: ExpandedSkill['reason'] }[] = [];
  const request = (name: string, reason: ExpandedSkill['reason']) => {
    const skill = byName.get(skillNameKey(name));
    if (!skill) {
      if (!unknown.includes(name)) unknown.push(name);
    } else if (!wanted.some((entry) => entry.skill === skill)) wanted.push({ skill, reason });
  };
  for (const match of options.task.matchAll(SKILL_REFERENCE)) request(match[1] ?? '', 'reference');
  for (const pin of options.pins ?? []) request(pin, 'pin');
  for (const { skill, score } of scores)
    if (score >= thresholds.expand && score >= relativeFloor) request(skill.name, 'score');
  // The margin over the next candidate: a best match that is the task's only card and leads the
  // runner-up by at least the card bar needs only the lower sole-match bar.
  const soleMatch = soleMatchOf(scores, thresholds.card, relativeFloor);
  if (soleMatch && soleMatch.score >= thresholds.sole) request(soleMatch.skill.name, 'score');

  const expanded: ExpandedSkill[] = wanted.slice(0, maxExpanded).map(({ skill, reason }) => {
    const body = truncateBody(skill.name, skill.body, maxBodyBytes).text;
    return { name: skill.name, path: skill.path, bytes: byteLength(body), body, reason };
  });

  const matched = scores.filter(({ score }) => score >= thresholds.card && score >= relativeFloor);
  // A skill whose declared paths match a file in scope is relevant by its author's word (like
  // Cursor's auto-attached rules): it gets a card even when the task shares no word with it.
  const byPath = scores.filter(
    ({ skill }) => skill.paths.length > 0 && scope.length > 0 && matchesScope(skill),
  );
  // Referenced and pinned skills always get a card, even past the expansion cap.
  const carded = [
    ...wanted.map((entry) => entry.skill),
    ...matched.map((entry) => entry.skill),
    ...byPath.map((entry) => entry.skill),
  ].filter((skill, position, all) => all.indexOf(skill) === position);
  const cards: SkillCard[] = carded
    .map((skill) => ({
      name: skill.name,
      description: shortenDescription(skill.description),
      score: scoreOf.get(skill) ?? 0,
      path: skill.path,
    }))
    .sort((left, right) => right.score - left.score || compareStrings(left.name, right.name));
  // Requested and expanded skills always keep their card; the cap trims the weakest score matches.
  const required = new Set(wanted.map((entry) => entry.skill.name));
  const listed: SkillCard[] = [];
  const overflow: string[] = [];
  for (const card of cards) {
    if (required.has(card.name) || listed.length < maxCards) listed.push(card);
    else overflow.push(card.name);
  }
  return { cards: listed, expanded, text: renderSelection(listed, expanded, overflow), unknown };
}

/**
 * The best-scoring skill when it clearly stands alone: it is the only one that would get a card by
 * score (the runner-up reaches neither `card` nor `relativeFloor`, half the best) and its margin
 * over the runner-up would itself clear the card bar. The second condition keeps a long issue that
 * shares many weak words with one long description (a runner-up just under the bar) from counting
 * as a clear request. `undefined` when no skill qualifies.
 */
export function soleMatchOf<T extends { score: number }>(
  scores: readonly T[],
  card: number,
  relativeFloor: number,
): T | undefined {
  const [best, runnerUp] = scores;
  if (!best || best.score < card) return undefined;
  const runnerUpScore = runnerUp?.score ?? 0;
  if (runnerUpScore >= card && runnerUpScore >= relativeFloor) return undefined;
  return best.score - runnerUpScore >= card ? best : undefined;
}

/**
 * Throw a clear error for options that would otherwise select wrongly without a word: a NaN cap
 * inlines nothing (even `@skill:` references) or lifts the body cap, a NaN threshold selects
 * nothing, a string of pins is read letter by letter.
 */
function checkSelectOptions(skills: readonly Skill[], options: SelectSkillsOptions): void {
  const where = 'selectSkills';
  if (options === null || typeof options !== 'object')
    failType(where, 'options', 'an object with a task', options);
  assertString(where, 'task', options.task);
  assertStringArray(where, 'pins', options.pins ?? [], 'skill names');
  assertStringArray(where, 'scope', options.scope ?? [], 'file paths');
  if (options.index !== undefined && !isIndexOf(options.index, skills))
    failRange(where, 'index', 'the index buildSkillIndex built from these same skills', options.index);
  const { thresholds } = options;
  if (thresholds == null) return;
  if (typeof thresholds !== 'object' || Array.isArray(thresholds))
    failType(where, 'thresholds', '{ card?, expand?, sole? }', thresholds);
  // Scores are never negative, so a negative threshold is a mistake, not a wish for everything.
  for (const name of ['card', 'expand', 'sole'] as const)
    if (thresholds[name] != null)
      assertNumber(
        where,
        `thresholds.${name}`,
        thresholds[name],
        'a finite number ≥ 0',
        (value) => Number.isFinite(value) && value >= 0,
      );
}

/** Whether `index` holds exactly `skills` (the same objects, in any order). */
function isIndexOf(index: SkillIndex, skills: readonly Skill[]): boolean {
  if (typeof index !== 'object' || index === null || !Array.isArray(index.entries)) return false;
  if (index.entries.length !== skills.length) return false;
  const members = new Set<Skill>(skills);
  return index.entries.every((entry) => members.has(entry.skill));
}

/** The opening line of the cards block: what cards are and how to get a body. */
export const CARDS_PREAMBLE =
  'Skills that match this task, one per line as "name: what it is for". To read one in full, call the skill tool with {"name": "<name>"}.';

function renderSelection(
  cards: readonly SkillCard[],
  expanded: readonly ExpandedSkill[],
  overflow: readonly string[],
): string {
  if (cards.length === 0 && expanded.length === 0) return '';
  const inlined = new Set(expanded.map((entry) => entry.name));
  const lines = ['<skills>', CARDS_PREAMBLE];
  for (const card of cards)
    lines.push(
      `- ${escapeControls(card.name)}: ${escapeControls(card.description)}${inlined.has(card.name) ? ' (full text below)' : ''}`,
    );
  if (overflow.length > 0)
    lines.push(`Also matching, less closely: ${overflow.map(escapeControls).join(', ')}.`);
  lines.push('</skills>');
  let text = `${lines.join('\n')}\n`;
  for (const entry of expanded)
    text += `\n<skill name="${escapeControls(entry.name)}" path="${escapeControls(entry.path)}">\n${entry.body}</skill>\n`;
  return text;
}

/** One line of at most {@link MAX_CARD_DESCRIPTION_CHARS} characters, cut at a word with `…`. */
export function shortenDescription(description: string): string {
  const line = collapseWhitespace(description);
  const characters = Array.from(line);
  if (characters.length <= MAX_CARD_DESCRIPTION_CHARS) return line;
  const cut = characters.slice(0, MAX_CARD_DESCRIPTION_CHARS - 1).join('');
  let end = Math.max(cut.lastIndexOf(' '), Math.floor(cut.length / 2));
  // The halfway point counts UTF-16 units: step back rather than split a surrogate pair (emoji).
  if (/[\uD800-\uDBFF]/.test(cut[end - 1] ?? '') && /[\uDC00-\uDFFF]/.test(cut[end] ?? '')) end -= 1;
  const atWord = cut.slice(0, end).replace(/[\s,;:.–—-]+$/, '');
  return `${atWord}…`;
}
