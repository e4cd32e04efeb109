// `pnpm bench map-quality --data FILE --repos DIR [--mirrors DIR] [--tokens 1024,2048,4096]`: what the
// repo map text alone tells a model, at the small fixed budgets agents give a map. For each real issue
// the map is built with the issue as its query and read back: does it list a file the real fix
// touched, and does it name a definition the fix changed?
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRenderableRepoMap } from '@ctxkit/repomap';
import { cacheDirFor } from '../dataset/checkout.js';
import { DATASET_OPTIONS, DATASET_USAGE, forEachCheckout, openDataset } from '../dataset/dataset-run.js';
import { goldDefinitions } from '../dataset/gold.js';
import { groupRows, meanOf, percentCell } from '../dataset/groups.js';
import { bm25FileRanking } from '../localize/bm25.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import { formatTextTable } from '../report/text-table.js';
import type { ReportSection, ReportTable } from '../report/types.js';
import { writeResults } from '../results.js';

const USAGE = `usage: pnpm bench map-quality ${DATASET_USAGE} [--tokens 1024,2048,4096]

Builds the repo map of every task of FILE with the issue as its query at each budget and reads the
map text back: the share of tasks whose map lists a gold file, and whose map names a gold
definition (gold_spans where the set has them, else the definitions enclosing gold_lines). Beside
it, the same files ranked by BM25 and rendered by the same renderer at the same budgets.
`;
const DEFAULT_BUDGETS = [1024, 2048, 4096];

interface MapOutcome {
  instanceId: string;
  repo: string;
  language: string;
  tokens: number;
  /** Whose file ranking the map rendered: the map's own, or BM25's through the same renderer. */
  ranking: 'map' | 'bm25';
  /** 1 when the map lists a gold file. */
  goldFileListed: number;
  /** 1 when the map names a gold definition; undefined when none was found in the gold files. */
  goldDefinitionNamed?: number;
  /** Files the map lists. */
  filesListed: number;
  /** 1-based position of the first gold file among the listed files (null when not listed). */
  goldPosition: number | null;
}

/** Per listed file, the line numbers of the definitions the map names. */
export function parseMap(text: string): Map<string, Set<number>> {
  const files = new Map<string, Set<number>>();
  let current: Set<number> | undefined;
  for (const line of text.split('\n')) {
    if (line !== '' && !line.startsWith(' ') && line.endsWith(':') && line !== '⋮') {
      current = new Set<number>();
      files.set(line.slice(0, -1), current);
      continue;
    }
    const definition = /^\s+(\d+): /.exec(line);
    if (definition && current) current.add(Number(definition[1]));
  }
  return files;
}

const COLUMNS = [
  'group',
  'n',
  'gold file listed',
  'gold definition named',
  'files listed',
  'BM25: file listed',
  'BM25: definition named',
];

