import { buildRenderableRepoMap, DEFAULT_MAP_TOKENS } from '@ctxkit/repomap';
import { checkFocusFiles } from '../../focus-files.js';
import { describeUnscanned, formatQuantity } from '../../output/index.js';
import { scanCacheOption } from '../../scan-cache.js';
import { requireInside } from '../paths.js';
import type { ToolContext, ToolOutput } from '../tool.js';

/** Arguments of the `repo_map` tool. */
export interface RepoMapArguments {
  /** What the caller is working on; ranks matching files and symbols first. */
  query?: string;
  /** Files to rank around (relative to the served directory). */
  focus?: string[];
  /** Token budget of the map. */
  tokens?: number;
}

/**
 * The ranked map of the served repository: a header line with its size and budget, then the map
 * text. The configuration's `ignore` globs and `map.tokens` apply; arguments win over both.
 */
export async function renderRepoMap(input: RepoMapArguments, context: ToolContext): Promise<ToolOutput> {
  requireInside(context.root, input.focus ?? [], 'focus');
  checkFocusFiles(context.root, context.root, input.focus ?? [], 'focus');
  const settings = context.config.values;
  const built = await buildRenderableRepoMap({
    root: context.root,
    ...(input.query !== undefined ? { query: input.query } : {}),
    ...(input.focus !== undefined ? { focus: input.focus } : {}),
    tokens: input.tokens ?? settings.map?.tokens ?? DEFAULT_MAP_TOKENS,
    ...(settings.ignore ? { ignore: settings.ignore } : {}),
    cache: scanCacheOption(true, context.scanCacheMemory),
  });
  const { result } = built;
  // The count, not the list: listing every symbol of a large tree costs more than the map.
  const unscanned = describeUnscanned(result.unscanned);
  const header = `repo map: ${formatQuantity(result.files, 'file')}, ${formatQuantity(built.symbolCount, 'symbol')} ranked, ${result.tokens}/${result.budget} tokens${unscanned ? `; ${unscanned}` : ''}`;
  return {
    text: `${header}\n\n${result.map}${result.map.endsWith('\n') ? '' : '\n'}`,
    structured: {
      files: result.files,
      tokens: result.tokens,
      budget: result.budget,
      ranking: result.ranking.slice(0, 20),
    },
  };
}
