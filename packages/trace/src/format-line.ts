import { canonicalJson } from './canonical-json.js';
import type { TraceRecord } from './types.js';

/** A record as one line of a trace: canonical JSON (keys sorted) and a newline. Append it to the file. */
export function formatTraceLine(record: TraceRecord): string {
  return `${canonicalJson(record)}\n`;
}
