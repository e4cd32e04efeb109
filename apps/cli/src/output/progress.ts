/** Reports how far a long piece of work has got. */
export interface ProgressReporter {
  /** Record progress: `done` of `total` items (total unknown: omit it). */
  update(done: number, total?: number): void;
  /** The work is over: erase the progress line if one was drawn. */
  done(): void;
}

/** A reporter that does nothing: pipes, `--quiet`, `--json` consumers and tests. */
export const SILENT_PROGRESS: ProgressReporter = { update() {}, done() {} };

/** Work shorter than this never shows progress: a flash of text is noise, not information. */
export const PROGRESS_DELAY_MS = 300;
/** Redraw at most this often; terminals do not need more and slow ones stutter. */
export const PROGRESS_REDRAW_MS = 100;

const CLEAR_LINE = '\r\u001b[2K';

/** The text of one progress line, e.g. `mapping repository 120/431 (28%)`. Pure, for tests. */
export function renderProgressLine(label: string, done: number, total: number | undefined): string {
  if (total === undefined || total <= 0) return done === 0 ? `${label}…` : `${label} ${done}`;
  const percent = Math.min(100, Math.floor((done / total) * 100));
  return `${label} ${done}/${total} (${percent}%)`;
}

/** Where progress goes and when to draw it. */
export interface ProgressOptions {
  /** The stream to draw on (stderr: stdout belongs to results). */
  stream: NodeJS.WritableStream;
  /** What is being done, e.g. `mapping repository`. */
  label: string;
  /** Draw at all? The shell passes `stderr is a TTY && !quiet`. */
  enabled: boolean;
  /** Milliseconds before the first draw; {@link PROGRESS_DELAY_MS} by default. */
  delayMs?: number;
}

/**
 * A progress line on a terminal for work that takes longer than ~300 ms, redrawn in place and
 * erased when the work is done; nothing at all when `enabled` is false.
 */
export function createProgress(options: ProgressOptions): ProgressReporter {
  if (!options.enabled) return SILENT_PROGRESS;
  const delayMs = options.delayMs ?? PROGRESS_DELAY_MS;
  let done = 0;
  let total: number | undefined;
  let drawn = false;
  let finished = false;
  const draw = () => {
    options.stream.write(CLEAR_LINE + renderProgressLine(options.label, done, total));
    drawn = true;
  };
  let interval: NodeJS.Timeout | undefined;
  const delay = setTimeout(() => {
    draw();
    interval = setInterval(draw, PROGRESS_REDRAW_MS);
    interval.unref();
  }, delayMs);
  // Progress must never keep the process alive on its own.
  delay.unref();
  return {
    update(nextDone, nextTotal) {
      done = nextDone;
      total = nextTotal;
    },
    done() {
      if (finished) return;
      finished = true;
      clearTimeout(delay);
      if (interval) clearInterval(interval);
      if (drawn) options.stream.write(CLEAR_LINE);
    },
  };
}
