import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnvironment, makeTempDirectory, runCli, writeBudgetProject } from './run-cli.js';
import { type RunningServer, startServe } from './serve-process.js';

// The built `ctxkit serve` in a child process, and built clients that delegate to it: what a
// delegated command prints must be exactly what it prints when run on its own.

describe('ctxkit serve', () => {
  let workspace: string;
  let repository: string;
  let socket: string;
  let server: RunningServer;
  const viaServer = () => ({ CTXKIT_SERVER_SOCKET: socket });
  const alone = { CTXKIT_NO_SERVER: '1' };

  beforeAll(async () => {
    workspace = makeTempDirectory('serve');
    repository = join(workspace, 'repo');
    writeBudgetProject(repository);
    socket = join(workspace, 'ctxkit.sock');
    server = await startServe(socket);
  });

  afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.stopped;
  });

  it('prints exactly what the command prints on its own, and the server ran it', async () => {
    const cases = [
      ['pack', '.', '--task', 'computeBudget should reject a negative window', '--json'],
      ['pack', '.', '--task', 'computeBudget should reject a negative window'],
      ['--json', 'compose', '.', '--task', 'computeBudget window'],
      ['map', 'src', '--query', 'budget'],
      ['symbols', '--json'],
    ];
    for (const args of cases) {
      // Once first, so both measured runs find the repository's cache in the same (warm) state.
      await runCli(args, { cwd: repository, env: alone });
      const before = server.log().split('\n').length;
      const served = await runCli(args, { cwd: repository, env: viaServer() });
      const local = await runCli(args, { cwd: repository, env: alone });
      expect(served, args.join(' ')).toEqual(local);
      expect(served.code).toBe(0);
      const logged = server
        .log()
        .split('\n')
        .slice(before - 1)
        .join('\n');
      expect(logged, args.join(' ')).toContain(`in ${repository}: exit 0`);
    }
  });

  it('reports a user mistake the same way, with the same exit code', async () => {
    const args = ['pack', 'missing-dir', '--task', 'x'];
    const served = await runCli(args, { cwd: repository, env: viaServer() });
    expect(served).toEqual(await runCli(args, { cwd: repository, env: alone }));
    expect(served.code).toBe(2);
    expect(server.log()).toContain('exit 2');
  });

  it('runs locally what the server cannot do: standard input, help, other commands', async () => {
    const before = server.log();
    for (const taskFile of [['--task-file', '-'], ['--task-file=-'], ['--task-file', '/dev/stdin']]) {
      const fromStdin = await runCli(['pack', '.', ...taskFile, '--json'], {
        cwd: repository,
        env: viaServer(),
        input: 'computeBudget should reject a negative window',
      });
      expect(fromStdin.code, taskFile.join(' ')).toBe(0);
      expect(JSON.parse(fromStdin.stdout).text).toContain('computeBudget should reject a negative window');
    }
    expect((await runCli(['pack', '--help'], { env: viaServer() })).code).toBe(0);
    expect((await runCli(['budget', '--model', 'qwen2.5-coder:7b'], { env: viaServer() })).code).toBe(0);
    expect(server.log()).toBe(before);
  });

  it('refuses to start a second server on the same socket', async () => {
    const second = await runCli(['serve', '--socket', socket]);
    expect(second.code).toBe(2);
    expect(second.stderr).toBe(`ctxkit: a ctxkit server is already running on ${socket}\n`);
  });

  it('falls back to running alone when nothing answers on the socket', async () => {
    // A socket file nobody accepts on any more: what a server killed with SIGKILL leaves behind.
    const killed = spawn(process.execPath, [BIN, 'serve', '--socket', join(workspace, 'killed.sock')], {
      env: cleanEnvironment(),
      stdio: 'ignore',
    });
    const killedSocket = join(workspace, 'killed.sock');
    const deadline = Date.now() + 15_000;
    while (!existsSync(killedSocket) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.on('close', resolve));
    expect(existsSync(killedSocket)).toBe(true);

    const args = ['pack', '.', '--task', 'computeBudget', '--json'];
    const result = await runCli(args, { cwd: repository, env: { CTXKIT_SERVER_SOCKET: killedSocket } });
    expect(result).toEqual(await runCli(args, { cwd: repository, env: alone }));

    // A new server takes the leftover socket over.
    const replacement = await startServe(killedSocket);
    replacement.child.kill('SIGTERM');
    expect(await replacement.stopped).toBe(0);
    expect(existsSync(killedSocket)).toBe(false);
  });

  it('with CTXKIT_SERVE=auto, starts a server in the background for the calls after the first', async () => {
    // A fresh runtime directory: the server must make its own private directory there.
    const runtime = makeTempDirectory('serve-runtime');
    const env = { CTXKIT_SERVE: 'auto', CTXKIT_NO_SERVER: '', XDG_RUNTIME_DIR: runtime };
    const args = ['pack', '.', '--task', 'computeBudget window', '--json'];
    const alone = await runCli(args, { cwd: repository, env: { CTXKIT_NO_SERVER: '1' } });
    expect(await runCli(args, { cwd: repository, env })).toEqual(alone);
    const sockets = () => {
      const directory = readdirSync(runtime).find((name) => name.startsWith('ctxkit-'));
      return directory
        ? readdirSync(join(runtime, directory)).map((name) => join(runtime, directory, name))
        : [];
    };
    const deadline = Date.now() + 15_000;
    while (sockets().length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const [autoSocket] = sockets();
    expect(autoSocket).toMatch(/ctxkit-\d+\/cli-[^/]+-[0-9a-f]{8}\.sock$/);
    expect(statSync(dirname(autoSocket!)).mode & 0o777).toBe(0o700);
    // The server, found by its environment (it is detached from this test).
    const server = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .find((pid) => {
        try {
          const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
          return (
            environment.includes(`XDG_RUNTIME_DIR=${runtime}`) &&
            readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('serve')
          );
        } catch {
          return false;
        }
      });
    expect(server).toBeDefined();
    try {
      expect(await runCli(args, { cwd: repository, env })).toEqual(alone);
    } finally {
      process.kill(Number(server), 'SIGTERM');
    }
    const gone = Date.now() + 15_000;
    while (existsSync(autoSocket!) && Date.now() < gone)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(autoSocket!)).toBe(false);
  });

  it('never replaces or creates what is not its own at the socket path', async () => {
    const file = join(workspace, 'keep.txt');
    writeFileSync(file, 'keep\n');
    const onFile = await runCli(['serve', '--socket', file]);
    expect(onFile).toMatchObject({
      code: 2,
      stderr: `ctxkit: refusing to replace ${file}: it is not a socket\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe('keep\n');
    const missing = join(workspace, 'no', 'such', 'dir', 's.sock');
    expect(await runCli(['serve', '--socket', missing])).toMatchObject({
      code: 2,
      stderr: `ctxkit: no such directory for the socket: ${join(workspace, 'no', 'such', 'dir')}\n`,
    });
    expect(existsSync(join(workspace, 'no'))).toBe(false);
    const long = join(workspace, 'x'.repeat(120));
    expect((await runCli(['serve', '--socket', long])).stderr).toMatch(
      /^ctxkit: socket path too long \(\d+ bytes, at most \d+\)/,
    );
    expect(await runCli(['serve', '--socket', ''])).toMatchObject({
      code: 2,
      stderr: 'ctxkit: --socket expects a path\n',
    });
  });

  it('stops after its idle timeout, and rejects a bad one', async () => {
    const bad = await runCli(['serve', '--socket', join(workspace, 'bad.sock'), '--idle-timeout', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--idle-timeout expects minutes');
    const huge = await runCli(['serve', '--socket', join(workspace, 'bad.sock'), '--idle-timeout', '40000']);
    expect(huge).toMatchObject({
      code: 2,
      stderr: 'ctxkit: --idle-timeout is at most 35791 minutes (0: never)\n',
    });
    const idle = await startServe(join(workspace, 'idle.sock'), ['--idle-timeout', '0.005']);
    expect(await idle.stopped).toBe(0);
    expect(idle.log()).toContain('idle for');
  });
});
