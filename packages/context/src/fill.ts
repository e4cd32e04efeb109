import { countTranscriptTokens, type Message } from '@ctxkit/compact';
import type { TokenCounter } from './excerpt.js';

/**
 * Announcement thresholds as fractions of the budget — the space before compaction — not of the
 * window: with compaction at 0.80 of the window, bands of the window at 0.80 and 0.92 could never be
 * reached. "92% of what you get before your memory is cut" is also what a model can act on.
 */
export const DEFAULT_BANDS: readonly number[] = Object.freeze([0.6, 0.8, 0.92]);
/** Fraction of the window at which a transcript is compacted, unless configured otherwise. */
export const DEFAULT_COMPACT_AT = 0.8;

const BAND_TOLERANCE = 1e-9;

/** A counter that may also count whole messages (as `@ctxkit/tokenize` tokenizers can). */
export interface MessageCounter extends TokenCounter {
  /** Tokens of whole messages, framing included. */
  countMessages?(messages: Message[]): number;
}

/**
 * Tokens of `messages`: the counter's own message count when it has one, else the transcript
 * accounting of `@ctxkit/compact` (framing, text, every reasoning block, tool calls as sent, tool
 * results and the images or documents they carry) over the counter's `count`.
 */
export function countFillTokens(messages: Message[], counter: MessageCounter): number {
  if (typeof counter.countMessages === 'function') return counter.countMessages(messages);
  return countTranscriptTokens(messages, (text) => counter.count(text));
}

/**
 * @deprecated Use {@link countFillTokens} (the same function): `countMessageTokens` is
 * `@ctxkit/compact`'s name for the tokens of one message.
 */
export const countMessageTokens = countFillTokens;

/** How much of the window `messages` occupy, in [0, 1]. */
export function fillFraction(messages: Message[], window: number, counter: MessageCounter): number {
  if (!(window > 0 && Number.isFinite(window))) {
    throw new RangeError(`fillFraction: window must be a positive number of tokens, found ${window}`);
  }
  // A counter's negative count would be a negative fill; the documented range is [0, 1].
  return Math.min(1, Math.max(0, countFillTokens(messages, counter)) / window);
}

function checkBands(bands: readonly number[], compactAt: number): void {
  if (!(compactAt > 0 && compactAt <= 1)) {
    throw new RangeError(`bandFor: compactAt must be in (0, 1], found ${compactAt}`);
  }
  bands.forEach((band, index) => {
    if (!(band > 0 && band <= 1) || (index > 0 && band <= bands[index - 1]!)) {
      throw new RangeError(`bandFor: bands must ascend within (0, 1], found [${bands.join(', ')}]`);
    }
  });
}

/**
 * The band a window fraction falls in: 0 below the first threshold, `i` once `fraction / compactAt`
 * reaches `bands[i - 1]`. `compactAt` is a parameter because it is configuration: a session that
 * compacts earlier has a smaller budget, and the bands move with it.
 */
export function bandFor(
  fraction: number,
  compactAt = DEFAULT_COMPACT_AT,
  bands: readonly number[] = DEFAULT_BANDS,
): number {
  checkBands(bands, compactAt);
  // A NaN would compare false against every threshold and read as "plenty of room".
  if (!(fraction >= 0)) throw new RangeError(`bandFor: fraction must be a number ≥ 0, found ${fraction}`);
  const ofBudget = fraction / compactAt;
  let band = 0;
  // The tolerance keeps a fraction exactly on a threshold (0.64 / 0.8) from falling below it by one ulp.
  for (const threshold of bands) if (ofBudget >= threshold - BAND_TOLERANCE) band += 1;
  return band;
}

/** Options of {@link announceFill}. */
export interface FillAnnouncementOptions {
  /** Fraction of the window at which compaction runs; default 0.80. */
  compactAt?: number;
  /** Ascending band thresholds as fractions of the budget; default 0.60 / 0.80 / 0.92. */
  bands?: readonly number[];
}

/** The outcome of {@link announceFill}: the band to remember and, on entering a higher band, a reminder. */
export interface FillAnnouncement {
  /** Store this in session state and pass it back next turn. */
  band: number;
  /** The fraction of the budget (space before compaction) in use. */
  budgetFraction: number;
  /** A `reminder: true` user-role message, present only when a higher band was just entered. */
  reminder?: Message;
}

/** The text of the reminder for entering `band` at `budgetFraction` of the budget. */
export function formatFillReminder(band: number, bandCount: number, budgetFraction: number): string {
  const percent = Math.min(100, Math.floor(budgetFraction * 100));
  const advice =
    band >= bandCount
      ? 'Compaction is imminent: write down anything from earlier tool results you still need.'
      : 'Prefer targeted reads and short tool outputs.';
  return `[context] ${percent}% of the context budget before compaction is in use (level ${band} of ${bandCount}). ${advice}`;
}

/**
 * Edge-triggered fill announcement. A reminder is emitted only when the band rises above
 * `previousBand`: one that repeated while the context merely stayed full would cost tokens every
 * turn and teach the model to ignore it. A lower band (after compaction) is returned silently, so
 * the next rise is announced again. Pure: the caller keeps `band` in its session state.
 */
export function announceFill(
  previousBand: number,
  fraction: number,
  options: FillAnnouncementOptions = {},
): FillAnnouncement {
  const compactAt = options.compactAt ?? DEFAULT_COMPACT_AT;
  const bands = options.bands ?? DEFAULT_BANDS;
  // A missing band would read as "nothing announced yet" on every turn and repeat the reminder.
  if (!Number.isInteger(previousBand) || previousBand < 0) {
    throw new RangeError(
      `announceFill: previousBand must be a band (a whole number ≥ 0), found ${previousBand}`,
    );
  }
  const band = bandFor(fraction, compactAt, bands);
  const budgetFraction = fraction / compactAt;
  if (band <= previousBand) return { band, budgetFraction };
  return {
    band,
    budgetFraction,
    reminder: { role: 'user', text: formatFillReminder(band, bands.length, budgetFraction), reminder: true },
  };
}
