import { type CountTokens, countMessageTokens, isSummaryMessage, type Message } from '@ctxkit/compact';
import { compareStrings } from '@ctxkit/internal';
import { canonicalJson } from './canonical-json.js';
import type { TraceMessageInput } from './create-record.js';
import type { TraceSection, TraceSectionKind } from './types.js';

/** Options of {@link transcriptTrace}. */
export interface TranscriptTraceOptions {
  /** Tokens the request spends outside its messages (tool definitions): a `tools` section. */
  toolTokens?: number;
}

/** A neutral message's tool calls, result, reasoning and attachments as readable text, one part a line. */
export function renderMessageText(message: Message): string {
  const parts: string[] = [];
  if (message.reasoning?.text) parts.push(`(reasoning) ${message.reasoning.text}`);
  if (message.text !== undefined && message.text !== '') parts.push(message.text);
  for (const call of message.toolCalls ?? []) {
    const input = call.rawInput ?? (typeof call.input === 'string' ? call.input : canonicalJson(call.input));
    parts.push(`→ ${call.name}(${input}) [${call.id}]`);
  }
  if (message.toolResult) {
    const result = message.toolResult;
    parts.push(`${result.isError ? '← error' : '←'} [${result.callId}] ${result.content}`);
  }
  for (const attachment of [...(message.attachments ?? []), ...(message.toolResult?.attachments ?? [])]) {
    parts.push(`[${attachment.type} ${attachment.name ?? attachment.mediaType}]`);
  }
  return parts.join('\n');
}

function sectionOf(message: Message): TraceSectionKind {
  if (isSummaryMessage(message)) return 'summary';
  if (message.role === 'system') return 'system';
  if (message.role === 'tool') return 'tool-results';
  return 'history';
}

/**
 * A chat request's messages as trace input — each rendered as text and counted exactly — and its
 * composition: system, tool definitions, summaries of earlier cuts, history, tool results (with one
 * item per tool name). Tool results are named after the tool that produced them.
 */
export function transcriptTrace(
  messages: readonly Message[],
  countTokens: CountTokens,
  options: TranscriptTraceOptions = {},
): { messages: TraceMessageInput[]; sections: TraceSection[] } {
  const toolOf = new Map<string, string>();
  const totals = new Map<TraceSectionKind, number>();
  const perTool = new Map<string, number>();
  const entries: TraceMessageInput[] = [];
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) toolOf.set(call.id, call.name);
    const tokens = countMessageTokens(message, countTokens);
    const name = message.toolResult ? toolOf.get(message.toolResult.callId) : undefined;
    entries.push({
      role: message.role,
      ...(name !== undefined ? { name } : {}),
      text: renderMessageText(message),
      tokens,
    });
    const kind = sectionOf(message);
    totals.set(kind, (totals.get(kind) ?? 0) + tokens);
    if (kind === 'tool-results') perTool.set(name ?? '?', (perTool.get(name ?? '?') ?? 0) + tokens);
  }
  const sections: TraceSection[] = [];
  const toolTokens = options.toolTokens ?? 0;
  if (toolTokens > 0) sections.push({ kind: 'tools', tokens: toolTokens });
  for (const kind of ['system', 'summary', 'history', 'tool-results'] as const) {
    const tokens = totals.get(kind);
    if (tokens === undefined) continue;
    if (kind !== 'tool-results') {
      sections.push({ kind, tokens });
      continue;
    }
    const items = [...perTool.entries()]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([tool, count]) => ({ name: tool, tokens: count }));
    sections.push({ kind, tokens, items });
  }
  return { messages: entries, sections };
}
