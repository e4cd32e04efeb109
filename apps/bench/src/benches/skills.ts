import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildSkillIndex,
  calibrateThresholds,
  discoverSkills,
  type Skill,
  SOLE_MATCH_STRAY_BODIES_PER_TASK,
  STRAY_BODIES_PER_TASK,
  STRAY_CARDS_PER_TASK,
  scoreSkills,
  selectSkills,
} from '@ctxkit/skills';
import { percent as formatPercent } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench skills --skills DIR [--skills DIR]... (--prompts DIR... | --cases FILE) [--max-expanded N]

Measures @ctxkit/skills matching on real skills and labelled prompts:
  --skills DIR    a repository or directory with SKILL.md files (searched under ${'.ctxkit/skills, .claude/skills, .agents/skills, skills/'}, else DIR itself)
  --prompts DIR   a directory of prompt files (*.txt, *.md). A prompt's expected skill comes from a
                  run-test.sh "<skill>" "$PROMPTS_DIR/<file>" line in a script beside the directory,
                  else from its file name when that is a skill name; other prompts are listed as unlabelled.
  --label F=SKILL label prompt file F (name only) by hand, e.g. prompts no script maps
  --cases FILE    tasks as users write them (JSON: labelled [{expected, task}], unrelated [task]),
                  e.g. apps/bench/data/skill-tasks.json; a labelled task counts when its skill is loaded,
                  an unrelated one is a task no skill fits (its cards and bodies are strays)
  --tasks FILE    unlabelled real tasks (JSON array of strings or of records with problem_statement,
                  e.g. shared/data/swebench-dev.json): how many cards and bodies each would get

Fetch the data (nothing of it is committed here) with pnpm bench fetch skills, or by hand:
  git clone https://github.com/anthropics/skills /tmp/skillbench/anthropic-skills
  git clone https://github.com/obra/superpowers /tmp/skillbench/superpowers
  # the per-skill triggering prompts were removed in 8611a4ea; read them from its parent:
  git -C /tmp/skillbench/superpowers worktree add /tmp/skillbench/superpowers-triggering 8611a4ea^
  pnpm bench skills --skills /tmp/skillbench/anthropic-skills --cases apps/bench/data/skill-tasks.json
  pnpm bench skills --skills /tmp/skillbench/anthropic-skills --skills /tmp/skillbench/superpowers \\
    --prompts /tmp/skillbench/superpowers/tests/explicit-skill-requests/prompts \\
    --prompts /tmp/skillbench/superpowers-triggering/tests/skill-triggering/prompts
