import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { findRepositoryRoot, loadConfig } from '../config/load.js';
import { resolveConfig } from '../config/resolve.js';
import { UserError } from '../errors.js';
import type { CommandIO } from '../io.js';
import { traceTarget } from '../trace/trace-file.js';
import { CLI_VERSION } from '../version.js';

/** `ctxkit mcp [DIR]`: serve DIR's context tools to an agent over MCP (stdio). */
export function registerMcpCommand(program: Command, io: CommandIO): void {
  program
    .command('mcp')
    .description('Serve repo_map, pack, read, skill, instructions and count_tokens over MCP (stdio).')
    .argument('[dir]', 'directory to serve; tools never reach outside it (default: current directory)')
    .option(
      '--allow-ignored',
      'let read serve files the repo map leaves out (git-ignored, default ignores); never .git/',
    )
    .option(
      '--trace <file>',
      'append a record of every pack the pack tool returns to this trace (off by default)',
    )
    .option('--trace-redact', 'with --trace: record hashes and exact token counts instead of texts')
    .addHelpText(
      'after',
      [
        '',
        'Speaks MCP on stdin/stdout; configure it in an MCP client, e.g.:',
        '  { "mcpServers": { "ctxkit": { "command": "npx", "args": ["-y", "ctxkit", "mcp", "/path/to/repo"] } } }',
        '',
        'Examples:',
        '  ctxkit mcp',
        '  ctxkit mcp ~/src/my-repo --model qwen2.5-coder:7b',
        '  ctxkit mcp --allow-ignored   # read may serve git-ignored files such as .env',
        '',
      ].join('\n'),
    )
    .action(
      async (
        directory: string | undefined,
        options: { allowIgnored?: boolean; trace?: string; traceRedact?: boolean },
      ) => {
        const trace = traceTarget(io.cwd, options);
        const root = realDirectory(resolve(io.cwd, directory ?? '.'), directory ?? '.');
        const repositoryRoot = findRepositoryRoot(root);
        const config =
          repositoryRoot === io.config.root
            ? io.config
            : resolveConfig(loadConfig(repositoryRoot), {
                model: io.config.sources.model === '--model' ? io.config.values.model : undefined,
              });
        const { serveMcp } = await import('./server.js');
        await serveMcp({
          root,
          config,
          ...(options.allowIgnored ? { allowIgnored: true } : {}),
          ...(trace ? { trace } : {}),
          version: CLI_VERSION,
          stdin: io.stdin,
          stdout: io.stdout,
          stderr: io.stderr,
        });
      },
    );
}

function realDirectory(path: string, shown: string): string {
  let isDirectory = false;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch {
    throw new UserError(`no such directory: ${shown}`);
  }
  if (!isDirectory) throw new UserError(`not a directory: ${shown}`);
  return realpathSync(path);
}
