import { RECENCY_WINDOW_TURNS } from './constants.js';
import { isSummaryMessage } from './summary-message.js';
import { findLatestUserIndex, findLeadingSystemEnd, findRecencyStart } from './turns.js';
import type { Message } from './types.js';

/**
 * What a stretch of the compacted transcript is, as far as reaching the target goes:
 * - `system`: the leading system messages (instructions), never compacted;
 * - `summary`: summaries compaction inserted (a prefix cut's, or the current task's);
 * - `task`: the latest user message, kept as it is by construction;
 * - `recency-window`: the last {@link RECENCY_WINDOW_TURNS} model turns, never touched;
 * - `earlier-turns`: turns before the task message that no cut removed (`keepTurns`, `keepFraction`,
 *   or no user message to cut at);
 * - `task-turns`: model turns of the current task outside the recency window that no cut removed
 *   (a span too small to be worth a summary).
 */
export type KeptPartName = 'system' | 'summary' | 'task' | 'recency-window' | 'earlier-turns' | 'task-turns';

/** One part of the compacted transcript and what it costs. */
export interface KeptPart {
  /** Which part. */
  part: KeptPartName;
  /** Whether no stage may remove it (system, summary, task, recency window). */
  protected: boolean;
  /** How many messages of the compacted transcript it holds. */
  messages: number;
  /** Their tokens. */
  tokens: number;
}

/** Why a compaction ended above its target, in numbers and one sentence. */
export interface TargetShortfall {
  /** The target, in tokens. */
  targetTokens: number;
  /** Tokens of the compacted transcript. */
  tokens: number;
  /** The stages that changed something, in order (empty when none could). */
  stagesRun: string[];
  /** The compacted transcript by part, in the order above; parts without messages left out. */
  parts: KeptPart[];
  /** Tokens no stage may remove: the protected parts together. */
  protectedTokens: number;
  /** One line: what ran, what is protected and how much that is, and what else stayed and why. */
  reason: string;
}

const PART_ORDER: readonly KeptPartName[] = [
  'system',
  'summary',
  'task',
  'recency-window',
  'earlier-turns',
  'task-turns',
];
const PROTECTED: ReadonlySet<KeptPartName> = new Set(['system', 'summary', 'task', 'recency-window']);
const PART_LABELS: Record<KeptPartName, string> = {
  system: 'system prompt',
  summary: 'summaries',
  task: 'latest user message (the task)',
  'recency-window': `recency window (last ${RECENCY_WINDOW_TURNS} model turns)`,
  'earlier-turns': 'earlier turns kept by keepTurns/keepFraction or with no user message to cut at',
  'task-turns': 'model turns of the task too small to be worth a summary',
};

function formatTokens(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * Explain a compacted transcript that is still above `targetTokens`: split it into its parts (see
 * {@link KeptPartName}) with their tokens, and say in one line what ran and what stayed. Pure; `tokens`
 * are the per-message counts of `messages`; `prefix` starts the reason (why nothing ran, say).
 */
export function explainShortfall(
  messages: readonly Message[],
  tokens: readonly number[],
  targetTokens: number,
  stagesRun: readonly string[],
  prefix = '',
): TargetShortfall {
  const leadingEnd = findLeadingSystemEnd(messages);
  const latestUser = findLatestUserIndex(messages);
  const recencyStart = findRecencyStart(messages);
  const sums = new Map<KeptPartName, { messages: number; tokens: number }>();
  let total = 0;
  messages.forEach((message, index) => {
    let part: KeptPartName;
    if (isSummaryMessage(message)) part = 'summary';
    else if (index < leadingEnd) part = 'system';
    else if (index === latestUser) part = 'task';
    // (With fewer model turns than the window holds, it starts at 0: all of them are recent.)
    else if (index >= recencyStart) part = 'recency-window';
    else if (index < latestUser) part = 'earlier-turns';
    else part = 'task-turns';
    const entry = sums.get(part) ?? { messages: 0, tokens: 0 };
    entry.messages++;
    entry.tokens += tokens[index] ?? 0;
    total += tokens[index] ?? 0;
    sums.set(part, entry);
  });
  const parts: KeptPart[] = PART_ORDER.filter((part) => sums.has(part)).map((part) => ({
    part,
    protected: PROTECTED.has(part),
    messages: sums.get(part)?.messages ?? 0,
    tokens: sums.get(part)?.tokens ?? 0,
  }));
  const protectedTokens = parts.filter((part) => part.protected).reduce((sum, part) => sum + part.tokens, 0);
  const list = (selected: KeptPart[]) =>
    selected.map((part) => `${PART_LABELS[part.part]} ${formatTokens(part.tokens)}`).join(', ');
  const ran = stagesRun.length > 0 ? `after ${stagesRun.join(', ')}` : 'no stage could change anything';
  const protectedParts = parts.filter((part) => part.protected);
  const others = parts.filter((part) => !part.protected);
  let reason = `${prefix}${formatTokens(total)} tokens ${ran}; target ${formatTokens(targetTokens)}. Protected ${formatTokens(protectedTokens)}: ${list(protectedParts)}`;
  reason +=
    protectedTokens > targetTokens
      ? ' — over the target by itself.'
      : others.length > 0
        ? `. Also kept: ${list(others)}.`
        : '.';
  return { targetTokens, tokens: total, stagesRun: [...stagesRun], parts, protectedTokens, reason };
}
