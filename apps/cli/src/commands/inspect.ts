import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseTrace, renderTracePage, type TraceProblem } from '@ctxkit/trace';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { fileUserError, UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { formatBytes, formatQuantity } from '../output/index.js';
import { parseWholeNumber } from '../parse-number.js';

interface InspectCommandOptions {
  output?: string;
  serve?: boolean;
  port?: number;
  json?: boolean;
}

// Problems listed one per line on stderr before the rest are counted.
const MAX_LISTED_PROBLEMS = 5;

/** `--port`: a whole number from 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const port = parseWholeNumber(value);
  if (port === undefined || port > 65535)
    throw new InvalidArgumentError(`expected a port from 0 to 65535, found "${value}"`);
  return port;
}

/** Where the page goes by default: the trace's name with `.html` for its extension. */
export function defaultPagePath(trace: string): string {
  return /\.jsonl?$/i.test(trace) ? trace.replace(/\.jsonl?$/i, '.html') : `${trace}.html`;
}

function readTrace(io: CommandIO, file: string): string {
  try {
    return readFileSync(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw fileUserError(error, file) ?? error;
  }
}

function reportProblems(io: CommandIO, file: string, problems: readonly TraceProblem[]): void {
  if (io.quiet || problems.length === 0) return;
  for (const problem of problems.slice(0, MAX_LISTED_PROBLEMS))
    io.stderr.write(`ctxkit: note: ${file}:${problem.line}: ${problem.message} (line skipped)\n`);
  if (problems.length > MAX_LISTED_PROBLEMS)
    io.stderr.write(
      `ctxkit: note: and ${problems.length - MAX_LISTED_PROBLEMS} more unreadable lines in ${file}\n`,
    );
}

/** `ctxkit inspect TRACE`: the trace as one self-contained page, or served live with `--serve`. */
export function registerInspectCommand(program: Command, io: CommandIO): void {
  program
    .command('inspect')
    .description(
      'Open a trace (--trace FILE of pack, compose, compact, mcp) as a page: what each request held.',
    )
    .argument('<trace>', 'trace file (JSON Lines)')
    .option('-o, --output <file>', 'where to write the page (default: the trace with .html)')
    .option('--serve', 'serve the page on 127.0.0.1 and stream new records as the trace grows')
    .addOption(new Option('--port <port>', 'port for --serve (default: any free port)').argParser(parsePort))
    .option('--json', 'print { output, records, problems, bytes } instead of a sentence')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit pack --task "fix the retry test" --trace session.jsonl\n  ctxkit inspect session.jsonl            # writes session.html\n  ctxkit inspect session.jsonl --serve --port 7700\n',
    )
    .action(async (file: string, options: InspectCommandOptions) => {
      if (file.trim() === '') throw new UserError('expected a trace file, found an empty argument');
      if (options.serve) {
        if (options.output !== undefined)
          throw new UserError('expected either --serve or --output, found both');
        await serveTrace(io, file, options.port ?? 0);
        return;
      }
      if (options.port !== undefined) throw new UserError('--port needs --serve');
      const { records, problems } = parseTrace(readTrace(io, file));
      reportProblems(io, file, problems);
      const output = options.output ?? defaultPagePath(file);
      const page = renderTracePage(records, { title: basename(file), problems });
      try {
        writeFileSync(resolve(io.cwd, output), page);
      } catch (error) {
        throw fileUserError(error, output) ?? error;
      }
      const bytes = Buffer.byteLength(page);
      if (options.json || io.json) {
        writeJson(io, { output, records: records.length, problems, bytes });
        return;
      }
      io.stdout.write(
        `wrote ${output}: ${formatQuantity(records.length, 'request')}, ${formatBytes(bytes)}${problems.length ? `; ${formatQuantity(problems.length, 'line')} skipped` : ''}\n`,
      );
    });
}

async function serveTrace(io: CommandIO, file: string, port: number): Promise<void> {
  const path = resolve(io.cwd, file);
  const text = readTrace(io, file);
  reportProblems(io, file, parseTrace(text).problems);
  const { startLiveServer } = await import('../inspect/live-server.js');
  const server = await startLiveServer({ path, title: basename(file), port });
  const stop = () => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  io.stdout.write(`ctxkit inspect: serving ${server.url} (live; Ctrl-C stops)\n`);
  await server.closed;
  process.off('SIGINT', stop);
  process.off('SIGTERM', stop);
}
