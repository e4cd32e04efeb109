// Entry of `pnpm bench <name> [options]`: each bench lives in its own file and registers here.
import { benches, guides } from './registry.js';

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const bench = name ? benches[name] : undefined;
  if (!bench) {
    const known = Object.keys(benches).sort().join(', ');
    process.stderr.write(
      name
        ? `bench: unknown bench "${name}"; known: ${known}\n`
        : `usage: pnpm bench <name> [options]; benches: ${known}\n`,
    );
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    const guide = guides[name!];
    process.stdout.write(
      `pnpm bench ${name}: ${bench.description}\nneeds: ${guide?.needs ?? '?'}\npass rule: ${guide?.passRule ?? '?'}\n`,
    );
    // A bench with options of its own prints its usage after the guide.
    if (!bench.usage) return 0;
    process.stdout.write(`\n${bench.usage}`);
    return 0;
  }
  return bench.run(rest);
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
