// The one shell around composePack: every way of asking for a pack (`ctxkit pack`/`compose`, the
// MCP `pack` tool, the benches, a harness calling the library) goes through packRepository, so
// they all see the same bytes for the same inputs.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type InstructionsResult,
  type LoadInstructionsOptions,
  loadInstructions,
} from '@ctxkit/instructions';
import {
  buildRenderableRepoMap,
  type RenderableRepoMap,
  type RepoMapResult,
  type ScanCacheOptions,
} from '@ctxkit/repomap';
import { type DiscoveredSkills, discoverSkills, type SkillSelection, selectSkills } from '@ctxkit/skills';
import type { Tokenizer } from '@ctxkit/tokenize';
import type { Budget } from './budget.js';
import {
  type ComposedPack,
  composePack,
  planPack,
  type SourceFile,
  selectExcerptFiles,
} from './compose-pack.js';

/** How project instructions are loaded for a pack (`@ctxkit/instructions`' options; README off by default). */
export type PackInstructionSettings = Pick<
  LoadInstructionsOptions,
  'includeReadme' | 'files' | 'maxTotalBytes' | 'maxFileBytes'
>;

/** Input of {@link packRepository}. */
export interface PackRepositoryOptions {
  /** The repository directory (absolute, or relative to the process's working directory). */
  root: string;
  /** What the model is asked to do. */
  task: string;
  /** The budget to fill (`computeBudget`). */
  budget: Budget;
  /** Counts tokens exactly; it must be the model's encoding (`createTokenizer({ encoding: profile.encoding })`). */
  tokenizer: Tokenizer;
  /**
   * The repo map's disk cache: `{ dir }`, `{}` for the default `.ctxkit/cache`, `false` for none.
   * Default `{}`. A caller that packs the same tree again and again adds a `memory` from
   * `createScanCacheMemory()` (`@ctxkit/repomap`) to keep the last cache between packs.
   */
  cache?: ScanCacheOptions | false;
  /** Extra gitignore-style patterns the repo map leaves out. */
  ignore?: string[];
  /** How instructions are loaded. */
  instructions?: PackInstructionSettings;
  /** Directories (relative to `root`) searched for skills; `@ctxkit/skills`' defaults when absent. */
  skillRoots?: string[];
  /**
   * Read files whose real path is outside `root` (behind symbolic links). Default false: a link out
   * of the repository is skipped by the map, the instructions and the skills alike.
   */
  followExternalLinks?: boolean;
  /** Called while the repository is scanned (cache hits count as done). */
  onProgress?: (done: number, total: number) => void;
}

/** A pack with everything that went into it, for summaries and inspection. */
export interface RepositoryPack {
  /** The composed pack: text, sections, budget block, dropped items and what became of each file. */
  pack: ComposedPack;
  /** The repo map as built for the task (its ranking, skipped files and cache use). */
  map: RepoMapResult;
  /** Tokens and budget of the map the pack holds (re-rendered without the files shown, when it was). */
  shownMap: { tokens: number; budget: number };
  /** The files read for excerpts, in rank order. */
  considered: string[];
  /** The instructions loaded for those files. */
  instructions: InstructionsResult;
  /** Every skill found, and the selection made for the task. */
  skills: { discovered: DiscoveredSkills; selection: SkillSelection };
}

async function readSources(root: string, paths: string[]): Promise<SourceFile[]> {
  const files = await Promise.all(
    paths.map((path) =>
      readFile(join(root, path), 'utf8').then(
        (text) => ({ path, text }),
        // Vanished or unreadable since the map was built: it is simply not excerpted.
        () => undefined,
      ),
    ),
  );
  return files.filter((file): file is SourceFile => file !== undefined);
}

/**
 * Build the task pack for a repository: the repo map for the task, the top-ranked files read, the
 * instructions and skills for those files, composed under the budget by {@link composePack}.
 */
export async function packRepository(options: PackRepositoryOptions): Promise<RepositoryPack> {
  const { root, task, budget, tokenizer } = options;
  const plan = planPack(budget);
  const links = options.followExternalLinks ? { followExternalLinks: true } : {};
  const built: RenderableRepoMap = await buildRenderableRepoMap({
    root,
    query: task,
    tokens: plan.repoMapTokens,
    tokenizer,
    cache: options.cache ?? {},
    ...(options.ignore !== undefined ? { ignore: options.ignore } : {}),
    ...links,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const map = built.result;
  const considered = selectExcerptFiles(map.ranking, plan.maxFiles);
  const settings = options.instructions ?? {};
  const [files, instructions, discovered] = await Promise.all([
    readSources(root, considered),
    loadInstructions({
      root,
      scope: considered,
      includeReadme: settings.includeReadme ?? false,
      ...(settings.files !== undefined ? { files: settings.files } : {}),
      ...(settings.maxTotalBytes !== undefined ? { maxTotalBytes: settings.maxTotalBytes } : {}),
      ...(settings.maxFileBytes !== undefined ? { maxFileBytes: settings.maxFileBytes } : {}),
      ...links,
    }),
    discoverSkills({
      root,
      ...(options.skillRoots !== undefined ? { roots: options.skillRoots } : {}),
      ...links,
    }),
  ]);
  const selection = selectSkills(discovered.skills, { task, scope: considered });
  const pack = composePack({
    task,
    budget,
    tokenizer,
    instructions,
    skills: selection,
    // The renderable map gives definitions per file and a re-render without the files shown: the
    // pack never needs the whole tree's symbol list, and the map does not repeat the excerpts.
    repoMap: built,
    files,
  });
  const shown = pack.rerenderedMap;
  return {
    pack,
    map,
    shownMap: { tokens: shown?.tokens ?? map.tokens, budget: shown?.budget ?? map.budget },
    considered,
    instructions,
    skills: { discovered, selection },
  };
}
