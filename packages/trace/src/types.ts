/** The trace format version this package writes; {@link parseTrace} reads this version only. */
export const TRACE_VERSION = 1;

/**
 * Where a part of a request came from. A task pack's sections (`instructions`, `skills`,
 * `repo-map`, `docs`, `files`, `task`) keep `@ctxkit/context`'s names; a chat request is split into
 * `system`, `tools` (definitions sent outside the messages), `summary` (what an earlier compaction put
 * in place of a cut), `history` (user and assistant turns) and `tool-results`.
 */
export type TraceSectionKind =
  | 'system'
  | 'tools'
  | 'instructions'
  | 'skills'
  | 'repo-map'
  | 'docs'
  | 'files'
  | 'summary'
  | 'history'
  | 'tool-results'
  | 'task';

/** The order sections are listed and stacked in: the order they sit in a prompt. */
export const TRACE_SECTION_ORDER: readonly TraceSectionKind[] = Object.freeze([
  'system',
  'tools',
  'instructions',
  'skills',
  'repo-map',
  'docs',
  'files',
  'summary',
  'history',
  'tool-results',
  'task',
]);

/** One item of a section: a file, a doc, a skill. */
export interface TraceSectionItem {
  /** A path, a title, or the section's name for single-item sections. */
  name: string;
  /** Exact tokens of the item. */
  tokens: number;
  /** Set when the item was cut to fit. */
  truncated?: boolean;
}

/** One part of a request's composition. */
export interface TraceSection {
  /** Which part. */
  kind: TraceSectionKind;
  /** Exact tokens it takes. */
  tokens: number;
  /** What it holds, in prompt order, when it holds several things worth naming. */
  items?: TraceSectionItem[];
}

/** One message of a request. */
export interface TraceMessage {
  /** `system`, `user`, `assistant`, `tool`. */
  role: string;
  /** What the message is when that is not its role alone: a pack section's kind, a tool's name. */
  name?: string;
  /** Exact tokens of the message (its share of the request). */
  tokens: number;
  /** 16 hex digits of a hash of the role, name and text: equal messages have equal hashes. */
  hash: string;
  /** The text, unless the record is redacted. */
  text?: string;
}

/** The model the request was for. */
export interface TraceModel {
  /** The name asked for (`qwen2.5-coder:7b`) or the caller's label. */
  name: string;
  /** The profile it resolved to, when one did. */
  profile?: string;
  /** The model's context window in tokens, when known. */
  window?: number;
}

/** What counted the tokens. */
export interface TraceTokenizer {
  /** `o200k_base`, `cl100k_base`, a Hugging Face tokenizer, `estimate`. */
  name: string;
  /** Whether counts are the model's own (exact) rather than an estimate. */
  exact: boolean;
}

/** The budget block: what the request was allowed and what it used. */
export interface TraceBudget {
  /** The context window. */
  window: number;
  /** Tokens the request's content may use (the window less every reserve). */
  available: number;
  /** Tokens the request's content used. */
  used: number;
  /** Reserves taken off the window, by name (`system`, `tools`, `response`, `slack`). */
  reserves?: Record<string, number>;
  /** Items left out for lack of room, and their tokens. */
  dropped?: { count: number; tokens: number };
  /** Items cut to fit, and the tokens cut away. */
  truncated?: { count: number; tokens: number };
}

/** A file of a task pack in rank order, with why it ranked and what of it was shown. */
export interface TraceFile {
  /** The file, relative and `/`-separated. */
  path: string;
  /** 1 for the best-ranked file. */
  rank: number;
  /** The ranking's score (comparable within one record only). */
  score?: number;
  /**
   * The signals that ranked it (`@ctxkit/repomap`'s reasons): `focus`, `pathMention`, `definition`,
   * `vocabulary`, `pathName`, `message`. Empty for a file reached through references alone.
   */
  reasons: string[];
  /** The task's identifiers found in the file. */
  matched: string[];
  /** `bodies` or `signatures`. */
  mode: string;
  /** The line ranges shown, as `5-12,37` (empty when nothing was shown). */
  lines: string;
  /** Lines in the file. */
  of: number;
  /** In the pack, left out for lack of room, or nothing in it to show. */
  outcome: 'included' | 'dropped' | 'empty';
  /** Tokens the file's excerpt took (or would have taken, when dropped). */
  tokens?: number;
}

