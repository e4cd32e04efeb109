/** One pack to build: a repository, a task, a model profile and a role. */
export interface BudgetCase {
  /** Stable identifier used as the baseline key, e.g. `ts-service/qwen2.5-coder:7b/implement`. */
  id: string;
  /** Repository directory, absolute. */
  dir: string;
  task: string;
  model: string;
  role: string;
}

/** What one build of a case measured; what the baseline records. */
export interface BudgetRecord {
  window: number;
  available: number;
  used: number;
  perSection: Record<string, number>;
  dropped: { count: number; tokens: number };
  /** sha256 of the rendered pack text. */
  sha256: string;
}

/** The committed baseline: the last accepted record of every case. */
export interface BudgetBaseline {
  version: 1;
  cases: Record<string, BudgetRecord>;
}

/** Why a run fails. */
export type BudgetProblem =
  | { kind: 'over-budget'; id: string; used: number; available: number }
  | { kind: 'not-deterministic'; id: string; first: string; second: string }
  | { kind: 'grew'; id: string; before: number; after: number; tolerance: number }
  | { kind: 'changed'; id: string; before: string; after: string }
  | { kind: 'new-case'; id: string }
  | { kind: 'missing-case'; id: string }
  | { kind: 'failed'; id: string; message: string };
