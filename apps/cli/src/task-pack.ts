import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Budget,
  type ComposedPack,
  composePack,
  computeBudget,
  type ProfileResolution,
  planPack,
  selectExcerptFiles,
} from '@ctxkit/context';
import { loadInstructions } from '@ctxkit/instructions';
import { buildRepoMap } from '@ctxkit/repomap';
import { discoverSkills, selectSkills } from '@ctxkit/skills';
import { createTokenizer } from '@ctxkit/tokenize';
import { budgetOverrides, resolveConfiguredModel } from './config/context.js';
import type { ResolvedConfig } from './config/resolve.js';
import { UserError } from './errors.js';

/** What to pack: a task against a repository, for a model and role. */
export interface TaskPackRequest {
  /** Absolute repository root. */
  root: string;
  /** The task in the user's words; it steers the map, the excerpts and the skills. */
  task: string;
  /** Model profile name; the configured model (else the default profile) when omitted. */
  model?: string;
  /** Budget role (`implement`, `explore`, …); the configured role (else `implement`) when omitted. */
  role?: string;
  /** The repository's configuration: reserves, role shares, ignore globs, skill roots, instructions. */
  config: ResolvedConfig;
  /** Reports repository scanning progress (files scanned of total). */
  onProgress?: (done: number, total: number) => void;
}

/** A composed pack with what went into deciding it. */
export interface TaskPackOutcome {
  /** Which profile the model name resolved to, and by which rule. */
  resolution: ProfileResolution;
  /** Every term of the budget. */
  budget: Budget;
  /** The pack: text, budget block, sections, dropped items, excerpts. */
  pack: ComposedPack;
}

/**
 * The shell around `composePack`: resolve the model, compute the budget, then load what the pure
 * core needs — instructions, matching skills, a repo map sized by the pack plan, and the bodies of
 * the top-ranked files — and compose. Unreadable files are left out (the map already skipped them).
 */
export async function buildTaskPack(request: TaskPackRequest): Promise<TaskPackOutcome> {
  const task = request.task.trim();
  if (task === '') throw new UserError('the task is empty; describe what the model should do');
  const { config, root } = request;
  const settings = config.values;
  const resolution = resolveConfiguredModel(config, request.model);
  let budget: Budget;
  try {
    budget = computeBudget({
      profile: resolution.profile,
      role: request.role ?? settings.role,
      overrides: budgetOverrides(settings),
    });
  } catch (error) {
    // computeBudget throws RangeError for an unknown role or an impossible reserve: the user's to fix.
    if (error instanceof RangeError) throw new UserError(error.message);
    throw error;
  }
  const tokenizer = createTokenizer({ encoding: settings.encoding ?? resolution.profile.encoding });
  const plan = planPack(budget);
  const instructionSettings = settings.instructions ?? {};
  const [instructions, discovered, map] = await Promise.all([
    loadInstructions({ root, ...instructionSettings }),
    discoverSkills({ root, ...(settings.skillRoots ? { roots: settings.skillRoots } : {}) }),
    buildRepoMap({
      root,
      query: task,
      tokens: plan.repoMapTokens,
      tokenizer,
      ...(settings.ignore ? { ignore: settings.ignore } : {}),
      ...(request.onProgress ? { onProgress: request.onProgress } : {}),
    }),
  ]);
  const skills = selectSkills(discovered.skills, { task });
  const paths = selectExcerptFiles(map.ranking, plan.maxFiles);
  const files = (
    await Promise.all(
      paths.map(async (path) => {
        try {
          return { path, text: await readFile(join(root, path), 'utf8') };
        } catch {
          return undefined;
        }
      }),
    )
  ).filter((file) => file !== undefined);
  const pack = composePack({
    task,
    budget,
    tokenizer,
    instructions,
    skills,
    repoMap: { map: map.map, ranking: map.ranking, symbols: map.symbols },
    files,
  });
  return { resolution, budget, pack };
}
