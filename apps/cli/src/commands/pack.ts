import {
  type Budget,
  type ComposedPack,
  formatSpans,
  type PackRepositoryOptions,
  type ProfileResolution,
  packRepository,
  type RepositoryPack,
} from '@ctxkit/context';
import type { RankedFile, UnscannedExtension } from '@ctxkit/repomap';
import { escapeControls } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import type { ModelTokenizer } from '../config/model-tokenizer.js';
import type { ResolvedConfig } from '../config/resolve.js';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { readTextInput, resolveDirectory, writeJson } from '../io.js';
import { formatCount, renderBudgetBar } from '../output/index.js';
import { scanCacheOption } from '../scan-cache.js';
import { packTraceInput } from '../trace/pack-trace.js';
import { appendTraceRecord, traceTarget } from '../trace/trace-file.js';
import {
  addBudgetOptions,
  type BudgetCommandOptions,
  type BudgetSettings,
  describeResolution,
  describeTokenizer,
  resolveBudget,
} from './budget.js';
import { requireOneOutputMode } from './output-modes.js';

/** Options of `ctxkit pack` and `ctxkit compose`. */
export interface PackCommandOptions extends BudgetCommandOptions {
  task?: string;
  taskFile?: string;
  /** `--no-cache` sets this to false: the repo map is built without its disk cache. */
  cache: boolean;
  /** `--follow-external-links`: map and excerpt files behind links that leave the directory. */
  followExternalLinks?: boolean;
  text?: boolean;
  /** `--trace FILE`: append a record of the pack to this trace. */
  trace?: string;
  /** `--trace-redact`: the record keeps hashes and token counts, not texts. */
  traceRedact?: boolean;
}

// Items listed one per line in the human summary before the rest are counted.
const MAX_LISTED_ITEMS = 12;

/** What each loading phase found, for `compose` and the human summary. */
export interface PackPhases {
  repoMap: {
    files: number;
    tokens: number;
    budget: number;
    skipped: number;
    /** Files left out for having no scanner, counted per extension. */
    unscanned: UnscannedExtension[];
    cache: { hits: number; misses: number };
  };
  instructions: { files: { path: string; bytes: number; truncated: boolean }[]; bytes: number };
  skills: { discovered: number; cards: string[]; expanded: string[] };
  excerpts: {
    considered: number;
    files: {
      path: string;
      mode: string;
      lines: string;
      of: number;
      outcome: ExcerptOutcome;
      /** Why the ranking put the file here, when it says (see `@ctxkit/repomap`'s `RankedFile`). */
      reasons?: string[];
    }[];
  };
}

/**
 * What became of a file read for excerpting: in the pack, left out because the budget was full, or
 * nothing to show (no task identifier in it, no definitions to list).
 */
export type ExcerptOutcome = 'included' | 'dropped' | 'empty';

/** What became of `path` in `pack`. */
export function excerptOutcome(pack: ComposedPack, path: string): ExcerptOutcome {
  const files = pack.sections.find((section) => section.kind === 'files');
  if (files?.items.some((item) => item.name === path)) return 'included';
  if (pack.dropped.some((item) => item.kind === 'files' && item.name === path)) return 'dropped';
  return 'empty';
}

/** A composed pack with the resolution, budget and phases that produced it. */
export interface GatheredPack {
  resolution: ProfileResolution;
  budget: Budget;
  pack: ComposedPack;
  phases: PackPhases;
  /** The tokenizer that counted the pack. */
  counter: ModelTokenizer;
  /** The task as given. */
  task: string;
  /** The repo map's ranking of every scanned file, best first (ranks and scores for a trace). */
  ranking: readonly RankedFile[];
}

async function readTask(io: CommandIO, options: PackCommandOptions): Promise<string> {
  if ((options.task === undefined) === (options.taskFile === undefined)) {
    throw new UserError('expected exactly one of --task TEXT or --task-file PATH');
  }
  const task = options.task ?? (await readTextInput(io, options.taskFile!));
  if (task.trim() === '')
    throw new UserError(`the task is empty${options.taskFile ? ` (${options.taskFile})` : ''}`);
  return task;
}

/** The configuration's part of a pack: ignore patterns, instruction loading, skill roots. */
export function packSettingsOf(
  config: ResolvedConfig,
): Pick<PackRepositoryOptions, 'ignore' | 'instructions' | 'skillRoots'> {
  const values = config.values;
  return {
    ...(values.ignore !== undefined ? { ignore: values.ignore } : {}),
    ...(values.instructions !== undefined ? { instructions: values.instructions } : {}),
    ...(values.skillRoots !== undefined ? { skillRoots: values.skillRoots } : {}),
  };
}

