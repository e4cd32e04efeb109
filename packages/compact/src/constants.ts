/**
 * Every number and marker that two places must agree on, defined once. Markers are read back by this
 * package (to avoid re-shortening a shortened result, to fold an earlier summary into the next one) and
 * may be read by a harness, so they are exported.
 */

/**
 * Fraction of the budget at which compaction acts. 0.80 rather than 0.85 because one repository-wide
 * grep can be tens of thousands of tokens: at 0.85 such a result lands over the budget before
 * compaction was ever consulted.
 */
export const DEFAULT_TRIGGER = 0.8;

/**
 * Fraction of the budget compaction brings the transcript down to. Deliberately far below the
 * trigger: compacting only to the first point that fits makes the next turn cross the trigger again,
 * and every compaction re-pays prompt-cache creation on the surviving prefix.
 */
export const DEFAULT_TARGET = 0.5;

/**
 * Minimum headroom (fraction of the budget, below the trigger) a compaction must open. One that opens
 * less pauses auto-compaction instead of thrashing on every turn.
 */
export const HYSTERESIS = 0.05;

/**
 * How many model turns at the end of the transcript are never touched. A model turn is one assistant
 * message with the tool results answering it (and the user message it answers), so three of them
 * cover "read the file, edit it, run the tests" whole. A constant rather than an option: another knob
 * here buys nothing.
 */
export const RECENCY_WINDOW_TURNS = 3;

/** Live elision keeps this many of the most recent tool results verbatim. */
export const DEFAULT_KEEP_LAST_RESULTS = 5;

/**
 * Bytes a stale tool result is shortened to (marker included): enough to keep a call's identity, not
 * its content. At 2 KB, three hundred old results are ~150k tokens — more than most budgets; at 512
 * bytes they are ~37k.
 */
export const OLD_RESULT_BYTES = 512;

/** Content of every tool result that live elision hides. Fixed, so the elided prefix stays byte-stable. */
export const ELIDED_MARKER = '[tool result elided]';

/** Content of a read-only tool result made redundant by a later identical call. */
export const SUPERSEDED_MARKER = '[superseded by a later identical call]';

/**
 * Bytes each long string field of a stale tool call's input (a `write_file` content, a `bash`
 * heredoc) is shortened to, marker included. Half of {@link OLD_RESULT_BYTES}: a call usually has one
 * long field beside short ones (the path, the command's head) that stay whole.
 */
export const OLD_INPUT_FIELD_BYTES = 256;

/**
 * The words of the one marker line that stands where a shortened text's middle was:
 * `[N bytes truncated to stay within the context window]` (for a patch, `; files: …` before the
 * bracket). Head and tail stay around it.
 */
export const TRUNCATION_MARKER = 'truncated to stay within the context window';

/**
 * Replaces an attachment once its turn is over. The caller prefixes the file's name, so the model can
 * ask for it again instead of being left with a hole it cannot see.
 */
export const ATTACHMENT_MARKER =
  'removed to stay within the context window; mention it again to re-attach it';

/** First line of every summary message compaction inserts; later compactions recognise it by this. */
export const SUMMARY_HEADER = '[ctxkit] Summary of the earlier conversation';

/**
 * First line of the summary that replaces earlier model turns of the current task (a cut after the
 * latest user message). It rides in a reminder right after the task message, so it reads as what the
 * agent already did about that task; later compactions recognise and fold it by this line.
 */
export const TASK_SUMMARY_HEADER = '[ctxkit] Summary of the earlier work on the current task';

/** Content of the error result `repair()` inserts for a tool call that never got one. */
export const MISSING_RESULT_MARKER = '[no result was recorded for this tool call]';

/** Text of the user message `repair()` inserts where a provider requires a user turn first. */
export const CONTINUATION_MARKER = '[conversation continues]';

/**
 * Tools whose repeated call with identical input makes the earlier result redundant. Shell tools are
 * deliberately absent: running `make test` twice is a before and an after, not a duplicate, and
 * collapsing the first deletes exactly the comparison the model is making.
 */
export const DEFAULT_SUPERSEDABLE_TOOLS: readonly string[] = [
  'read_file',
  'grep',
  'glob',
  'Read',
  'Grep',
  'Glob',
];

/** Recent turns a compaction cut always keeps beyond the current one (see `planCompaction`). */
export const DEFAULT_KEEP_TURNS = 2;

/**
 * Share of the budget the kept tail must hold at least. Read together with {@link DEFAULT_KEEP_TURNS}:
 * turns vary by an order of magnitude, so a count alone protects too little or too much.
 */
export const DEFAULT_KEEP_FRACTION = 0.2;

/**
 * Share of the budget reserved for the summary that replaces a cut prefix. The deterministic digest is
 * rendered to fit it, so a planned cut's size is known before any summary exists.
 */
export const SUMMARY_FRACTION = 0.05;

/** How provider formats mark a reminder message, so it survives a round trip (the Claude Code convention). */
export const REMINDER_OPEN = '<system-reminder>\n';
/** Closing half of {@link REMINDER_OPEN}. */
export const REMINDER_CLOSE = '\n</system-reminder>';
