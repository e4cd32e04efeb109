import {
  compact,
  fromProvider,
  isEmptyMessage,
  type Message,
  type Provider,
  repair,
  sourceIndexOf,
  type TargetShortfall,
  TranscriptFormatError,
  toAnthropic,
  toProvider,
  validate,
} from '@ctxkit/compact';
import { resolveProfile } from '@ctxkit/context';
import { createTokenizer, type Encoding } from '@ctxkit/tokenize';
import { compactionTraceInput } from '@ctxkit/trace';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { readTextInput, writeJson } from '../io.js';
import { parseWholeNumber } from '../parse-number.js';
import { appendTraceRecord, traceTarget } from '../trace/trace-file.js';
import { createModelSummarizer } from './summarizer.js';

/** The transcript formats `compact` and `validate` read and write. */
export const TRANSCRIPT_FORMATS: Provider[] = ['openai', 'anthropic', 'ai-sdk'];

interface CompactCommandOptions {
  format: Provider;
  window?: number;
  model?: string;
  trigger: number;
  target: number;
  json?: boolean;
  repair?: boolean;
  requireTarget?: boolean;
  minSavings?: number;
  summarizer?: string;
  summarizerModel?: string;
  summarizerKeyEnv?: string;
  trace?: string;
  traceRedact?: boolean;
}

function parseTokens(value: string): number {
  const tokens = parseWholeNumber(value);
  if (tokens === undefined || tokens === 0) {
    throw new InvalidArgumentError(`expected a positive whole number of tokens, found "${value}"`);
  }
  return tokens;
}

function parseFraction(value: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > 1) {
    throw new InvalidArgumentError(`expected a fraction in (0, 1], found "${value}"`);
  }
  return number;
}

/** Declare `--format` on a transcript command. */
export function addFormatOption(command: Command): Command {
  return command.addOption(
    new Option('-f, --format <format>', 'transcript format')
      .choices(TRANSCRIPT_FORMATS)
      .makeOptionMandatory(),
  );
}

/** Read a JSON document from a file (or `-`); bad JSON is a one-line UserError. */
export async function readJson(io: CommandIO, file: string): Promise<unknown> {
  const label = file === '-' ? 'standard input' : file;
  // A byte-order mark (some Windows tools write one) is not part of the JSON.
  const text = (await readTextInput(io, file)).replace(/^\uFEFF/, '');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`${label}: expected JSON, ${(error as Error).message}`);
  }
}

// Another format the document parses as, without violations, so a wrong --format gets a hint. A
// parser that skips parts it does not know can leave a message empty: that is no match either.
function guessFormat(json: unknown, wrong: Provider): Provider | undefined {
  for (const format of TRANSCRIPT_FORMATS) {
    if (format === wrong) continue;
    try {
      const messages = fromProvider(json, format);
      if (validate(messages, format).length === 0 && !messages.some(isEmptyMessage)) return format;
    } catch {
      // Not this one either.
    }
  }
  return undefined;
}

/**
 * Neutral messages from a transcript document in `format`: a JSON array of messages or `{ messages }`
 * (Anthropic: also `{ system, messages }`). A message of the wrong shape is a one-line UserError.
 */
export function parseTranscript(json: unknown, file: string, format: Provider): Message[] {
  try {
    return fromProvider(json, format);
  } catch (error) {
    if (error instanceof TranscriptFormatError) {
      const other = guessFormat(json, format);
      throw new UserError(
        `${file === '-' ? 'standard input' : file}: not a valid ${format} transcript: ${error.message}${other ? ` (it reads as ${other}: pass --format ${other})` : ''}`,
      );
    }
    throw error;
  }
}

/** Throw a one-line UserError naming the first violation (and how many more) when `messages` is invalid. */
export function assertValid(messages: readonly Message[], format: Provider, file: string): void {
  const violations = validate(messages, format, { inputIndexes: true });
  const first = violations[0];
  if (!first) return;
  const more = violations.length > 1 ? ` (and ${violations.length - 1} more; see ctxkit validate)` : '';
  throw new UserError(
    `${file === '-' ? 'standard input' : file}: invalid ${format} transcript: ${first.message}${more}`,
  );
}

