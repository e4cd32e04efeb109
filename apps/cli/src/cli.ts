import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands/index.js';
import { registerConfigCommand } from './config/command.js';
import { findRepositoryRoot, loadConfig } from './config/load.js';
import { resolveConfig } from './config/resolve.js';
import { DEBUG_ENV, reportError, UserError } from './errors.js';
import { type CommandIO, createCommandIO, isTerminal } from './io.js';
import { registerMcpCommand } from './mcp/command.js';
import { createColors, shouldUseColor } from './output/color.js';
import { createProgress } from './output/progress.js';
import { registerServeCommand } from './serve/command.js';
import { CLI_VERSION } from './version.js';

/*
 * Global options — how a subcommand reads them.
 *
 * `--json`, `--cwd DIR`, `--quiet`, `--no-color` and `--model NAME` are options of the program
 * itself. Commander recognises a program option anywhere on the command line, before or after
 * the subcommand (`ctxkit --json tokens a.ts` and `ctxkit tokens a.ts --json` are the same), so a
 * subcommand never sees them in its own parse. Before any action runs, the `preAction` hook below:
 *
 *   1. resolves `--cwd`, finds the repository root and loads the configuration into `io`
 *      (`io.cwd`, `io.root`, `io.config`, `io.json`, `io.quiet`, `io.colors`, `io.progress`);
 *   2. copies each global option given on the command line into the subcommand's own option of
 *      the same name, if it declares one: `tokens` declares `--json`, so its `options.json` is
 *      true after `ctxkit --json tokens`; a `pack --model` gets the global `--model` the same way;
 *   3. fills `--encoding` and `--role` options the user did not give from the configuration
 *      (`encoding`, `role`). Other settings (`model`, `map.tokens`, reserves, …) are read by the
 *      commands from `io.config.values`; the configured model is never injected (a command that
 *      has no use for a model profile, like `retrieve`, whose embedding model is
 *      `--embedding-model`, simply never reads it).
 *
 * So a subcommand may (a) declare `--json`/`--model` itself and read `options.json` as usual,
 * (b) read `io.json`, `io.config.values.model`, … at action time, or (c) call
 * `command.optsWithGlobals()` (the action's last argument) to see program and own options
 * merged. Precedence: the subcommand's own flag > global flag > configuration > option default.
 */

/** The options every subcommand accepts, as commander stores them on the program. */
interface GlobalOptions {
  json?: boolean;
  cwd?: string;
  quiet?: boolean;
  color: boolean;
  model?: string;
}

// Global options mirrored into a subcommand's own option of the same attribute name.
const MIRRORED_GLOBALS = ['json', 'quiet', 'model'] as const;

/** Build the `ctxkit` program; commands write through `io` so tests can capture them. */
export function createProgram(io: CommandIO, environment: NodeJS.ProcessEnv = {}): Command {
  const program = new Command('ctxkit')
    .description('See exactly what a language model gets: tokens, repo maps, packs, compaction.')
    .version(CLI_VERSION, '-v, --version')
    .option('--json', 'print one JSON document on stdout and nothing else')
    .option('--cwd <dir>', 'run as if started in <dir>')
    .option('--quiet', 'no progress or notes on stderr')
    .option('--no-color', 'no colour (also: NO_COLOR=1)')
    .option('--model <name>', 'model profile name (overrides the configuration)')
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(formatUsageError(text, 'ctxkit')),
    })
    .exitOverride()
    .addHelpText(
      'after',
      [
        '',
        'Examples:',
        '  ctxkit pack --task "retry failed uploads" --model qwen2.5-coder:7b',
        '  ctxkit map --query "retry failed uploads"',
        '  ctxkit tokens README.md',
        '  ctxkit config',
        '  ctxkit mcp .',
        '',
        `Exit codes: 0 success, 2 a mistake in the command or its input, 1 an internal error (${DEBUG_ENV}=1 shows the stack).`,
        '',
      ].join('\n'),
    );
  program.hook('preAction', (_program, actionCommand) => {
    applyGlobalOptions(program, actionCommand, io, environment);
  });
  registerCommands(program, io);
  registerConfigCommand(program, io);
  registerMcpCommand(program, io);
  registerServeCommand(program, io, environment);
  // Every subcommand reports its parse errors like every other user mistake: one line, naming
  // the help to read.
  for (const command of program.commands) {
    command
      .configureOutput({
        writeOut: (text) => io.stdout.write(text),
        writeErr: (text) => io.stderr.write(text),
        outputError: (text, write) => write(formatUsageError(text, `ctxkit ${command.name()}`)),
      })
      .exitOverride();
  }
  return program;
}

/**
 * Commander's parse error (`error: unknown option '--x'\n`) as ctxkit reports user mistakes:
 * `ctxkit: unknown option '--x' (see ctxkit map --help)`, one line.
 */
export function formatUsageError(text: string, command: string): string {
  const message = text
    .replace(/^error: /, '')
    .replace(/\s+/g, ' ')
    .trim();
  return `ctxkit: ${message} (see ${command} --help)\n`;
}

function applyGlobalOptions(
  program: Command,
  actionCommand: Command,
  io: CommandIO,
  environment: NodeJS.ProcessEnv,
): void {
  const globals = program.opts<GlobalOptions>();
  if (globals.cwd !== undefined) io.cwd = resolveDirectory(io.cwd, globals.cwd);
  io.json = globals.json === true;
  io.quiet = globals.quiet === true;
  io.colors = createColors(
    !io.json &&
      shouldUseColor({
        isTTY: isTerminal(io.stdout),
        colorFlag: globals.color,
        noColorEnv: environment.NO_COLOR,
      }),
  );
  const progressEnabled = !io.quiet && isTerminal(io.stderr);
  io.progress = (label) => createProgress({ stream: io.stderr, label, enabled: progressEnabled });
  io.root = findRepositoryRoot(io.cwd);
  io.config = resolveConfig(loadConfig(io.root), { model: globals.model });

  if (actionCommand === program) return;
  for (const name of MIRRORED_GLOBALS) {
    if (program.getOptionValueSource(name) !== 'cli') continue;
    if (!declaresOption(actionCommand, name)) continue;
    actionCommand.setOptionValueWithSource(name, program.getOptionValue(name), 'cli');
  }
  const values = io.config.values;
  const configured: [string, string | undefined][] = [
    ['encoding', values.encoding],
    ['role', values.role],
  ];
  for (const [name, value] of configured) {
    if (value === undefined || !declaresOption(actionCommand, name)) continue;
    const source = actionCommand.getOptionValueSource(name);
    if (source === undefined || source === 'default')
      actionCommand.setOptionValueWithSource(name, value, 'config');
  }
}

function declaresOption(command: Command, attributeName: string): boolean {
  return command.options.some((option) => option.attributeName() === attributeName);
}

function resolveDirectory(base: string, directory: string): string {
  const absolute = resolve(base, directory);
  if (!isDirectory(absolute)) throw new UserError(`--cwd: no such directory: ${directory}`);
  return absolute;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Run the CLI with `argv` (as in process.argv) and return the exit code. */
export async function run(
  argv: string[],
  io?: Partial<CommandIO>,
  environment: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const fullIO = createCommandIO(io);
  const program = createProgram(fullIO, environment);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; parse errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    return reportError(error, fullIO.stderr, environment[DEBUG_ENV] === '1');
  }
}
