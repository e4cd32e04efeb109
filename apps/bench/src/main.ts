// Entry of `pnpm bench <name> [options]`: each bench lives in its own file and registers here.
import { benches } from './registry.js';

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
