import {
  buildRenderableRepoMap,
  DEFAULT_MAP_TOKENS,
  type RenderableRepoMap,
  type RepoMapResult,
} from '@ctxkit/repomap';
import { createTokenizer } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import { checkFocusFiles } from '../focus-files.js';
import type { CommandIO } from '../io.js';
import { readTextInput, resolveDirectory, writeJsonStreamed } from '../io.js';
import { describeUnscanned, formatCount, formatQuantity } from '../output/index.js';
import { parseWholeNumber } from '../parse-number.js';
import { scanCacheOption } from '../scan-cache.js';

interface MapOptions {
  query?: string;
  queryFile?: string;
  focus: string[];
  tokens?: string;
  json?: boolean;
  cache: boolean;
  followExternalLinks?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `--tokens N`: a non-negative integer, or a one-line error naming what was found. */
export function parseTokenBudget(value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const tokens = parseWholeNumber(value);
  if (tokens === undefined) throw new UserError(`--tokens expects a whole number of tokens, got "${value}"`);
  return tokens;
}

/** The summary line printed under a human-readable map. */
export function summarizeMap(result: RepoMapResult): string {
  const skipped = result.skipped.length > 0 ? `, ${formatCount(result.skipped.length)} skipped` : '';
  const unscanned = describeUnscanned(result.unscanned);
  return (
    `${formatQuantity(result.files, 'file')} scanned${skipped}${unscanned ? `, ${unscanned}` : ''}; ` +
    `map ${result.tokens}/${result.budget} tokens; ` +
    `cache ${formatQuantity(result.cache.hits, 'hit')}, ${formatQuantity(result.cache.misses, 'miss', 'misses')}\n`
  );
}

/** What `ctxkit map` prints on stdout when the map is empty: why, in words. */
export function emptyMapNote(result: RepoMapResult, definitions: number): string {
  if (result.files === 0) {
    return result.unscanned.length === 0 && result.skipped.length === 0
      ? '(nothing to map: no files here)\n'
      : '(nothing to map: no source file a scanner reads)\n';
  }
  if (definitions === 0) {
    const withoutScanner = result.unscanned.filter((entry) => entry.ranked).map((entry) => entry.extension);
    const why = withoutScanner.length === 0 ? '' : `; no scanner for ${withoutScanner.join(', ')}`;
    return `(nothing to map: no definitions in ${formatQuantity(result.files, 'file')}${why})\n`;
  }
  return '(no definitions fit the budget)\n';
}

/** `ctxkit map [DIR]`: the ranked, token-budgeted map of a repository's symbols. */
export function registerMapCommand(program: Command, io: CommandIO): void {
  program
    .command('map')
    .description("Print a ranked map of a repository's definitions that fits a token budget exactly.")
    .argument('[dir]', 'repository directory (default: the repository root)')
    .option('-q, --query <text>', 'the task: ranks what it names (paths, modules, identifiers) first')
    .option('--query-file <path>', 'read the task from a file (- for standard input)')
    .option(
      '-f, --focus <file>',
      'a file the task is about (repeatable); it and its callers rank up',
      collect,
      [],
    )
    .option(
      '-t, --tokens <n>',
      `token budget of the map (default: config map.tokens or ${DEFAULT_MAP_TOKENS})`,
    )
    .option('--no-cache', 'do not read or write the scan cache (.ctxkit/cache)')
    .option(
      '--follow-external-links',
      'also map files behind symbolic links that lead outside the directory (skipped by default)',
    )
    .option(
      '--json',
      'print one JSON document: ranking, symbols, map, tokens, budget, skipped, unscanned, cache',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit map\n  ctxkit map src --query "retry failed uploads" --tokens 2048\n  ctxkit map --query-file issue.md --focus src/upload.ts --json\n',
    )
    .action(async (directory: string | undefined, options: MapOptions) => {
      const root = resolveDirectory(io, directory);
      if (options.query !== undefined && options.queryFile !== undefined) {
        throw new UserError('give either --query or --query-file, not both');
      }
      const query =
        options.queryFile !== undefined ? await readTextInput(io, options.queryFile) : options.query;
      const focus = checkFocusFiles(root, io.cwd, options.focus, '--focus');
      const tokens = parseTokenBudget(options.tokens, io.config.values.map?.tokens ?? DEFAULT_MAP_TOKENS);
      const progress = io.progress('mapping repository');
      let built: RenderableRepoMap;
      try {
        built = await buildRenderableRepoMap({
          root,
          tokens,
          focus,
          tokenizer: createTokenizer({ encoding: io.config.values.encoding ?? 'o200k_base' }),
          ...(query !== undefined ? { query } : {}),
          cache: scanCacheOption(options.cache, io.scanCacheMemory),
          ...(options.followExternalLinks ? { followExternalLinks: true } : {}),
          ...(io.config.values.ignore ? { ignore: io.config.values.ignore } : {}),
          onProgress: (done, total) => progress.update(done, total),
        });
      } finally {
        progress.done();
      }
      const { result } = built;
      if (options.json || io.json) {
        // Every definition, in rank order, written as it is made: on a kernel-sized tree they
        // would not fit one string, let alone one JSON document in memory.
        // The result's own keys, in its order; `symbols` is not read (a getter that lists them all).
        const document = Object.fromEntries(
          Object.keys(result).map((key) => [
            key,
            key === 'symbols' ? null : result[key as keyof RepoMapResult],
          ]),
        );
        await writeJsonStreamed(io, document, { symbols: built.rankedSymbols() });
        return;
      }
      io.stdout.write(result.map === '' ? emptyMapNote(result, built.symbolCount) : result.map);
      if (!io.quiet) io.stderr.write(summarizeMap(result));
    });
}
