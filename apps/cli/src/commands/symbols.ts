import { readFileSync, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { languageForPath, listDefinitions, type RepositoryDefinitions, scanBytes } from '@ctxkit/repomap';
import { escapeControls } from '@ctxkit/tokenize';
import type { Command } from 'commander';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { writeJson, writeJsonArrayStreamed, writeLines } from '../io.js';
import { scanCacheOption } from '../scan-cache.js';

interface SymbolsOptions {
  json?: boolean;
  cache: boolean;
}

/** One definition as `ctxkit symbols` reports it. */
export interface SymbolRow {
  path: string;
  name: string;
  kind: string;
  line: number;
}

function* rowLines(rows: Iterable<SymbolRow>): Generator<string> {
  for (const row of rows)
    yield `${escapeControls(row.path)}:${row.line}  ${row.kind} ${escapeControls(row.name)}\n`;
}

function compareRows(left: SymbolRow, right: SymbolRow): number {
  return (
    (left.path < right.path ? -1 : left.path > right.path ? 1 : 0) ||
    left.line - right.line ||
    (left.name < right.name ? -1 : left.name > right.name ? 1 : 0)
  );
}

/** `path` relative to `from`, `/`-separated: the base every row of `ctxkit symbols` uses. */
function shownPath(from: string, path: string): string {
  return relative(from, path).split(sep).join('/');
}

/** Rows relative to the directory listed, made relative to the working directory instead. */
function* rebased(rows: Iterable<SymbolRow>, directory: string): Generator<SymbolRow> {
  const prefix = directory === '' ? '' : `${directory}/`;
  for (const row of rows) yield prefix === '' ? row : { ...row, path: prefix + row.path };
}

/** `ctxkit symbols [DIR|FILE]`: every definition the scanners find, in path and line order. */
export function registerSymbolsCommand(program: Command, io: CommandIO): void {
  program
    .command('symbols')
    .description('List every definition (class, function, method, type, …) in a directory or one file.')
    .argument('[target]', 'a directory or a source file (default: the repository root)')
    .option('--no-cache', 'do not read or write the scan cache (.ctxkit/cache)')
    .option('--json', 'print one JSON array of {path, name, kind, line}')
    .addHelpText('after', '\nExamples:\n  ctxkit symbols src\n  ctxkit symbols src/server.ts --json\n')
    .action(async (target: string | undefined, options: SymbolsOptions) => {
      if (target?.trim() === '') throw new UserError('expected a file or directory, found an empty argument');
      const path = target === undefined ? io.root : resolve(io.cwd, target);
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch {
        throw new UserError(`no such file or directory: ${target ?? path}`);
      }
      if (isDirectory) {
        const progress = io.progress('scanning');
        let listed: RepositoryDefinitions;
        try {
          listed = await listDefinitions({
            root: path,
            cache: scanCacheOption(options.cache, io.scanCacheMemory),
            ...(io.config.values.ignore ? { ignore: io.config.values.ignore } : {}),
            onProgress: (done, total) => progress.update(done, total),
          });
        } finally {
          progress.done();
        }
        // Already in path, line, name order, and written as they are made: a kernel-sized tree
        // has millions of definitions. Paths are relative to the working directory, as for one file.
        const rows = rebased(listed.definitions(), shownPath(io.cwd, path));
        if (options.json || io.json) await writeJsonArrayStreamed(io, rows);
        else await writeLines(io, rowLines(rows));
        return;
      }
      const language = languageForPath(path);
      if (!language) {
        throw new UserError(
          `no scanner reads ${target}: expected a .ts/.tsx/.js/.py/.go/.rs/.java (or other supported) file`,
        );
      }
      const shown = shownPath(io.cwd, path);
      // The checks a tree scan makes (binary, not UTF-8, minified): said, not scanned as garbage.
      const outcome = scanBytes(readFileSync(path), language);
      if ('skipped' in outcome) throw new UserError(`cannot read symbols from ${target}: ${outcome.skipped}`);
      const rows: SymbolRow[] = outcome.scan.definitions.map((definition) => ({
        path: shown,
        name: definition.name,
        kind: definition.kind,
        line: definition.line,
      }));
      rows.sort(compareRows);
      if (options.json || io.json) {
        writeJson(io, rows);
        return;
      }
      await writeLines(io, rowLines(rows));
    });
}
