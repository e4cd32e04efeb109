import { isSummaryMessage, type Message, REMINDER_CLOSE, REMINDER_OPEN } from '@ctxkit/compact';

/** A framework's messages read into the neutral model, with where each neutral message came from. */
export interface ReadMessages {
  /** The neutral messages, in order. */
  messages: Message[];
  /** For each neutral message, the index of the framework message it was read from (ascending). */
  owners: number[];
}

/** How one framework's messages are read into the neutral model and written back. */
export interface MessageCodec<T> {
  /**
   * Neutral messages of `source`; a framework message may give none (an approval), one, or several.
   * A user message whose text is {@link reminderText} reads as a neutral reminder (`reminder: true`,
   * the text unwrapped), so a summary written back by {@link MessageCodec.reminderMessage} is
   * recognised as one on the next request.
   */
  read(source: readonly T[]): ReadMessages;
  /**
   * `message` rebuilt so that its neutral parts read as `after` instead of `before` (same length and
   * order; only tool-result content, attachments or tool-call inputs change). Must not mutate `message`.
   */
  rewrite(message: T, before: readonly Message[], after: readonly Message[]): T;
  /**
   * For a framework that keeps one neutral message as several of its own (the Agents SDK keeps a model
   * turn's text, reasoning and each `function_call` as separate items): `message` owns no neutral part
   * but belongs with the one before it that does, whose parts read `before` and now `after`. Rebuilt
   * the same way as {@link MessageCodec.rewrite}; passed through as it is when absent.
   */
  rewriteAttached?(message: T, before: readonly Message[], after: readonly Message[]): T;
  /** A system message with `text` (the injected context, the summary of a prefix cut at a user message). */
  systemMessage(text: string): T;
  /**
   * A user message whose text is `reminderText(text)`: the summary of earlier model turns of the
   * current task, placed right after the task message. It travels on the user role because every
   * provider accepts that mid-conversation (Anthropic and Google reject a system message there).
   */
  reminderMessage(text: string): T;
  /** A serialized form equal for equal messages: what "the conversation is unchanged" compares. */
  key(message: T): string;
}

/** The user text a neutral reminder is sent as: wrapped the way `@ctxkit/compact`'s adapters write it. */
export function reminderText(text: string): string {
  return `${REMINDER_OPEN}${text}${REMINDER_CLOSE}`;
}

/** Neutral fields of user text: text wrapped as a reminder reads as `reminder: true`, unwrapped. */
export function parseUserText(text: string): Pick<Message, 'text' | 'reminder'> {
  if (
    text.length >= REMINDER_OPEN.length + REMINDER_CLOSE.length &&
    text.startsWith(REMINDER_OPEN) &&
    text.endsWith(REMINDER_CLOSE)
  ) {
    return { text: text.slice(REMINDER_OPEN.length, text.length - REMINDER_CLOSE.length), reminder: true };
  }
  return { text };
}

/** Where each neutral input message went, and which summaries go where. */
interface Alignment {
  /** For each input message, the index of the output message it became; -1 when a cut removed it. */
  mapped: number[];
  /** Summaries inserted before input index k (k = input length: at the end), by k. */
  inserted: Map<number, Message[]>;
}

/**
 * Align `output` with `input` when compaction removed the input messages `removed` (every cut's span)
 * and inserted summaries: the output is the input in order, with removed messages gone, some messages
 * rewritten in place, and each summary a new object where its span began.
 */