`;

/** One prompt with the skill it should select. */
export interface LabelledPrompt {
  file: string;
  expected: string;
  task: string;
}

/** What the selection did for one prompt. */
interface PromptOutcome {
  file: string;
  expected: string;
  /** 1-based rank of the expected skill in the raw score ranking. */
  rank: number;
  expectedScore: number;
  topScore: number;
  cards: string[];
  expanded: string[];
  carded: boolean;
  isExpanded: boolean;
}

/** Precision and recall of "the expected skill is among the selected ones". */
interface SelectionQuality {
  precision: number;
  recall: number;
  selected: number;
  hits: number;
}

/**
 * Expected skills from the scripts beside a prompts directory: superpowers' run-all.sh calls
 * `run-test.sh "<skill>" "$PROMPTS_DIR/<file>.txt"`.
 */
function labelsFromScripts(promptsDir: string): Map<string, string> {
  const labels = new Map<string, string>();
  for (const directory of [promptsDir, dirname(promptsDir)]) {
    for (const name of readdirSync(directory)
      .filter((entry) => entry.endsWith('.sh'))
      .sort()) {
      const script = readFileSync(join(directory, name), 'utf8');
      for (const match of script.matchAll(/"([\w:.-]+)"\s+"\$\{?PROMPTS_DIR\}?\/([^"]+)"/g)) {
        const [, skill, file] = match;
        if (skill && file && !labels.has(file)) labels.set(file, skill);
      }
    }
  }
  return labels;
}

/**
 * The prompt files of `promptsDir` with their expected skill: a `--label`, else a run-test.sh line
 * beside the directory, else the file name when it is a skill name; the rest are unlabelled.
 */
export function loadPrompts(
  promptsDir: string,
  skillNames: Set<string>,
  extraLabels: Map<string, string>,
): { labelled: LabelledPrompt[]; unlabelled: string[] } {
  const fromScripts = labelsFromScripts(promptsDir);
  const labelled: LabelledPrompt[] = [];
  const unlabelled: string[] = [];
  const files = readdirSync(promptsDir)
    .filter((name) => /\.(txt|md)$/.test(name))
    .sort();
  for (const name of files) {
    const stem = name.replace(/\.(txt|md)$/, '');
    const expected =
      extraLabels.get(name) ?? fromScripts.get(name) ?? (skillNames.has(stem) ? stem : undefined);
    const file = `${basename(dirname(promptsDir))}/${basename(promptsDir)}/${name}`;
    if (expected === undefined || !skillNames.has(expected)) unlabelled.push(file);
    else labelled.push({ file, expected, task: readFileSync(join(promptsDir, name), 'utf8') });
  }
  return { labelled, unlabelled };
}

/** The tasks of a `--cases` file: labelled ones and tasks no skill fits. */
export interface TaskCases {
  labelled: LabelledPrompt[];
  unrelated: string[];
  /** Labelled tasks whose expected skill is not in the loaded set (another tree's). */
  skipped: number;
}

/**
 * Read a `--cases` file: `{ labelled: [{ expected, task, tree? }], unrelated: [task] }`. A labelled
 * task whose skill is not loaded is skipped, so one file serves every tree.
 */
export function loadCases(path: string, skillNames: Set<string>): TaskCases {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as {
    labelled?: { expected?: unknown; task?: unknown }[];
    unrelated?: unknown[];
  };
  if (!Array.isArray(raw.labelled) || !Array.isArray(raw.unrelated))
    throw new Error(`${path}: expected { labelled: [...], unrelated: [...] }`);
  const labelled: LabelledPrompt[] = [];
  let skipped = 0;
  raw.labelled.forEach((entry, position) => {
    if (typeof entry.expected !== 'string' || typeof entry.task !== 'string')
      throw new Error(`${path}: labelled[${position}] needs string expected and task`);
    if (!skillNames.has(entry.expected)) skipped += 1;
    else
      labelled.push({
        file: `cases/${String(position + 1).padStart(2, '0')}`,
        expected: entry.expected,
        task: entry.task,
      });
  });
  const unrelated = raw.unrelated.filter((task): task is string => typeof task === 'string');
  return { labelled, unrelated, skipped };
}

async function loadSkills(
  directories: string[],
): Promise<{ skills: Skill[]; perSource: [string, number][]; problems: string[] }> {
  const skills: Skill[] = [];
  const perSource: [string, number][] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const directory of directories) {
    let found = await discoverSkills({ root: directory });
    if (found.skills.length === 0) found = await discoverSkills({ root: directory, roots: ['.'] });
    let added = 0;
    for (const skill of found.skills) {
      if (seen.has(skill.name)) {
        problems.push(
          `${directory}: skill "${skill.name}" also defined by an earlier --skills directory; skipped`,
        );
        continue;
      }
      seen.add(skill.name);
      skills.push(skill);
      added += 1;
    }
    for (const problem of found.problems) problems.push(`${directory}/${problem.path}: ${problem.message}`);
    perSource.push([directory, added]);
  }
  return { skills, perSource, problems };
}

function quality(outcomes: PromptOutcome[], pick: (outcome: PromptOutcome) => string[]): SelectionQuality {
  const selected = outcomes.reduce((total, outcome) => total + pick(outcome).length, 0);
  const hits = outcomes.filter((outcome) => pick(outcome).includes(outcome.expected)).length;
  return {
    precision: selected === 0 ? 0 : hits / selected,
    recall: outcomes.length === 0 ? 0 : hits / outcomes.length,
    selected,
    hits,
  };
}

function evaluate(
  skills: Skill[],
  prompts: LabelledPrompt[],
  maxExpanded: number,
  thresholds?: { card: number; expand: number; sole: number },
) {
  const index = buildSkillIndex(skills);
  return prompts.map((prompt): PromptOutcome => {
    const selection = selectSkills(skills, { task: prompt.task, maxExpanded, thresholds, index });
    const ranking = scoreSkills(index, prompt.task);
    const position = ranking.findIndex((entry) => entry.skill.name === prompt.expected);
    const cards = selection.cards.map((card) => card.name);
    const expanded = selection.expanded.map((entry) => entry.name);
    return {
      file: prompt.file,
      expected: prompt.expected,
      rank: position + 1,
      expectedScore: ranking[position]?.score ?? 0,
      topScore: ranking[0]?.score ?? 0,
      cards,
      expanded,
      carded: cards.includes(prompt.expected) || expanded.includes(prompt.expected),
      isExpanded: expanded.includes(prompt.expected),
    };
  });
}

const percent = (value: number) => formatPercent(value, 0);

/** `pnpm bench skills`: precision/recall of skill selection on real skills and labelled prompts. */
export const skillsBench: Bench = {
  usage: USAGE,
  description: 'skill matching precision/recall on real SKILL.md sets and labelled prompts',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        skills: { type: 'string', multiple: true },
        prompts: { type: 'string', multiple: true },
        'max-expanded': { type: 'string', default: '2' },
        label: { type: 'string', multiple: true },
        tasks: { type: 'string' },
        cases: { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help || !values.skills?.length || (!values.prompts?.length && !values.cases)) {
      (values.help ? process.stdout : process.stderr).write(USAGE);
      return values.help ? 0 : 2;
    }
    const maxExpanded = Number(values['max-expanded']);
    const extraLabels = new Map<string, string>();
    for (const label of values.label ?? []) {
      const [file, skill] = label.split('=');
      if (!file || !skill) {
        process.stderr.write(
          `bench skills: --label expects FILE=SKILL (a prompt file name), found "${label}"\n`,
        );
        return 2;
      }
      extraLabels.set(file, skill);
    }
    const skillDirectories = values.skills.map((directory) => resolve(directory));
    const promptDirectories = (values.prompts ?? []).map((directory) => resolve(directory));
    for (const directory of [...skillDirectories, ...promptDirectories]) {
      if (!existsSync(directory) || !statSync(directory).isDirectory()) {
        process.stderr.write(`bench skills: not a directory: ${directory}\n${USAGE}`);
        return 2;
      }
    }
    const { skills, perSource, problems } = await loadSkills(skillDirectories);
    const names = new Set(skills.map((skill) => skill.name));
    const labelled: LabelledPrompt[] = [];
    const unlabelled: string[] = [];
    for (const directory of promptDirectories) {
      const loaded = loadPrompts(directory, names, extraLabels);
      labelled.push(...loaded.labelled);
      unlabelled.push(...loaded.unlabelled);
    }
    const cases = values.cases ? loadCases(resolve(values.cases), names) : undefined;
    if (cases) labelled.push(...cases.labelled);
    const thresholds = calibrateThresholds(buildSkillIndex(skills));
    const outcomes = evaluate(skills, labelled, maxExpanded);
    const carded = quality(outcomes, (outcome) => [...new Set([...outcome.cards, ...outcome.expanded])]);
    const expanded = quality(outcomes, (outcome) => outcome.expanded);
    const top1 = outcomes.filter((outcome) => outcome.rank === 1).length / Math.max(1, outcomes.length);
    const reciprocalRank =
      outcomes.reduce((total, outcome) => total + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) /
      Math.max(1, outcomes.length);

    // Sensitivity: the same run with other error budgets (stray cards / stray bodies expected per
    // task), to show the chosen budgets are not a knife edge — nothing here is tuned per prompt.
    const index = buildSkillIndex(skills);
    const sensitivity = [
      [1, 0.1],
      [STRAY_CARDS_PER_TASK, 0.1],
      [STRAY_CARDS_PER_TASK, STRAY_BODIES_PER_TASK],
      [STRAY_CARDS_PER_TASK, 0.5],
      [4, STRAY_BODIES_PER_TASK],
    ].map(([strayCardsPerTask = 0, strayBodiesPerTask = 0]) => {
      const calibrated = calibrateThresholds(index, { strayCardsPerTask, strayBodiesPerTask });
      const override = { card: calibrated.card, expand: calibrated.expand, sole: calibrated.sole };
      const run = evaluate(skills, labelled, maxExpanded, override);
      return {
        strayCardsPerTask,
        strayBodiesPerTask,
        thresholds: override,
        carded: quality(run, (outcome) => [...new Set([...outcome.cards, ...outcome.expanded])]),
        expanded: quality(run, (outcome) => outcome.expanded),
      };
    });

    // The sole-match (margin) rule off: a body needs the ordinary expansion bar alone.
    const withoutMargin = evaluate(skills, labelled, maxExpanded, {
      card: thresholds.card,
      expand: thresholds.expand,
      sole: thresholds.expand,
    });
    const withoutMarginExpanded = quality(withoutMargin, (outcome) => outcome.expanded);
    const unrelated = cases ? measureUnrelated(skills, cases.unrelated, maxExpanded) : undefined;

    const out = process.stdout;
    out.write(
      `skills: ${skills.length} (${perSource.map(([directory, count]) => `${count} from ${basename(directory)}`).join(', ')})\n`,
    );
    out.write(
      `prompts: ${labelled.length} labelled, ${unlabelled.length} unlabelled (excluded: ${unlabelled.join(', ') || 'none'})\n`,
    );
    out.write(
      `thresholds: card ${thresholds.card.toFixed(3)} (quantile ${thresholds.quantiles.card.toFixed(4)}: ${STRAY_CARDS_PER_TASK} stray cards per task), expand ${thresholds.expand.toFixed(3)} (quantile ${thresholds.quantiles.expand.toFixed(4)}: ${STRAY_BODIES_PER_TASK} stray bodies per task), sole match ${thresholds.sole.toFixed(3)} (quantile ${thresholds.quantiles.sole.toFixed(4)}: ${SOLE_MATCH_STRAY_BODIES_PER_TASK}), from ${thresholds.samples} off-target scores\n`,
    );
    if (cases)
      out.write(
        `cases: ${cases.labelled.length} labelled (${cases.skipped} for skills not loaded), ${cases.unrelated.length} unrelated\n`,
      );
    out.write(
      `carded or expanded: recall ${percent(carded.recall)} (${carded.hits}/${outcomes.length}), precision ${percent(carded.precision)} (${carded.hits}/${carded.selected} selected)\n`,
    );
    out.write(
      `expanded:           recall ${percent(expanded.recall)} (${expanded.hits}/${outcomes.length}), precision ${percent(expanded.precision)} (${expanded.hits}/${expanded.selected} selected)\n`,
    );
    out.write(
      `  without the sole-match rule: recall ${percent(withoutMarginExpanded.recall)} (${withoutMarginExpanded.hits}/${outcomes.length}), precision ${percent(withoutMarginExpanded.precision)} (${withoutMarginExpanded.hits}/${withoutMarginExpanded.selected} selected)\n`,
    );
    if (unrelated)
      out.write(
        `unrelated tasks: ${unrelated.tasks}; ${unrelated.meanCards.toFixed(2)} cards and ${unrelated.meanExpanded.toFixed(2)} bodies per task${unrelated.strays.length > 0 ? ` (${unrelated.strays.join('; ')})` : ''}\n`,
      );
    out.write(`ranking: top-1 ${percent(top1)}, MRR ${reciprocalRank.toFixed(3)}\n`);
    const groups = [...new Set(outcomes.map((outcome) => dirname(outcome.file)))].sort();
    const perGroup = groups.map((group) => {
      const members = outcomes.filter((outcome) => dirname(outcome.file) === group);
      return {
        group,
        prompts: members.length,
        carded: quality(members, (outcome) => [...new Set([...outcome.cards, ...outcome.expanded])]),
        expanded: quality(members, (outcome) => outcome.expanded),
      };
    });
    for (const row of perGroup)
      out.write(
        `  ${row.group}: ${row.prompts} prompts; carded or expanded P/R ${percent(row.carded.precision)}/${percent(row.carded.recall)}, expanded P/R ${percent(row.expanded.precision)}/${percent(row.expanded.recall)}\n`,
      );
    out.write('\n');
    for (const outcome of outcomes) {
      const mark = outcome.isExpanded ? 'E' : outcome.carded ? 'C' : '-';
      out.write(
        `  ${mark} rank ${String(outcome.rank).padStart(2)}  ${outcome.expected.padEnd(30)} ${outcome.file}\n`,
      );
      out.write(
        `        expanded: ${outcome.expanded.join(', ') || '-'}; cards: ${outcome.cards.join(', ') || '-'}\n`,
      );
    }
    out.write('\nsensitivity (stray cards / stray bodies per task → carded P/R, expanded P/R):\n');
    for (const row of sensitivity)
      out.write(
        `  ${row.strayCardsPerTask}/${row.strayBodiesPerTask} (card ≥ ${row.thresholds.card.toFixed(3)}, body ≥ ${row.thresholds.expand.toFixed(3)}): ${percent(row.carded.precision)}/${percent(row.carded.recall)}, ${percent(row.expanded.precision)}/${percent(row.expanded.recall)}\n`,
      );
    const dilution = values.tasks ? measureDilution(skills, resolve(values.tasks), maxExpanded) : undefined;
    if (dilution) {
      out.write(`\nunlabelled tasks (${basename(values.tasks ?? '')}): ${dilution.tasks} tasks; `);
      out.write(
        `mean ${dilution.meanCards.toFixed(2)} cards and ${dilution.meanExpanded.toFixed(2)} bodies per task; `,
      );
      out.write(`${percent(dilution.withExpansion)} of tasks get a body\n`);
      out.write(
        `  bodies by skill: ${dilution.expandedBySkill.map(([name, count]) => `${name} ${count}`).join(', ') || 'none'}\n`,
      );
      out.write(
        `  cards by skill: ${dilution.cardsBySkill.map(([name, count]) => `${name} ${count}`).join(', ') || 'none'}\n`,
      );
    }
    if (problems.length > 0)
      out.write(
        `\nskill problems (${problems.length}):\n${problems.map((problem) => `  ${problem}`).join('\n')}\n`,
      );

    const report: ReportSection = {
      title: 'Skill selection (lexical, calibrated thresholds)',
      headline: [
        { label: 'recall, carded or expanded', value: percent(carded.recall) },
        { label: 'precision, carded or expanded', value: percent(carded.precision) },
        { label: 'recall, expanded', value: percent(expanded.recall) },
        { label: 'precision, expanded', value: percent(expanded.precision) },
        ...(unrelated ? [{ label: 'cards per unrelated task', value: unrelated.meanCards.toFixed(2) }] : []),
      ],
      tables: [
        {
          title: 'Per prompt set',
          columns: ['prompts', 'n', 'carded P', 'carded R', 'expanded P', 'expanded R'],
          rows: perGroup.map((row) => [
            row.group,
            row.prompts,
            percent(row.carded.precision),
            percent(row.carded.recall),
            percent(row.expanded.precision),
            percent(row.expanded.recall),
          ]),
        },
        {
          title: 'Per prompt',
          columns: ['prompt', 'expected', 'rank', 'expanded', 'cards'],
          rows: outcomes.map((outcome) => [
            outcome.file,
            outcome.expected,
            outcome.rank,
            outcome.expanded.join(', '),
            outcome.cards.join(', '),
          ]),
        },
      ],
      charts: [
        {
          kind: 'bar',
          title: 'Threshold sensitivity (stray cards / stray bodies allowed per task)',
          unit: 'fraction',
          categories: sensitivity.map((row) => `${row.strayCardsPerTask}/${row.strayBodiesPerTask}`),
          series: [
            { name: 'carded recall', values: sensitivity.map((row) => row.carded.recall) },
            { name: 'carded precision', values: sensitivity.map((row) => row.carded.precision) },
            { name: 'expanded recall', values: sensitivity.map((row) => row.expanded.recall) },
            { name: 'expanded precision', values: sensitivity.map((row) => row.expanded.precision) },
          ],
        },
      ],
    };
    const path = writeResults({
      bench: 'skills',
      machine: machineInfo(),
      report,
      skills: skills.length,
      sources: perSource,
      thresholds,
      carded,
      expanded,
      top1,
      meanReciprocalRank: reciprocalRank,
      sensitivity,
      withoutMargin: withoutMarginExpanded,
      unrelated,
      perGroup,
      dilution,
      outcomes,
      unlabelled,
    });
    out.write(`\nresults: ${path}\n`);
    return 0;
  },
};

/** What a skill set does to real tasks that carry no label: how much it would add to each prompt. */
interface Dilution {
  tasks: number;
  meanCards: number;
  meanExpanded: number;
  /** Fraction of tasks that get at least one body. */
  withExpansion: number;
  expandedBySkill: [string, number][];
  cardsBySkill: [string, number][];
}

function measureDilution(skills: Skill[], path: string, maxExpanded: number): Dilution {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array of tasks`);
  const tasks = raw
    .map((record) =>
      typeof record === 'string'
        ? record
        : String((record as { problem_statement?: unknown }).problem_statement ?? ''),
    )
    .filter((task) => task.trim() !== '');
  const expandedCounts = new Map<string, number>();
  const cardCounts = new Map<string, number>();
  let cards = 0;
  let expanded = 0;
  let withExpansion = 0;
  const index = buildSkillIndex(skills);
  for (const task of tasks) {
    const selection = selectSkills(skills, { task, maxExpanded, index });
    cards += selection.cards.length;
    expanded += selection.expanded.length;
    if (selection.expanded.length > 0) withExpansion += 1;
    for (const entry of selection.expanded)
      expandedCounts.set(entry.name, (expandedCounts.get(entry.name) ?? 0) + 1);
    for (const card of selection.cards) cardCounts.set(card.name, (cardCounts.get(card.name) ?? 0) + 1);
  }
  const ranked = (counts: Map<string, number>): [string, number][] =>
    [...counts].sort((left, right) => right[1] - left[1] || (left[0] < right[0] ? -1 : 1));
  const count = Math.max(1, tasks.length);
  return {
    tasks: tasks.length,
    meanCards: cards / count,
    meanExpanded: expanded / count,
    withExpansion: withExpansion / count,
    expandedBySkill: ranked(expandedCounts),
    cardsBySkill: ranked(cardCounts),
  };
}

/** Cards and bodies on tasks no skill fits: every one is a stray. */
interface UnrelatedOutcome {
  tasks: number;
  meanCards: number;
  meanExpanded: number;
  /** `task → skill, skill` for each task that got anything. */
  strays: string[];
}

function measureUnrelated(skills: Skill[], tasks: string[], maxExpanded: number): UnrelatedOutcome {
  let cards = 0;
  let expanded = 0;
  const strays: string[] = [];
  const index = buildSkillIndex(skills);
  for (const task of tasks) {
    const selection = selectSkills(skills, { task, maxExpanded, index });
    cards += selection.cards.length;
    expanded += selection.expanded.length;
    const bodies = new Set(selection.expanded.map((entry) => entry.name));
    if (selection.cards.length > 0)
      strays.push(
        `"${task.slice(0, 40)}" → ${selection.cards.map((card) => `${card.name}${bodies.has(card.name) ? ' (body)' : ''}`).join(', ')}`,
      );
  }
  const count = Math.max(1, tasks.length);
  return { tasks: tasks.length, meanCards: cards / count, meanExpanded: expanded / count, strays };
}
