import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built executable every end-to-end test runs. */
export const BIN = fileURLToPath(new URL('../dist/bin.js', import.meta.url));

/** What a finished child process left behind. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How to run the CLI. */
export interface RunOptions {
  /** Working directory of the child. */
  cwd?: string;
  /** Written to the child's stdin, which is then closed. */
  input?: string;
  /** Extra environment variables (the child never inherits CTXKIT_DEBUG or NO_COLOR). */
  env?: Record<string, string>;
}

/**
 * The environment a child CLI gets: the parent's, minus anything that changes ctxkit's output, and
 * never a developer's running `ctxkit serve` unless a test names a server socket itself.
 */
export function cleanEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['CTXKIT_DEBUG', 'NO_COLOR', 'FORCE_COLOR', 'CTXKIT_SERVER_SOCKET']) {
    if (!(name in extra)) delete environment[name];
  }
  if (!('CTXKIT_SERVER_SOCKET' in extra) && !('CTXKIT_NO_SERVER' in extra))
    environment.CTXKIT_NO_SERVER = '1';
  return environment;
}

/** Run `node dist/bin.js ...args` and collect its exit code and output. */
export function runCli(args: string[], options: RunOptions = {}): Promise<CliResult> {
  return runNode([BIN, ...args], options);
}

/** Run `node ...argv` (this Node) with the CLI's clean environment and collect its exit code and output. */
export function runNode(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {
      cwd: options.cwd ?? process.cwd(),
      env: cleanEnvironment(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** Parse stdout as exactly one JSON document; throws (failing the test) when it is anything else. */
export function parseJson(result: CliResult): unknown {
  return JSON.parse(result.stdout);
}

/** A fresh empty directory under the system temp dir (real path, so symlinked /tmp compares equal). */
export function makeTempDirectory(prefix: string): string {
  return realpathSync(mkdtempSync(join(tmpdir(), `ctxkit-${prefix}-`)));
}

/**
 * A two-file TypeScript project under `directory`: `src/budget.ts` defines `computeBudget` and
 * `Budget`, `src/main.ts` calls it, plus an AGENTS.md: enough for a map with an edge and a pack.
 */
export function writeBudgetProject(directory: string): void {
  mkdirSync(join(directory, 'src'), { recursive: true });
  writeFileSync(
    join(directory, 'src', 'budget.ts'),
    'export interface Budget {\n  window: number;\n}\n\nexport function computeBudget(window: number): Budget {\n  return { window };\n}\n',
  );
  writeFileSync(
    join(directory, 'src', 'main.ts'),
    "import { computeBudget } from './budget.js';\n\nexport function main(): void {\n  console.log(computeBudget(8192));\n}\n",
  );
  writeFileSync(join(directory, 'AGENTS.md'), '# Rules\n\nRun the tests before committing.\n');
}

/** A stack frame line, which must never reach a user for bad input. */
export const STACK_FRAME = /^\s+at .+\(.+:\d+:\d+\)$/m;