/** An item that did not fit. */
export interface TraceDropped {
  /** The section it belonged to. */
  kind: string;
  /** The item. */
  name: string;
  /** Tokens it would have cost. */
  tokens: number;
}

/** A shell command in a digest, and how it ended. */
export interface TraceDigestCommand {
  command: string;
  status: string;
}

/** A failed call in a digest. */
export interface TraceDigestFailure {
  tool: string;
  target: string;
  error: string;
}

/** The must-preserve digest of what a compaction cut (`@ctxkit/compact`'s `Digest`). */
export interface TraceDigest {
  filesRead: string[];
  filesEdited: string[];
  commands: TraceDigestCommand[];
  failedCalls: TraceDigestFailure[];
  decisions: string[];
  droppedMessages: number;
  toolCalls: number;
}

/** One stage of a compaction that changed something. */
export interface TraceStage {
  /** `supersede`, `shorten`, `attachments`, `cut`, `cut-in-task`, `cut-kept-turns`, or `elide` (live elision). */
  stage: string;
  /** Indices of the messages it changed or removed, in the transcript before compaction. */
  messages: number[];
  /** Transcript tokens after the stage. */
  tokensAfter: number;
  /** Tokens the stage removed. */
  removed: number;
  /** For a cut: the digest of what it replaced. */
  digest?: TraceDigest;
}

/** What compaction did before the request was sent. */
export interface TraceCompaction {
  /** Transcript tokens before. */
  before: number;
  /** Transcript tokens after (what was sent, before elision). */
  after: number;
  /** The budget compaction worked against. */
  budget: number;
  /** Fraction of the budget past which it runs. */
  trigger: number;
  /** Fraction of the budget it brings the transcript down to. */
  target: number;
  /** Why nothing was done, when nothing was. */
  skipped?: string;
  /** The stages that changed something, in order. */
  stages: TraceStage[];
  /** The digest of everything cut, when anything was. */
  digest?: TraceDigest;
  /** Tool results sent as the elision marker for this request only. */
  elidedResults?: number;
}

/** How much of the request repeats the start of the previous one: what a prompt cache can reuse. */
export interface TracePrefix {
  /** `seq` of the previous record compared with, or null for the first record. */
  previous: number | null;
  /** Leading messages identical to the previous request's. */
  messages: number;
  /** Tokens of those messages. */
  tokens: number;
  /**
   * Index of the first message that differs from the previous request's (the cache broke there),
   * or null when the previous request is a prefix of this one (or there is none).
   */
  brokeAt: number | null;
}

/** One model request: a line of a trace. */
export interface TraceRecord {
  /** {@link TRACE_VERSION}. */
  version: number;
  /** 0 for the first record of a trace, then one more than the previous record's. */
  seq: number;
  /** What wrote it: `ctxkit pack`, `ctxkit compact`, `ctxkit mcp`, `@ctxkit/ai-sdk`, … */
  source: string;
  /** A task pack, or a chat request (a transcript). */
  kind: 'pack' | 'chat';
  /** When, as an ISO 8601 string, if the writer's shell stamped it (the core reads no clock). */
  time?: string;
  /** A short human label: the task's first line, the conversation's name. */
  label?: string;
  model: TraceModel;
  tokenizer: TraceTokenizer;
  budget: TraceBudget;
  /** Whether message texts were left out (hashes, roles and exact tokens kept). */
  redacted: boolean;
  /** Exact tokens of all messages. */
  tokens: number;
  /** The request's messages, in order. */
  messages: TraceMessage[];
  /** The request's composition, in {@link TRACE_SECTION_ORDER}. */
  sections: TraceSection[];
  /** For a pack: every file considered, in rank order. */
  files?: TraceFile[];
  /** For a pack: what did not fit. */
  dropped?: TraceDropped[];
  /** For a chat request: what compaction and elision did to it. */
  compaction?: TraceCompaction;
  /** The prefix shared with the previous record. */
  prefix: TracePrefix;
}

/** A line of a trace that could not be read, and why. */
export interface TraceProblem {
  /** 1-based line number in the trace file. */
  line: number;
  /** One line saying what was expected and what was found. */
  message: string;
}
