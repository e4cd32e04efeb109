import { join } from 'node:path';
import {
  createDiskEmbeddingCache,
  createHashingEmbedder,
  createHttpEmbedder,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_HITS,
  DocumentPathError,
  type Embedder,
  type EmbeddingCache,
  EmbeddingRequestError,
  loadDocuments,
  type RetrievalResult,
  retrieve,
} from '@ctxkit/retrieval';
import { escapeControls } from '@ctxkit/tokenize';
import { type Command, Option } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { formatQuantity } from '../output/index.js';
import { parseWholeNumber } from '../parse-number.js';
import { requireOneOutputMode } from './output-modes.js';

const EMBEDDERS = ['hash', 'tfidf', 'http'] as const;
type EmbedderName = (typeof EMBEDDERS)[number];
/** Where embeddings are cached unless --cache-dir says otherwise, relative to the working directory. */
const DEFAULT_CACHE_DIR = join('.ctxkit', 'cache', 'embeddings');

interface RetrieveCommandOptions {
  query: string;
  followExternalLinks?: boolean;
  embedder: EmbedderName;
  endpoint?: string;
  embeddingModel?: string;
  apiKeyEnv?: string;
  timeout?: string;
  minScore?: string;
  maxBytes?: string;
  maxHits?: string;
  cacheDir?: string;
  cache: boolean;
  fallback: boolean;
  explain?: boolean;
  block?: boolean;
  json?: boolean;
}

/** `ctxkit retrieve [PATH...] --query TEXT`: prior knowledge from notes, above a measured noise floor. */
export function registerRetrieveCommand(program: Command, io: CommandIO): void {
  program
    .command('retrieve')
    .description('Find the sections of notes and memory files that are about a query, above the noise floor.')
    .argument('[paths...]', 'files, or directories searched for .md/.txt files (default: .)')
    .requiredOption('-q, --query <text>', 'what to find prior knowledge about')
    .addOption(new Option('-e, --embedder <name>', 'how to rank').choices(EMBEDDERS).default('hash'))
    .option('--endpoint <url>', 'OpenAI-compatible server for --embedder http (e.g. http://127.0.0.1:11434)')
    // Not `--model`: that is the global model profile option (`ctxkit --model qwen2.5-coder:7b …`),
    // which would otherwise land here and name an embedding model by accident.
    .option('--embedding-model <name>', 'embedding model for --embedder http (e.g. nomic-embed-text)')
    .option('--api-key-env <variable>', 'environment variable holding the API key for --embedder http')
    .option('--timeout <ms>', 'per-request timeout for --embedder http', '30000')
    .option('--min-score <score>', 'keep every section scoring at least this (overrides floor and baseline)')
    .option('--max-bytes <bytes>', 'byte budget of the retrieved block', String(DEFAULT_MAX_BYTES))
    .option('--max-hits <count>', 'most sections to keep', String(DEFAULT_MAX_HITS))
    .option('--cache-dir <dir>', `embedding cache for --embedder http (default ${DEFAULT_CACHE_DIR})`)
    .option('--no-cache', 'do not read or write the embedding cache')
    .option('--no-fallback', 'fail instead of ranking with TF-IDF when the embedder fails')
    .option('--explain', 'list every section with its score and why it was kept or dropped')
    .option('--block', 'print the retrieved block exactly as it would be injected')
    .option('--json', 'print one JSON document')
    .option(
      '--follow-external-links',
      'also read files behind symbolic links that lead outside the directory (skipped by default)',
    )
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  ctxkit retrieve MEMORY.md notes/ --query "why do invoices round per line?"',
        '  ctxkit retrieve docs --query "rotate api keys" --embedder tfidf --json',
        '  ctxkit retrieve . -q "flaky tests" --embedder http --endpoint http://127.0.0.1:11434 --embedding-model nomic-embed-text',
        '',
      ].join('\n'),
    )
    .action(async (paths: string[], options: RetrieveCommandOptions, command: Command) => {
      requireOneOutputMode({ '--json': options.json || io.json, '--block': options.block });
      requireOneOutputMode({ '--block': options.block, '--explain': options.explain });
      const query = options.query.trim();
      if (query === '') throw new UserError('--query is empty; expected the text to search for');
      const ranker = makeRanker(options, command.optsWithGlobals<{ model?: string }>().model);
      const maxBytes = parseCount('--max-bytes', options.maxBytes);
      const maxHits = parseCount('--max-hits', options.maxHits);
      const minScore = options.minScore === undefined ? undefined : parseScore(options.minScore);
      const loaded = await loadDocuments(paths.length === 0 ? ['.'] : paths, {
        root: io.cwd,
        ...(options.followExternalLinks ? { followExternalLinks: true } : {}),
      }).catch((error: unknown) => {
        if (error instanceof DocumentPathError) throw new UserError(error.message);
        throw error;
      });
      let result: RetrievalResult;
      try {
        result = await retrieve({
          query,
          documents: loaded.documents,
          ranker,
          fallbackToTfidf: options.fallback,
          cache: makeCache(io, options),
          minScore,
          maxBytes,
          maxHits,
        });
      } catch (error) {
        // With --no-fallback an unreachable or misconfigured server is the user's to fix.
        if (error instanceof EmbeddingRequestError) throw new UserError(error.message);
        throw error;
      }
      if (result.fallback) io.stderr.write(`ctxkit: ${result.fallback.reason}; ranked with TF-IDF instead\n`);
      if (result.cacheProblem) io.stderr.write(`ctxkit: ${result.cacheProblem}\n`);
      // Files that were named or found but not read must not vanish without a word.
      if (!io.quiet) {
        for (const file of loaded.skipped.slice(0, MAX_SKIP_NOTES)) {
          io.stderr.write(`ctxkit: note: left out ${escapeControls(file.path)}: ${file.reason}\n`);
        }
        const more = loaded.skipped.length - MAX_SKIP_NOTES;
        if (more > 0)
          io.stderr.write(`ctxkit: note: and ${formatQuantity(more, 'more file')} left out (see --json)\n`);
      }
      if (options.json)
        writeJson(io, { ...toJson(result, options.explain === true), skipped: loaded.skipped });
      else if (options.block) io.stdout.write(result.text);
      else writeHuman(io, result, options.explain === true, loaded.documents.length);
    });
}

