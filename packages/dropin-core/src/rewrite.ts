import type { Message } from '@ctxkit/compact';

/** A framework's messages read into the neutral model, with where each neutral message came from. */
export interface ReadMessages {
  /** The neutral messages, in order. */
  messages: Message[];
  /** For each neutral message, the index of the framework message it was read from (ascending). */
  owners: number[];
}

/** How one framework's messages are read into the neutral model and written back. */
export interface MessageCodec<T> {
  /** Neutral messages of `source`; a framework message may give none (an approval), one, or several. */
  read(source: readonly T[]): ReadMessages;
  /**
   * `message` rebuilt so that its neutral parts read as `after` instead of `before` (same length and
   * order; only tool-result content, attachments or tool-call inputs change). Must not mutate `message`.
   */
  rewrite(message: T, before: readonly Message[], after: readonly Message[]): T;
  /** A system message with `text` (the injected context, a compaction summary). */
  systemMessage(text: string): T;
  /** A serialized form equal for equal messages: what "the conversation is unchanged" compares. */
  key(message: T): string;
}

/** A neutral range replaced by one message (compaction's `cut` stage). */
export interface CutRange {
  /** First neutral index replaced. */
  from: number;
  /** First neutral index kept after the replacement. */
  to: number;
}

/**
 * Write neutral `output` back as framework messages. `output` is `read.messages` with some messages
 * replaced at the same index, and, when `cut` is given, `[cut.from, cut.to)` replaced by one summary.
 * A framework message whose neutral parts are all unchanged is passed through as the same object (its
 * bytes, provider options and fields the neutral model does not carry stay as they were); one with
 * changed parts is rebuilt by the codec; a range cut away becomes one system message.
 */
export function writeBack<T>(
  source: readonly T[],
  read: ReadMessages,
  output: readonly Message[],
  codec: MessageCodec<T>,
  cut?: CutRange,
): T[] {
  const removed = cut ? cut.to - cut.from - 1 : 0;
  if (output.length !== read.messages.length - removed) {
    throw new Error(
      `ctxkit: internal error: ${output.length} messages came back for ${read.messages.length} read (cut ${JSON.stringify(cut)})`,
    );
  }
  // Framework messages [dropFrom, dropTo) are what the cut removes.
  let dropFrom = source.length;
  let dropTo = source.length;
  if (cut) {
    dropFrom = read.owners[cut.from] as number;
    dropTo = cut.to < read.owners.length ? (read.owners[cut.to] as number) : source.length;
    const splitsStart = cut.from > 0 && read.owners[cut.from - 1] === dropFrom;
    const splitsEnd = cut.to < read.owners.length && read.owners[cut.to - 1] === dropTo;
    if (splitsStart || splitsEnd) {
      throw new Error(`ctxkit: internal error: a cut at ${cut.from}..${cut.to} splits a framework message`);
    }
  }
  const out: T[] = [];
  let next = 0;
  for (let index = 0; index < source.length; index++) {
    const first = next;
    while (next < read.owners.length && read.owners[next] === index) next++;
    if (index >= dropFrom && index < dropTo) {
      if (index === dropFrom) {
        const summary = output[cut?.from ?? 0] as Message;
        out.push(codec.systemMessage(summary.text ?? ''));
      }
      continue;
    }
    const message = source[index] as T;
    if (next === first) {
      out.push(message);
      continue;
    }
    const before = read.messages.slice(first, next);
    const after = before.map((_message, at) => {
      const neutral = first + at;
      return output[cut && neutral >= cut.to ? neutral - removed : neutral] as Message;
    });
    out.push(
      after.every((part, at) => part === before[at]) ? message : codec.rewrite(message, before, after),
    );
  }
  return out;
}
