import {
  type Budget,
  type ComposedPack,
  formatSpans,
  type PackSectionKind,
  type ProfileResolution,
} from '@ctxkit/context';
import type { RankedFile } from '@ctxkit/repomap';
import type { TraceFile, TraceInput, TraceMessageInput } from '@ctxkit/trace';
import { excerptOutcome } from '../commands/pack.js';

/** What a trace records of a pack: the pack, how its budget came about, the task and the ranking. */
export interface TracedPack {
  resolution: ProfileResolution;
  budget: Budget;
  pack: ComposedPack;
  task: string;
  /** The repo map's ranking, best first. */
  ranking: readonly RankedFile[];
}

// How each section's blocks open and close in a pack's text (`@ctxkit/context`'s buildPack).
const BLOCK_OPENERS: Record<PackSectionKind, string> = {
  instructions: '<instructions',
  skills: '<skills',
  'repo-map': '<repo-map',
  docs: '<doc ',
  files: '<file ',
  task: '<task>',
};
const BLOCK_CLOSERS: Record<PackSectionKind, string> = {
  instructions: '</instructions>',
  skills: '</skills>',
  'repo-map': '</repo-map>',
  docs: '</doc>',
  files: '</file>',
  task: '</task>',
};

// Blocks of a pack are joined by one blank line.
const BLOCK_SEPARATOR = '\n\n';

/** A label for the timeline: the task's first line, shortened. */
export function taskLabel(task: string): string {
  const line = task.trim().split('\n')[0]!.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/**
 * The pack as trace messages, one per block (an instruction file set, the skills, the map, each doc
 * and file, the task), so that two packs are compared block by block for the prefix a cache keeps.
 * A block ends where its closing tag is followed by a blank line and the next item's opening tag,
 * in the order the sections list them; if any block does not open and close as its kind does, the
 * pack is recorded as one message.
 */
export function packMessages(gathered: Pick<TracedPack, 'pack'>): TraceMessageInput[] {
  const { pack } = gathered;
  const items = pack.sections.flatMap((section) =>
    section.items.map((item) => ({ kind: section.kind, item })),
  );
  const whole: TraceMessageInput[] = [
    { role: 'user', name: 'pack', text: pack.text, tokens: pack.budget.used },
  ];
  if (items.length === 0) return whole;
  const blocks: TraceMessageInput[] = [];
  let start = 0;
  for (let index = 0; index < items.length; index++) {
    const { kind, item } = items[index]!;
    const next = items[index + 1];
    let end = pack.text.length;
    if (next) {
      const boundary = `${BLOCK_CLOSERS[kind]}${BLOCK_SEPARATOR}${BLOCK_OPENERS[next.kind]}`;
      const at = pack.text.indexOf(boundary, start);
      if (at < 0) return whole;
      end = at + BLOCK_CLOSERS[kind].length;
    }
    const text = pack.text.slice(start, end);
    // The pack's text ends with a newline after its last block.
    const closed = text.replace(/\n+$/, '').endsWith(BLOCK_CLOSERS[kind]);
    if (!text.startsWith(BLOCK_OPENERS[kind]) || !closed) return whole;
    blocks.push({
      role: 'user',
      name: kind === 'files' || kind === 'docs' ? `${kind}: ${item.name}` : kind,
      text,
      tokens: item.tokens,
    });
    start = end + BLOCK_SEPARATOR.length;
  }
  return blocks;
}

/** The ranked files of a pack for a trace: rank and score from the map, why, and what was shown. */
export function packFiles(gathered: Pick<TracedPack, 'pack' | 'ranking'>): TraceFile[] {
  const { pack } = gathered;
  const wanted = new Set(pack.excerpts.map((excerpt) => excerpt.path));
  const rankOf = new Map<string, { rank: number; score: number }>();
  for (let index = 0; index < gathered.ranking.length && rankOf.size < wanted.size; index++) {
    const entry = gathered.ranking[index]!;
    if (wanted.has(entry.path)) rankOf.set(entry.path, { rank: index + 1, score: entry.score });
  }
  const tokensOf = new Map<string, number>();
  for (const section of pack.sections)
    if (section.kind === 'files') for (const item of section.items) tokensOf.set(item.name, item.tokens);
  for (const item of pack.dropped) if (item.kind === 'files') tokensOf.set(item.name, item.tokens);
  return pack.excerpts.map((excerpt, position) => {
    const ranked = rankOf.get(excerpt.path);
    const tokens = tokensOf.get(excerpt.path);
    return {
      path: excerpt.path,
      rank: ranked?.rank ?? position + 1,
      ...(ranked ? { score: ranked.score } : {}),
      reasons: excerpt.reasons ?? [],
      matched: excerpt.matched,
      mode: excerpt.mode,
      lines: formatSpans(excerpt.spans),
      of: excerpt.totalLines,
      outcome: excerptOutcome(pack, excerpt.path),
      ...(tokens !== undefined ? { tokens } : {}),
    };
  });
}

/** What `ctxkit pack` or `compose` would send, as a trace record's input. */
export function packTraceInput(gathered: TracedPack, source: string): TraceInput {
  const { resolution, budget, pack } = gathered;
  return {
    source,
    kind: 'pack',
    label: taskLabel(gathered.task),
    model: { name: resolution.query, profile: resolution.profile.name, window: budget.window },
    tokenizer: { name: budget.tokenizer.name, exact: budget.tokenizer.exact },
    budget: {
      window: pack.budget.window,
      available: pack.budget.available,
      used: pack.budget.used,
      reserves: {
        system: pack.budget.reserves.system,
        tools: pack.budget.reserves.tools,
        response: pack.budget.reserves.response,
        slack: pack.budget.reserves.slack,
      },
      dropped: pack.budget.dropped,
      truncated: pack.budget.truncated,
    },
    messages: packMessages(gathered),
    sections: pack.sections.map((section) => ({
      kind: section.kind,
      tokens: section.tokens,
      ...(section.items.length > 1 || section.kind === 'files' || section.kind === 'docs'
        ? { items: section.items.map((item) => ({ ...item })) }
        : {}),
    })),
    files: packFiles(gathered),
    dropped: pack.dropped.map((item) => ({ ...item })),
  };
}
