import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, makeTempDirectory, runNode } from './run-cli.js';

// @ctxkit/repomap scans a tree of 2,000 files or more on worker threads beside the calling thread,
// but only from its build (dist/scan-worker.js), which the CLI's tests have. Whatever the number of
// threads, the output must be the same bytes. The machine's thread count is set for each child
// with a preload that changes `os.availableParallelism` (synced into the ES module with Node's own
// `syncBuiltinESMExports`), so the test means the same on one core as on many.

const threads = (count: number) =>
  `data:text/javascript,${encodeURIComponent(
    `import os from 'node:os'; import { syncBuiltinESMExports } from 'node:module'; os.availableParallelism = () => ${count}; syncBuiltinESMExports();`,
  )}`;

/** 2,100 small files in three languages, each defining names of its own and using a shared one. */
function makeTree(): string {
  const root = makeTempDirectory('scan-threads');
  for (let index = 0; index < 2100; index++) {
    const directory = join(root, `pkg${index % 30}`);
    mkdirSync(directory, { recursive: true });
    const kind = index % 3;
    if (kind === 0)
      writeFileSync(
        join(directory, `m${index}.py`),
        `class Model${index}:\n    def run(self):\n        return helper(${index})\n`,
      );
    else if (kind === 1)
      writeFileSync(
        join(directory, `m${index}.ts`),
        `export function build${index}(): number {\n  return helper(${index});\n}\n`,
      );
    else
      writeFileSync(
        join(directory, `m${index}.go`),
        `package pkg\n\nfunc Serve${index}() int {\n\treturn helper(${index})\n}\n`,
      );
  }
  return root;
}

describe('scanning on threads', () => {
  it('gives the same symbols on the calling thread alone as with three workers beside it', async () => {
    const root = makeTree();
    const alone = await runNode(['--import', threads(1), BIN, 'symbols', root, '--json', '--no-cache']);
    const together = await runNode(['--import', threads(4), BIN, 'symbols', root, '--json', '--no-cache']);
    expect(alone.stderr).toBe('');
    expect(together.stderr).toBe('');
    expect(alone.code).toBe(0);
    expect(together.code).toBe(0);
    const symbols = JSON.parse(alone.stdout) as { name: string }[];
    expect(symbols).toHaveLength(2100 + 700);
    expect(symbols.map((symbol) => symbol.name)).toContain('Serve2099');
    expect(together.stdout).toBe(alone.stdout);
  }, 60_000);
});
