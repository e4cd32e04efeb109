import { compareStrings } from '@ctxkit/internal';
import type { BudgetBaseline, BudgetProblem, BudgetRecord } from './types.js';

/** Default share a case's used tokens may grow before the run fails. */
export const DEFAULT_GROWTH_TOLERANCE = 0.02;

/** The outcome of building one case twice. */
export interface CaseOutcome {
  id: string;
  first?: BudgetRecord;
  second?: BudgetRecord;
  /** Set when the pack could not be built at all. */
  error?: string;
}

/**
 * Compare a run against the baseline. Pure: the same outcomes and baseline give the same problems,
 * sorted by case id then kind, so the report is stable.
 */
export function checkBudget(
  outcomes: CaseOutcome[],
  baseline: BudgetBaseline,
  tolerance = DEFAULT_GROWTH_TOLERANCE,
): BudgetProblem[] {
  const problems: BudgetProblem[] = [];
  const seen = new Set<string>();
  for (const outcome of outcomes) {
    const { id, first, second } = outcome;
    seen.add(id);
    if (outcome.error || !first || !second) {
      problems.push({ kind: 'failed', id, message: outcome.error ?? 'no result' });
      continue;
    }
    if (first.used > first.available) {
      problems.push({ kind: 'over-budget', id, used: first.used, available: first.available });
    }
    if (first.sha256 !== second.sha256) {
      problems.push({ kind: 'not-deterministic', id, first: first.sha256, second: second.sha256 });
    }
    const before = baseline.cases[id];
    if (!before) {
      problems.push({ kind: 'new-case', id });
      continue;
    }
    if (first.used > before.used * (1 + tolerance)) {
      problems.push({ kind: 'grew', id, before: before.used, after: first.used, tolerance });
    }
    if (first.sha256 !== before.sha256) {
      problems.push({ kind: 'changed', id, before: before.sha256, after: first.sha256 });
    }
  }
  for (const id of Object.keys(baseline.cases)) {
    if (!seen.has(id)) problems.push({ kind: 'missing-case', id });
  }
  return problems.sort((a, b) => (a.id === b.id ? a.kind.localeCompare(b.kind) : a.id < b.id ? -1 : 1));
}

/** One line per problem, saying what to do about it. */
export function describeProblem(problem: BudgetProblem): string {
  switch (problem.kind) {
    case 'over-budget':
      return `${problem.id}: pack uses ${problem.used} tokens, over its available budget of ${problem.available}`;
    case 'not-deterministic':
      return `${problem.id}: two builds in one run differ (${problem.first.slice(0, 12)} vs ${problem.second.slice(0, 12)})`;
    case 'grew':
      return `${problem.id}: used tokens grew ${problem.before} -> ${problem.after} (more than ${(problem.tolerance * 100).toFixed(1)}%); if intended, run with --update`;
    case 'changed':
      return `${problem.id}: rendered pack changed (${problem.before.slice(0, 12)} -> ${problem.after.slice(0, 12)}); if intended, run with --update`;
    case 'new-case':
      return `${problem.id}: not in the baseline; run with --update to record it`;
    case 'missing-case':
      return `${problem.id}: in the baseline but not run; run with --update to remove it`;
    case 'failed':
      return `${problem.id}: pack failed: ${problem.message}`;
  }
}

/** Build the baseline that `--update` writes: every successful case's first record, keys sorted. */
export function baselineFrom(outcomes: CaseOutcome[]): BudgetBaseline {
  const cases: Record<string, BudgetRecord> = {};
  for (const outcome of [...outcomes].sort((a, b) => compareStrings(a.id, b.id))) {
    if (outcome.first) cases[outcome.id] = sortRecord(outcome.first);
  }
  return { version: 1, cases };
}

function sortRecord(record: BudgetRecord): BudgetRecord {
  const perSection: Record<string, number> = {};
  for (const key of Object.keys(record.perSection).sort()) perSection[key] = record.perSection[key] ?? 0;
  return { ...record, perSection };
}

/** Human lines describing how `next` differs from `previous`, for `--update`. */
export function diffBaselines(previous: BudgetBaseline, next: BudgetBaseline): string[] {
  const lines: string[] = [];
  const ids = [...new Set([...Object.keys(previous.cases), ...Object.keys(next.cases)])].sort();
  for (const id of ids) {
    const before = previous.cases[id];
    const after = next.cases[id];
    if (!before && after) lines.push(`+ ${id}: used ${after.used}/${after.available}`);
    else if (before && !after) lines.push(`- ${id}`);
    else if (before && after && (before.used !== after.used || before.sha256 !== after.sha256)) {
      const delta = after.used - before.used;
      lines.push(
        `~ ${id}: used ${before.used} -> ${after.used} (${delta >= 0 ? '+' : ''}${delta})${before.sha256 === after.sha256 ? '' : ', bytes changed'}`,
      );
    }
  }
  return lines;
}