function align(
  input: readonly Message[],
  output: readonly Message[],
  removed: ReadonlySet<number>,
): Alignment {
  const mapped = new Array<number>(input.length).fill(-1);
  const inserted = new Map<number, Message[]>();
  const inputs = new Set(input);
  let next = 0;
  for (let at = 0; at < output.length; at++) {
    const message = output[at] as Message;
    if (isSummaryMessage(message) && !inputs.has(message)) {
      // A summary compaction inserted: it stands where its span began (the input `next` points at).
      const list = inserted.get(next) ?? [];
      list.push(message);
      inserted.set(next, list);
      continue;
    }
    while (next < input.length && removed.has(next)) next++;
    if (next >= input.length) {
      throw new Error(`ctxkit: internal error: output message ${at} has no input message left to stand for`);
    }
    mapped[next] = at;
    next++;
  }
  while (next < input.length && removed.has(next)) next++;
  if (next !== input.length) {
    throw new Error(
      `ctxkit: internal error: ${output.length} messages came back for ${input.length} read, ${removed.size} removed`,
    );
  }
  return { mapped, inserted };
}

/**
 * Write neutral `output` back as framework messages. `output` is `read.messages` with some messages
 * replaced at the same position, and, when compaction cut, the input messages `removed` gone and each
 * cut's summary inserted where its span began (a system message for a prefix cut at a user message,
 * a user reminder for a cut inside the current task). A framework message whose neutral parts are all
 * unchanged is passed through as the same object (its bytes, provider options and fields the neutral
 * model does not carry stay as they were); one with changed parts is rebuilt by the codec; one whose
 * parts were all removed is dropped, with the messages after it that have no neutral form (an
 * approval); a summary becomes the codec's system message or reminder.
 */
export function writeBack<T>(
  source: readonly T[],
  read: ReadMessages,
  output: readonly Message[],
  codec: MessageCodec<T>,
  removed: ReadonlySet<number> = new Set(),
): T[] {
  let alignment: Alignment;
  if (removed.size === 0 && output.length === read.messages.length) {
    alignment = { mapped: output.map((_message, index) => index), inserted: new Map() };
  } else {
    alignment = align(read.messages, output, removed);
  }
  const { mapped, inserted } = alignment;
  const summary = (message: Message): T =>
    message.role === 'system'
      ? codec.systemMessage(message.text ?? '')
      : codec.reminderMessage(message.text ?? '');
  const out: T[] = [];
  let next = 0;
  // The latest framework message that owns neutral parts: dropped, or kept with these parts.
  let group: { dropped: boolean; before: Message[]; after: Message[]; changed: boolean } | undefined;
  for (let index = 0; index < source.length; index++) {
    const first = next;
    while (next < read.owners.length && read.owners[next] === index) next++;
    const message = source[index] as T;
    if (next === first) {
      // No neutral form: it goes (or is rebuilt) with the message it follows.
      if (group?.dropped) continue;
      out.push(
        group?.changed && codec.rewriteAttached
          ? codec.rewriteAttached(message, group.before, group.after)
          : message,
      );
      continue;
    }
    let gone = 0;
    for (let neutral = first; neutral < next; neutral++) if (mapped[neutral] === -1) gone++;
    const dropped = gone === next - first;
    if ((gone > 0 && !dropped) || (!dropped && hasInsertedWithin(inserted, first + 1, next))) {
      throw new Error(
        `ctxkit: internal error: a cut at neutral message ${first}..${next} splits a framework message`,
      );
    }
    for (let neutral = first; neutral < next; neutral++)
      for (const inserted_ of inserted.get(neutral) ?? []) out.push(summary(inserted_));
    if (dropped) {
      group = { dropped: true, before: [], after: [], changed: false };
      continue;
    }
    const before = read.messages.slice(first, next);
    const after = before.map((_message, at) => output[mapped[first + at] as number] as Message);
    const changed = after.some((part, at) => part !== before[at]);
    group = { dropped: false, before, after, changed };
    out.push(changed ? codec.rewrite(message, before, after) : message);
  }
  for (const inserted_ of inserted.get(read.messages.length) ?? []) out.push(summary(inserted_));
  return out;
}

function hasInsertedWithin(inserted: ReadonlyMap<number, Message[]>, from: number, to: number): boolean {
  for (let neutral = from; neutral < to; neutral++) if (inserted.get(neutral)?.length) return true;
  return false;
}
