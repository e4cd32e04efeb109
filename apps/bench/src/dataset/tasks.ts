// The development data sets (`../shared/data/*.json`): real issues with what their real fixes touched.
// Fields arrive either as JSON or as Python literals (`['a.py']`, `{'a.py': [12, 40]}`), as the
// SWE-bench exports write them.
import { readFileSync } from 'node:fs';

/** One real issue: its text, the commit it was filed against and what the fix changed there. */
export interface DevTask {
  instanceId: string;
  /** `owner/name`. */
  repo: string;
  /** `python` for the SWE-bench set (which has no language field), else the record's language. */
  language: string;
  baseCommit: string;
  /** The issue text: the query. */
  query: string;
  /** Files the fix touched (some may not exist at the base commit: files the fix created). */
  goldFiles: string[];
  /** Per gold file, the base-commit lines the fix removed or rewrote, or that an insertion follows. */
  goldLines: Record<string, number[]>;
  /** Per gold file, the class/function names the fix touched (`Class.method`), where the set says. */
  goldSpans?: Record<string, string[]>;
}

function strings(text: string): string[] {
  return [...text.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}

/** A list of strings as a JSON array or a Python list literal. */
export function parseStringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? strings(value) : [];
}

/** `{'path': [values]}` as JSON or a Python dict literal; values kept as the raw list text. */
function parseDictOfLists(value: unknown): Record<string, string> {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, string> = {};
    for (const [key, list] of Object.entries(value)) out[key] = JSON.stringify(list);
    return out;
  }
  if (typeof value !== 'string') return {};
  const out: Record<string, string> = {};
  for (const match of value.matchAll(/(['"])((?:(?!\1)[^\\]|\\.)*)\1\s*:\s*\[([^\]]*)\]/g)) {
    out[match[2]!] = match[3]!;
  }
  return out;
}

/** `{'path': [12, 40]}` as JSON or a Python literal. */
export function parseLineMap(value: unknown): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [path, list] of Object.entries(parseDictOfLists(value))) {
    out[path] = [...list.matchAll(/\d+/g)].map((match) => Number(match[0]));
  }
  return out;
}

/** `{'path': ['Class.method']}` as JSON or a Python literal. */
export function parseSpanMap(value: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [path, list] of Object.entries(parseDictOfLists(value))) out[path] = strings(list);
  return out;
}

/** Every task of a data file, in file order. */
export function loadDevTasks(path: string): DevTask[] {
  const raw = JSON.parse(readFileSync(path, 'utf8')) as unknown;
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array of task records`);
  return raw.map((record: Record<string, unknown>, index) => {
    const {
      instance_id,
      repo,
      base_commit,
      problem_statement,
      gold_files,
      gold_lines,
      gold_spans,
      language,
    } = record;
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
      language: typeof language === 'string' ? language : 'python',
      baseCommit: base_commit,
      query: problem_statement,
      goldFiles: parseStringList(gold_files),
      goldLines: parseLineMap(gold_lines),
      ...(gold_spans !== undefined ? { goldSpans: parseSpanMap(gold_spans) } : {}),
    };
  });
}

/** The common bench flags that narrow a data set. */
export interface TaskFilters {
  /** `--repo OWNER/NAME`: that repository only. */
  repo?: string | undefined;
  /** `--language L`: that language only. */
  language?: string | undefined;
  /** `--per-repo N`: the first N tasks of each repository (a quick sample over every repository). */
  perRepo?: string | undefined;
  /** `--limit N`: the first N tasks after the other filters. */
  limit?: string | undefined;
}

/** Tasks narrowed by {@link TaskFilters}, in data-file order. */
export function selectTasks(tasks: DevTask[], filters: TaskFilters): DevTask[] {
  let selected = tasks;
  if (filters.repo) selected = selected.filter((task) => task.repo === filters.repo);
  if (filters.language) selected = selected.filter((task) => task.language === filters.language);
  if (filters.perRepo) {
    const cap = Number(filters.perRepo);
    const seen = new Map<string, number>();
    selected = selected.filter((task) => {
      const count = seen.get(task.repo) ?? 0;
      seen.set(task.repo, count + 1);
      return count < cap;
    });
  }
  if (filters.limit) selected = selected.slice(0, Number(filters.limit));
  return selected;
}