/** `pnpm bench map-quality`. */
export const mapQualityBench: Bench = {
  description: 'repo map text on real issues at small budgets: a gold file listed, a gold definition named',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { ...DATASET_OPTIONS, tokens: { type: 'string' } },
      strict: true,
    });
    const budgets = values.tokens ? values.tokens.split(',').map(Number) : DEFAULT_BUDGETS;
    const run = openDataset(values);
    if (!run || budgets.some((budget) => !Number.isInteger(budget) || budget <= 0)) {
      process.stderr.write(USAGE);
      return 2;
    }
    const { skipped } = run;
    const outcomes: MapOutcome[] = [];
    await forEachCheckout(run, async (task, root) => {
      const gold = task.goldFiles.flatMap((path) => {
        try {
          return [{ path, text: readFileSync(join(root, path), 'utf8') }];
        } catch {
          return [];
        }
      });
      if (gold.length === 0) {
        skipped.push({ instanceId: task.instanceId, reason: 'no gold file exists at the base commit' });
        return;
      }
      const goldPaths = new Set(gold.map((file) => file.path));
      const definitions = gold.flatMap((file) =>
        goldDefinitions(file.path, file.text, task.goldLines[file.path] ?? [], task.goldSpans?.[file.path]),
      );
      // One build ranks; each budget is a re-render of the same ranking, as a caller resizing its map would do.
      const built = await buildRenderableRepoMap({
        root,
        query: task.query,
        tokens: budgets[0]!,
        cache: { dir: cacheDirFor(task, run.cachesDir) },
      });
      // The baseline: the same files ranked by BM25, rendered by the same renderer.
      const bm25Order = bm25FileRanking(
        root,
        built.ranking.map((entry) => entry.path),
        task.query,
      );
      const line: string[] = [];
      for (const [ranking, tokens] of budgets.flatMap((tokens) =>
        (['map', 'bm25'] as const).map((ranking) => [ranking, tokens] as const),
      )) {
        const { map } = built.render(ranking === 'map' ? { tokens } : { tokens, fileOrder: bm25Order });
        const listed = parseMap(map);
        const paths = [...listed.keys()];
        const position = paths.findIndex((path) => goldPaths.has(path));
        const outcome: MapOutcome = {
          instanceId: task.instanceId,
          repo: task.repo,
          language: task.language,
          tokens,
          ranking,
          goldFileListed: position >= 0 ? 1 : 0,
          ...(definitions.length > 0
            ? {
                goldDefinitionNamed: definitions.some((definition) =>
                  listed.get(definition.path)?.has(definition.line),
                )
                  ? 1
                  : 0,
              }
            : {}),
          filesListed: paths.length,
          goldPosition: position >= 0 ? position + 1 : null,
        };
        outcomes.push(outcome);
        if (ranking === 'map')
          line.push(
            `${tokens}: file ${outcome.goldFileListed ? 'yes' : 'no'} def ${outcome.goldDefinitionNamed ?? '-'}`,
          );
      }
      process.stderr.write(`${task.instanceId}: ${line.join('; ')}\n`);
    });

    const row = (label: string, group: readonly MapOutcome[]) => {
      const map = group.filter((outcome) => outcome.ranking === 'map');
      const bm25 = group.filter((outcome) => outcome.ranking === 'bm25');
      return [
        label,
        map.length,
        percentCell(meanOf(map, (outcome) => outcome.goldFileListed)),
        percentCell(meanOf(map, (outcome) => outcome.goldDefinitionNamed)),
        meanOf(map, (outcome) => outcome.filesListed).toFixed(1),
        percentCell(meanOf(bm25, (outcome) => outcome.goldFileListed)),
        percentCell(meanOf(bm25, (outcome) => outcome.goldDefinitionNamed)),
      ];
    };
    const tables: ReportTable[] = [];
    for (const tokens of budgets) {
      const ofBudget = outcomes.filter((outcome) => outcome.tokens === tokens);
      for (const [by, groupOf] of [
        ['language', (outcome: MapOutcome) => outcome.language],
        ['repository', (outcome: MapOutcome) => outcome.repo],
      ] as const) {
        const title = `map at ${tokens} tokens, per ${by}`;
        const rows = groupRows(ofBudget, groupOf, row);
        tables.push({ title, columns: COLUMNS, rows });
        process.stdout.write(
          `\n${title} (percent, mean over instances)\n${formatTextTable(COLUMNS, rows)}\n`,
        );
      }
    }
    if (skipped.length > 0)
      process.stdout.write(`\n${skipped.length} tasks skipped (no checkout or no gold file)\n`);
    const dataset = run.name;
    const at = (tokens: number) =>
      outcomes.filter((outcome) => outcome.tokens === tokens && outcome.ranking === 'map');
    const report: ReportSection = {
      title: `Repo map quality on ${dataset}`,
      headline: budgets.slice(0, 2).flatMap((tokens) => [
        {
          label: `${tokens}: gold file listed`,
          value: `${percentCell(meanOf(at(tokens), (o) => o.goldFileListed))}%`,
        },
        {
          label: `${tokens}: gold definition named`,
          value: `${percentCell(meanOf(at(tokens), (o) => o.goldDefinitionNamed))}%`,
        },
      ]),
      tables,
      charts: [],
    };
    const path = writeResults({
      bench: `map-quality-${dataset}`,
      machine: machineInfo(),
      report,
      skipped,
      outcomes,
    });
    process.stdout.write(`results: ${path}\n`);
    return 0;
  },
};