function noRoomForTask(budget: Budget): UserError {
  return new UserError(
    `the budget leaves no room for the task: ${budget.available} tokens available of a ${budget.window}-token window; lower --reserve-response or use a larger window`,
  );
}

/**
 * `packRepository` with the configuration's settings, refusing (as a user error) a budget with no
 * room for the task: before scanning when nothing is available, after packing when the task itself
 * was dropped (a pack without its task is useless to a model, and `--text` would print nothing).
 */
export async function packTask(
  settings: BudgetSettings,
  request: Omit<PackRepositoryOptions, 'ignore' | 'instructions' | 'skillRoots'>,
): Promise<RepositoryPack> {
  if (request.budget.available <= 0) throw noRoomForTask(request.budget);
  const built = await packRepository({ ...request, ...packSettingsOf(settings.config) });
  if (built.pack.dropped.some((item) => item.kind === 'task')) throw noRoomForTask(request.budget);
  return built;
}

/** `ctxkit pack`/`compose`: the task and budget from the command line, progress to the terminal, phases summarised. */
export async function gatherPack(
  io: CommandIO,
  directory: string | undefined,
  options: PackCommandOptions,
): Promise<GatheredPack> {
  const root = resolveDirectory(io, directory);
  const task = await readTask(io, options);
  const { resolution, budget, counter } = await resolveBudget(io, options);
  const progress = io.progress('mapping repository');
  const built = await packTask(io, {
    root,
    task,
    budget,
    tokenizer: counter.tokenizer,
    cache: scanCacheOption(options.cache, io.scanCacheMemory),
    ...(options.followExternalLinks ? { followExternalLinks: true } : {}),
    onProgress: (done, total) => progress.update(done, total),
  }).finally(() => progress.done());
  const { pack, map, shownMap, instructions, skills } = built;
  const phases: PackPhases = {
    repoMap: {
      files: map.files,
      tokens: shownMap.tokens,
      budget: shownMap.budget,
      skipped: map.skipped.length,
      unscanned: map.unscanned,
      cache: map.cache,
    },
    instructions: { files: instructions.files, bytes: instructions.bytes },
    skills: {
      discovered: skills.discovered.skills.length,
      cards: skills.selection.cards.map((card) => card.name),
      expanded: skills.selection.expanded.map((skill) => skill.name),
    },
    excerpts: {
      considered: built.considered.length,
      files: pack.excerpts.map((excerpt) => ({
        path: excerpt.path,
        mode: excerpt.mode,
        lines: formatSpans(excerpt.spans),
        of: excerpt.totalLines,
        outcome: excerptOutcome(pack, excerpt.path),
        ...(excerpt.reasons ? { reasons: excerpt.reasons } : {}),
      })),
    },
  };
  return { resolution, budget, pack, phases, counter, task, ranking: map.ranking };
}

/** The JSON document of `pack` (with `text`) and `compose` (without). */
export function packDocument(gathered: GatheredPack, withText: boolean): Record<string, unknown> {
  const { resolution, budget, pack } = gathered;
  return {
    model: {
      query: resolution.query,
      rule: resolution.rule,
      matched: resolution.matched,
      profile: resolution.profile,
    },
    budget: {
      ...budget,
      reserves: pack.budget.reserves,
      used: pack.budget.used,
      dropped: pack.budget.dropped,
      truncated: pack.budget.truncated,
      perSection: pack.budget.perSection,
    },
    tokenizer: { ...budget.tokenizer, source: gathered.counter.source },
    used: pack.budget.used,
    dropped: { ...pack.budget.dropped, items: pack.dropped },
    ...(pack.unused ? { unused: pack.unused } : {}),
    sections: pack.sections,
    ...(withText ? { text: pack.text } : {}),
  };
}

