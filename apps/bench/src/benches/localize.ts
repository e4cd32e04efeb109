import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRepoMap, createScanCacheMemory, type RankingOverrides } from '@ctxkit/repomap';
import { cacheDirFor } from '../dataset/checkout.js';
import { DATASET_OPTIONS, DATASET_USAGE, forEachCheckout, openDataset } from '../dataset/dataset-run.js';
import { groupRows } from '../dataset/groups.js';
import { bm25FileRanking } from '../localize/bm25.js';
import {
  averageScores,
  type LocalizationScore,
  RECALL_CUTOFFS,
  scoreLocalization,
} from '../localize/metrics.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import { formatTextTable } from '../report/text-table.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

/** What one task measured, for the results file. */
interface TaskOutcome {
  instanceId: string;
  repo: string;
  language: string;
  /** Gold files that exist at the base commit (a file the fix created cannot be ranked). */
  goldFiles: string[];
  /** 1-based rank of each gold file in the map's ranking (null when not ranked at all). */
  mapRanks: (number | null)[];
  bm25Ranks: (number | null)[];
  map: LocalizationScore;
  bm25: LocalizationScore;
  files: number;
  milliseconds: number;
  /** With --ablate: the map's score with each signal of the ranking policy turned off. */
  ablations?: Record<string, LocalizationScore>;
}

/**
 * The signals `--ablate` turns off one at a time: each seed share set to 0, the callers' share of
 * the walk set to 0, and the auxiliary-file and declaration-file demotions lifted.
 */
const ABLATIONS: Record<string, RankingOverrides> = {
  'no vocabulary': { shares: { vocabulary: 0 } },
  'no definitions': { shares: { definition: 0 } },
  'no path mentions': { shares: { pathMention: 0 } },
  'no path names': { shares: { pathName: 0 } },
  'no messages': { shares: { message: 0 } },
  'no callers': { callerShare: 0 },
  'no test/doc demotion': { auxiliaryMultiplier: 1 },
  'no declaration demotion': { declarationMultiplier: 1 },
};

function ranksOf(ranking: readonly string[], gold: readonly string[]): (number | null)[] {
  const position = new Map(ranking.map((path, index) => [path, index + 1]));
  return gold.map((path) => position.get(path) ?? null);
}

const percent = (value: number) => `${(value * 100).toFixed(1)}`;

function scoreRow(label: string, count: number, map: LocalizationScore, bm25: LocalizationScore): string[] {
  return [
    label,
    String(count),
    percent(map.hitAt1),
    ...RECALL_CUTOFFS.map((k) => percent(map.recall[k])),
    percent(bm25.hitAt1),
    ...RECALL_CUTOFFS.map((k) => percent(bm25.recall[k])),
  ];
}

