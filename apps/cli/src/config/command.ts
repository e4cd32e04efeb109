import type { Command } from 'commander';
import { type CommandIO, writeJson } from '../io.js';
import { displayPath } from '../output/paths.js';
import { renderTable } from '../output/table.js';
import { packageDefaults } from './defaults.js';
import { type ConfigEntry, DEFAULT_SOURCE, describeConfig } from './resolve.js';

/** `ctxkit config`: the effective configuration and where each value came from. */
export function registerConfigCommand(program: Command, io: CommandIO): void {
  program
    .command('config')
    .description('Show the effective configuration and where each value came from.')
    .addHelpText(
      'after',
      [
        '',
        'Settings are read from ctxkit.config.json, or the "ctxkit" key of package.json, at the',
        'repository root (the nearest directory above --cwd holding .git). --model overrides "model".',
        '',
        'Examples:',
        '  ctxkit config',
        '  ctxkit config --model qwen2.5-coder:7b --json',
        '',
      ].join('\n'),
    )
    .action(() => {
      const entries = describeConfig(io.config, packageDefaults());
      if (io.json) {
        writeJson(io, { root: io.config.root, file: io.config.file ?? null, settings: entries });
        return;
      }
      const { colors } = io;
      const file = io.config.file ? displayPath(io.cwd, io.config.file) : 'none (built-in defaults)';
      io.stdout.write(`${colors.bold('configuration')} ${file}\n`);
      io.stdout.write(`${colors.bold('repository')}    ${displayPath(io.cwd, io.config.root)}\n\n`);
      const rows = entries.map((entry) => [
        entry.key,
        entry.value === null ? colors.dim('-') : formatValue(entry.value),
        entry.source === DEFAULT_SOURCE ? colors.dim(entry.source) : colors.cyan(entry.source),
      ]);
      io.stdout.write(
        renderTable(rows, { header: ['setting', 'value', 'source'], styleHeader: colors.bold }),
      );
    });
}

function formatValue(value: ConfigEntry['value']): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}
