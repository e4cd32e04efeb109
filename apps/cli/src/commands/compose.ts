import { escapeControls } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { describeUnscanned, formatBytes, formatCount, formatQuantity } from '../output/index.js';
import { traceTarget } from '../trace/trace-file.js';
import {
  addPackOptions,
  gatherPack,
  type PackCommandOptions,
  packDocument,
  renderPackSummary,
  tracePack,
} from './pack.js';

/** `ctxkit compose [DIR] --task TEXT`: what `pack` would send, phase by phase, without the bodies. */
export function registerComposeCommand(program: Command, io: CommandIO): void {
  addPackOptions(
    program
      .command('compose')
      .description(
        'Show what a pack would contain — phases, budget and files — without the text. No model call.',
      ),
  )
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit compose --task "add JWT auth" --model qwen2.5-coder:14b\n  ctxkit compose --task-file task.md --json\n',
    )
    .action(async (directory: string | undefined, options: PackCommandOptions) => {
      traceTarget(io.cwd, options);
      const gathered = await gatherPack(io, directory, options);
      tracePack(io, gathered, options, 'ctxkit compose');
      const { phases } = gathered;
      if (options.json || io.json) {
        writeJson(io, { ...packDocument(gathered, false), phases });
        return;
      }
      const map = phases.repoMap;
      const instructions = phases.instructions;
      const skills = phases.skills;
      const lines = [
        'phases',
        `  1 repo map      ${formatQuantity(map.files, 'file')} scanned${map.skipped ? `, ${formatCount(map.skipped)} skipped` : ''}${map.unscanned.length ? `, ${describeUnscanned(map.unscanned)}` : ''}; map ${formatCount(map.tokens)} of ${formatCount(map.budget)} tokens; cache ${formatQuantity(map.cache.hits, 'hit')}, ${formatQuantity(map.cache.misses, 'miss', 'misses')}`,
        `  2 instructions  ${instructions.files.length === 0 ? 'none found' : `${instructions.files.map((file) => `${escapeControls(file.path)}${file.truncated ? ' (truncated)' : ''}`).join(', ')} (${formatBytes(instructions.bytes)})`}`,
        `  3 skills        ${skills.discovered} found; ${skills.cards.length} card${skills.cards.length === 1 ? '' : 's'}${skills.cards.length ? `: ${skills.cards.map(escapeControls).join(', ')}` : ''}; expanded: ${skills.expanded.length ? skills.expanded.map(escapeControls).join(', ') : 'none'}`,
        `  4 excerpts      top ${formatQuantity(phases.excerpts.considered, 'ranked file')}`,
        ...phases.excerpts.files.map(
          (file) =>
            `      ${escapeControls(file.path)}  ${
              file.outcome === 'empty'
                ? 'nothing to show'
                : `${file.mode === 'signatures' ? 'signatures' : 'lines'} ${file.lines} of ${file.of}${file.outcome === 'dropped' ? ' (dropped: budget full)' : ''}`
            }${file.reasons ? `  · ${file.reasons.join(', ')}` : ''}`,
        ),
        '',
      ];
      io.stdout.write(lines.join('\n'));
      io.stdout.write(renderPackSummary(io, gathered, 'compose'));
    });
}
