import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  buildSkillIndex,
  CARD_QUANTILE,
  calibrateThresholds,
  discoverSkills,
  EXPAND_QUANTILE,
  type Skill,
  scoreSkills,
  selectSkills,
} from '@ctxkit/skills';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench skills --skills DIR [--skills DIR]... --prompts DIR [--prompts DIR]... [--max-expanded N]

Measures @ctxkit/skills matching on real skills and labelled prompts:
  --skills DIR    a repository or directory with SKILL.md files (searched under ${'.ctxkit/skills, .claude/skills, .agents/skills, skills/'}, else DIR itself)
  --prompts DIR   a directory of prompt files (*.txt, *.md). A prompt's expected skill comes from a
                  run-test.sh "<skill>" "$PROMPTS_DIR/<file>" line in a script beside the directory,
                  else from its file name when that is a skill name; other prompts are listed as unlabelled.
  --label F=SKILL label prompt file F (name only) by hand, e.g. prompts no script maps

Fetch the data (nothing of it is committed here):
  git clone https://github.com/anthropics/skills /tmp/skillbench/anthropic-skills
  git clone https://github.com/obra/superpowers /tmp/skillbench/superpowers
  # the per-skill triggering prompts were removed in 8611a4ea; read them from its parent:
  git -C /tmp/skillbench/superpowers worktree add /tmp/skillbench/superpowers-triggering 8611a4ea^
  pnpm bench skills --skills /tmp/skillbench/anthropic-skills --skills /tmp/skillbench/superpowers \\
    --prompts /tmp/skillbench/superpowers/tests/explicit-skill-requests/prompts \\
    --prompts /tmp/skillbench/superpowers-triggering/tests/skill-triggering/prompts
`;

/** One prompt with the skill it should select. */
interface LabelledPrompt {
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

function loadPrompts(
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
  thresholds?: { card: number; expand: number },
) {
  const index = buildSkillIndex(skills);
  return prompts.map((prompt): PromptOutcome => {
    const selection = selectSkills(skills, { task: prompt.task, maxExpanded, thresholds });
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

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

/** `pnpm bench skills`: precision/recall of skill selection on real skills and labelled prompts. */
export const skillsBench: Bench = {
  description: 'skill matching precision/recall on real SKILL.md sets and labelled prompts',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        skills: { type: 'string', multiple: true },
        prompts: { type: 'string', multiple: true },
        'max-expanded': { type: 'string', default: '2' },
        label: { type: 'string', multiple: true },
        help: { type: 'boolean' },
      },
      strict: true,
    });
    if (values.help || !values.skills?.length || !values.prompts?.length) {
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
    const promptDirectories = values.prompts.map((directory) => resolve(directory));
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
    const thresholds = calibrateThresholds(buildSkillIndex(skills));
    const outcomes = evaluate(skills, labelled, maxExpanded);
    const carded = quality(outcomes, (outcome) => [...new Set([...outcome.cards, ...outcome.expanded])]);
    const expanded = quality(outcomes, (outcome) => outcome.expanded);
    const top1 = outcomes.filter((outcome) => outcome.rank === 1).length / Math.max(1, outcomes.length);
    const reciprocalRank =
      outcomes.reduce((total, outcome) => total + (outcome.rank > 0 ? 1 / outcome.rank : 0), 0) /
      Math.max(1, outcomes.length);

    // Sensitivity: the same run with the thresholds at neighbouring quantiles of the off-target
    // distribution, to show the chosen levels are not a knife edge (nothing here is tuned per prompt).
    const offTarget = offTargetScores(skills);
    const sensitivity = [
      [0.5, 0.9],
      [CARD_QUANTILE, 0.9],
      [CARD_QUANTILE, EXPAND_QUANTILE],
      [CARD_QUANTILE, 0.99],
      [0.9, EXPAND_QUANTILE],
    ].map(([cardQuantile = 0, expandQuantile = 0]) => {
      const override = {
        card: Math.max(1, quantile(offTarget, cardQuantile)),
        expand: Math.max(3, quantile(offTarget, expandQuantile)),
      };
      const run = evaluate(skills, labelled, maxExpanded, override);
      return {
        cardQuantile,
        expandQuantile,
        thresholds: override,
        carded: quality(run, (outcome) => [...new Set([...outcome.cards, ...outcome.expanded])]),
        expanded: quality(run, (outcome) => outcome.expanded),
      };
    });

    const out = process.stdout;
    out.write(
      `skills: ${skills.length} (${perSource.map(([directory, count]) => `${count} from ${basename(directory)}`).join(', ')})\n`,
    );
    out.write(
      `prompts: ${labelled.length} labelled, ${unlabelled.length} unlabelled (excluded: ${unlabelled.join(', ') || 'none'})\n`,
    );
    out.write(
      `thresholds: card ${thresholds.card.toFixed(3)} (p${CARD_QUANTILE * 100}), expand ${thresholds.expand.toFixed(3)} (p${EXPAND_QUANTILE * 100}) of ${thresholds.samples} off-target scores\n`,
    );
    out.write(
      `carded or expanded: recall ${percent(carded.recall)} (${carded.hits}/${outcomes.length}), precision ${percent(carded.precision)} (${carded.hits}/${carded.selected} selected)\n`,
    );
    out.write(
      `expanded:           recall ${percent(expanded.recall)} (${expanded.hits}/${outcomes.length}), precision ${percent(expanded.precision)} (${expanded.hits}/${expanded.selected} selected)\n`,
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
    out.write('\nsensitivity (card quantile / expand quantile → carded P/R, expanded P/R):\n');
    for (const row of sensitivity)
      out.write(
        `  p${row.cardQuantile * 100}/p${row.expandQuantile * 100}: ${percent(row.carded.precision)}/${percent(row.carded.recall)}, ${percent(row.expanded.precision)}/${percent(row.expanded.recall)}\n`,
      );
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
          title: 'Threshold sensitivity (quantiles of off-target scores)',
          unit: 'fraction',
          categories: sensitivity.map((row) => `p${row.cardQuantile * 100}/p${row.expandQuantile * 100}`),
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
      perGroup,
      outcomes,
      unlabelled,
    });
    out.write(`\nresults: ${path}\n`);
    return 0;
  },
};

/** Every skill's description scored against the other skills, as calibration does, ascending. */
function offTargetScores(skills: Skill[]): number[] {
  const index = buildSkillIndex(skills);
  const scores: number[] = [];
  for (const skill of skills)
    for (const entry of scoreSkills(index, skill.description))
      if (entry.skill.name !== skill.name) scores.push(entry.score);
  return scores.sort((left, right) => left - right);
}

function quantile(values: readonly number[], fraction: number): number {
  const rank = Math.min(values.length - 1, Math.max(0, Math.ceil(fraction * values.length) - 1));
  return values[rank] ?? 0;
}
