// `pnpm bench pack-quality --data FILE --repos DIR [--mirrors DIR] [--model M]...`: does the pack show
// the model the code it must change? For each real issue, the pack `packRepository` builds at each
// model's budget is read back and scored against what the real fix touched.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { computeBudget, packRepository, resolveProfile } from '@ctxkit/context';
import { createTokenizer } from '@ctxkit/tokenize';
import { cacheDirFor } from '../dataset/checkout.js';
import { DATASET_OPTIONS, DATASET_USAGE, forEachCheckout, openDataset } from '../dataset/dataset-run.js';
import { type GoldDefinition, goldDefinitions } from '../dataset/gold.js';
import { groupRows, meanOf, percentCell } from '../dataset/groups.js';
import { shownLinesByFile } from '../dataset/shown-lines.js';
import type { DevTask } from '../dataset/tasks.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import { formatTextTable } from '../report/text-table.js';
import type { ReportSection, ReportTable } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench pack-quality ${DATASET_USAGE} [--model NAME]...

Packs every task of FILE (../shared/data/*.json) with \`packRepository\` at each model's budget
(default: llama3:8b, an 8k window, and qwen2.5-coder:7b, 32k) and scores what the pack text shows
against the real fix: a gold file in the pack, the share of the changed lines shown with their real
line numbers, the share of the gold definitions' lines shown, and the budget used.
Checkouts live under --repos (<owner>__<name>/<commit>), extracted from --mirrors when missing.
`;
const DEFAULT_MODELS = ['llama3:8b', 'qwen2.5-coder:7b'];

/** What one pack of one task showed. */
interface PackOutcome {
  instanceId: string;
  repo: string;
  language: string;
  model: string;
  available: number;
  used: number;
  /** 1 when a gold file (existing at the base commit) is in the pack. */
  goldFileInPack: number;
  /** Shown / all changed lines in existing gold files; undefined when the fix changed none there. */
  changedLinesShown?: number;
  /** Shown / all lines of each gold definition, averaged over them; undefined without any. */
  definitionLinesShown?: number;
  /** Share of gold definitions whose header line is shown. */
  definitionHeadersShown?: number;
  /** 1-based rank of each existing gold file in the map's ranking (null when not ranked). */
  goldRanks: (number | null)[];
  /** Files in the pack, in pack order, and how many lines of each. */
  files: { path: string; lines: number; gold: boolean }[];
  goldDefinitions: GoldDefinition[];
  milliseconds: number;
}

function readText(root: string, path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return undefined;
  }
}

function scorePack(
  task: DevTask,
  root: string,
  packText: string,
): Pick<
  PackOutcome,
  | 'goldFileInPack'
  | 'changedLinesShown'
  | 'definitionLinesShown'
  | 'definitionHeadersShown'
  | 'files'
  | 'goldDefinitions'
> {
  const shown = shownLinesByFile(packText);
  const existing = task.goldFiles.filter((path) => readText(root, path) !== undefined);
  let changed = 0;
  let changedShown = 0;
  const definitions: GoldDefinition[] = [];
  for (const path of existing) {
    const lines = task.goldLines[path] ?? [];
    const inPack = shown.get(path) ?? new Set<number>();
    changed += lines.length;
    changedShown += lines.filter((line) => inPack.has(line)).length;
    definitions.push(...goldDefinitions(path, readText(root, path)!, lines, task.goldSpans?.[path]));
  }
  const definitionShares = definitions.map((definition) => {
    const inPack = shown.get(definition.path) ?? new Set<number>();
    let count = 0;
    for (let line = definition.line; line <= definition.endLine; line += 1) if (inPack.has(line)) count += 1;
    return { share: count / (definition.endLine - definition.line + 1), header: inPack.has(definition.line) };
  });
  const gold = new Set(existing);
  return {
    goldFileInPack: existing.some((path) => shown.has(path)) ? 1 : 0,
    ...(changed > 0 ? { changedLinesShown: changedShown / changed } : {}),
    ...(definitionShares.length > 0
      ? {
          definitionLinesShown: meanOf(definitionShares, (entry) => entry.share),
          definitionHeadersShown: meanOf(definitionShares, (entry) => (entry.header ? 1 : 0)),
        }
      : {}),
    files: [...shown].map(([path, lines]) => ({ path, lines: lines.size, gold: gold.has(path) })),
    goldDefinitions: definitions,
  };
}

const COLUMNS = [
  'group',
  'n',
  'gold file in pack',
  'changed lines shown',
  'none shown',
  'gold def lines',
  'def header shown',
  'budget used',
];