/** The one-screen summary: model, budget bar, sections and what was dropped. */
export function renderPackSummary(io: CommandIO, gathered: GatheredPack, title: string): string {
  const { resolution, budget, pack } = gathered;
  const lines = [
    `${title}  ${describeResolution(resolution)} · ${budget.role}`,
    renderBudgetBar(
      { window: budget.window, reserved: budget.window - budget.available, used: pack.budget.used },
      { colors: io.colors },
    ),
    `  reserves: system ${formatCount(budget.reserveSystem)} · tools ${formatCount(budget.reserveTools)} · response ${formatCount(budget.reserveResponse)} · slack ${formatCount(budget.slack)} (tokenizer ${formatCount(budget.slackTokenizer)} + template ${formatCount(budget.slackTemplate)})${budget.roleShare < 1 ? ` · ${budget.role} share ${budget.roleShare}` : ''}; available ${formatCount(budget.available)}`,
    `  counted with ${describeTokenizer(budget, gathered.counter)}`,
  ];
  const kindWidth = Math.max(...pack.sections.map((section) => section.kind.length), 5);
  const tokenWidth = Math.max(...pack.sections.map((section) => formatCount(section.tokens).length), 1);
  for (const section of pack.sections) {
    const several = section.kind === 'files' || section.kind === 'docs';
    const note = several
      ? `${section.items.length} ${section.kind === 'files' ? 'file' : 'doc'}${section.items.length === 1 ? '' : 's'}`
      : section.items.some((item) => item.truncated)
        ? 'truncated'
        : '';
    lines.push(
      `  ${section.kind.padEnd(kindWidth)}  ${formatCount(section.tokens).padStart(tokenWidth)}  ${note}`.trimEnd(),
    );
    if (!several) continue;
    // One line per item keeps the summary on one screen for the usual handful of files.
    const shown = section.items.slice(0, MAX_LISTED_ITEMS);
    for (const item of shown) {
      lines.push(
        `    ${formatCount(item.tokens).padStart(tokenWidth)}  ${escapeControls(item.name)}${item.truncated ? ' (truncated to fit)' : ''}`,
      );
    }
    if (section.items.length > shown.length)
      lines.push(`    … and ${section.items.length - shown.length} more`);
  }
  if (pack.dropped.length === 0) {
    lines.push('dropped: nothing');
  } else {
    const shown = pack.dropped
      .slice(0, 8)
      .map((item) => `${escapeControls(item.name)} (${formatCount(item.tokens)})`);
    const more = pack.dropped.length > shown.length ? `, and ${pack.dropped.length - shown.length} more` : '';
    lines.push(
      `dropped: ${pack.dropped.length} item${pack.dropped.length === 1 ? '' : 's'}, ${formatCount(pack.budget.dropped.tokens)} tokens: ${shown.join(', ')}${more}`,
    );
  }
  if (pack.unused && pack.unused.tokens > 0) {
    const why =
      pack.unused.reason === 'everything-shown'
        ? 'every relevant part of the files read is shown'
        : 'the next view of a file did not fit';
    lines.push(`unused by excerpts: ${formatCount(pack.unused.tokens)} tokens (${why})`);
  }
  return `${lines.join('\n')}\n`;
}

/** Declare the options `pack` and `compose` share. */
export function addPackOptions(command: Command): Command {
  return addBudgetOptions(
    command
      .argument('[dir]', 'repository directory (default: the repository root)')
      .option('-t, --task <text>', 'what the model is asked to do')
      .option('--task-file <path>', 'read the task from a file (- for standard input)')
      .option('--no-cache', 'build the repo map without its disk cache')
      .option(
        '--follow-external-links',
        'also read files behind symbolic links that lead outside the directory (skipped by default)',
      ),
  )
    .option('--json', 'print one JSON document')
    .option(
      '--trace <file>',
      'append a record of what the model is sent to this trace (JSON Lines; see ctxkit inspect)',
    )
    .option('--trace-redact', 'with --trace: record hashes and exact token counts instead of texts');
}

/** With `--trace FILE`, append the pack's record to the trace (before any output, so a bad path fails cleanly). */
export function tracePack(
  io: CommandIO,
  gathered: GatheredPack,
  options: PackCommandOptions,
  source: string,
): void {
  const target = traceTarget(io.cwd, options);
  if (target) appendTraceRecord(target, packTraceInput(gathered, source), new Date());
}

/** `ctxkit pack [DIR] --task TEXT`: the full task pack a model would receive, under its budget. */
export function registerPackCommand(program: Command, io: CommandIO): void {
  addPackOptions(
    program
      .command('pack')
      .description(
        'Build the prompt pack for a task: instructions, skills, repo map and file excerpts under the budget.',
      ),
  )
    .option('--text', 'print only the pack text (for piping into a model)')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit pack --task "fix the flaky retry test" --model qwen2.5-coder:7b\n  ctxkit pack ../service --task-file task.md --role review --json\n  ctxkit pack --task "add a --dry-run flag" --text > prompt.txt\n',
    )
    .action(async (directory: string | undefined, options: PackCommandOptions) => {
      requireOneOutputMode({ '--json': options.json || io.json, '--text': options.text });
      traceTarget(io.cwd, options);
      const gathered = await gatherPack(io, directory, options);
      tracePack(io, gathered, options, 'ctxkit pack');
      if (options.json || io.json) {
        writeJson(io, packDocument(gathered, true));
        return;
      }
      if (options.text) {
        io.stdout.write(gathered.pack.text);
        return;
      }
      io.stdout.write(renderPackSummary(io, gathered, 'pack'));
    });
}
