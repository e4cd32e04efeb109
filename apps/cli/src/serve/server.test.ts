import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { captureStream } from '../commands/command-test-io.js';
import { runOnServer } from './client.js';
import { Channel, encodeFrame } from './protocol.js';
import { type RunInvocation, startServer } from './server.js';

const capture = captureStream;

const directories: string[] = [];
function socketIn(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ctxkit-serve-'));
  directories.push(directory);
  return join(directory, 'sub', 'test.sock');
}
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A quiet server of `build` on `socket` (in its own private directory), running `run`. */
function serverOf(socket: string, build: string, run: RunInvocation) {
  return startServer({
    socket,
    privateDirectory: true,
    build,
    run,
    log: new PassThrough().resume(),
    idleTimeoutMs: 0,
  });
}

/** A server of `build` whose run only counts the requests it is given. */
async function countingServer(socket: string, build: string) {
  let count = 0;
  const server = await serverOf(socket, build, async () => {
    count++;
    return 0;
  });
  return { server, runs: () => count };
}

function delegate(socket: string, args: string[], build = 'b1') {
  const stdout = capture();
  const stderr = capture();
  const result = runOnServer({
    args,
    cwd: '/somewhere',
    env: { CTXKIT_SERVER_SOCKET: socket, NO_COLOR: '1' },
    version: '0.0.0',
    build,
    install: '',
    stdout: stdout.stream,
    stderr: stderr.stream,
  });
  return { result, stdout: stdout.text, stderr: stderr.text };
}

describe('ctxkit serve, in process', () => {
  it('runs a request with the client’s arguments, directory, environment and terminal flags', async () => {
    const socket = socketIn();
    const seen: unknown[] = [];
    const run: RunInvocation = async (argv, io, environment) => {
      seen.push({
        argv,
        cwd: io.cwd,
        color: environment.NO_COLOR,
        tty: (io.stdout as { isTTY?: boolean }).isTTY,
      });
      io.stdout!.write('out ✓\n');
      io.stderr!.write('note\n');
      return 3;
    };
    const server = await serverOf(socket, 'b1', run);
    const call = delegate(socket, ['pack', '.', '--task', 'x']);
    expect(await call.result).toBe(3);
    expect(call.stdout()).toBe('out ✓\n');
    expect(call.stderr()).toBe('note\n');
    expect(seen).toEqual([
      { argv: ['node', 'ctxkit', 'pack', '.', '--task', 'x'], cwd: '/somewhere', color: '1', tty: false },
    ]);
    await server.close();
  });

  it('declines a client of another build and steps aside', async () => {
    const socket = socketIn();
    const { server, runs } = await countingServer(socket, 'old');
    const call = delegate(socket, ['map'], 'new');
    expect(await call.result).toBeUndefined();
    await server.closed;
    expect(runs()).toBe(0);
    expect(call.stdout() + call.stderr()).toBe('');
  });

  it('keeps serving when a client vanishes in the middle of a large output', async () => {
    const socket = socketIn();
    const run: RunInvocation = async (argv, io) => {
      if (argv.includes('--big')) {
        // Far more than a socket buffer, written as a streamed command writes it.
        for (let chunk = 0; chunk < 2000; chunk++) {
          const written = io.stdout!.write(`${'x'.repeat(4096)}\n`);
          if (!written) await new Promise((resolve) => io.stdout!.once('drain', resolve));
        }
        return 0;
      }
      io.stdout!.write('small\n');
      return 0;
    };
    const server = await serverOf(socket, 'b1', run);
    // A client that asks for the big output, reads nothing and disconnects.
    const raw = createConnection(socket);
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(
      encodeFrame(
        Channel.request,
        JSON.stringify({
          args: ['map', '--big'],
          cwd: '/',
          env: {},
          stdoutIsTTY: false,
          stderrIsTTY: false,
          build: 'b1',
        }),
      ),
    );
    raw.pause();
    await new Promise((resolve) => setTimeout(resolve, 200));
    raw.destroy();
    const next = delegate(socket, ['map']);
    expect(await next.result).toBe(0);
    expect(next.stdout()).toBe('small\n');
    await server.close();
  });

  it('declines a request for a command it does not serve', async () => {
    const socket = socketIn();
    const { server, runs } = await countingServer(socket, 'b1');
    const raw = createConnection(socket);
    const reply = new Promise<number>((resolve) =>
      raw.once('data', (data: Buffer) => resolve(data.readUInt8(0))),
    );
    raw.write(
      encodeFrame(
        Channel.request,
        JSON.stringify({
          args: ['retrieve', '.'],
          cwd: '/',
          env: {},
          stdoutIsTTY: false,
          stderrIsTTY: false,
          build: 'b1',
        }),
      ),
    );
    expect(await reply).toBe(Channel.decline);
    raw.destroy();
    expect(runs()).toBe(0);
    await server.close();
  });

  it('leaves commands it does not serve, and a missing server, to the caller', async () => {
    const socket = socketIn();
    expect(await delegate(socket, ['map']).result).toBeUndefined();
    const server = await serverOf(socket, 'b1', async () => 0);
    expect(await delegate(socket, ['tokens', 'a.ts']).result).toBeUndefined();
    expect(await delegate(socket, ['map'], 'b1').result).toBe(0);
    await server.close();
  });

  it('reports a server that vanishes after printing, and is silent when it vanishes before', async () => {
    const socket = socketIn();
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(socket, '..'), { recursive: true, mode: 0o700 });
    let printFirst = true;
    const fake = createServer((connection) => {
      connection.once('data', () => {
        if (printFirst) connection.write(encodeFrame(Channel.stdout, 'partial'));
        connection.destroy();
      });
    });
    await new Promise<void>((resolve) => fake.listen(socket, resolve));
    const after = delegate(socket, ['pack']);
    expect(await after.result).toBe(1);
    expect(after.stdout()).toBe('partial');
    expect(after.stderr()).toContain('the ctxkit server stopped before the command finished');
    printFirst = false;
    const before = delegate(socket, ['pack']);
    expect(await before.result).toBeUndefined();
    expect(before.stdout() + before.stderr()).toBe('');
    await new Promise<void>((resolve) => fake.close(() => resolve()));
  });
});