function qualityRow(label: string, group: readonly PackOutcome[]): (string | number)[] {
  return [
    label,
    group.length,
    percentCell(meanOf(group, (outcome) => outcome.goldFileInPack)),
    percentCell(meanOf(group, (outcome) => outcome.changedLinesShown)),
    percentCell(
      meanOf(group, (outcome) =>
        outcome.changedLinesShown === undefined ? undefined : outcome.changedLinesShown === 0 ? 1 : 0,
      ),
    ),
    percentCell(meanOf(group, (outcome) => outcome.definitionLinesShown)),
    percentCell(meanOf(group, (outcome) => outcome.definitionHeadersShown)),
    percentCell(meanOf(group, (outcome) => outcome.used / outcome.available)),
  ];
}

/** `pnpm bench pack-quality`. */
export const packQualityBench: Bench = {
  description:
    'pack quality on real issues: gold file in the pack, changed lines and gold definitions shown, budget used',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { ...DATASET_OPTIONS, model: { type: 'string', multiple: true } },
      strict: true,
    });
    const run = openDataset(values);
    if (!run) {
      process.stderr.write(USAGE);
      return 2;
    }
    const models = values.model ?? DEFAULT_MODELS;
    const { skipped } = run;
    const outcomes: PackOutcome[] = [];
    await forEachCheckout(run, async (task, root) => {
      const cacheDir = cacheDirFor(task, run.cachesDir);
      const line: string[] = [];
      for (const model of models) {
        const { profile } = resolveProfile(model);
        const budget = computeBudget({ profile });
        const started = performance.now();
        const { pack, map } = await packRepository({
          root,
          task: task.query,
          budget,
          tokenizer: createTokenizer({ encoding: profile.encoding }),
          cache: { dir: cacheDir },
        });
        const outcome: PackOutcome = {
          instanceId: task.instanceId,
          repo: task.repo,
          language: task.language,
          model,
          available: budget.available,
          used: pack.budget.used,
          ...scorePack(task, root, pack.text),
          goldRanks: task.goldFiles
            .filter((path) => readText(root, path) !== undefined)
            .map((path) => {
              const rank = map.ranking.findIndex((entry) => entry.path === path);
              return rank < 0 ? null : rank + 1;
            }),
          milliseconds: performance.now() - started,
        };
        outcomes.push(outcome);
        line.push(
          `${model} file ${outcome.goldFileInPack ? 'yes' : 'no'} lines ${percentCell(outcome.changedLinesShown ?? Number.NaN)}% defs ${percentCell(outcome.definitionLinesShown ?? Number.NaN)}% used ${outcome.used}/${outcome.available}`,
        );
      }
      process.stderr.write(`${task.instanceId}: ${line.join('; ')}\n`);
    });

    const dataset = run.name;
    const tables: ReportTable[] = [];
    for (const model of models) {
      const ofModel = outcomes.filter((outcome) => outcome.model === model);
      const { profile } = resolveProfile(model);
      for (const [by, groupOf] of [
        ['language', (outcome: PackOutcome) => outcome.language],
        ['repository', (outcome: PackOutcome) => outcome.repo],
      ] as const) {
        const title = `${model} (${profile.contextWindow}-token window), per ${by}`;
        const rows = groupRows(ofModel, groupOf, qualityRow);
        tables.push({ title, columns: COLUMNS, rows });
        process.stdout.write(
          `\n${title} (percent, mean over instances)\n${formatTextTable(COLUMNS, rows)}\n`,
        );
      }
    }
    if (skipped.length > 0) process.stdout.write(`\n${skipped.length} tasks skipped (no checkout)\n`);
    const overall = (model: string) => outcomes.filter((outcome) => outcome.model === model);
    const report: ReportSection = {
      title: `Pack quality on ${dataset} (${outcomes.length / Math.max(1, models.length)} tasks)`,
      headline: models.slice(0, 2).flatMap((model) => [
        {
          label: `${model} changed lines shown`,
          value: `${percentCell(meanOf(overall(model), (outcome) => outcome.changedLinesShown))}%`,
        },
        {
          label: `${model} gold file in pack`,
          value: `${percentCell(meanOf(overall(model), (outcome) => outcome.goldFileInPack))}%`,
        },
      ]),
      tables,
      charts: [],
    };
    const path = writeResults({
      bench: `pack-quality-${dataset}`,
      machine: machineInfo(),
      report,
      skipped,
      outcomes,
    });
    process.stdout.write(`results: ${path}\n`);
    return 0;
  },
};
