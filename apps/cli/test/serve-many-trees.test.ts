import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, runCli, runNode } from './run-cli.js';
import { type RunningServer, startServe } from './serve-process.js';

// A long-running `ctxkit serve` builds one tree after another. Whatever it derives from a tree and
// keeps (the last cache, in the memory the server holds, and the facts that cache's index owns)
// must neither leak into another tree's answer nor pile up: the bytes equal a fresh process's, and
// the heap stays flat across many distinct trees.

const CLI_MODULE = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
/** The repo map package the built CLI imports (its ES module entry). */
const REPOMAP_MODULE = pathToFileURL(
  join(dirname(createRequire(import.meta.url).resolve('@ctxkit/repomap/package.json')), 'dist', 'index.js'),
).href;

/** Tree `tree` of `files` TypeScript and Python files whose names and calls differ from every other tree's. */
function writeTree(root: string, tree: number, files: number): void {
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(join(root, 'AGENTS.md'), `# Tree ${tree}\nRun the tests with npm test.\n`);
  for (let file = 0; file < files; file++) {
    const next = (file + 1) % files;
    const name = `part${tree}x${file}`;
    if (file % 4 === 3) {
      writeFileSync(
        join(root, 'src', `${name}.py`),
        `def measure_${name}(value):\n    """Measure ${name} for tree ${tree}."""\n    return value * ${file + 1}\n\n\n` +
          `class Ledger${name}:\n    def record_${name}(self, entry):\n        return measure_${name}(entry)\n`,
      );
      continue;
    }
    writeFileSync(
      join(root, 'src', `${name}.ts`),
      `import { compute${tree}x${next} } from './part${tree}x${next}';\n\n` +
        `/** Computes step ${file} of tree ${tree}. */\n` +
        `export function compute${tree}x${file}(window: number): number {\n` +
        `  if (window < 0) throw new Error('negative window in ${name}');\n` +
        `  return ${file === files - 1 ? 'window' : `compute${tree}x${next}(window - 1)`} + ${file};\n}\n\n` +
        `export class Budget${tree}x${file} {\n  constructor(readonly limit: number) {}\n` +
        `  remaining(used: number): number {\n    return this.limit - used;\n  }\n}\n`,
    );
  }
}

const taskFor = (tree: number) =>
  `compute${tree}x3 should reject a negative window before Budget${tree}x5 is used`;

describe('ctxkit serve over many trees in turn', () => {
  let workspace: string;
  let socket: string;
  let server: RunningServer;
  const trees: string[] = [];

  beforeAll(async () => {
    workspace = makeTempDirectory('serve-trees');
    for (let tree = 0; tree < 4; tree++) {
      const root = join(workspace, `tree-${tree}`);
      writeTree(root, tree, 40 + 15 * tree);
      trees.push(root);
    }
    socket = join(workspace, 'ctxkit.sock');
    server = await startServe(socket);
  });

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.stopped;
  });

  it('answers each tree byte for byte as a fresh process does, round after round, after edits too', async () => {
    for (let round = 0; round < 3; round++) {
      if (round === 2) {
        // A tree that changed since the server last saw it must be answered from the change.
        appendFileSync(
          join(trees[1]!, 'src', 'part1x3.ts'),
          '\nexport function lateAddition(): number {\n  return 7;\n}\n',
        );
      }
      for (const [tree, root] of trees.entries()) {
        for (const args of [
          ['pack', '.', '--task', taskFor(tree), '--json'],
          ['map', 'src', '--query', taskFor(tree)],
        ]) {
          // Once alone first, so both measured runs find the tree's cache in the same (warm) state.
          await runCli(args, { cwd: root, env: { CTXKIT_NO_SERVER: '1' } });
          const served = await runCli(args, { cwd: root, env: { CTXKIT_SERVER_SOCKET: socket } });
          const alone = await runCli(args, { cwd: root, env: { CTXKIT_NO_SERVER: '1' } });
          expect(served.code, `${args[0]} tree ${tree} round ${round}`).toBe(0);
          expect(served, `${args[0]} tree ${tree} round ${round}`).toEqual(alone);
        }
      }
    }
    expect(server.log()).toContain(`in ${trees[3]}: exit 0`);
    const late = await runCli(['map', 'src', '--query', 'lateAddition'], {
      cwd: trees[1]!,
      env: { CTXKIT_SERVER_SOCKET: socket },
    });
    expect(late.stdout).toContain('lateAddition');
  }, 240_000);

  it('keeps the heap flat while one process packs many distinct trees, as serve does', async () => {
    // The server runs each command in process through the CLI's `run`, with one scan cache memory
    // for all of them; this drives `run` the same way over 24 trees it never sees twice and reads
    // the heap after a full collection. Holding on to every tree's index, cache or derived facts
    // would grow the heap by megabytes per tree; the memory holds the last tree's only.
    const roots: string[] = [];
    for (let tree = 0; tree < 24; tree++) {
      const root = join(workspace, `distinct-${tree}`);
      writeTree(root, 100 + tree, 240);
      roots.push(root);
    }
    const script = `
      import { Writable } from 'node:stream';
      const { run } = await import(${JSON.stringify(CLI_MODULE)});
      const { createScanCacheMemory } = await import(${JSON.stringify(REPOMAP_MODULE)});
      const scanCacheMemory = createScanCacheMemory();
      const roots = JSON.parse(process.argv[1]);
      const heaps = [];
      for (const [tree, root] of roots.entries()) {
        let out = '';
        const sink = new Writable({ write(chunk, _encoding, done) { out += chunk; done(); } });
        const code = await run(
          ['node', 'ctxkit', '--cwd', root, 'pack', '.', '--task', 'compute' + (100 + tree) + 'x3 negative window', '--json'],
          { stdout: sink, stderr: sink, scanCacheMemory },
          { CTXKIT_NO_SERVER: '1' },
        );
        if (code !== 0 || !out.includes('compute' + (100 + tree) + 'x3')) throw new Error('pack failed: ' + out.slice(0, 400));
        globalThis.gc();
        globalThis.gc();
        heaps.push(process.memoryUsage().heapUsed);
      }
      process.stdout.write(JSON.stringify(heaps));
    `;
    const result = await runNode(
      ['--expose-gc', '--input-type=module', '-e', script, JSON.stringify(roots)],
      {
        env: { CTXKIT_NO_SERVER: '1' },
      },
    );
    expect(result.code, result.stderr).toBe(0);
    const heaps = JSON.parse(result.stdout) as number[];
    expect(heaps).toHaveLength(24);
    // After warm-up (modules, vocabularies, the tokenizer's tables), 16 more trees. Measured on Node
    // 20: 0.5 MiB of growth; with every tree's cache snapshot kept alive on purpose, 4.2 MiB.
    const growth = heaps[23]! - heaps[7]!;
    expect(
      growth,
      `heap after each tree: ${heaps.map((bytes) => (bytes / 2 ** 20).toFixed(1)).join(', ')} MiB`,
    ).toBeLessThan(2 * 2 ** 20);
  }, 240_000);
});
