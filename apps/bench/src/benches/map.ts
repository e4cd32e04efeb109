import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildRepoMap, scanRepository } from '@ctxkit/repomap';
import { measureInChild as measureBenchChild, median } from '../helpers.js';
import { machineInfo } from '../machine.js';
import type { Bench } from '../registry.js';
import type { ReportSection } from '../report/types.js';
import { writeResults } from '../results.js';

/** Real trees tried when no `--tree` is given; those missing on this machine are passed over. */
const DEFAULT_TREES = [
  '/usr/lib/python3.11',
  '/usr/share/go-1.19/src',
  '/usr/lib/google-cloud-sdk',
  '/usr/src/rustc-1.63.0',
];

/** A warm rebuild must be at least this many times faster than a cold one (the target). */
const WARM_SPEEDUP_TARGET = 10;

/** One build, measured in a fresh process so its peak memory is its own. */
interface BuildMeasurement {
  files: number;
  skipped: number;
  hits: number;
  misses: number;
  /** Time inside buildRepoMap. */
  milliseconds: number;
  /** Peak resident set of the whole process, MiB. */
  peakMiB: number;
}

/** What a child process measures: the whole build, or only the (cached) scan stage under it. */
type Stage = 'build' | 'scan';

/** Child mode: build (or scan) once and print the measurement as JSON. */
async function measureOnce(
  root: string,
  cacheDir: string,
  query: string | undefined,
  stage: Stage,
): Promise<number> {
  const started = performance.now();
  const result =
    stage === 'scan'
      ? await scanRepository({ root, cache: { dir: cacheDir } })
      : await buildRepoMap({ root, cache: { dir: cacheDir }, ...(query ? { query } : {}) });
  const milliseconds = performance.now() - started;
  const measurement: BuildMeasurement = {
    files: Array.isArray(result.files) ? result.files.length : result.files,
    skipped: result.skipped.length,
    hits: result.cache.hits,
    misses: result.cache.misses,
    milliseconds,
    peakMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
  return 0;
}

function measureInChild(
  root: string,
  cacheDir: string,
  query: string | undefined,
  stage: Stage,
): BuildMeasurement {
  return measureBenchChild<BuildMeasurement>([
    'map',
    '--child',
    '--stage',
    stage,
    '--tree',
    root,
    '--cache-dir',
    cacheDir,
    ...(query ? ['--query', query] : []),
  ]);
}

/** Total bytes of the files directly in `directory` (the scan cache is one file per root). */
function directoryBytes(directory: string): number {
  let total = 0;
  for (const name of readdirSync(directory)) total += statSync(join(directory, name)).size;
  return total;
}

/** `pnpm bench map [--tree DIR]... [--runs N] [--query TEXT]`: cold vs warm repo map builds on real trees. */
export const mapBench: Bench = {
  description: 'repo map build time and memory on real trees: cold (empty cache) vs warm (unchanged tree)',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        tree: { type: 'string', multiple: true },
        runs: { type: 'string' },
        query: { type: 'string' },
        child: { type: 'boolean' },
        'cache-dir': { type: 'string' },
        stage: { type: 'string' },
      },
      strict: true,
    });
    if (values.child) {
      const [tree] = values.tree ?? [];
      if (!tree || !values['cache-dir']) throw new Error('--child needs --tree and --cache-dir');
      return measureOnce(tree, values['cache-dir'], values.query, values.stage === 'scan' ? 'scan' : 'build');
    }
    const runs = Math.max(1, Number(values.runs ?? 3));
    const trees = (values.tree ?? DEFAULT_TREES.filter((tree) => existsSync(tree))).map((tree) =>
      resolve(tree),
    );
    const rows: (string | number)[][] = [];
    const records: Record<string, unknown>[] = [];
    let failures = 0;
    for (const tree of trees) {
      const colds: BuildMeasurement[] = [];
      const warms: BuildMeasurement[] = [];
      const coldScans: BuildMeasurement[] = [];
      const warmScans: BuildMeasurement[] = [];
      const cacheBytes: number[] = [];
      for (let run = 0; run < runs; run++) {
        for (const [stage, cold, warm] of [
          ['build', colds, warms],
          ['scan', coldScans, warmScans],
        ] as const) {
          const cacheDir = mkdtempSync(join(tmpdir(), 'ctxkit-map-bench-'));
          try {
            cold.push(measureInChild(tree, cacheDir, values.query, stage));
            if (stage === 'build') cacheBytes.push(directoryBytes(cacheDir));
            warm.push(measureInChild(tree, cacheDir, values.query, stage));
          } finally {
            rmSync(cacheDir, { recursive: true, force: true });
          }
        }
      }
      const scanCold = median(coldScans.map((measurement) => measurement.milliseconds));
      const scanWarm = median(warmScans.map((measurement) => measurement.milliseconds));
      const cold = median(colds.map((measurement) => measurement.milliseconds));
      const warm = median(warms.map((measurement) => measurement.milliseconds));
      const speedup = cold / warm;
      // What a warm build spends after the scan: ranking files and symbols, rendering the map.
      const rankWarm = Math.max(0, warm - scanWarm);
      const first = colds[0]!;
      const warmHitsAll = warms.every((measurement) => measurement.misses === 0);
      const scanSpeedup = scanCold / scanWarm;
      if (first.files >= 10_000 && speedup < WARM_SPEEDUP_TARGET) failures++;
      if (!warmHitsAll) failures++;
      rows.push([
        tree,
        first.files,
        first.skipped,
        `${(cold / 1000).toFixed(2)} s`,
        `${(warm / 1000).toFixed(2)} s`,
        `${speedup.toFixed(1)}×`,
        `${(scanCold / 1000).toFixed(2)} s`,
        `${(scanWarm / 1000).toFixed(2)} s`,
        `${scanSpeedup.toFixed(1)}×`,
        `${(rankWarm / 1000).toFixed(2)} s`,
        `${(median(cacheBytes) / 1024 / 1024).toFixed(1)} MiB`,
        `${Math.max(...colds.map((measurement) => measurement.peakMiB)).toFixed(0)} MiB`,
        `${Math.max(...warms.map((measurement) => measurement.peakMiB)).toFixed(0)} MiB`,
        warmHitsAll ? 'yes' : 'NO',
      ]);
      records.push({ tree, colds, warms, speedup, coldScans, warmScans, scanSpeedup, rankWarm, cacheBytes });
      process.stderr.write(
        `${tree}: ${first.files} files, cold ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms\n`,
      );
    }
    const columns = [
      'tree',
      'files',
      'skipped',
      'build cold',
      'build warm',
      'build speedup',
      'scan cold',
      'scan warm',
      'scan speedup',
      'rank+render warm',
      'cache size',
      'cold peak',
      'warm peak',
      'warm all hits',
    ];
    const widths = columns.map((column, index) =>
      Math.max(column.length, ...rows.map((row) => String(row[index]).length)),
    );
    const line = (cells: (string | number)[]) =>
      cells.map((cell, index) => String(cell).padEnd(widths[index]!)).join('  ');
    process.stdout.write(
      `${[line(columns), ...rows.map(line)].join('\n')}\n(median of ${runs} runs; build = buildRepoMap (scan + rank + render), scan = the cached scan stage alone; rank+render = warm build − warm scan; peak RSS of the build process; target: warm build ≥ ${WARM_SPEEDUP_TARGET}× faster than cold on trees of 10k+ files; a warm build walks on a worker thread while it ranks the cached tree, so its scan and rank stages overlap)\n`,
    );
    const report: ReportSection = {
      title: 'Repo map build: cold vs warm',
      headline: rows
        .map((row) => ({ label: `${row[0]} (${row[1]} files)`, value: `build ${row[5]}, scan ${row[8]}` }))
        .slice(0, 4),
      tables: [{ title: 'Build time and memory', columns, rows }],
      charts: [
        {
          kind: 'bar',
          title: 'Build time (s)',
          unit: 's',
          categories: rows.map((row) => String(row[0]).split('/').slice(-2).join('/')),
          series: [
            {
              name: 'cold',
              values: records.map(
                (record) => median((record.colds as BuildMeasurement[]).map((m) => m.milliseconds)) / 1000,
              ),
            },
            {
              name: 'warm',
              values: records.map(
                (record) => median((record.warms as BuildMeasurement[]).map((m) => m.milliseconds)) / 1000,
              ),
            },
          ],
        },
      ],
    };
    const path = writeResults({ bench: 'map', machine: machineInfo(), report, trees: records });
    process.stdout.write(`results: ${path}\n`);
    return failures === 0 ? 0 : 1;
  },
};
