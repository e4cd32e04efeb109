import { type Provider, sourceIndexOf, validate } from '@ctxkit/compact';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { formatQuantity } from '../output/index.js';
import { addFormatOption, parseTranscript, readJson } from './compact.js';

interface ValidateCommandOptions {
  format: Provider;
  json?: boolean;
}

/** `ctxkit validate [FILE|-] --format F`: every way a provider would reject the transcript, with indices. */
export function registerValidateCommand(program: Command, io: CommandIO): void {
  const command = program
    .command('validate')
    .description("Check a transcript against a provider's tool-pairing and alternation rules.")
    .argument('[file]', 'JSON transcript; - or nothing reads standard input', '-');
  addFormatOption(command)
    .option('--json', 'print { valid, messages, violations } (exit code still says valid or not)')
    .addHelpText('after', '\nExamples:\n  ctxkit validate session.json --format anthropic\n')
    .action(async (file: string, options: ValidateCommandOptions) => {
      const json = await readJson(io, file);
      const messages = parseTranscript(json, file, options.format);
      // Indices and counts as in the file: one provider message can be several neutral ones.
      const violations = validate(messages, options.format, { inputIndexes: true }).map((violation) => ({
        ...violation,
        index: sourceIndexOf(messages[violation.index]!) ?? violation.index,
      }));
      const count = inputMessageCount(json) ?? messages.length;
      const label = file === '-' ? 'standard input' : file;
      if (options.json) {
        writeJson(io, { valid: violations.length === 0, messages: count, violations });
      } else if (violations.length === 0) {
        io.stdout.write(
          `${label}: valid ${options.format} transcript (${formatQuantity(count, 'message')})\n`,
        );
      } else {
        for (const violation of violations) io.stdout.write(`${violation.kind}\t${violation.message}\n`);
      }
      if (violations.length > 0) {
        throw new UserError(
          `${label}: ${violations.length} violation${violations.length === 1 ? '' : 's'} for ${options.format}; first at message ${violations[0]?.index}`,
        );
      }
    });
}

/** How many messages the transcript file holds: a bare array, or `{ messages }`. */
function inputMessageCount(json: unknown): number | undefined {
  if (Array.isArray(json)) return json.length;
  const messages = (json as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.length : undefined;
}
