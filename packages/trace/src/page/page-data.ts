import type { TraceProblem, TraceRecord } from '../types.js';

/** A distinct message: role, name (or null), hash, and its text as an index into {@link PageData.texts} (-1: redacted). */
export type PageMessage = [role: string, name: string | null, hash: string, text: number];

/**
 * A record as the page holds it: its messages as a flat list of pairs — an index into
 * {@link PageData.messages} and the tokens the message took in this request.
 */
export type PageRecord = Omit<TraceRecord, 'messages'> & { m: number[] };

/**
 * What the page embeds: each distinct message once, each distinct text once. A long session sends
 * its history again on every request, so a trace repeats most messages hundreds of times; the page
 * keeps one copy and a pair of numbers per repeat.
 */
export interface PageData {
  title: string;
  texts: string[];
  messages: PageMessage[];
  records: PageRecord[];
  problems: TraceProblem[];
  /** Where the live view's events come from (`--serve`), if it is live. */
  events?: string;
}

/** Records as the page's data, messages and texts shared (numbered in first-seen order: stable bytes). */
export function pageData(
  records: readonly TraceRecord[],
  problems: readonly TraceProblem[],
  title: string,
  events?: string,
): PageData {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const messages: PageMessage[] = [];
  const messageIndex = new Map<string, number>();
  const pageRecords = records.map((record): PageRecord => {
    const m: number[] = [];
    for (const message of record.messages) {
      let text = -1;
      if (message.text !== undefined) {
        const known = textIndex.get(message.text);
        if (known === undefined) {
          text = texts.length;
          texts.push(message.text);
          textIndex.set(message.text, text);
        } else text = known;
      }
      const key = `${message.hash}\n${text}\n${message.role}\n${message.name ?? ''}`;
      let id = messageIndex.get(key);
      if (id === undefined) {
        id = messages.length;
        messages.push([message.role, message.name ?? null, message.hash, text]);
        messageIndex.set(key, id);
      }
      m.push(id, message.tokens);
    }
    const { messages: _messages, ...rest } = record;
    return { ...rest, m };
  });
  return {
    title,
    texts,
    messages,
    records: pageRecords,
    problems: [...problems],
    ...(events ? { events } : {}),
  };
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
