// What a user waits for: a cold `ctxkit symbols ROOT --no-cache --json` process against
// `ctags -R --output-format=json --fields=+nK ROOT`, each started fresh, alternated round by round
// so a noisy, shared machine penalizes neither side, best round of each kept. Both write their
// whole output (to a pipe that is drained), so neither skips the work of printing it. ctags runs on
// one thread; ctxkit may use its scan workers, as a user's run does.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { CLI_BIN } from '../helpers.js';

/** Wall seconds of the best round of each side, summed over the roots. */
export interface ProcessTimes {
  oursSeconds: number;
  ctagsSeconds: number;
  /** The two commands, with `ROOT` for each root. */
  commands: { ours: string; ctags: string };
}

const OUTPUT_LIMIT = 1024 * 1024 * 1024;

function timed(command: string, args: readonly string[]): number {
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: OUTPUT_LIMIT });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}): ${String(result.stderr).slice(0, 300)}`,
    );
  }
  return seconds;
}

/** Times both processes on every root, `rounds` times each, and keeps each side's best round. */
export function timeProcesses(ctags: string, roots: readonly string[], rounds: number): ProcessTimes {
  const ours = (root: string) => [CLI_BIN, 'symbols', root, '--no-cache', '--json'];
  const theirs = (root: string) => ['-R', '--output-format=json', '--fields=+nK', '-o', '-', root];
  let oursBest = Number.POSITIVE_INFINITY;
  let ctagsBest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let oursRound = 0;
    let ctagsRound = 0;
    for (const root of roots) {
      ctagsRound += timed(ctags, theirs(root));
      oursRound += timed(process.execPath, ours(root));
    }
    oursBest = Math.min(oursBest, oursRound);
    ctagsBest = Math.min(ctagsBest, ctagsRound);
  }
  return {
    oursSeconds: oursBest,
    ctagsSeconds: ctagsBest,
    commands: {
      ours: `node ${ours('ROOT').join(' ')}`,
      ctags: `${ctags} ${theirs('ROOT').join(' ')}`,
    },
  };
}
