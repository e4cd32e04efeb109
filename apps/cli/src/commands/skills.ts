import { discoverSkills, selectSkills, skillNameKey } from '@ctxkit/skills';
import { escapeControls } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { resolveDirectory, writeJson } from '../io.js';
import { formatQuantity } from '../output/index.js';
import { parseWholeNumber } from '../parse-number.js';

interface SkillsOptions {
  task: string;
  pin: string[];
  maxExpanded?: string;
  followExternalLinks?: boolean;
  json?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** `ctxkit skills [DIR] --task TEXT`: which skills a task would see as cards and which in full. */
export function registerSkillsCommand(program: Command, io: CommandIO): void {
  program
    .command('skills')
    .description(
      'Match a task against the project skills (SKILL.md): cards for matches, bodies for the best.',
    )
    .argument('[dir]', 'project directory (default: the repository root)')
    .requiredOption('-t, --task <text>', 'the task as the user would write it; - reads standard input')
    .option('-p, --pin <name>', 'always expand this skill (repeatable)', collect, [])
    .option('--max-expanded <n>', 'most bodies inlined at once (default 2)')
    .option('--json', 'print one JSON document: cards, expanded, text')
    .option(
      '--follow-external-links',
      'also read files behind symbolic links that lead outside the directory (skipped by default)',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  ctxkit skills --task "the login test fails with a TypeError"\n  ctxkit skills --task "write the changelog, @skill:release-notes" --json\n',
    )
    .action(async (directory: string | undefined, options: SkillsOptions) => {
      const root = resolveDirectory(io, directory);
      const task = options.task === '-' ? await io.readStdin() : options.task;
      if (task.trim() === '')
        throw new UserError('--task is empty; expected the task text (or - for standard input)');
      let maxExpanded: number | undefined;
      if (options.maxExpanded !== undefined) {
        maxExpanded = parseWholeNumber(options.maxExpanded);
        if (maxExpanded === undefined)
          throw new UserError(`--max-expanded expects a whole number >= 0, found "${options.maxExpanded}"`);
      }
      const roots = io.config.values.skillRoots;
      const found = await discoverSkills({
        root,
        ...(roots !== undefined ? { roots } : {}),
        ...(options.followExternalLinks ? { followExternalLinks: true } : {}),
      });
      // Tolerated problems are notes (the skills still work): --quiet silences them.
      if (!io.quiet)
        for (const problem of found.problems)
          io.stderr.write(`ctxkit: ${escapeControls(problem.path)}: ${problem.message}\n`);
      // The same name comparison as selectSkills: case, spaces and underscores do not matter.
      const known = new Set(found.skills.map((skill) => skillNameKey(skill.name)));
      for (const pin of options.pin) {
        if (!known.has(skillNameKey(pin))) {
          const names = found.skills.map((skill) => skill.name).join(', ');
          throw new UserError(
            `--pin ${pin}: no such skill; found ${names === '' ? 'no skills' : names} under ${root}`,
          );
        }
      }
      const selection = selectSkills(found.skills, {
        task,
        pins: options.pin,
        ...(maxExpanded !== undefined ? { maxExpanded } : {}),
      });
      for (const name of selection.unknown)
        io.stderr.write(
          `ctxkit: the task references @skill:${escapeControls(name)}, but no skill has that name\n`,
        );
      if (options.json || io.json) {
        writeJson(io, {
          cards: selection.cards,
          expanded: selection.expanded.map(({ name, path, bytes }) => ({ name, path, bytes })),
          text: selection.text,
        });
        return;
      }
      if (found.skills.length === 0) {
        io.stdout.write(`No SKILL.md files found under ${root}.\n`);
        return;
      }
      if (selection.text === '') {
        io.stdout.write(
          `No skill matches this task (${formatQuantity(found.skills.length, 'skill')} searched).\n`,
        );
        return;
      }
      const summary = selection.cards
        .map(
          (card) =>
            `  ${card.score.toFixed(3).padStart(8)}  ${escapeControls(card.name)}${selection.expanded.some((entry) => entry.name === card.name) ? ' (expanded)' : ''}`,
        )
        .join('\n');
      io.stdout.write(
        `${selection.text}\nscores (of ${formatQuantity(found.skills.length, 'skill')}):\n${summary}\n`,
      );
    });
}
