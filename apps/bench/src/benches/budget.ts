import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  baselineFrom,
  type CaseOutcome,
  checkBudget,
  describeProblem,
  diffBaselines,
} from '../budget/check.js';
import { expandCases, loadBudgetConfig } from '../budget/config.js';
import { runPack } from '../budget/run-pack.js';
import type { BudgetBaseline, BudgetRecord } from '../budget/types.js';
import { CLI_BIN } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { BENCH_ROOT, writeResults } from '../results.js';

const EMPTY_BASELINE: BudgetBaseline = { version: 1, cases: {} };

/**
 * Cases packed at once. Each is a child process that spends most of its wall time starting Node, not
 * computing, so a few more than the two cores keeps them busy without thrashing.
 */
const CONCURRENCY = 4;

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

function readBaseline(path: string): BudgetBaseline {
  if (!existsSync(path)) return EMPTY_BASELINE;
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as BudgetBaseline;
  if (parsed.version !== 1 || typeof parsed.cases !== 'object')
    throw new Error(`${path}: not a version 1 budget baseline`);
  return parsed;
}

function percentOfAvailable(record: BudgetRecord, tokens: number): number {
  return Math.round((tokens / Math.max(1, record.available)) * 1000) / 10;
}

function reportSection(outcomes: CaseOutcome[], failures: number): ReportSection {
  const ok = outcomes.filter((outcome) => outcome.first);
  const sectionKinds = [...new Set(ok.flatMap((outcome) => Object.keys(outcome.first!.perSection)))].sort();
  const implement = ok.filter((outcome) => outcome.id.endsWith('/implement'));
  return {
    title: 'Budget regression',
    headline: [
      { label: 'cases', value: String(outcomes.length) },
      { label: 'problems', value: String(failures) },
      {
        label: 'mean budget use',
        value: `${((ok.reduce((sum, outcome) => sum + outcome.first!.used / Math.max(1, outcome.first!.available), 0) / Math.max(1, ok.length)) * 100).toFixed(1)}%`,
      },
    ],
    tables: [
      {
        title: 'Per case (tokens)',
        columns: ['case', 'window', 'available', 'used', ...sectionKinds, 'dropped', 'sha256'],
        rows: ok.map((outcome) => {
          const record = outcome.first!;
          return [
            outcome.id,
            record.window,
            record.available,
            record.used,
            ...sectionKinds.map((kind) => record.perSection[kind] ?? 0),
            `${record.dropped.count} (${record.dropped.tokens})`,
            record.sha256.slice(0, 12),
          ];
        }),
      },
    ],
    charts: [
      {
        kind: 'stacked',
        // Shares of each case's own available budget, so a 4k and a 128k profile read on one axis.
        title: 'Pack composition per profile, implement role (% of available budget)',
        unit: '% of available',
        categories: implement.map((outcome) => outcome.id.replace(/\/implement$/, '')),
        series: [
          ...sectionKinds.map((kind) => ({
            name: kind,
            values: implement.map((outcome) =>
              percentOfAvailable(outcome.first!, outcome.first!.perSection[kind] ?? 0),
            ),
          })),
          {
            name: 'free',
            values: implement.map((outcome) =>
              percentOfAvailable(outcome.first!, Math.max(0, outcome.first!.available - outcome.first!.used)),
            ),
          },
        ],
      },
    ],
  };
}

/** `pnpm bench budget [--update] [--config FILE]`: every pack within budget, byte-stable, and no silent growth. */
export const budgetBench: Bench = {
  description:
    'budget regression: fixture repositories x model profiles x roles against a committed baseline',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { update: { type: 'boolean' }, config: { type: 'string' } },
      strict: true,
    });
    if (!existsSync(CLI_BIN)) {
      process.stderr.write(`budget: the CLI is not built (${CLI_BIN}); run pnpm build first\n`);
      return 2;
    }
    const configPath = resolve(values.config ?? join(BENCH_ROOT, 'budget.config.json'));
    const { config, configDir } = loadBudgetConfig(configPath);
    const cases = expandCases(config, configDir);
    const baselinePath = resolve(configDir, config.baseline);
    const baseline = readBaseline(baselinePath);

    const outcomes = await mapLimited(cases, CONCURRENCY, async (budgetCase): Promise<CaseOutcome> => {
      try {
        const first = await runPack(budgetCase);
        const second = await runPack(budgetCase);
        return { id: budgetCase.id, first, second };
      } catch (error) {
        return { id: budgetCase.id, error: (error as Error).message };
      }
    });

    if (values.update) {
      const next = baselineFrom(outcomes);
      const diff = diffBaselines(baseline, next);
      mkdirSync(dirname(baselinePath), { recursive: true });
      writeFileSync(baselinePath, `${JSON.stringify(next, null, 2)}\n`);
      process.stdout.write(diff.length > 0 ? `${diff.join('\n')}\n` : 'baseline unchanged\n');
    }
    const problems = checkBudget(
      outcomes,
      values.update ? baselineFrom(outcomes) : baseline,
      config.tolerance,
    );
    writeResults({
      bench: 'budget',
      machine: machineInfo(),
      outcomes,
      problems,
      report: reportSection(outcomes, problems.length),
    });

    for (const outcome of outcomes) {
      const record = outcome.first;
      process.stdout.write(
        record
          ? `${outcome.id.padEnd(48)} ${String(record.used).padStart(7)} / ${String(record.available).padEnd(7)} dropped ${record.dropped.count}\n`
          : `${outcome.id.padEnd(48)} FAILED\n`,
      );
    }
    if (problems.length > 0) {
      process.stderr.write(`\nbudget: ${problems.length} problem(s):\n`);
      for (const problem of problems) process.stderr.write(`  ${describeProblem(problem)}\n`);
      return 1;
    }
    process.stdout.write(
      `budget: ${outcomes.length} cases within budget, byte-identical, matching ${baselinePath}\n`,
    );
    return 0;
  },
};