function budgetFor(
  options: CompactCommandOptions,
  modelFromCommandLine: boolean,
): { budget: number; encoding: Encoding; model?: string; window?: number } {
  // A model from the configuration file gives way to an explicit --window; two explicit flags conflict.
  if (options.window !== undefined && options.model !== undefined && modelFromCommandLine) {
    throw new UserError('expected either --window or --model, found both');
  }
  if (options.window !== undefined) return { budget: options.window, encoding: 'o200k_base' };
  if (options.model !== undefined) {
    const { profile } = resolveProfile(options.model);
    // What a transcript may fill is the window minus what the answer needs.
    return {
      budget: Math.max(1, profile.contextWindow - profile.completionReserve),
      encoding: profile.encoding,
      model: profile.name,
      window: profile.contextWindow,
    };
  }
  throw new UserError('expected --window N (tokens) or --model NAME to size the budget');
}

/**
 * The compacted transcript in the shape it came in. A bare array gives a bare array (Anthropic: a
 * request object only when there is system text to carry). A request body (`{ model, messages,
 * tools, … }`) keeps every other field, in its order, with `messages` (and Anthropic `system`)
 * replaced — so a logged request can be compacted and sent again as it is.
 */
export function writeBack(input: unknown, messages: readonly Message[], format: Provider): unknown {
  const anthropic = format === 'anthropic' ? toAnthropic(messages) : undefined;
  const output = anthropic ? anthropic.messages : toProvider(messages, format);
  if (Array.isArray(input) || typeof input !== 'object' || input === null) {
    return anthropic && anthropic.system !== undefined ? anthropic : output;
  }
  const body: Record<string, unknown> = {};
  if (anthropic?.system !== undefined && !('system' in input)) body.system = anthropic.system;
  for (const [key, value] of Object.entries(input)) {
    if (key === 'messages') body.messages = output;
    else if (key !== 'system' || !anthropic) body[key] = value;
    else if (anthropic.system !== undefined) body.system = anthropic.system;
  }
  return body;
}

