import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory, parseJson, runCli, STACK_FRAME } from './run-cli.js';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

describe('ctxkit (the command shell)', () => {
  let directory: string;
  beforeAll(() => {
    directory = makeTempDirectory('shell');
    writeFileSync(join(directory, 'hello.txt'), 'hello world\n');
  });

  it('prints its version and exits 0', async () => {
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${manifest.version}\n`, stderr: '' });
  });

  it('lists every subcommand and the global options in --help', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const name of ['tokens', 'config', 'mcp'])
      expect(result.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
    for (const flag of ['--json', '--cwd <dir>', '--quiet', '--no-color', '--model <name>']) {
      expect(result.stdout).toContain(flag);
    }
  });

  it('shows the global options in a subcommand help too', async () => {
    const result = await runCli(['config', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Global Options:');
    expect(result.stdout).toContain('Examples:');
  });

  it('exits 2 with usage on stderr when no subcommand is given', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Usage: ctxkit');
  });

  it('exits 2 naming an unknown subcommand, without a stack', async () => {
    const result = await runCli(['mapp']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("ctxkit: unknown command 'mapp' (Did you mean map?) (see ctxkit --help)\n");
    expect(result.stderr).not.toMatch(STACK_FRAME);
  });

  it('exits 2 naming an unknown option', async () => {
    const result = await runCli(['tokens', '--frobnicate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("ctxkit: unknown option '--frobnicate' (see ctxkit tokens --help)\n");
  });

  it('exits 2 with one line when --cwd is not a directory', async () => {
    const result = await runCli(['--cwd', join(directory, 'missing'), 'config']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`ctxkit: --cwd: no such directory: ${join(directory, 'missing')}\n`);
  });

  it('resolves relative paths against --cwd', async () => {
    const result = await runCli(['--cwd', directory, 'tokens', 'hello.txt', '--json']);
    expect(result.code).toBe(0);
    expect(parseJson(result)).toMatchObject({ tokens: 3 });
  });

  it('treats --json the same before and after the subcommand', async () => {
    const before = await runCli(['--json', 'tokens', 'hello.txt'], { cwd: directory });
    const after = await runCli(['tokens', 'hello.txt', '--json'], { cwd: directory });
    expect(before.code).toBe(0);
    expect(before.stdout).toBe(after.stdout);
    expect(parseJson(before)).toEqual({ encoding: 'o200k_base', tokens: 3, bytes: 12 });
  });

  it('gives the same bytes on every run', async () => {
    const first = await runCli(['config', '--json'], { cwd: directory });
    const second = await runCli(['config', '--json'], { cwd: directory });
    expect(first.stdout).toBe(second.stdout);
  });

  describe('on a terminal', () => {
    // `script` gives the child a pseudo-terminal, the only honest way to test TTY behaviour.
    function runOnTerminal(args: string[], environment: Record<string, string> = {}): string {
      const command = [process.execPath, BIN, ...args].map((part) => `'${part}'`).join(' ');
      return execFileSync('script', ['-qec', command, '/dev/null'], {
        cwd: directory,
        env: cleanEnvironment(environment),
        encoding: 'utf8',
      });
    }

    it('colours human output', () => {
      expect(runOnTerminal(['config'])).toContain('\u001b[1m');
    });

    it('does not colour with --no-color', () => {
      expect(runOnTerminal(['config', '--no-color'])).not.toContain('\u001b[');
    });

    it('does not colour with NO_COLOR set', () => {
      expect(runOnTerminal(['config'], { NO_COLOR: '1' })).not.toContain('\u001b[');
    });

    it('never colours --json output', () => {
      const output = runOnTerminal(['config', '--json']);
      expect(output).not.toContain('\u001b[');
      expect(JSON.parse(output)).toHaveProperty('settings');
    });
  });

  it('refuses an empty directory argument (an unset variable) instead of mapping the current one', async () => {
    for (const args of [
      ['map', ''],
      ['symbols', ''],
      ['pack', '', '--task', 'x'],
    ]) {
      const result = await runCli(args, { cwd: directory });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^ctxkit: expected a (file or )?directory, found an empty argument\n$/);
    }
  });

  it('reads JSON inputs that start with a byte-order mark', async () => {
    const tree = makeTempDirectory('bom');
    writeFileSync(join(tree, 'session.json'), `\uFEFF${JSON.stringify([{ role: 'user', content: 'hi' }])}`);
    writeFileSync(join(tree, 'ctxkit.config.json'), `\uFEFF${JSON.stringify({ role: 'explore' })}`);
    const validated = await runCli(['validate', 'session.json', '--format', 'openai'], { cwd: tree });
    expect(validated).toMatchObject({
      code: 0,
      stdout: 'session.json: valid openai transcript (1 message)\n',
    });
    const config = await runCli(['config', '--json'], { cwd: tree });
    expect(config.code, config.stderr).toBe(0);
    expect(config.stdout).toContain('explore');
  });

  it('names a symbolic link loop given as an input in one line, exit 2', async () => {
    const tree = makeTempDirectory('loop');
    symlinkSync(join(tree, 'b'), join(tree, 'a'));
    symlinkSync(join(tree, 'a'), join(tree, 'b'));
    for (const args of [
      ['tokens', 'a'],
      ['validate', '--format', 'openai', 'a'],
      ['pack', '.', '--task-file', 'a'],
    ]) {
      const result = await runCli(args, { cwd: tree });
      expect(result, args.join(' ')).toMatchObject({
        code: 2,
        stdout: '',
        stderr: 'ctxkit: too many levels of symbolic links: a\n',
      });
    }
  });

  it('stops quietly when the reader closes the pipe early (ctxkit symbols | head)', async () => {
    const tree = makeTempDirectory('epipe');
    const body = Array.from({ length: 400 }, (_, i) => `export function handler${i}(): void {}`).join('\n');
    writeFileSync(join(tree, 'many.ts'), `${body}\n`);
    const child = spawn(process.execPath, [BIN, 'symbols', tree, '--no-cache'], {
      env: cleanEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    // The reader is gone before the first line is written, as after `| head -0`.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('does not colour output into a pipe', async () => {
    const result = await runCli(['config'], { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('\u001b[');
  });
});
