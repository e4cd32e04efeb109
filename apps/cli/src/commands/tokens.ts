import { createTokenizer, ENCODINGS, type Encoding, escapeControls } from '@ctxkit/tokenize';
import { type Command, Option } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { readTextInput, writeJson } from '../io.js';

/** How far into an input a NUL marks it as binary (the repo map's check, too). */
const BINARY_SNIFF_CHARS = 8000;

interface TokensOptions {
  encoding: Encoding;
  json?: boolean;
}

/** `ctxkit tokens [FILE...|-]`: exact token counts of files or standard input. */
export function registerTokensCommand(program: Command, io: CommandIO): void {
  program
    .command('tokens')
    .description('Count the tokens of files (or standard input) exactly.')
    .argument('[files...]', 'files to count; - or nothing reads standard input')
    .addOption(
      new Option('-e, --encoding <name>', 'token vocabulary').choices(ENCODINGS).default('o200k_base'),
    )
    .option('--json', 'print one JSON document')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit tokens README.md\n  cat prompt.txt | ctxkit tokens --encoding cl100k_base --json\n',
    )
    .action(async (files: string[], options: TokensOptions) => {
      const tokenizer = createTokenizer({ encoding: options.encoding });
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
          rows.length > 1
            ? { encoding: options.encoding, tokens, bytes, files: rows }
            : { encoding: options.encoding, tokens, bytes },
        );
        return;
      }
      const width = Math.max(...rows.map((row) => String(row.tokens).length), String(tokens).length);
      for (const row of rows)
        io.stdout.write(`${String(row.tokens).padStart(width)}  ${escapeControls(row.path)}\n`);
      if (rows.length > 1)
        io.stdout.write(`${String(tokens).padStart(width)}  total (${options.encoding})\n`);
    });
}
