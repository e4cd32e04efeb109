import { describeValue as describe } from '@ctxkit/internal';
import { TRACE_VERSION, type TraceProblem, type TraceRecord } from './types.js';

/** What {@link parseTrace} read: the records in file order, and every line it could not read. */
export interface ParsedTrace {
  records: TraceRecord[];
  problems: TraceProblem[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The first thing wrong with a parsed line's shape, or undefined when it is a record the page can show. */
function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return `expected a JSON object, found ${describe(value)}`;
  if (value.version !== TRACE_VERSION)
    return `expected trace version ${TRACE_VERSION}, found ${describe(value.version)}`;
  if (!Number.isInteger(value.seq))
    return `expected "seq" to be a whole number, found ${describe(value.seq)}`;
  if (typeof value.source !== 'string')
    return `expected "source" to be a string, found ${describe(value.source)}`;
  if (value.kind !== 'pack' && value.kind !== 'chat')
    return `expected "kind" to be "pack" or "chat", found ${describe(value.kind)}`;
  if (!isObject(value.model) || typeof value.model.name !== 'string')
    return 'expected "model" to be an object with a "name"';
  if (!isObject(value.tokenizer) || typeof value.tokenizer.name !== 'string')
    return 'expected "tokenizer" to be an object with a "name"';
  const budget = value.budget;
  if (!isObject(budget) || !isCount(budget.window) || !isCount(budget.available) || !isCount(budget.used))
    return 'expected "budget" to be an object with numbers "window", "available" and "used"';
  if (!isCount(value.tokens)) return `expected "tokens" to be a number, found ${describe(value.tokens)}`;
  if (!Array.isArray(value.messages))
    return `expected "messages" to be an array, found ${describe(value.messages)}`;
  for (const [index, message] of value.messages.entries()) {
    if (
      !isObject(message) ||
      typeof message.role !== 'string' ||
      !isCount(message.tokens) ||
      typeof message.hash !== 'string'
    )
      return `expected message ${index} to have a "role", "tokens" and a "hash"`;
  }
  if (!Array.isArray(value.sections))
    return `expected "sections" to be an array, found ${describe(value.sections)}`;
  for (const [index, section] of value.sections.entries()) {
    if (!isObject(section) || typeof section.kind !== 'string' || !isCount(section.tokens))
      return `expected section ${index} to have a "kind" and "tokens"`;
  }
  if (!isObject(value.prefix) || !isCount(value.prefix.messages) || !isCount(value.prefix.tokens))
    return 'expected "prefix" to be an object with numbers "messages" and "tokens"';
  return undefined;
}

/**
 * One line of a trace as a record, or the problem with it. `line` is the 1-based line number the
 * problem names.
 */
export function parseTraceLine(text: string, line: number): TraceRecord | TraceProblem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { line, message: `expected JSON, ${(error as Error).message.split('\n')[0]}` };
  }
  const problem = shapeProblem(value);
  return problem === undefined ? (value as TraceRecord) : { line, message: problem };
}

/** Whether {@link parseTraceLine} returned a problem. */
export function isTraceProblem(value: TraceRecord | TraceProblem): value is TraceProblem {
  return 'line' in value && 'message' in value && !('version' in value);
}

/**
 * Every record of a trace (JSON Lines: one record per line). Blank lines are skipped; a line that is
 * not a record is reported with its line number and the rest are still read. `firstLine` numbers the
 * first line of `text` (for a chunk read from the middle of a growing file).
 */
export function parseTrace(text: string, firstLine = 1): ParsedTrace {
  const records: TraceRecord[] = [];
  const problems: TraceProblem[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    const parsed = parseTraceLine(line, firstLine + index);
    if (isTraceProblem(parsed)) problems.push(parsed);
    else records.push(parsed);
  }
  return { records, problems };
}
