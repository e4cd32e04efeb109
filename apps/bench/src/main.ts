// Entry of `pnpm bench <name> [options]`: each bench lives in its own file and registers here.
import { registry } from './registry.js';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const entry = name ? registry[name] : undefined;
  if (!entry) {
    const known = Object.keys(registry).sort().join(', ');
    process.stderr.write(
      name
        ? `bench: unknown bench "${name}"; known: ${known}\n`
        : `usage: pnpm bench <name> [options]; benches: ${known}\n`,
    );
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(
      `pnpm bench ${name}: ${entry.bench.description}\nneeds: ${entry.needs}\npass rule: ${entry.passRule}\n`,
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
    process.stderr.write(
      `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
