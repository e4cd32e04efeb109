import picomatch from 'picomatch';

/** Why a gated part applies or not, for the report. */
export interface GateDecision {
  /** True when the part should reach the model. */
  applies: boolean;
  /** For a part that does not apply: a one-line reason naming its globs. */
  reason?: string;
}

/**
 * Decide whether a part gated by `globs` applies to `scope`.
 *
 * - No globs: always applies (a rule without paths is a rule for everyone).
 * - Empty scope: always applies (the caller does not know its files yet and must lose nothing).
 * - Otherwise it applies when at least one scope file matches a glob and no `!negated` glob.
 *
 * Globs are relative to `base` (the directory of the file that declares them, `''` for the root),
 * so a nested `packages/web/AGENTS.md` can say `src/**`. A glob without `/` matches file names
 * anywhere below `base` (`*.go`), as in .gitignore.
 */
export function decideGate(
  globs: readonly string[] | undefined,
  scope: readonly string[],
  base: string,
): GateDecision {
  if (globs === undefined || globs.length === 0 || scope.length === 0) return { applies: true };
  const positive = globs.filter((glob) => !glob.startsWith('!'));
  const negative = globs.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
  const isPositive = compile(positive.length > 0 ? positive : ['**']);
  const isNegative = negative.length > 0 ? compile(negative) : () => false;
  const prefix = base === '' ? '' : `${base}/`;
  for (const file of scope) {
    if (!file.startsWith(prefix)) continue;
    const relative = file.slice(prefix.length);
    if (isPositive(relative) && !isNegative(relative)) return { applies: true };
  }
  const where = base === '' ? '' : ` (relative to ${base}/)`;
  return { applies: false, reason: `paths ${globs.join(', ')}${where} match no file in scope` };
}

function compile(globs: string[]): (path: string) => boolean {
  const matchers = globs.map((glob) =>
    picomatch(glob.replace(/^\.?\//, ''), { dot: true, basename: !glob.includes('/') }),
  );
  return (path) => matchers.some((matches) => matches(path));
}
