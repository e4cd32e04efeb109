import { OLD_INPUT_FIELD_BYTES, OLD_RESULT_BYTES, TRUNCATION_MARKER } from './constants.js';
import { stringifyInput } from './tokens.js';
import { DEFAULT_TOOL_NAMES, pathsOfCall, type ToolNameMapping } from './tool-names.js';
import type { ToolCall } from './types.js';

// UTF-8 length of one UTF-16 unit at `index`: a surrogate pair is 4 bytes (2 per unit), a lone
// surrogate 3 (it is encoded as U+FFFD). Counted by hand so the core runs where `Buffer` does not
// (edge runtimes, browsers).
function utf8UnitBytes(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  if (code >= 0xd800 && code <= 0xdbff) {
    const next = text.charCodeAt(index + 1);
    return next >= 0xdc00 && next <= 0xdfff ? 2 : 3;
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const previous = text.charCodeAt(index - 1);
    return previous >= 0xd800 && previous <= 0xdbff ? 2 : 3;
  }
  return 3;
}

/** UTF-8 length of `text`, or `limit + 1` as soon as it is known to exceed `limit`. */
function utf8Bytes(text: string, limit = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    bytes += utf8UnitBytes(text, index);
    if (bytes > limit) return limit + 1;
  }
  return bytes;
}

/** The one line that stands where a shortened text's middle was. */
export function truncationMarker(missingBytes: number, files: readonly string[] = []): string {
  const named = files.length > 0 ? `; files: ${files.join(', ')}` : '';
  return `[${missingBytes} bytes ${TRUNCATION_MARKER}${named}]`;
}

// The head gets this share of the room, the tail the rest: the start says what the output is, the end
// how it finished (a shell's last line holds `exit code 1`, a test runner's its summary).
const HEAD_SHARE = 0.6;

/**
 * Shorten `text` to at most `limit` UTF-8 bytes, marker included: its head and its tail, each cut at a
 * line break where one is near, with one marker line between them saying how many bytes are missing
 * (and, for a patch, which files it named). Text within the limit comes back as it is; the result
 * never splits a character.
 */
export function shortenText(
  text: string,
  limit: number = OLD_RESULT_BYTES,
  files: readonly string[] = [],
): string {
  // A UTF-16 unit is at most 3 UTF-8 bytes: short strings need no counting to know they fit.
  if (text.length * 3 <= limit) return text;
  const total = utf8Bytes(text);
  if (total <= limit) return text;
  // Room for head and tail, with the marker sized for the largest count it could show.
  const markerBytes = utf8Bytes(`\n${truncationMarker(total, files)}\n`);
  const room = Math.max(0, limit - markerBytes);
  const headRoom = Math.floor(room * HEAD_SHARE);
  let headEnd = 0;
  let headBytes = 0;
  while (headEnd < text.length) {
    const width = utf8UnitBytes(text, headEnd);
    if (headBytes + width > headRoom) break;
    headBytes += width;
    headEnd++;
  }
  if (/[\uD800-\uDBFF]/.test(text.charAt(headEnd - 1))) {
    headEnd--;
    headBytes -= 2;
  }
  const tailRoom = room - headBytes;
  let tailStart = text.length;
  let tailBytes = 0;
  while (tailStart > headEnd) {
    const width = utf8UnitBytes(text, tailStart - 1);
    if (tailBytes + width > tailRoom) break;
    tailBytes += width;
    tailStart--;
  }
  if (/[\uDC00-\uDFFF]/.test(text.charAt(tailStart)) && tailStart > 0) {
    tailStart++;
    tailBytes -= 2;
  }
  let head = text.slice(0, headEnd);
  let tail = text.slice(tailStart);
  // Whole lines where a line break is near: a half line at either edge reads as garbage.
  const lastBreak = head.lastIndexOf('\n');
  if (lastBreak >= head.length / 2) head = head.slice(0, lastBreak);
  const firstBreak = tail.indexOf('\n');
  if (firstBreak >= 0 && firstBreak < tail.length / 2) tail = tail.slice(firstBreak + 1);
  const missing = total - utf8Bytes(head) - utf8Bytes(tail);
  return `${head}\n${truncationMarker(missing, files)}\n${tail}`;
}

/** Shorten a stale tool result to {@link OLD_RESULT_BYTES}: head and tail, one marker between. */
export function shortenResult(content: string): string {
  return shortenText(content, OLD_RESULT_BYTES);
}

// Shorten every string in `value` longer than `limit` bytes; `undefined` when nothing changed.
function shortenStrings(value: unknown, limit: number, files: readonly string[]): unknown {
  if (typeof value === 'string') {
    const shortened = shortenText(value, limit, files);
    return shortened === value ? undefined : shortened;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = shortenStrings(item, limit, files);
      if (next === undefined) return item;
      changed = true;
      return next;
    });
    return changed ? out : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const next = shortenStrings(item, limit, files);
      out[key] = next === undefined ? item : next;
      if (next !== undefined) changed = true;
    }
    return changed ? out : undefined;
  }
  return undefined;
}

/**
 * Shorten a stale tool call's input the way a stale result is shortened, keeping the call's identity:
 * its id and name, its shape (an object stays an object with the same keys, so every provider still
 * accepts it) and every short field (a path, a command's head). Each string field longer than
 * {@link OLD_INPUT_FIELD_BYTES} keeps its head and tail around one marker; a patch's marker names the
 * files the patch touched, so the digest still finds them. Returns undefined when the input is within
 * {@link OLD_RESULT_BYTES} or nothing in it is long.
 */
export function shortenCallInput(
  call: ToolCall,
  toolNames: ToolNameMapping = DEFAULT_TOOL_NAMES,
): ToolCall | undefined {
  const sent = call.rawInput ?? stringifyInput(call.input);
  if (utf8Bytes(sent, OLD_RESULT_BYTES) <= OLD_RESULT_BYTES) return undefined;
  let input = shortenStrings(call.input, OLD_INPUT_FIELD_BYTES, []);
  if (input === undefined) return undefined;
  // A patch names its files in headers that may sit in the cut middle: the marker names them instead.
  const kept = new Set(pathsOfCall(call.name, input, toolNames));
  const lost = pathsOfCall(call.name, call.input, toolNames).filter((path) => !kept.has(path));
  if (lost.length > 0) input = shortenStrings(call.input, OLD_INPUT_FIELD_BYTES, lost);
  // The raw argument text no longer matches: the shortened input is written out afresh.
  const { rawInput: _rawInput, ...rest } = call;
  return { ...rest, input };
}
