// How a fetch plan reads in the terminal: one line per step, the commands it runs under it, as a
// person could paste them into a shell.
import type { Command, FetchPlan, FetchStep, StepStatus } from './plan.js';

const WORDS: Record<StepStatus, string> = {
  present: 'present',
  run: 'fetch',
  todo: 'to do',
  missing: 'missing',
};

/** One word for the shell: bare when it is plainly safe, else single-quoted. */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./^-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** A command as one shell line: `cd DIR && VAR=value argv…`. */
export function formatCommand(command: Command): string {
  const env = Object.entries(command.env ?? {}).map(([name, value]) => `${name}=${shellQuote(value)}`);
  const line = [...env, ...command.argv.map(shellQuote)].join(' ');
  return command.cwd === undefined ? line : `cd ${shellQuote(command.cwd)} && ${line}`;
}

/** A step's line: status, what, for which benches, and its note. */
export function formatStep(step: FetchStep): string {
  const benches = step.benches.length === 0 ? '' : ` (${step.benches.join(', ')})`;
  const note = step.note === undefined ? '' : `: ${step.note}`;
  return `${WORDS[step.status].padEnd(8)}${step.label}${benches}${note}`;
}

/** How many steps of each status. */
export function countSteps(plan: FetchPlan): Record<StepStatus, number> {
  const counts: Record<StepStatus, number> = { present: 0, run: 0, todo: 0, missing: 0 };
  for (const step of plan.steps) counts[step.status] += 1;
  return counts;
}

/** The whole plan, as `--dry-run` prints it. */
export function formatPlan(plan: FetchPlan): string {
  const lines: string[] = [];
  for (const step of plan.steps) {
    lines.push(formatStep(step));
    for (const command of step.commands) lines.push(`        $ ${formatCommand(command)}`);
  }
  if (plan.steps.length === 0) lines.push('nothing to fetch: the repository holds what these benches read');
  const counts = countSteps(plan);
  lines.push(
    `${counts.present} present, ${counts.run} to fetch, ${counts.todo} to do by hand, ${counts.missing} missing`,
  );
  if (plan.next.length > 0) lines.push('then:', ...plan.next.map((line) => `  ${line}`));
  return `${lines.join('\n')}\n`;
}
