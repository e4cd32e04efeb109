import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRepoMap } from '@ctxkit/repomap';
import { Bm25Index } from '../localize/bm25.js';
import {
  averageScores,
  type LocalizationScore,
  RECALL_CUTOFFS,
  scoreLocalization,
} from '../localize/metrics.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

/** One real task: the issue text and the files its real fix touched. */
interface LocalizationTask {
  instanceId: string;
  repo: string;
  baseCommit: string;
  query: string;
  goldFiles: string[];
}

/** What one task measured, for the results file. */
interface TaskOutcome {
  instanceId: string;
  repo: string;
  goldFiles: string[];
  /** 1-based rank of each gold file in the map's ranking (null when not ranked at all). */
  mapRanks: (number | null)[];
  bm25Ranks: (number | null)[];
  map: LocalizationScore;
  bm25: LocalizationScore;
  files: number;
  milliseconds: number;
}

/** `gold_files` arrives as a JSON array or as a Python list literal (`['a.py', 'b.py']`). */
function parseFileList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string') return [];
  return [...value.matchAll(/'([^']*)'|"([^"]*)"/g)].map((match) => match[1] ?? match[2] ?? '');
}

function loadTasks(path: string): LocalizationTask[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array of task records`);
  return raw.map((record, index) => {
    const { instance_id, repo, base_commit, problem_statement, gold_files } = record;
    if (
      typeof repo !== 'string' ||
      typeof base_commit !== 'string' ||
      typeof problem_statement !== 'string'
    ) {
      throw new Error(`${path}: record ${index} lacks repo, base_commit or problem_statement`);
    }
    return {
      instanceId: String(instance_id ?? index),
      repo,
      baseCommit: base_commit,
      query: problem_statement,
      goldFiles: parseFileList(gold_files),
    };
  });
}

/**
 * The checkout of `task` under `reposDir` (`<owner>__<name>/<commit>`), extracted from a bare
 * mirror (`<mirrors>/<owner>+<name>/repo`, as the fetch tool lays them out) when missing.
 */
function checkout(task: LocalizationTask, reposDir: string, mirrorsDir: string | undefined): string {
  const [owner, name] = task.repo.split('/');
  const directory = join(reposDir, `${owner}__${name}`, task.baseCommit);
  if (existsSync(directory)) return directory;
  const mirror = mirrorsDir ? join(mirrorsDir, `${owner}+${name}`, 'repo') : undefined;
  if (!mirror || !existsSync(mirror)) {
    throw new Error(`no checkout at ${directory} and no mirror to extract it from (pass --mirrors DIR)`);
  }
  const partial = `${directory}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  execFileSync('sh', [
    '-c',
    'git --git-dir="$1" archive "$2" | tar -x -C "$3"',
    'sh',
    mirror,
    task.baseCommit,
    partial,
  ]);
  renameSync(partial, directory);
  return directory;
}

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

function formatTable(columns: string[], rows: string[][]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => row[index]!.length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!)))
      .join('  ');
  return [line(columns), ...rows.map(line)].join('\n');
}

/** `pnpm bench localize --data FILE --repos DIR [--mirrors DIR] [--limit N]`. */
export const localizeBench: Bench = {
  description: 'file localization on real issues: hit@1 and recall@k of the repo map ranking vs plain BM25',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        data: { type: 'string' },
        repos: { type: 'string' },
        mirrors: { type: 'string' },
        limit: { type: 'string' },
        repo: { type: 'string' },
      },
      strict: true,
    });
    if (!values.data || !values.repos) {
      process.stderr.write(
        'usage: pnpm bench localize --data FILE --repos DIR [--mirrors DIR] [--repo OWNER/NAME] [--limit N]\n',
      );
      return 2;
    }
    const reposDir = resolve(values.repos);
    let tasks = loadTasks(resolve(values.data));
    if (values.repo) tasks = tasks.filter((task) => task.repo === values.repo);
    if (values.limit) tasks = tasks.slice(0, Number(values.limit));

    const outcomes: TaskOutcome[] = [];
    for (const task of tasks) {
      const root = checkout(task, reposDir, values.mirrors ? resolve(values.mirrors) : undefined);
      const started = performance.now();
      const result = await buildRepoMap({ root, query: task.query });
      const milliseconds = performance.now() - started;
      const mapRanking = result.ranking.map((entry) => entry.path);

      // The baseline sees the same source files the map scanned, as path + full text.
      const index = new Bm25Index();
      for (const path of [...mapRanking].sort()) {
        index.add(path, `${path}\n${readFileSync(join(root, path), 'utf8')}`);
      }
      const bm25Ranking = index.rank(task.query).map((entry) => entry.id);
      const outcome: TaskOutcome = {
        instanceId: task.instanceId,
        repo: task.repo,
        goldFiles: task.goldFiles,
        mapRanks: ranksOf(mapRanking, task.goldFiles),
        bm25Ranks: ranksOf(bm25Ranking, task.goldFiles),
        map: scoreLocalization(mapRanking, task.goldFiles),
        bm25: scoreLocalization(bm25Ranking, task.goldFiles),
        files: result.files,
        milliseconds,
      };
      outcomes.push(outcome);
      process.stderr.write(
        `${task.instanceId}: map ${JSON.stringify(outcome.mapRanks)} bm25 ${JSON.stringify(outcome.bm25Ranks)} (${result.files} files, ${milliseconds.toFixed(0)} ms)\n`,
      );
    }

    const repos = [...new Set(outcomes.map((outcome) => outcome.repo))].sort();
    const rows = repos.map((repo) => {
      const group = outcomes.filter((outcome) => outcome.repo === repo);
      return scoreRow(
        repo,
        group.length,
        averageScores(group.map((outcome) => outcome.map)),
        averageScores(group.map((outcome) => outcome.bm25)),
      );
    });
    const overallMap = averageScores(outcomes.map((outcome) => outcome.map));
    const overallBm25 = averageScores(outcomes.map((outcome) => outcome.bm25));
    rows.push(scoreRow('overall', outcomes.length, overallMap, overallBm25));
    const columns = [
      'repo',
      'n',
      'map hit@1',
      ...RECALL_CUTOFFS.map((k) => `map R@${k}`),
      'bm25 hit@1',
      ...RECALL_CUTOFFS.map((k) => `bm25 R@${k}`),
    ];
    process.stdout.write(`${formatTable(columns, rows)}\n(percent; mean over instances)\n`);

    const report: ReportSection = {
      title: 'File localization (repo map ranking vs BM25)',
      headline: [
        { label: 'tasks', value: String(outcomes.length) },
        { label: 'map recall@5', value: `${percent(overallMap.recall[5])}%` },
        { label: 'BM25 recall@5', value: `${percent(overallBm25.recall[5])}%` },
      ],
      tables: [{ title: 'Per repository (percent)', columns, rows }],
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
    const path = writeResults({ bench: 'localize', machine: machineInfo(), report, outcomes });
    process.stdout.write(`results: ${path}\n`);
    return 0;
  },
};
