import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isTraceProblem, parseTraceLine, type TraceProblem, type TraceRecord } from '@ctxkit/trace';

/** What one read of a growing trace found: records and unreadable lines, in file order. */
export interface TraceUpdate {
  records: TraceRecord[];
  problems: TraceProblem[];
}

const NEWLINE = 0x0a;

/**
 * Reads a trace file as it grows: each {@link TraceFollower.read} returns the complete lines appended
 * since the last one (a line still being written waits for its newline). Cutting at a newline byte
 * never splits a UTF-8 character. A file that shrank (rewritten) is read again from the start.
 */
export class TraceFollower {
  private offset = 0;
  private line = 1;
  /** Every record read so far. */
  readonly records: TraceRecord[] = [];
  /** Every problem found so far. */
  readonly problems: TraceProblem[] = [];

  constructor(private readonly path: string) {}

  /** Lines appended since the last read (throws the file system's error when the file cannot be read). */
  read(): TraceUpdate {
    const descriptor = openSync(this.path, 'r');
    try {
      const size = fstatSync(descriptor).size;
      if (size < this.offset) {
        this.offset = 0;
        this.line = 1;
        this.records.length = 0;
        this.problems.length = 0;
      }
      if (size === this.offset) return { records: [], problems: [] };
      const buffer = Buffer.alloc(size - this.offset);
      const read = readSync(descriptor, buffer, 0, buffer.length, this.offset);
      const end = buffer.subarray(0, read).lastIndexOf(NEWLINE);
      if (end < 0) return { records: [], problems: [] };
      this.offset += end + 1;
      const update: TraceUpdate = { records: [], problems: [] };
      const lines = buffer.subarray(0, end).toString('utf8').split('\n');
      for (const text of lines) {
        const number = this.line++;
        const line = text.replace(/\r$/, '').replace(/^\uFEFF/, '');
        if (line.trim() === '') continue;
        const parsed = parseTraceLine(line, number);
        if (isTraceProblem(parsed)) update.problems.push(parsed);
        else update.records.push(parsed);
      }
      this.records.push(...update.records);
      this.problems.push(...update.problems);
      return update;
    } finally {
      closeSync(descriptor);
    }
  }
}
