import { UserError } from '../errors.js';

/**
 * A command prints one thing: two output flags at once (`--json --text`, `--json --block`) is a
 * usage error, not a silent choice of one. `modes` maps each flag, as the user writes it, to
 * whether it was given (the global `--json` included).
 */
export function requireOneOutputMode(modes: Readonly<Record<string, boolean | undefined>>): void {
  const given = Object.keys(modes).filter((flag) => modes[flag] === true);
  if (given.length > 1)
    throw new UserError(`${given.join(' and ')} cannot be used together; choose one output`);
}
