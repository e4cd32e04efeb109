/** Wraps text in one terminal style; the identity function when colour is off. */
export type Style = (text: string) => string;

/** The handful of styles ctxkit's human output uses, all no-ops when colour is disabled. */
export interface Colors {
  /** Whether these styles emit escape codes at all. */
  readonly enabled: boolean;
  bold: Style;
  dim: Style;
  red: Style;
  green: Style;
  yellow: Style;
  cyan: Style;
}

// Plain SGR codes: every terminal that claims a TTY understands these, no dependency needed.
function sgr(open: number, close: number): Style {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity: Style = (text) => text;

/** Styles for a stream: real escape codes when `enabled`, otherwise text passes through untouched. */
export function createColors(enabled: boolean): Colors {
  if (!enabled) {
    return {
      enabled,
      bold: identity,
      dim: identity,
      red: identity,
      green: identity,
      yellow: identity,
      cyan: identity,
    };
  }
  return {
    enabled,
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    green: sgr(32, 39),
    yellow: sgr(33, 39),
    cyan: sgr(36, 39),
  };
}

/** What decides whether output is coloured; gathered by the shell so this stays a pure function. */
export interface ColorSignals {
  /** Whether the stream being written is a terminal. */
  isTTY: boolean;
  /** `false` when the user passed `--no-color`. */
  colorFlag: boolean;
  /** The value of the `NO_COLOR` environment variable, if set. */
  noColorEnv: string | undefined;
}

/**
 * Colour only on a terminal, and never when asked not to: `--no-color`, or `NO_COLOR` set to a
 * non-empty value (the no-color.org convention: an empty NO_COLOR does not count).
 */
export function shouldUseColor(signals: ColorSignals): boolean {
  if (!signals.colorFlag) return false;
  if (signals.noColorEnv !== undefined && signals.noColorEnv !== '') return false;
  return signals.isTTY;
}

const ANSI_PATTERN = /\u001b\[[0-9;]*m/g;

/** `text` without colour escape codes: what a reader sees, used to measure column widths. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/** Visible width of `text` in terminal columns (code points, escape codes excluded). */
export function visibleWidth(text: string): number {
  return [...stripAnsi(text)].length;
}
