import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands/index.js';
import { reportError } from './errors.js';
import { type CommandIO, readAllStdin } from './io.js';
import { CLI_VERSION } from './version.js';

/** Build the `ctxkit` program; commands write through `io` so tests can capture them. */
export function createProgram(io: CommandIO): Command {
  const program = new Command('ctxkit')
    .description('See exactly what a language model gets: tokens, repo maps, packs, compaction.')
    .version(CLI_VERSION, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .exitOverride();
  registerCommands(program, io);
  return program;
}

/** Run the CLI with `argv` (as in process.argv) and return the exit code. */
export async function run(argv: string[], io?: Partial<CommandIO>): Promise<number> {
  const fullIO: CommandIO = {
    stdout: io?.stdout ?? process.stdout,
    stderr: io?.stderr ?? process.stderr,
    readStdin: io?.readStdin ?? readAllStdin,
    cwd: io?.cwd ?? process.cwd(),
  };
  const program = createProgram(fullIO);
  try {
    await program.parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; parse errors were already printed by commander.
      return error.exitCode === 0 ? 0 : 2;
    }
    return reportError(error, fullIO.stderr, process.env.CTXKIT_DEBUG === '1');
  }
}
