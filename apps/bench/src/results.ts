import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResults } from './report/types.js';

/** apps/bench/, found from this module whether it runs from src/ (tests) or dist/ (the bench). */
export const BENCH_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Where every bench writes results/<bench>.json. */
export const RESULTS_DIR = join(BENCH_ROOT, 'results');

/** Write results/<bench>.json atomically (a half-written file would break the report). */
export function writeResults(results: BenchResults, directory = RESULTS_DIR): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${results.bench}.json`);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(results, null, 2)}\n`);
  renameSync(temporary, path);
  return path;
}

/** Read every results file in `directory`, sorted by bench name; unreadable files are reported, not fatal. */
export function readAllResults(directory = RESULTS_DIR): { results: BenchResults[]; problems: string[] } {
  const results: BenchResults[] = [];
  const problems: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.json'));
  } catch {
    return { results, problems: [`no results directory at ${directory}; run a bench first`] };
  }
  for (const name of names.sort()) {
    try {
      const parsed = JSON.parse(readFileSync(join(directory, name), 'utf8')) as BenchResults;
      if (!parsed.report || typeof parsed.report.title !== 'string') {
        problems.push(`${name}: no "report" section; skipped`);
        continue;
      }
      results.push(parsed);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return { results, problems };
}