/** `pnpm bench localize --data FILE --repos DIR [--mirrors DIR] [--repo R] [--language L] [--per-repo N] [--limit N]`. */
export const localizeBench: Bench = {
  description: 'file localization on real issues: hit@1 and recall@k of the repo map ranking vs plain BM25',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { ...DATASET_OPTIONS, ablate: { type: 'boolean' } },
      strict: true,
    });
    const run = openDataset(values);
    if (!run) {
      process.stderr.write(`usage: pnpm bench localize ${DATASET_USAGE} [--ablate]\n`);
      return 2;
    }
    const { skipped } = run;

    const outcomes: TaskOutcome[] = [];
    await forEachCheckout(run, async (task, root) => {
      const goldFiles = task.goldFiles.filter((path) => existsSync(join(root, path)));
      if (goldFiles.length === 0) {
        skipped.push({ instanceId: task.instanceId, reason: 'no gold file exists at the base commit' });
        return;
      }
      // The ablations below map the same tree again: they reuse the cache this build leaves in memory.
      const cache = { dir: cacheDirFor(task, run.cachesDir), memory: createScanCacheMemory() };
      const started = performance.now();
      const result = await buildRepoMap({ root, query: task.query, cache });
      const milliseconds = performance.now() - started;
      const mapRanking = result.ranking.map((entry) => entry.path);

      // The baseline sees the same source files the map scanned.
      const bm25Ranking = bm25FileRanking(root, mapRanking, task.query);
      const outcome: TaskOutcome = {
        instanceId: task.instanceId,
        repo: task.repo,
        language: task.language,
        goldFiles,
        mapRanks: ranksOf(mapRanking, goldFiles),
        bm25Ranks: ranksOf(bm25Ranking, goldFiles),
        map: scoreLocalization(mapRanking, goldFiles),
        bm25: scoreLocalization(bm25Ranking, goldFiles),
        files: result.files,
        milliseconds,
      };
      if (values.ablate) {
        outcome.ablations = {};
        for (const [name, rankingPolicy] of Object.entries(ABLATIONS)) {
          const ablated = await buildRepoMap({
            root,
            query: task.query,
            cache,
            rankingPolicy,
          });
          outcome.ablations[name] = scoreLocalization(
            ablated.ranking.map((entry) => entry.path),
            goldFiles,
          );
        }
      }
      outcomes.push(outcome);
      process.stderr.write(
        `${task.instanceId}: map ${JSON.stringify(outcome.mapRanks)} bm25 ${JSON.stringify(outcome.bm25Ranks)} (${result.files} files, ${milliseconds.toFixed(0)} ms)\n`,
      );
    });

    const row = (label: string, group: readonly TaskOutcome[]) =>
      scoreRow(
        label,
        group.length,
        averageScores(group.map((outcome) => outcome.map)),
        averageScores(group.map((outcome) => outcome.bm25)),
      );
    const byLanguage = groupRows(outcomes, (outcome) => outcome.language, row);
    const rows = groupRows(outcomes, (outcome) => outcome.repo, row);
    const overallMap = averageScores(outcomes.map((outcome) => outcome.map));
    const overallBm25 = averageScores(outcomes.map((outcome) => outcome.bm25));
    const columns = [
      'repo',
      'n',
      'map hit@1',
      ...RECALL_CUTOFFS.map((k) => `map R@${k}`),
      'bm25 hit@1',
      ...RECALL_CUTOFFS.map((k) => `bm25 R@${k}`),
    ];
    process.stdout.write(
      `${formatTextTable(columns, byLanguage)}\n\n${formatTextTable(columns, rows)}\n(percent; mean over instances)\n`,
    );
    if (skipped.length > 0)
      process.stdout.write(`${skipped.length} tasks skipped (no checkout or no gold file)\n`);

    const ablationTables = [];
    if (values.ablate) {
      // Recall@5 and hit@1 of the full ranking, each signal turned off, and BM25, per language.
      const ablationColumns = ['language', 'n', 'map', ...Object.keys(ABLATIONS), 'bm25'];
      for (const [metric, pick] of [
        ['recall@5', (score: LocalizationScore) => score.recall[5]],
        ['hit@1', (score: LocalizationScore) => score.hitAt1],
      ] as const) {
        const mean = (group: readonly TaskOutcome[], score: (outcome: TaskOutcome) => LocalizationScore) =>
          percent(group.reduce((sum, outcome) => sum + pick(score(outcome)), 0) / Math.max(1, group.length));
        const ablationRows = groupRows(
          outcomes,
          (outcome) => outcome.language,
          (label, group) => [
            label,
            group.length,
            mean(group, (outcome) => outcome.map),
            ...Object.keys(ABLATIONS).map((name) => mean(group, (outcome) => outcome.ablations![name]!)),
            mean(group, (outcome) => outcome.bm25),
          ],
        );
        ablationTables.push({
          title: `Ablation, ${metric} (percent)`,
          columns: ablationColumns,
          rows: ablationRows,
        });
        process.stdout.write(`\nablation, ${metric}\n${formatTextTable(ablationColumns, ablationRows)}\n`);
      }
    }
    const report: ReportSection = {
      title: 'File localization (repo map ranking vs BM25)',
      headline: [
        { label: 'tasks', value: String(outcomes.length) },
        { label: 'map recall@5', value: `${percent(overallMap.recall[5])}%` },
        { label: 'BM25 recall@5', value: `${percent(overallBm25.recall[5])}%` },
      ],
      tables: [
        { title: 'Per language (percent)', columns, rows: byLanguage },
        { title: 'Per repository (percent)', columns, rows },
        ...ablationTables,
      ],
      charts: [
        {
          kind: 'bar',
          title: 'Recall@k, all tasks',
          unit: 'recall',
          categories: RECALL_CUTOFFS.map((k) => `@${k}`),
          series: [
            { name: 'repo map', values: RECALL_CUTOFFS.map((k) => overallMap.recall[k]) },
            { name: 'BM25', values: RECALL_CUTOFFS.map((k) => overallBm25.recall[k]) },
          ],
        },
      ],
    };
    const path = writeResults({
      bench: `localize-${run.name}`,
      machine: machineInfo(),
      report,
      skipped,
      outcomes,
    });
    process.stdout.write(`results: ${path}\n`);
    return 0;
  },
};
