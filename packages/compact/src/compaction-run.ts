/**
 * The working state of one {@link compact} call, explicit: the transcript being rewritten, each
 * message's tokens and their total, the stage reports so far, and — once a cut has run — which
 * input message every output message came from.
 */

import type { CompactOptions, CutStageName, StageName, StageReport } from './compact.js';
import { buildDigest, type DigestPosition, renderDigest, summaryHeader } from './digest.js';
import { summaryTextTokens } from './plan.js';
import { countMessageTokens } from './tokens.js';
import type { CountTokens, Message } from './types.js';

export class CompactionRun {
  /** The input with stages 1–3 applied (cuts leave it as it is). */
  readonly work: Message[];
  /** Tokens per message of {@link output}. */
  readonly tokens: number[];
  /** Sum of {@link tokens}. */
  total: number;
  readonly stages: StageReport[] = [];
  /** The transcript so far: {@link work} itself until a cut replaces a span. */
  output: Message[];
  /** Input index of every output message (-1 for a summary this call inserted). */
  origin: number[];
  /** Input indices of every message a cut replaced. */
  readonly droppedInputs = new Set<number>();

  constructor(
    messages: readonly Message[],
    tokens: number[],
    readonly targetTokens: number,
    readonly countTokens: CountTokens,
  ) {
    this.work = messages.slice();
    this.tokens = tokens;
    this.total = tokens.reduce((sum, value) => sum + value, 0);
    this.output = this.work;
    this.origin = this.work.map((_message, index) => index);
  }

  /** Whether the transcript is still above target. */
  get over(): boolean {
    return this.total > this.targetTokens;
  }

  /** Puts `message` at `index` of {@link work} (before any cut) and updates the token counts. */
  replace(index: number, message: Message): void {
    this.work[index] = message;
    const next = countMessageTokens(message, this.countTokens);
    this.total += next - (this.tokens[index] as number);
    this.tokens[index] = next;
  }

  /** Rewrites candidates in order while above target; reports the stage when it changed any. */
  runStage(stage: StageName, candidates: number[], rewrite: (message: Message) => Message | undefined): void {
    const indices: number[] = [];
    for (const index of candidates) {
      if (this.total <= this.targetTokens) break;
      const rewritten = rewrite(this.work[index] as Message);
      if (!rewritten) continue;
      this.replace(index, rewritten);
      indices.push(index);
    }
    if (indices.length > 0) this.stages.push({ stage, indices, tokensAfter: this.total });
  }

  /**
   * Replaces output messages `from`..`to` (exclusive) with one summary (`summarize`, or the
   * rendered digest) of at most `summaryTokens` — less when that share would put a transcript
   * whose kept parts fit `budget` over it: a shorter summary beats a request the provider rejects.
   */
  async cut(
    stage: CutStageName,
    span: { from: number; to: number },
    position: DigestPosition,
    options: CompactOptions,
    summaryTokens: number,
  ): Promise<void> {
    const { from, to } = span;
    const budget = options.budget;
    const dropped = this.output.slice(from, to);
    const spanDigest = buildDigest(dropped, { toolNames: options.toolNames });
    const header = summaryHeader(position);
    let kept = this.total;
    for (let index = from; index < to; index++) kept -= this.tokens[index] as number;
    // (When the kept parts alone are over the budget, a shorter summary would not help: full share.)
    const allowance = kept < budget ? Math.min(summaryTokens, budget - kept) : summaryTokens;
    const maxTokens = summaryTextTokens(allowance);
    let text = options.summarize
      ? await options.summarize(dropped, spanDigest, { position, maxTokens })
      : renderDigest(spanDigest, { maxTokens, countTokens: this.countTokens, position });
    if (typeof text !== 'string') {
      throw new TypeError(`compact: summarize must return the summary text, found ${typeof text}`);
    }
    if (!text.startsWith(header)) text = `${header}\n${text}`;
    const summary: Message =
      position === 'within-task' ? { role: 'user', text, reminder: true } : { role: 'system', text };
    const summaryCost = countMessageTokens(summary, this.countTokens);
    const range: number[] = [];
    for (let index = from; index < to; index++) {
      this.total -= this.tokens[index] as number;
      const input = this.origin[index] as number;
      if (input >= 0) range.push(input);
    }
    this.total += summaryCost;
    for (const input of range) this.droppedInputs.add(input);
    this.output = [...this.output.slice(0, from), summary, ...this.output.slice(to)];
    this.tokens.splice(from, to - from, summaryCost);
    this.origin = [...this.origin.slice(0, from), -1, ...this.origin.slice(to)];
    this.stages.push({ stage, indices: range, tokensAfter: this.total, digest: spanDigest });
  }
}
