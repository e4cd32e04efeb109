// Entry of `pnpm bench <name> [options]`: each bench lives in its own file and registers here;
// `pnpm bench fetch <name>` gets what a bench's registration says it reads.
import { runFetch } from './fetch/command.js';
import { describeInputs } from './fetch/inputs.js';
import { registry } from './registry.js';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'fetch') return runFetch(rest, registry);
  const entry = name ? registry[name] : undefined;
  if (!entry) {
    const known = Object.keys(registry).sort().join(', ');
    process.stderr.write(
      name
        ? `bench: unknown bench "${name}"; known: ${known}\n`
        : `usage: pnpm bench <name> [options] | pnpm bench fetch <name|all>; benches: ${known}\n`,
    );
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const fetch =
      entry.inputs.length === 0
        ? `nothing to fetch (pnpm bench fetch ${name} says so)`
        : `pnpm bench fetch ${name} gets ${describeInputs(entry.inputs)}`;
    process.stdout.write(
      `pnpm bench ${name}: ${entry.bench.description}\nneeds: ${entry.needs}\nfetch: ${fetch}\npass rule: ${entry.passRule}\n`,
    );
    // A bench with options of its own prints its usage after the guide.
    if (!entry.bench.usage) return 0;
    process.stdout.write(`\n${entry.bench.usage}`);
    return 0;
  }
  return entry.bench.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // A mistyped option is the user's mistake: one line and where the usage is, not a stack.
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_') && error instanceof Error) {
      const name = process.argv[2] ?? '';
      process.stderr.write(`bench: ${error.message}; see pnpm bench ${name} --help\n`);
      process.exitCode = 2;
      return;
    }
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
