import { describe, expect, it } from 'vitest';
import { baselineFrom, type CaseOutcome, checkBudget, describeProblem, diffBaselines } from './check.js';
import type { BudgetRecord } from './types.js';

function record(overrides: Partial<BudgetRecord> = {}): BudgetRecord {
  return {
    window: 8192,
    available: 4000,
    used: 3000,
    perSection: { files: 2000, map: 1000 },
    dropped: { count: 1, tokens: 500 },
    sha256: 'a'.repeat(64),
    ...overrides,
  };
}

function outcome(id: string, first: BudgetRecord, second: BudgetRecord = first): CaseOutcome {
  return { id, first, second };
}

describe('checkBudget', () => {
  const baseline = baselineFrom([outcome('repo/model/implement', record())]);

  it('passes an unchanged run', () => {
    expect(checkBudget([outcome('repo/model/implement', record())], baseline)).toEqual([]);
  });

  it('fails a deliberately broken budget: a pack over its available tokens', () => {
    const broken = record({ used: 4001 });
    const problems = checkBudget(
      [outcome('repo/model/implement', broken)],
      baselineFrom([outcome('repo/model/implement', broken)]),
    );
    expect(problems).toEqual([
      { kind: 'over-budget', id: 'repo/model/implement', used: 4001, available: 4000 },
    ]);
    expect(describeProblem(problems[0]!)).toContain('over its available budget of 4000');
  });

  it('fails when two builds in one run differ', () => {
    const problems = checkBudget(
      [outcome('repo/model/implement', record(), record({ sha256: 'b'.repeat(64) }))],
      baseline,
    );
    expect(problems.map((problem) => problem.kind)).toEqual(['not-deterministic']);
  });

  it('fails growth beyond the tolerance but not within it', () => {
    const within = checkBudget([outcome('repo/model/implement', record({ used: 3060 }))], baseline, 0.02);
    expect(within).toEqual([]);
    const beyond = checkBudget([outcome('repo/model/implement', record({ used: 3061 }))], baseline, 0.02);
    expect(beyond.map((problem) => problem.kind)).toEqual(['grew']);
  });

  it('fails a changed rendering that the baseline does not record', () => {
    const problems = checkBudget(
      [outcome('repo/model/implement', record({ sha256: 'c'.repeat(64) }))],
      baseline,
    );
    expect(problems.map((problem) => problem.kind)).toEqual(['changed']);
  });

  it('reports new, missing and failed cases', () => {
    const problems = checkBudget(
      [outcome('other/model/explore', record()), { id: 'x', error: 'exit 2: no such dir' }],
      baseline,
    );
    expect(problems.map((problem) => `${problem.id}:${problem.kind}`)).toEqual([
      'other/model/explore:new-case',
      'repo/model/implement:missing-case',
      'x:failed',
    ]);
  });
});

describe('diffBaselines', () => {
  it('lists added, removed and changed cases in id order', () => {
    const before = baselineFrom([outcome('a', record()), outcome('b', record())]);
    const after = baselineFrom([
      outcome('b', record({ used: 3100, sha256: 'd'.repeat(64) })),
      outcome('c', record()),
    ]);
    expect(diffBaselines(before, after)).toEqual([
      '- a',
      '~ b: used 3000 -> 3100 (+100), bytes changed',
      '+ c: used 3000/4000',
    ]);
  });
});
