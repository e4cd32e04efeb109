import { estimateTokens } from '@ctxkit/tokenize';
import { assertCount } from './check-options.js';
import { SUMMARY_HEADER, TASK_SUMMARY_HEADER } from './constants.js';
import { isSummaryMessage } from './summary-message.js';
import {
  commandOfCall,
  DEFAULT_TOOL_NAMES,
  pathsOfCall,
  resolveKind,
  type ToolNameMapping,
} from './tool-names.js';
import { pairCalls } from './turns.js';
import type { CountTokens, Message, ToolCall } from './types.js';

/** A shell command from the dropped messages and how it ended. */
export interface DigestCommand {
  /** The command line (first line, shortened). */
  command: string;
  /** `exit N` when the output states an exit code, else `ok`, `error` or `no result`. */
  status: string;
}

/** A tool call that failed: reported as an error, or a command that exited non-zero. */
export interface DigestFailure {
  /** The tool's name. */
  tool: string;
  /** What it acted on: a path, a command, or the compact input. */
  target: string;
  /** First line of the error output. */
  error: string;
}

/**
 * The must-preserve state of the messages a compaction drops, list-shaped, in the order a model should
 * act on it: files read, files edited, commands with exit status, failed calls, decisions.
 */
export interface Digest {
  /** Files read or opened, first read first. */
  filesRead: string[];
  /** Files edited, created or patched. */
  filesEdited: string[];
  /** Shell commands with how each ended, in order. */
  commands: DigestCommand[];
  /** Calls that failed, in order. */
  failedCalls: DigestFailure[];
  /** What the user asked, and decisions the assistant stated, in order. */
  decisions: string[];
  /** How many messages and tool calls the digest stands for (earlier summaries included). */
  droppedMessages: number;
  /** Tool calls among the dropped messages. */
  toolCalls: number;
}

/** Options for {@link buildDigest}. */
export interface DigestOptions {
  /** Tool name → kind mapping; {@link DEFAULT_TOOL_NAMES} by default. */
  toolNames?: ToolNameMapping;
}

