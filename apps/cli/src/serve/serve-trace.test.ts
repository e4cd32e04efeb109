import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parseTrace } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { run } from '../cli.js';
import { captureStream } from '../commands/command-test-io.js';
import { runOnServer } from './client.js';
import { startServer } from './server.js';

const sink = captureStream;

describe('ctxkit serve with --trace', () => {
  it('appends the record in the client’s directory, as a one-shot run would', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'ctxkit-serve-trace-'));
    const socket = join(directory, 'sock', 's.sock');
    const root = join(directory, 'repo');
    mkdirSync(join(root, '.git'), { recursive: true });
    writeFileSync(
      join(root, 'header.ts'),
      'export function parseHeader(line: string) {\n  return line;\n}\n',
    );
    const server = await startServer({
      socket,
      privateDirectory: true,
      build: 'b1',
      run,
      log: new PassThrough().resume(),
      idleTimeoutMs: 0,
    });
    try {
      for (const task of ['fix parseHeader', 'fix parseHeader again']) {
        const stdout = sink();
        const stderr = sink();
        const code = await runOnServer({
          args: ['pack', '--task', task, '--trace', 'trace.jsonl', '--json'],
          cwd: root,
          env: { CTXKIT_SERVER_SOCKET: socket, NO_COLOR: '1' },
          version: '0.0.0',
          build: 'b1',
          install: '',
          stdout: stdout.stream,
          stderr: stderr.stream,
        });
        expect(code).toBe(0);
        expect(stderr.text()).toBe('');
      }
      const { records, problems } = parseTrace(readFileSync(join(root, 'trace.jsonl'), 'utf8'));
      expect(problems).toEqual([]);
      expect(records.map((record) => [record.seq, record.source, record.prefix.previous])).toEqual([
        [0, 'ctxkit pack', null],
        [1, 'ctxkit pack', 0],
      ]);
    } finally {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
