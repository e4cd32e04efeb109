// `pnpm bench fetch <bench|all>...`: the thin shell around the plan. It looks at the machine, plans,
// and then prints the plan (--dry-run) or runs its commands one by one, reporting each step.
import { spawnSync } from 'node:child_process';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RegisteredBench } from '../registry.js';
import { BENCH_ROOT } from '../results.js';
import { gatherFacts } from './facts.js';
import { FetchError } from './fetch-error.js';
import { findMirrors } from './mirrors.js';
import { type FetchPlan, type FetchRequest, type FetchStep, planFetch } from './plan.js';
import { countSteps, formatCommand, formatPlan, formatStep } from './render-plan.js';

export const FETCH_USAGE = `usage: pnpm bench fetch <bench|all>... [--dry-run] [--mirror PATH]... [--into DIR] [--data FILE]

Gets what the named benches read that a fresh clone lacks, as each bench's registration declares it,
and reports what is already there:
  debian   packages, installed with apt-get when run as root (else the command to run is printed)
  npm      the workspace's packages at the versions pnpm-lock.yaml resolves (pnpm install --frozen-lockfile)
  git      repositories, cloned to where the bench looks by default
  dataset  a development set's repositories, as the bare mirrors its bench checks tasks out from

  --dry-run      print what would be installed, cloned or linked, and what is present; change nothing
  --mirror PATH  clone from a local mirror instead of the network: one repository's git dir
                 (a bare clone such as <mirrors>/psf+requests/repo) or a folder of owner+name/repo
                 mirrors; repeatable
  --into DIR     clone git inputs to DIR/<name> and dataset mirrors to DIR/mirrors (default: where
                 each bench looks; datasets under ~/.cache/ctxkit-bench)
  --data FILE    the development set for the dataset benches, instead of the ones they declare

Exit 1 when a step fails or an input cannot be had here; 2 for a usage mistake.
`;

const WORKSPACE_ROOT = resolve(BENCH_ROOT, '..', '..');

/** Where dataset mirrors go without --into: a cache, outside the workspace that benches walk. */
function defaultDatasetDir(): string {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'ctxkit-bench');
}

function parse(args: string[]): {
  names: string[];
  dryRun: boolean;
  mirrors: string[];
  into?: string;
  data?: string;
} {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        'dry-run': { type: 'boolean', default: false },
        mirror: { type: 'string', multiple: true, default: [] },
        into: { type: 'string' },
        data: { type: 'string' },
      },
    });
    return {
      names: positionals,
      dryRun: values['dry-run'],
      mirrors: values.mirror,
      ...(values.into === undefined ? {} : { into: values.into }),
      ...(values.data === undefined ? {} : { data: values.data }),
    };
  } catch (error) {
    throw new FetchError((error as Error).message.split('\n')[0]!, 2);
  }
}

/** The benches named, in registry order; `all` is every one. */
function selectBenches(names: string[], registry: Record<string, RegisteredBench>): string[] {
  const known = Object.keys(registry).sort();
  if (names.length === 0) throw new FetchError(`name a bench, or all; benches: ${known.join(', ')}`, 2);
  if (names.includes('all')) return known;
  const unknown = names.find((name) => !Object.hasOwn(registry, name));
  if (unknown !== undefined)
    throw new FetchError(`unknown bench "${unknown}"; known: ${known.join(', ')}`, 2);
  return known.filter((name) => names.includes(name));
}

/** Runs one step's commands in order; the first that fails ends the step and is returned. */
function runStep(step: FetchStep): string | undefined {
  for (const command of step.commands) {
    process.stdout.write(`        $ ${formatCommand(command)}\n`);
    const [program, ...rest] = command.argv;
    const result = spawnSync(program!, rest, {
      cwd: command.cwd,
      // No prompt may wait for input: a repository that is gone asks for credentials otherwise.
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...command.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.error) return `\`${formatCommand(command)}\` could not start: ${result.error.message}`;
    if (result.status !== 0) {
      const how = result.signal ? `was stopped by ${result.signal}` : `exited with ${result.status}`;
      return `\`${formatCommand(command)}\` ${how}`;
    }
  }
  return undefined;
}

function run(plan: FetchPlan): number {
  const failures: string[] = [];
  for (const step of plan.steps) {
    process.stdout.write(`${formatStep(step)}\n`);
    if (step.status !== 'run') continue;
    const failure = runStep(step);
    if (failure === undefined) continue;
    failures.push(step.label);
    process.stderr.write(`fetch: ${step.label} failed: ${failure}\n`);
  }
  const counts = countSteps(plan);
  process.stdout.write(
    `${counts.present} present, ${counts.run - failures.length} fetched, ${failures.length} failed, ` +
      `${counts.todo} to do by hand, ${counts.missing} missing\n`,
  );
  if (plan.next.length > 0 && failures.length === 0) {
    process.stdout.write(['then:', ...plan.next.map((line) => `  ${line}`)].join('\n') + '\n');
  }
  if (failures.length > 0) {
    process.stderr.write(`fetch: ${failures.length} of ${counts.run} steps failed (see above)\n`);
    return 1;
  }
  if (counts.missing > 0) {
    process.stderr.write(
      `fetch: ${counts.missing === 1 ? '1 input' : `${counts.missing} inputs`} cannot be had here (marked missing above)\n`,
    );
    return 1;
  }
  return 0;
}

async function fetch(args: string[], registry: Record<string, RegisteredBench>): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(FETCH_USAGE);
    return 0;
  }
  const options = parse(args);
  const names = selectBenches(options.names, registry);
  const request: FetchRequest = {
    benches: names.map((name) => ({ name, inputs: registry[name]!.inputs })),
    workspaceRoot: WORKSPACE_ROOT,
    into: options.into === undefined ? undefined : resolve(options.into),
    defaultDatasetDir: defaultDatasetDir(),
    data: options.data === undefined ? undefined : resolve(options.data),
    root: process.getuid?.() === 0,
  };
  if (
    request.data !== undefined &&
    !request.benches.some(({ inputs }) => inputs.some(({ kind }) => kind === 'dataset'))
  ) {
    throw new FetchError(`--data: none of ${names.join(', ')} reads a development set`, 2);
  }
  const plan = planFetch(request, gatherFacts(request, findMirrors(options.mirrors)));
  if (!options.dryRun) return run(plan);
  process.stdout.write(`dry run: nothing is installed, cloned or linked\n${formatPlan(plan)}`);
  return 0;
}

/** The subcommand: a {@link FetchError} is one line on stderr and its exit code, never a stack trace. */
export async function runFetch(args: string[], registry: Record<string, RegisteredBench>): Promise<number> {
  try {
    return await fetch(args, registry);
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    process.stderr.write(`fetch: ${error.message}\n`);
    return error.exitCode;
  }
}
