import { resolve } from 'node:path';
import {
  type Budget,
  type BudgetOverrides,
  computeBudget,
  DEFAULT_PROFILE,
  loadProfileFile,
  ProfileFileError,
  type ProfileRegistry,
  type ProfileResolution,
  resolveProfile,
} from '@ctxkit/context';
import { invalidOptionDetail, isInvalidOptionError } from '@ctxkit/internal';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { budgetOverrides, createConfiguredRegistry } from '../config/context.js';
import { type ModelTokenizer, resolveModelTokenizer } from '../config/model-tokenizer.js';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { formatCount } from '../output/index.js';
import { parseWholeNumber } from '../parse-number.js';

/** Options shared by every command that computes a budget (`budget`, `pack`, `compose`). */
export interface BudgetCommandOptions {
  model?: string;
  role?: string;
  profiles?: string;
  window?: number;
  reserveSystem?: number;
  reserveTools?: number;
  reserveResponse?: number;
  slackPercent?: number;
  /** `--tokenizer`: `ollama`, an encoding, or a tokenizer.json / GGUF path; else the profile's. */
  tokenizer?: string;
  json?: boolean;
}

function parseTokens(value: string): number {
  const tokens = parseWholeNumber(value);
  if (tokens === undefined)
    throw new InvalidArgumentError(`expected a whole number of tokens, found "${value}"`);
  return tokens;
}

// Only the syntax: the range is computeBudget's (MAX_SLACK_PERCENT), checked once there.
function parsePercent(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new InvalidArgumentError(`expected a percentage, found "${value}"`);
  }
  return number;
}

/** Declare `--model`, `--role`, `--profiles`, `--window` and the reserve flags on `command`. */
export function addBudgetOptions(command: Command): Command {
  return command
    .option('-m, --model <name>', 'model profile name or tag (e.g. qwen2.5-coder:7b-instruct-q4_K_M)')
    .option(
      '-r, --role <role>',
      'role whose share of the pack to use (implement, review, explore, summarize)',
    )
    .option('--profiles <file>', 'JSON file of extra model profiles ({ "profiles": [...] })')
    .addOption(
      new Option('--window <tokens>', "context window to use instead of the profile's").argParser(
        parseTokens,
      ),
    )
    .addOption(
      new Option('--reserve-system <tokens>', 'tokens kept for the system prompt (500)').argParser(
        parseTokens,
      ),
    )
    .addOption(
      new Option('--reserve-tools <tokens>', 'tokens kept for tool definitions (900)').argParser(parseTokens),
    )
    .addOption(
      new Option(
        '--reserve-response <tokens>',
        "tokens kept for the answer (the profile's reserve)",
      ).argParser(parseTokens),
    )
    .addOption(
      new Option(
        '--slack-percent <percent>',
        "share of the window held back (10; with the model's own tokenizer only the chat-template allowance)",
      ).argParser(parsePercent),
    )
    .option(
      '--tokenizer <spec>',
      "the model's own tokenizer: ollama (its GGUF in the Ollama store), or a tokenizer.json / .gguf path",
    );
}

/** What budget resolution reads besides the flags: the configuration and the directory `--profiles` is relative to. */
export type BudgetSettings = Pick<CommandIO, 'config' | 'cwd'>;

/** The built-in profiles plus those from the configuration and `--profiles FILE`, in that order. */
export async function loadRegistry(
  io: BudgetSettings,
  profilesFile: string | undefined,
): Promise<ProfileRegistry> {
  const registry = createConfiguredRegistry(io.config);
  if (profilesFile === undefined) return registry;
  try {
    return registry.register(...(await loadProfileFile(resolve(io.cwd, profilesFile))));
  } catch (error) {
    if (error instanceof ProfileFileError)
      throw new UserError(`${profilesFile}${error.field ? `: ${error.field}` : ''}: ${error.detail}`);
    throw error;
  }
}

