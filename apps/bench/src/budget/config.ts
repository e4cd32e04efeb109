import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { BudgetCase } from './types.js';

/** A repository to pack, with the task the pack is for. */
export interface BudgetRepository {
  /** Short name used in case ids. */
  name: string;
  /** Directory, relative to the config file. */
  dir: string;
  task: string;
}

/** The budget regression configuration (apps/bench/budget.config.json, or a user's own via --config). */
export interface BudgetConfig {
  /** Baseline file, relative to the config file. */
  baseline: string;
  /** Share a case's used tokens may grow before the run fails (default 0.02). */
  tolerance: number;
  /** Model profile names, resolved by @ctxkit/context. */
  models: string[];
  roles: string[];
  repositories: BudgetRepository[];
}

const KNOWN_KEYS = new Set(['$comment', 'baseline', 'tolerance', 'models', 'roles', 'repositories']);

/** Load and validate a config file; every mistake names the file and the field. */
export function loadBudgetConfig(path: string): { config: BudgetConfig; configDir: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path}: cannot read budget config: ${(error as Error).message}`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error(`${path}: expected a JSON object`);
  const object = raw as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    if (!KNOWN_KEYS.has(key)) throw new Error(`${path}: unknown key "${key}"`);
  }
  const strings = (key: string): string[] => {
    const value = object[key];
    if (!Array.isArray(value) || value.length === 0 || !value.every((item) => typeof item === 'string')) {
      throw new Error(`${path}: "${key}" must be a non-empty array of strings`);
    }
    return value as string[];
  };
  const repositories = object.repositories;
  if (!Array.isArray(repositories) || repositories.length === 0) {
    throw new Error(`${path}: "repositories" must be a non-empty array of { name, dir, task }`);
  }
  repositories.forEach((repository, index) => {
    const entry = repository as Record<string, unknown>;
    for (const field of ['name', 'dir', 'task']) {
      if (typeof entry?.[field] !== 'string' || entry[field] === '') {
        throw new Error(`${path}: repositories[${index}].${field} must be a non-empty string`);
      }
    }
  });
  const tolerance = object.tolerance ?? 0.02;
  if (typeof tolerance !== 'number' || tolerance < 0)
    throw new Error(`${path}: "tolerance" must be a number >= 0`);
  const baseline = object.baseline ?? 'baselines/budget.json';
  if (typeof baseline !== 'string') throw new Error(`${path}: "baseline" must be a path`);
  return {
    config: {
      baseline,
      tolerance,
      models: strings('models'),
      roles: strings('roles'),
      repositories: repositories as BudgetRepository[],
    },
    configDir: dirname(resolve(path)),
  };
}

/** Every repository × model × role, in a fixed order. */
export function expandCases(config: BudgetConfig, configDir: string): BudgetCase[] {
  const cases: BudgetCase[] = [];
  for (const repository of config.repositories) {
    const dir = isAbsolute(repository.dir) ? repository.dir : join(configDir, repository.dir);
    for (const model of config.models) {
      for (const role of config.roles) {
        cases.push({ id: `${repository.name}/${model}/${role}`, dir, task: repository.task, model, role });
      }
    }
  }
  return cases;
}
