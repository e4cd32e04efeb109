import { DEFAULT_PROFILE, resolveProfile } from '@ctxkit/context';
import { createTokenizer, ENCODINGS, type Encoding, escapeControls, type Tokenizer } from '@ctxkit/tokenize';
import { type Command, Option } from 'commander';
import { resolveModelTokenizer } from '../config/model-tokenizer.js';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { readTextInput, writeJson } from '../io.js';
import { loadRegistry } from './budget.js';

/** How far into an input a NUL marks it as binary (the repo map's check, too). */
const BINARY_SNIFF_CHARS = 8000;

interface TokensOptions {
  encoding?: Encoding;
  model?: string;
  tokenizer?: string;
  json?: boolean;
}

/** The counter the flags name: a bundled encoding, or a model's own tokenizer (as `ctxkit budget` finds it). */
async function counterFor(
  io: CommandIO,
  options: TokensOptions,
): Promise<{ tokenizer: Tokenizer; label: Record<string, string | boolean> }> {
  if (options.model === undefined && options.tokenizer === undefined) {
    const encoding = options.encoding ?? 'o200k_base';
    return { tokenizer: createTokenizer({ encoding }), label: { encoding } };
  }
  if (options.encoding !== undefined)
    throw new UserError('--encoding names a bundled vocabulary; leave it out with --model or --tokenizer');
  const registry = await loadRegistry(io, undefined);
  const resolution = resolveProfile(
    options.model ?? io.config.values.model ?? DEFAULT_PROFILE.name,
    registry,
  );
  const counter = resolveModelTokenizer(resolution.profile, resolution.query, io.cwd, options.tokenizer);
  return {
    tokenizer: counter.tokenizer,
    label: { tokenizer: counter.budget.name, exact: counter.budget.exact, source: counter.source },
  };
}

/** `ctxkit tokens [FILE...|-]`: exact token counts of files or standard input. */
export function registerTokensCommand(program: Command, io: CommandIO): void {
  program
    .command('tokens')
    .description('Count the tokens of files (or standard input) exactly.')
    .argument('[files...]', 'files to count; - or nothing reads standard input')
    .addOption(
      new Option('-e, --encoding <name>', 'bundled token vocabulary (default o200k_base)').choices(ENCODINGS),
    )
    .option('--model <name>', "count in this model's own tokenizer, found as `ctxkit budget` finds it")
    .option(
      '--tokenizer <spec>',
      "a model's own tokenizer: ollama (its GGUF in the Ollama store), or a tokenizer.json / .gguf path",
    )
    .option('--json', 'print one JSON document')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit tokens README.md\n  cat prompt.txt | ctxkit tokens --encoding cl100k_base --json\n  ctxkit tokens src/*.py --model qwen2.5-coder:7b\n  ctxkit tokens notes.md --tokenizer ./Qwen3-8B/tokenizer.json\n',
    )
    .action(async (files: string[], options: TokensOptions) => {
      const { tokenizer, label } = await counterFor(io, options);
      const inputs = files.length === 0 ? ['-'] : files;
      const rows: { path: string; tokens: number; bytes: number }[] = [];
      for (const path of inputs) {
        const text = await readTextInput(io, path);
        // As the repo map judges files: a NUL early on means data, and its "tokens" mean nothing.
        if (text.slice(0, BINARY_SNIFF_CHARS).includes('\0'))
          throw new UserError(
            `${path === '-' ? 'standard input' : path} is a binary file; tokens counts text`,
          );
        rows.push({ path, tokens: tokenizer.count(text), bytes: Buffer.byteLength(text, 'utf8') });
      }
      const tokens = rows.reduce((sum, row) => sum + row.tokens, 0);
      const bytes = rows.reduce((sum, row) => sum + row.bytes, 0);
      if (options.json) {
        writeJson(
          io,
          rows.length > 1 ? { ...label, tokens, bytes, files: rows } : { ...label, tokens, bytes },
        );
        return;
      }
      const width = Math.max(...rows.map((row) => String(row.tokens).length), String(tokens).length);
      for (const row of rows)
        io.stdout.write(`${String(row.tokens).padStart(width)}  ${escapeControls(row.path)}\n`);
      if (rows.length > 1)
        io.stdout.write(
          `${String(tokens).padStart(width)}  total (${label.encoding ?? `${label.tokenizer}, ${label.exact ? 'exact' : 'approximate'}`})\n`,
        );
    });
}