/** Resolve the model and compute its budget from flags and configuration; user mistakes become one-line errors. */
export async function resolveBudget(
  io: BudgetSettings,
  options: BudgetCommandOptions,
): Promise<{ resolution: ProfileResolution; budget: Budget; counter: ModelTokenizer }> {
  // Without a model, `budget`, `pack` and `compose` all use the conservative default profile and
  // say so (see describeResolution), so the budget shown is the one a pack would get.
  const model = options.model ?? io.config.values.model ?? DEFAULT_PROFILE.name;
  const registry = await loadRegistry(io, options.profiles);
  const resolution = resolveProfile(model, registry);
  // Flags beat the configuration, which beats the package defaults.
  const overrides: BudgetOverrides = budgetOverrides(io.config.values);
  if (options.window !== undefined) overrides.contextWindow = options.window;
  if (options.reserveSystem !== undefined) overrides.reserveSystem = options.reserveSystem;
  if (options.reserveTools !== undefined) overrides.reserveTools = options.reserveTools;
  if (options.reserveResponse !== undefined) overrides.reserveResponse = options.reserveResponse;
  if (options.slackPercent !== undefined) overrides.slackPercent = options.slackPercent;
  const counter = resolveModelTokenizer(resolution.profile, resolution.query, io.cwd, options.tokenizer);
  try {
    const budget = computeBudget({
      profile: resolution.profile,
      ...(options.role !== undefined ? { role: options.role } : {}),
      overrides,
      tokenizer: counter.budget,
    });
    return { resolution, budget, counter };
  } catch (error) {
    // The library's fields, not its message: the option and what was wrong, without the function
    // name (the same for a flag, the configuration and an MCP argument).
    if (isInvalidOptionError(error)) throw new UserError(invalidOptionDetail(error));
    throw error;
  }
}

/** How a resolution reads to a person: `qwen2.5-coder:7b (family "qwen2.5-coder" matched "…")`. */
export function describeResolution(resolution: ProfileResolution): string {
  const { profile, rule, matched, query } = resolution;
  switch (rule) {
    case 'exact':
      return `${profile.name} (exact match)`;
    case 'default':
      if (query === DEFAULT_PROFILE.name)
        return `${profile.name} (no model given: a conservative 8K profile; pass --model)`;
      return `${profile.name} (nothing recognised in "${query}"; conservative default)`;
    case 'family':
      return `${profile.name} (family "${matched}" in "${query}")`;
    case 'size':
      return `${profile.name} (unknown family; size bucket ${matched} from "${query}")`;
  }
}

/** Which tokenizer counts and whether exactly: `Qwen2.5 Coder 7B (Ollama GGUF), exact (…)`. */
export function describeTokenizer(budget: Budget, counter: ModelTokenizer): string {
  return `${budget.tokenizer.name}, ${budget.tokenizer.exact ? 'exact' : 'approximate'} (${counter.source}${budget.tokenizer.templateMeasured ? '; chat template measured' : ''})`;
}

/** The budget terms as aligned lines, one per term, ending with what the pack may use. */
export function renderBudgetTerms(budget: Budget): string {
  const rows: [string, string][] = [
    ['window', formatCount(budget.window)],
    ['− system prompt', formatCount(budget.reserveSystem)],
    ['− tool definitions', formatCount(budget.reserveTools)],
    ['− response', formatCount(budget.reserveResponse)],
    [`− slack (${budget.slackPercent}%)`, formatCount(budget.slack)],
    ['  · tokenizer', formatCount(budget.slackTokenizer)],
    ['  · chat template', formatCount(budget.slackTemplate)],
    ['= pack space', formatCount(budget.packSpace)],
    [`× ${budget.role} share`, budget.roleShare.toFixed(2)],
    ['= available', formatCount(budget.available)],
  ];
  const labelWidth = Math.max(...rows.map(([label]) => label.length));
  const valueWidth = Math.max(...rows.map(([, value]) => value.length));
  const lines = rows.map(([label, value]) => `  ${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}`);
  if (budget.floorApplied) {
    lines.push(
      `  (the ${budget.role} share came to ${formatCount(budget.roleTokens)}; raised to the ${budget.minPackTokens}-token floor)`,
    );
  }
  if (budget.starved) {
    lines.push(
      `  warning: the reserves leave less than ${budget.minPackTokens} tokens; lower --reserve-response or use a larger window`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `ctxkit budget [--model NAME]`: every term of the pack budget for a model and role. */
export function registerBudgetCommand(program: Command, io: CommandIO): void {
  addBudgetOptions(
    program
      .command('budget')
      .description('Show how many tokens a pack may use for a model and role, term by term.'),
  )
    .option('--json', 'print one JSON document with every term')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit budget --model qwen2.5-coder:7b\n  ctxkit budget --model gpt-4o --role review --reserve-response 4096 --json\n',
    )
    .action(async (options: BudgetCommandOptions) => {
      const { resolution, budget, counter } = await resolveBudget(io, options);
      if (options.json || io.json) {
        writeJson(io, {
          model: {
            query: resolution.query,
            rule: resolution.rule,
            matched: resolution.matched,
            profile: resolution.profile,
          },
          budget,
          tokenizer: { ...budget.tokenizer, source: counter.source },
        });
        return;
      }
      io.stdout.write(`model  ${describeResolution(resolution)}\n`);
      io.stdout.write(`counts ${describeTokenizer(budget, counter)}\n`);
      io.stdout.write(
        `role   ${budget.role} (${budget.excerpts === 'bodies' ? 'file bodies' : 'signatures only'})\n\n`,
      );
      io.stdout.write(renderBudgetTerms(budget));
    });
}