// One readable line per digest item: long enough for a path and an error message, short enough to list many.
const LINE_CHARACTERS = 160;
// Decisions are stated up front; scanning a pasted log for them costs time and finds noise.
const DECISION_SCAN_CHARACTERS = 2000;
const DECISION_PATTERN =
  /\b(?:decid\w*|decision|I'll|I will|we'll|we will|let's|going to|instead|because|the fix|root cause|plan(?:ned)?|should|must|switch\w* to)\b/i;
const EXIT_PATTERNS = [
  /\bexit(?:ed with)? (?:code|status)[:=]?\s*(-?\d+)/i,
  /\breturn ?code[:=]?\s*(-?\d+)/i,
  // Also as a JSON field (`"exit_code": 1`, `"exitCode":1`), as Codex-style shell tools report it.
  /\bexit_?code"?\s*[:=]?\s*(-?\d+)/i,
];

/** First non-empty line of `text`, cut to one readable line. Scans only as far as that line. */
function firstLine(text: string): string {
  const match = /^[ \t\r]*(\S[^\n]*)$/m.exec(text);
  const line = match?.[1] ?? '';
  const head = line.length > LINE_CHARACTERS * 2 ? line.slice(0, LINE_CHARACTERS * 2) : line;
  const trimmed = /\s\s|\t/.test(head) ? head.trim().replace(/\s+/g, ' ') : head.trim();
  return trimmed.length > LINE_CHARACTERS ? `${trimmed.slice(0, LINE_CHARACTERS - 1)}…` : trimmed;
}

const SENTENCE_ENDS = ['. ', '! ', '? ', '\n'];
// One global-flag copy for scanning; its lastIndex is reset on every use, so sharing it is safe.
const DECISION_SEARCH = new RegExp(DECISION_PATTERN.source, 'gi');
// More than a few "decisions" in one message are narration, not decisions.
const DECISIONS_PER_MESSAGE = 3;

/**
 * The sentences of an assistant message that state a decision, at most a few, found around matches of
 * the decision pattern rather than by splitting the whole text (a pasted log can be megabytes).
 */
function decisionSentences(text: string): string[] {
  const pattern = DECISION_SEARCH;
  pattern.lastIndex = 0;
  const head = text.slice(0, DECISION_SCAN_CHARACTERS);
  const sentences: string[] = [];
  let match = pattern.exec(head);
  while (match && sentences.length < DECISIONS_PER_MESSAGE) {
    let start = 0;
    let end = head.length;
    for (const mark of SENTENCE_ENDS) {
      const before = head.lastIndexOf(mark, match.index);
      if (before >= 0) start = Math.max(start, before + mark.length);
      const after = head.indexOf(mark, match.index);
      if (after >= 0) end = Math.min(end, after + (mark === '\n' ? 0 : 1));
    }
    const sentence = head.slice(start, end).trim();
    if (sentence) sentences.push(sentence);
    pattern.lastIndex = Math.max(end, match.index + 1);
    match = pattern.exec(head);
  }
  return sentences;
}

function exitStatus(content: string): number | undefined {
  for (const pattern of EXIT_PATTERNS) {
    const match = pattern.exec(content);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/**
 * A digest being filled in, with a membership set beside each list it dedupes: a long transcript
 * has thousands of entries, and `includes()` on them is quadratic. Lives for one build only.
 */
class DigestBuilder {
  readonly digest = emptyDigest();
  private readonly seen = new Map<string[], Set<string>>();

  /** Append `value` to `list` (one of this digest's lists) unless it is already there. */
  addUnique(list: string[], value: string): void {
    let seen = this.seen.get(list);
    if (!seen) {
      seen = new Set(list);
      this.seen.set(list, seen);
    }
    if (seen.has(value)) return;
    seen.add(value);
    list.push(value);
  }
}

function compactInput(input: unknown): string {
  const text = typeof input === 'string' ? input : (JSON.stringify(input) ?? '');
  return firstLine(text);
}

// A digest with nothing in it yet; building and parsing both fill one in.
function emptyDigest(): Digest {
  return {
    filesRead: [],
    filesEdited: [],
    commands: [],
    failedCalls: [],
    decisions: [],
    droppedMessages: 0,
    toolCalls: 0,
  };
}

/**
 * Build the must-preserve digest of `dropped` (the messages a compaction replaces). Earlier summaries
 * among them are folded in, so repeated compaction never loses what the first one kept. Pure.
 */
export function buildDigest(dropped: readonly Message[], options: DigestOptions = {}): Digest {
  const mapping = options.toolNames ?? DEFAULT_TOOL_NAMES;
  const builder = new DigestBuilder();
  const { digest } = builder;
  const results = new Map<ToolCall, Message['toolResult']>();
  for (const pairing of pairCalls(dropped)) {
    if (pairing.resultIndex !== undefined)
      results.set(pairing.call, dropped[pairing.resultIndex]?.toolResult);
  }
  let lastRead: string | undefined;

  const recordCall = (call: ToolCall) => {
    digest.toolCalls++;
    const result = results.get(call);
    const kind = resolveKind(call.name, call.input, mapping);
    const paths = pathsOfCall(call.name, call.input, mapping);
    let target = paths.join(', ');
    if (kind === 'read') {
      for (const path of paths) builder.addUnique(digest.filesRead, path);
      lastRead = paths[paths.length - 1] ?? lastRead;
    } else if (kind === 'edit') {
      const edited = paths.length > 0 ? paths : lastRead !== undefined ? [lastRead] : [];
      for (const path of edited) builder.addUnique(digest.filesEdited, path);
      target = edited.join(', ');
      if (paths.length > 0) lastRead = paths[paths.length - 1];
    }
    let failed = result?.isError === true;
    if (kind === 'command') {
      const command = firstLine(commandOfCall(call.name, call.input, mapping) ?? compactInput(call.input));
      const code = result ? exitStatus(result.content) : undefined;
      const status =
        code !== undefined
          ? `exit ${code}`
          : result === undefined
            ? 'no result'
            : result.isError
              ? 'error'
              : 'ok';
      if (code !== undefined && code !== 0) failed = true;
      digest.commands.push({ command, status });
      target = command;
    }
    if (failed && result) {
      digest.failedCalls.push({
        tool: call.name,
        target: target || compactInput(call.input),
        error: firstLine(result.content),
      });
    }
  };

  for (const message of dropped) {
    if (isSummaryMessage(message)) {
      mergeDigest(builder, parseDigest(message.text ?? ''));
      continue;
    }
    digest.droppedMessages++;
    if (message.role === 'user' && !message.reminder && message.text?.trim()) {
      builder.addUnique(digest.decisions, `user: ${firstLine(message.text)}`);
    }
    if (message.role === 'assistant') {
      for (const sentence of decisionSentences(message.text ?? ''))
        builder.addUnique(digest.decisions, firstLine(sentence));
      for (const call of message.toolCalls ?? []) recordCall(call);
    }
  }
  return digest;
}

function mergeDigest(builder: DigestBuilder, from: Digest): void {
  const into = builder.digest;
  for (const path of from.filesRead) builder.addUnique(into.filesRead, path);
  for (const path of from.filesEdited) builder.addUnique(into.filesEdited, path);
  into.commands.push(...from.commands);
  into.failedCalls.push(...from.failedCalls);
  for (const decision of from.decisions) builder.addUnique(into.decisions, decision);
  into.droppedMessages += from.droppedMessages;
  into.toolCalls += from.toolCalls;
}

const SECTIONS = ['Files read:', 'Files edited:', 'Commands:', 'Failed calls:', 'Decisions:'] as const;
const MORE_PATTERN = /^- … (\d+) earlier$/;

function renderLists(digest: Digest): string[][] {
  return [
    digest.filesRead,
    digest.filesEdited,
    digest.commands.map((command) => `\`${command.command}\` → ${command.status}`),
    digest.failedCalls.map((failure) => `${failure.tool} ${failure.target} → ${failure.error}`),
    digest.decisions,
  ];
}

/**
 * Where a rendered digest stands: `before-task` replaces earlier turns (a prefix cut at a user message)
 * and comes before the latest user message; `within-task` replaces earlier model turns of the current
 * task and comes right after the task message.
 */
export type DigestPosition = 'before-task' | 'within-task';

/** The resume message that closes every rendered digest: what the summary promises the model. */
export function resumeMessage(_digest: Digest, position: DigestPosition = 'before-task'): string {
  return position === 'within-task'
    ? 'The lists above keep the earlier work on the task above. Continue from the latest step below; do not redo listed work.'
    : 'The lists above keep the work so far. Continue from the latest user message; do not redo listed work.';
}

/** The header line a summary at `position` starts with. */
export function summaryHeader(position: DigestPosition = 'before-task'): string {
  return position === 'within-task' ? TASK_SUMMARY_HEADER : SUMMARY_HEADER;
}

/** Options for {@link renderDigest}. */
export interface RenderDigestOptions {
  /** Token limit for the rendered text; older list items give way first. No limit by default. */
  maxTokens?: number;
  /** Token counter for `maxTokens`; the chars/4 estimate by default. */
  countTokens?: CountTokens;
  /** Where the summary goes, which picks its header and resume message; `before-task` by default. */
  position?: DigestPosition;
}

/** Index of `Files edited:` among the rendered lists: the list a tight limit trims last. */
const EDITED = 1;

/**
 * Render a digest as the summary text: a header line, the five lists in order (empty ones left out),
 * then the resume message. Under `maxTokens`, each list keeps only its most recent items and says how
 * many earlier ones it dropped — every list but the edited files first: those are what a summary must
 * keep (`acceptSummary` requires every one), so they give way only when the other lists, down to their
 * "… N earlier" lines, still leave no room.
 */
export function renderDigest(digest: Digest, options: RenderDigestOptions = {}): string {
  const countTokens = options.countTokens ?? estimateTokens;
  if (options.maxTokens !== undefined) assertCount('renderDigest', 'maxTokens', options.maxTokens);
  const lists = renderLists(digest);
  const edited = lists[EDITED]?.length ?? 0;
  // `limit` items of each list but the edited files, `editedLimit` of those.
  const render = (limit: number, editedLimit = edited) => {
    const messages = `${digest.droppedMessages} message${digest.droppedMessages === 1 ? '' : 's'}`;
    const calls = `${digest.toolCalls} tool call${digest.toolCalls === 1 ? '' : 's'}`;
    const lines = [`${summaryHeader(options.position)} (${messages}, ${calls})`];
    lists.forEach((items, at) => {
      if (items.length === 0) return;
      lines.push(SECTIONS[at] as string);
      const kept = items.slice(Math.max(0, items.length - (at === EDITED ? editedLimit : limit)));
      if (kept.length < items.length) lines.push(`- … ${items.length - kept.length} earlier`);
      for (const item of kept) lines.push(`- ${item}`);
    });
    lines.push(resumeMessage(digest, options.position));
    return lines.join('\n');
  };
  const longest = Math.max(0, ...lists.map((items) => items.length));
  const full = render(longest);
  const maxTokens = options.maxTokens;
  if (maxTokens === undefined || countTokens(full) <= maxTokens) return full;
  // The largest count in [0, high] that `fits`, by bisection (fits is monotone: fewer items, fewer tokens).
  const largest = (high: number, fits: (count: number) => boolean) => {
    let low = 0;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(middle)) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const fits = (text: string) => countTokens(text) <= maxTokens;
  let text = fits(render(0))
    ? render(largest(longest, (limit) => fits(render(limit))))
    : render(
        0,
        largest(edited, (editedLimit) => fits(render(0, editedLimit))),
      );
  // Below even the bare skeleton: cut characters, since the limit is what the caller budgeted.
  while (text.length > 0 && countTokens(text) > maxTokens) {
    text = text.slice(0, Math.floor(text.length * 0.9));
  }
  return text;
}

/** Read a rendered digest back (for folding an earlier summary into the next one). Tolerant of edits. */
export function parseDigest(text: string): Digest {
  const digest = emptyDigest();
  const header = /\((\d+) messages, (\d+) tool calls\)/.exec(text.split('\n', 1)[0] ?? '');
  if (header) {
    digest.droppedMessages = Number(header[1]);
    digest.toolCalls = Number(header[2]);
  }
  let section = -1;
  for (const line of text.split('\n')) {
    const heading = (SECTIONS as readonly string[]).indexOf(line);
    if (heading >= 0) {
      section = heading;
      continue;
    }
    if (!line.startsWith('- ') || section < 0 || MORE_PATTERN.test(line)) continue;
    const item = line.slice(2);
    if (section === 0) digest.filesRead.push(item);
    else if (section === 1) digest.filesEdited.push(item);
    else if (section === 2) {
      const match = /^`(.*)` → (.*)$/.exec(item);
      digest.commands.push(
        match ? { command: match[1] as string, status: match[2] as string } : { command: item, status: 'ok' },
      );
    } else if (section === 3) {
      const [head = '', ...rest] = item.split(' → ');
      const space = head.indexOf(' ');
      digest.failedCalls.push({
        tool: space >= 0 ? head.slice(0, space) : head,
        target: space >= 0 ? head.slice(space + 1) : '',
        error: rest.join(' → '),
      });
    } else digest.decisions.push(item);
  }
  return digest;
}