function parsePositiveCount(flag: string, value: string | undefined): number {
  const parsed = parseCount(flag, value);
  if (parsed === 0) throw new UserError(`${flag} expects a whole number above 0, got "${value}"`);
  return parsed;
}

/** Skipped files named one per line on stderr; the rest are counted (all are in `--json`). */
const MAX_SKIP_NOTES = 10;

function makeRanker(options: RetrieveCommandOptions, profileModel: string | undefined): Embedder | 'tfidf' {
  if (options.embedder !== 'http') {
    for (const flag of ['endpoint', 'embeddingModel', 'apiKeyEnv'] as const) {
      if (options[flag] !== undefined)
        throw new UserError(
          `--${kebab(flag)} only applies to --embedder http, not --embedder ${options.embedder}`,
        );
    }
    return options.embedder === 'tfidf' ? 'tfidf' : createHashingEmbedder();
  }
  if (options.endpoint === undefined)
    throw new UserError(
      '--embedder http needs --endpoint URL (an OpenAI-compatible server, e.g. http://127.0.0.1:11434)',
    );
  if (options.embeddingModel === undefined)
    throw new UserError(
      `--embedder http needs --embedding-model NAME (e.g. nomic-embed-text)${profileModel === undefined ? '' : `; --model ${profileModel} names a model profile, not an embedding model`}`,
    );
  let apiKey: string | undefined;
  if (options.apiKeyEnv !== undefined) {
    // The CLI is the shell: it may read the environment; the package never does.
    apiKey = process.env[options.apiKeyEnv];
    if (!apiKey)
      throw new UserError(`--api-key-env ${options.apiKeyEnv}: that environment variable is not set`);
  }
  try {
    return createHttpEmbedder({
      endpoint: options.endpoint,
      model: options.embeddingModel,
      apiKey,
      timeoutMs: parsePositiveCount('--timeout', options.timeout),
    });
  } catch (error) {
    throw new UserError(error instanceof Error ? error.message : String(error));
  }
}

// The hashing embedder is cheaper to recompute than to read from disk; only a server is worth caching.
function makeCache(io: CommandIO, options: RetrieveCommandOptions): EmbeddingCache | undefined {
  if (!options.cache || options.embedder !== 'http') return undefined;
  return createDiskEmbeddingCache({ dir: join(io.cwd, options.cacheDir ?? DEFAULT_CACHE_DIR) });
}

function parseCount(flag: string, value: string | undefined): number {
  const parsed = value === undefined ? undefined : parseWholeNumber(value);
  if (parsed === undefined) throw new UserError(`${flag} expects a whole number, got "${value ?? ''}"`);
  return parsed;
}

function parseScore(value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < -1 || parsed > 1)
    throw new UserError(`--min-score expects a number between -1 and 1, got "${value}"`);
  return parsed;
}

function toJson(result: RetrievalResult, explain: boolean): Record<string, unknown> {
  const document: Record<string, unknown> = {
    ranker: result.ranker,
    threshold: {
      floor: result.threshold.floor,
      baseline: result.threshold.baseline,
      effective: result.threshold.effective,
    },
    hits: result.hits.map((hit) => ({ path: hit.path, lines: hit.lines, score: hit.score })),
    dropped: result.dropped,
  };
  if (result.fallback) document.fallback = result.fallback;
  if (explain)
    document.candidates = result.candidates.map((candidate) => ({
      path: candidate.path,
      lines: candidate.lines,
      score: candidate.score,
      kept: candidate.kept,
      reason: candidate.reason,
    }));
  return document;
}

function writeHuman(io: CommandIO, result: RetrievalResult, explain: boolean, documents: number): void {
  const { threshold } = result;
  const baseline = threshold.baseline === null ? 'n/a' : threshold.baseline.toFixed(3);
  io.stdout.write(
    `threshold ${threshold.effective.toFixed(3)} (${threshold.source}; floor ${threshold.floor.toFixed(3)}, baseline ${baseline})` +
      ` · ${result.ranker} · ${documents} document${documents === 1 ? '' : 's'}, ` +
      `${result.candidates.length} section${result.candidates.length === 1 ? '' : 's'}\n`,
  );
  const rows = explain ? result.candidates : result.hits;
  if (rows.length === 0) io.stdout.write('nothing above the threshold: nothing would be injected\n');
  for (const row of rows) {
    const where = `${escapeControls(row.path)}:${row.lines[0]}-${row.lines[1]}`;
    const heading = row.headings.length > 0 ? `  ${row.headings.map(escapeControls).join(' > ')}` : '';
    const reason = explain ? `  ${row.kept ? 'kept' : 'dropped'}: ${row.reason}` : '';
    io.stdout.write(`${row.score.toFixed(3)}  ${where}${heading}${reason}\n`);
  }
  if (!explain && result.dropped > 0)
    io.stdout.write(
      `${result.dropped} section${result.dropped === 1 ? '' : 's'} dropped (--explain says why)\n`,
    );
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
