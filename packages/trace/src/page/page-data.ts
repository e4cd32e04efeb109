import type { TraceProblem, TraceRecord } from '../types.js';

/** A message as the page holds it: its text an index into {@link PageData.texts} (-1 when redacted). */
export interface PageMessage {
  role: string;
  name?: string;
  tokens: number;
  hash: string;
  text: number;
}

/** A record as the page holds it. */
export type PageRecord = Omit<TraceRecord, 'messages'> & { messages: PageMessage[] };

/**
 * What the page embeds: each distinct message text once. A long session sends its history again on
 * every request, so a trace repeats most texts hundreds of times; the page keeps one copy of each.
 */
export interface PageData {
  title: string;
  texts: string[];
  records: PageRecord[];
  problems: TraceProblem[];
  /** Where the live view's events come from (`--serve`), if it is live. */
  events?: string;
}

/** Records as the page's data, texts shared (numbered in first-seen order, so the bytes are stable). */
export function pageData(
  records: readonly TraceRecord[],
  problems: readonly TraceProblem[],
  title: string,
  events?: string,
): PageData {
  const texts: string[] = [];
  const textIndex = new Map<string, number>();
  const pageRecords = records.map((record): PageRecord => {
    const messages = record.messages.map((message): PageMessage => {
      let text = -1;
      if (message.text !== undefined) {
        const known = textIndex.get(message.text);
        if (known === undefined) {
          text = texts.length;
          texts.push(message.text);
          textIndex.set(message.text, text);
        } else text = known;
      }
      return {
        role: message.role,
        ...(message.name !== undefined ? { name: message.name } : {}),
        tokens: message.tokens,
        hash: message.hash,
        text,
      };
    });
    return { ...record, messages };
  });
  return { title, texts, records: pageRecords, problems: [...problems], ...(events ? { events } : {}) };
}

/** JSON safe inside a `<script>` element: no `</script>` or `<!--` can end or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
