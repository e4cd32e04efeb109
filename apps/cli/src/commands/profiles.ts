import type { ModelProfile } from '@ctxkit/context';
import { resolveProfile } from '@ctxkit/context';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson } from '../io.js';
import { formatCount, renderTable } from '../output/index.js';
import { describeResolution, loadRegistry } from './budget.js';

interface ProfilesOptions {
  profiles?: string;
  json?: boolean;
}

function sizeOf(profile: ModelProfile): string {
  return profile.sizeB === undefined ? '' : `${profile.sizeB}B`;
}

/** `ctxkit profiles [NAME]`: list the model profiles, or resolve one name and say which rule matched. */
export function registerProfilesCommand(program: Command, io: CommandIO): void {
  program
    .command('profiles')
    .description('List model profiles, or resolve a model name and show which rule matched.')
    .argument('[name]', 'a model name or tag to resolve (e.g. qwen2.5-coder:7b-instruct-q4_K_M)')
    .option('--profiles <file>', 'JSON file of extra model profiles ({ "profiles": [...] })')
    .option('--json', 'print one JSON document')
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit profiles\n  ctxkit profiles qwen2.5-coder:7b-instruct-q4_K_M\n  ctxkit profiles claude-sonnet-4-5 --json\n',
    )
    .action(async (name: string | undefined, options: ProfilesOptions) => {
      const registry = await loadRegistry(io, options.profiles);
      const json = options.json || io.json;
      if (name !== undefined) {
        if (name.trim() === '')
          throw new UserError('expected a model name to resolve, found an empty string');
        const resolution = resolveProfile(name, registry);
        if (json) {
          writeJson(io, resolution);
          return;
        }
        const { profile } = resolution;
        const rows = [
          ['rule', `${resolution.rule} (${resolution.matched})`],
          ['window', `${formatCount(profile.contextWindow)} tokens`],
          ['response reserve', `${formatCount(profile.completionReserve)} tokens`],
          ['encoding', profile.encoding],
          ['family', profile.family],
          ...(profile.sizeB === undefined ? [] : [['size', sizeOf(profile)]]),
        ];
        io.stdout.write(`${name} → ${describeResolution(resolution)}\n`);
        io.stdout.write(renderTable(rows.map(([label, value]) => [`  ${label}`, value ?? ''])));
        return;
      }
      if (json) {
        writeJson(io, { profiles: registry.profiles });
        return;
      }
      const rows = registry.profiles.map((profile) => [
        profile.name,
        formatCount(profile.contextWindow),
        formatCount(profile.completionReserve),
        profile.encoding,
        profile.hosting ?? '',
      ]);
      io.stdout.write(
        renderTable(rows, {
          header: ['NAME', 'WINDOW', 'RESERVE', 'ENCODING', 'WHERE'],
          align: ['left', 'right', 'right', 'left', 'left'],
          styleHeader: io.colors.bold,
        }),
      );
    });
}
