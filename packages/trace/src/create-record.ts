import { hashText } from './hash.js';
import {
  TRACE_SECTION_ORDER,
  TRACE_VERSION,
  type TraceBudget,
  type TraceCompaction,
  type TraceDropped,
  type TraceFile,
  type TraceMessage,
  type TraceModel,
  type TracePrefix,
  type TraceRecord,
  type TraceSection,
  type TraceTokenizer,
} from './types.js';

/** A message as a writer hands it over: its text always, so its hash can be taken even when redacted. */
export interface TraceMessageInput {
  /** `system`, `user`, `assistant`, `tool`. */
  role: string;
  /** A pack section's kind, a tool's name: what the message is beyond its role. */
  name?: string;
  /** The text as sent (a chat message rendered by {@link transcriptTrace}). */
  text: string;
  /** Exact tokens of the message. */
  tokens: number;
}

/** What one request held: everything of a {@link TraceRecord} the writer knows. */
export interface TraceInput {
  source: string;
  kind: TraceRecord['kind'];
  /** Stamped by the shell, if at all: the core reads no clock. */
  time?: string;
  label?: string;
  model: TraceModel;
  tokenizer: TraceTokenizer;
  budget: TraceBudget;
  messages: TraceMessageInput[];
  sections: TraceSection[];
  files?: TraceFile[];
  dropped?: TraceDropped[];
  compaction?: TraceCompaction;
}

/** Options of {@link createTraceRecord}. */
export interface TraceRecordOptions {
  /** The record written before this one (the trace's last line): its `seq` and messages. */
  previous?: Pick<TraceRecord, 'seq' | 'messages'>;
  /** Leave message texts out, keeping roles, exact tokens and hashes. */
  redact?: boolean;
}

/** The hash a trace gives a message: role, name and text, each on its own line. */
export function hashMessage(message: Pick<TraceMessageInput, 'role' | 'name' | 'text'>): string {
  return hashText(`${message.role}\n${message.name ?? ''}\n${message.text}`);
}

/**
 * How many leading messages `messages` shares with `previous` (equal hashes, in order), their tokens,
 * and where the two first differ. A provider's prompt cache can reuse at most this prefix.
 */
export function sharedPrefix(
  messages: readonly Pick<TraceMessage, 'hash' | 'tokens'>[],
  previous?: Pick<TraceRecord, 'seq' | 'messages'>,
): TracePrefix {
  if (!previous) return { previous: null, messages: 0, tokens: 0, brokeAt: null };
  const limit = Math.min(messages.length, previous.messages.length);
  let shared = 0;
  let tokens = 0;
  while (shared < limit && messages[shared]!.hash === previous.messages[shared]!.hash) {
    tokens += messages[shared]!.tokens;
    shared++;
  }
  // Breaking means the previous request's messages did not all carry over: a request that only
  // appends to the previous one keeps the whole cache.
  const brokeAt = shared < previous.messages.length ? shared : null;
  return { previous: previous.seq, messages: shared, tokens, brokeAt };
}

function sortSections(sections: readonly TraceSection[]): TraceSection[] {
  const position = (kind: string) => {
    const at = TRACE_SECTION_ORDER.indexOf(kind as TraceSection['kind']);
    return at < 0 ? TRACE_SECTION_ORDER.length : at;
  };
  // Array.prototype.sort is stable: sections of one kind keep their input order.
  return [...sections].sort((a, b) => position(a.kind) - position(b.kind));
}

/**
 * One trace record from what a request held and the record before it: messages hashed (and their
 * text dropped when redacting), sections in prompt order, the prefix shared with `previous`
 * measured. Pure: the same input gives the same record, and {@link formatTraceLine} the same bytes.
 */
export function createTraceRecord(input: TraceInput, options: TraceRecordOptions = {}): TraceRecord {
  const redact = options.redact === true;
  const messages: TraceMessage[] = input.messages.map((message) => ({
    role: message.role,
    ...(message.name !== undefined ? { name: message.name } : {}),
    tokens: message.tokens,
    hash: hashMessage(message),
    ...(redact ? {} : { text: message.text }),
  }));
  let tokens = 0;
  for (const message of messages) tokens += message.tokens;
  return {
    version: TRACE_VERSION,
    seq: options.previous ? options.previous.seq + 1 : 0,
    source: input.source,
    kind: input.kind,
    ...(input.time !== undefined ? { time: input.time } : {}),
    ...(input.label !== undefined ? { label: input.label } : {}),
    model: input.model,
    tokenizer: input.tokenizer,
    budget: input.budget,
    redacted: redact,
    tokens,
    messages,
    sections: sortSections(input.sections),
    ...(input.files ? { files: input.files } : {}),
    ...(input.dropped ? { dropped: input.dropped } : {}),
    ...(input.compaction ? { compaction: input.compaction } : {}),
    prefix: sharedPrefix(messages, options.previous),
  };
}
