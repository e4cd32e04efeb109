import { appendFileSync, closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  createTraceRecord,
  formatTraceLine,
  isTraceProblem,
  parseTraceLine,
  type TraceInput,
  type TraceRecord,
} from '@ctxkit/trace';
import { fileUserError, UserError } from '../errors.js';

/** How `--trace FILE` is asked for: the file, and whether texts are left out (`--trace-redact`). */
export interface TraceTarget {
  /** The trace file as the user named it. */
  file: string;
  /** Resolved against the command's directory (`--cwd`, or a served request's). */
  path: string;
  redact: boolean;
}

/** The `--trace` options of a command as a target, or undefined when no trace was asked for. */
export function traceTarget(
  cwd: string,
  options: { trace?: string; traceRedact?: boolean },
): TraceTarget | undefined {
  if (options.trace === undefined) {
    if (options.traceRedact) throw new UserError('--trace-redact needs --trace FILE');
    return undefined;
  }
  if (options.trace.trim() === '') throw new UserError('--trace expects a file, found an empty argument');
  return { file: options.trace, path: resolve(cwd, options.trace), redact: options.traceRedact === true };
}

// Read backwards in chunks this size until the start of the last line is in hand.
const TAIL_CHUNK_BYTES = 1 << 16;

/** The last non-empty line of a file, read from its end (a long session's trace is large), or undefined. */
export function readLastLine(path: string): string | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    let end = fstatSync(descriptor).size;
    let tail = Buffer.alloc(0);
    while (end > 0) {
      const start = Math.max(0, end - TAIL_CHUNK_BYTES);
      const chunk = Buffer.alloc(end - start);
      readSync(descriptor, chunk, 0, chunk.length, start);
      tail = Buffer.concat([chunk, tail]);
      end = start;
      const text = tail.toString('utf8').replace(/\n+$/, '');
      const newline = text.lastIndexOf('\n');
      if (newline >= 0 || end === 0) {
        const line = text.slice(newline + 1);
        return line.trim() === '' ? undefined : line;
      }
    }
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}

/** Whether a non-empty file's last byte is not a newline (a write cut off): the next line must start afresh. */
function endsMidLine(path: string): boolean {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  try {
    const size = fstatSync(descriptor).size;
    if (size === 0) return false;
    const last = Buffer.alloc(1);
    readSync(descriptor, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Append one record for `input` to the trace: numbered after the file's last record, its prefix
 * measured against it, stamped with `time`. A last line that is not a record (a cut-off write) is
 * compared with nothing, and the new record starts on a line of its own.
 */
export function appendTraceRecord(target: TraceTarget, input: TraceInput, time: Date): TraceRecord {
  let previous: TraceRecord | undefined;
  let separator = '';
  try {
    if (endsMidLine(target.path)) separator = '\n';
    const last = readLastLine(target.path);
    if (last !== undefined) {
      const parsed = parseTraceLine(last, 0);
      if (!isTraceProblem(parsed)) previous = parsed;
    }
  } catch (error) {
    throw fileUserError(error, target.file) ?? error;
  }
  const record = createTraceRecord(
    { ...input, time: time.toISOString() },
    { ...(previous ? { previous } : {}), redact: target.redact },
  );
  try {
    appendFileSync(target.path, separator + formatTraceLine(record));
  } catch (error) {
    throw fileUserError(error, target.file) ?? error;
  }
  return record;
}