/** `ctxkit compact [FILE|-] --format F`: compact a stored transcript and write it back in the same format. */
export function registerCompactCommand(program: Command, io: CommandIO): void {
  const command = program
    .command('compact')
    .description('Compact a stored transcript under a token budget without breaking tool-call pairs.')
    .argument('[file]', 'JSON transcript; - or nothing reads standard input', '-');
  addFormatOption(command)
    .addOption(new Option('--window <tokens>', 'token budget for the transcript').argParser(parseTokens))
    .option(
      '-m, --model <name>',
      'size the budget from a model profile (window minus its completion reserve)',
    )
    .addOption(
      new Option('--trigger <fraction>', 'compact only above this share of the budget')
        .argParser(parseFraction)
        .default(0.8),
    )
    .addOption(
      new Option('--target <fraction>', 'compact down to this share of the budget')
        .argParser(parseFraction)
        .default(0.5),
    )
    .option('--json', 'print { messages, report } instead of the bare transcript')
    .option('--repair', 'repair an invalid transcript (orphans, missing results) before compacting')
    .addOption(
      new Option(
        '--min-savings <tokens>',
        'skip a compaction that would remove fewer tokens (it re-writes the prompt cache), unless over the budget',
      ).argParser((value: string) => {
        const tokens = parseWholeNumber(value);
        if (tokens === undefined) {
          throw new InvalidArgumentError(`expected a whole number of tokens, found "${value}"`);
        }
        return tokens;
      }),
    )
    .option(
      '--summarizer <url>',
      'OpenAI-compatible base URL (Ollama, llama.cpp, vLLM, OpenAI) for a model-written summary of a cut; the digest stands in when it fails the gate',
    )
    .option('--summarizer-model <name>', 'model the --summarizer server runs')
    .option(
      '--summarizer-key-env <var>',
      'environment variable holding the --summarizer API key, sent as a bearer token (hosted APIs; a key never goes on the command line)',
    )
    .option(
      '--trace <file>',
      'append a record of the compacted transcript to this trace (see ctxkit inspect)',
    )
    .option('--trace-redact', 'with --trace: record hashes and exact token counts instead of texts')
    .option(
      '--require-target',
      'exit 2 (after writing the output) when compaction ends above the target, saying why',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit compact session.json --format openai --window 32000 > compacted.json\n' +
        '  cat messages.json | ctxkit compact - --format anthropic --model claude-sonnet-4-5 --json\n',
    )
    .action(async (file: string, options: CompactCommandOptions, self: Command) => {
      if (options.target >= options.trigger) {
        throw new UserError(
          `expected --target below --trigger, found target ${options.target} and trigger ${options.trigger}`,
        );
      }
      const { budget, encoding, model, window } = budgetFor(
        options,
        self.getOptionValueSource('model') === 'cli',
      );
      const trace = traceTarget(io.cwd, options);
      const json = await readJson(io, file);
      const parsed = parseTranscript(json, file, options.format);
      const repaired = options.repair ? repair(parsed, options.format) : undefined;
      const messages = repaired?.messages ?? parsed;
      assertValid(messages, options.format, file);
      for (const action of repaired?.actions ?? []) {
        // Numbered as in the file (one provider message can be several neutral ones).
        const at = (parsed[action.index] && sourceIndexOf(parsed[action.index]!)) ?? action.index;
        io.stderr.write(`ctxkit: repaired message ${at}: ${action.action} — ${action.detail}\n`);
      }
      const tokenizer = createTokenizer({ encoding });
      const countTokens = (text: string) => tokenizer.count(text);
      const summarizer = summarizerFor(options, countTokens);
      const result = await compact(messages, {
        ...(summarizer ? { summarize: summarizer.summarize } : {}),
        budget,
        trigger: options.trigger,
        target: options.target,
        countTokens,
        ...(options.minSavings === undefined ? {} : { minSavings: options.minSavings }),
      });
      if (trace) {
        const settings = { budget, trigger: options.trigger, target: options.target, encoding };
        appendTraceRecord(
          trace,
          compactionTraceInput(
            result,
            {
              source: 'ctxkit compact',
              ...settings,
              ...(model ? { model } : {}),
              ...(window ? { window } : {}),
              ...(file !== '-' ? { label: file } : {}),
            },
            countTokens,
          ),
          new Date(),
        );
      }
      const shortfall = result.shortfall;
      if (shortfall && !io.quiet) {
        // Not an error by default (the transcript is still valid and smaller), but the caller must
        // know, and why: which stages ran, what is protected and how many tokens that is.
        const over = result.after > budget ? `, still over the ${budget}-token budget` : '';
        io.stderr.write(`ctxkit: note: target not reached${over}: ${shortfall.reason}\n`);
      }
      const output = toProvider(result.messages, options.format);
      if (!options.json) {
        writeJson(io, writeBack(json, result.messages, options.format));
        if (options.requireTarget && shortfall) throw new UserError(targetNotReached(shortfall));
        return;
      }
      const report = {
        budget,
        ...(model ? { model } : {}),
        encoding,
        trigger: options.trigger,
        target: options.target,
        ...(repaired ? { repairs: repaired.actions } : {}),
        before: result.before,
        after: result.after,
        ...(result.skipped ? { skipped: result.skipped } : {}),
        stages: result.stages.map((stage) => ({
          stage: stage.stage,
          messages: stage.indices,
          tokensAfter: stage.tokensAfter,
        })),
        digest: result.digest ?? null,
        shortfall: result.shortfall ?? null,
        cache: result.cache ?? null,
        ...(summarizer ? { summaries: summarizer.records } : {}),
        state: result.state,
      };
      if (options.format === 'anthropic') {
        const request = toAnthropic(result.messages);
        writeJson(io, {
          ...(request.system !== undefined ? { system: request.system } : {}),
          messages: request.messages,
          report,
        });
      } else {
        writeJson(io, { messages: output, report });
      }
      if (options.requireTarget && shortfall) throw new UserError(targetNotReached(shortfall));
    });
}

function summarizerFor(
  options: CompactCommandOptions,
  countTokens: (text: string) => number,
): ReturnType<typeof createModelSummarizer> | undefined {
  if (options.summarizer === undefined) {
    if (options.summarizerModel !== undefined)
      throw new UserError('--summarizer-model needs --summarizer URL');
    if (options.summarizerKeyEnv !== undefined)
      throw new UserError('--summarizer-key-env needs --summarizer URL');
    return undefined;
  }
  if (options.summarizerModel === undefined) {
    throw new UserError('expected --summarizer-model NAME with --summarizer');
  }
  let url: URL;
  try {
    url = new URL(options.summarizer);
  } catch {
    throw new UserError(`--summarizer: expected an http(s) base URL, found "${options.summarizer}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UserError(`--summarizer: expected an http(s) base URL, found "${options.summarizer}"`);
  }
  let apiKey: string | undefined;
  if (options.summarizerKeyEnv !== undefined) {
    apiKey = process.env[options.summarizerKeyEnv];
    if (!apiKey) {
      throw new UserError(
        `--summarizer-key-env: the environment variable ${options.summarizerKeyEnv} is not set`,
      );
    }
  }
  return createModelSummarizer({
    baseUrl: options.summarizer,
    model: options.summarizerModel,
    countTokens,
    ...(apiKey ? { apiKey } : {}),
  });
}

function targetNotReached(shortfall: TargetShortfall): string {
  return `--require-target: ${Math.round(shortfall.tokens)} tokens is above the ${Math.round(shortfall.targetTokens)}-token target`;
}
