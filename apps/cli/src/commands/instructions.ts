import { relative, resolve } from 'node:path';
import { type InstructionsResult, loadInstructions } from '@ctxkit/instructions';
import { escapeControls } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { resolveDirectory, writeJson } from '../io.js';
import { formatQuantity } from '../output/index.js';

interface InstructionsOptions {
  scope: string[];
  includeReadme?: boolean;
  followExternalLinks?: boolean;
  json?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `ctxkit instructions [DIR]`: the project rules a model would get for a file scope, and why. */
export function registerInstructionsCommand(program: Command, io: CommandIO): void {
  program
    .command('instructions')
    .description('Show the project instructions (AGENTS.md, CLAUDE.md, rules) that apply to a file scope.')
    .argument('[dir]', 'project directory (default: the repository root)')
    .option(
      '-s, --scope <file>',
      'a file about to be worked on (repeatable); enables path-glob gating',
      collect,
      [],
    )
    .option('--include-readme', 'load README.md too, as the lowest-priority file')
    .option('--json', 'print one JSON document: files, sections, bytes, text')
    .option(
      '--follow-external-links',
      'also read files behind symbolic links that lead outside the directory (skipped by default)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit instructions\n  ctxkit instructions --scope packages/api/src/server.ts --json\n',
    )
    .action(async (directory: string | undefined, options: InstructionsOptions) => {
      const root = resolveDirectory(io, directory);
      const scope = options.scope.map((file) => {
        const absolute = resolve(io.cwd, file);
        const inside = relative(root, absolute);
        if (inside === '' || inside.startsWith('..') || resolve(root, inside) !== absolute)
          throw new UserError(`--scope ${file} is outside the project directory ${root}`);
        return absolute;
      });
      const settings = io.config.values.instructions ?? {};
      const result = await loadInstructions({
        root,
        scope,
        includeReadme: options.includeReadme ?? settings.includeReadme ?? false,
        ...(settings.files !== undefined ? { files: settings.files } : {}),
        ...(settings.maxTotalBytes !== undefined ? { maxTotalBytes: settings.maxTotalBytes } : {}),
        ...(settings.maxFileBytes !== undefined ? { maxFileBytes: settings.maxFileBytes } : {}),
        ...(options.followExternalLinks ? { followExternalLinks: true } : {}),
      });
      // Malformed front matter is the author's mistake to fix, but the file still loaded.
      for (const problem of result.problems)
        io.stderr.write(`ctxkit: ${escapeControls(problem.path)}:${problem.line}: ${problem.message}\n`);
      if (options.json || io.json) {
        writeJson(io, {
          files: result.files,
          sections: result.sections,
          bytes: result.bytes,
          text: result.text,
        });
        return;
      }
      io.stdout.write(renderHuman(result));
    });
}

/** A byte count as the report has always shown it (no separators), with the noun agreeing. */
function bytesOf(bytes: number): string {
  return `${bytes} byte${bytes === 1 ? '' : 's'}`;
}

function renderHuman(result: InstructionsResult): string {
  if (result.files.length === 0 && result.sections.dropped.length === 0)
    return 'No instruction files found.\n';
  const lines: string[] = [];
  if (result.text !== '') lines.push(result.text.replace(/\n$/, ''), '');
  lines.push(`${bytesOf(result.bytes)} from ${formatQuantity(result.files.length, 'file')}:`);
  for (const file of result.files)
    lines.push(
      `  ${escapeControls(file.path)} (${bytesOf(file.bytes)}${file.truncated ? ', truncated' : ''})`,
    );
  if (result.sections.dropped.length > 0) {
    lines.push('dropped:');
    // One line per file and reason: a file cut by the budget lists its sections once, not one line each.
    const groups: { path: string; reason: string; headings: (string | null)[] }[] = [];
    for (const section of result.sections.dropped) {
      const last = groups[groups.length - 1];
      if (last && last.path === section.path && last.reason === section.reason)
        last.headings.push(section.heading);
      else groups.push({ path: section.path, reason: section.reason, headings: [section.heading] });
    }
    for (const group of groups) {
      const headings = group.headings.filter((heading): heading is string => heading !== null);
      const where =
        headings.length === 0
          ? ''
          : ` § ${headings.map((heading) => escapeControls(heading) || '(preamble)').join(', ')}`;
      lines.push(`  ${escapeControls(group.path)}${where}: ${escapeControls(group.reason)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
