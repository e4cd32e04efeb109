import { Writable } from 'node:stream';
import { run } from '../cli.js';

/** A stream that keeps everything written to it, for tests that capture a command's output. */
export function captureStream(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      text += String(chunk);
      callback();
    },
  });
  return { stream, text: () => text };
}

/** Run the CLI in-process with captured output (no build needed), for command tests. */
export async function runInProcess(
  argv: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = captureStream();
  const stderr = captureStream();
  const code = await run(
    ['node', 'ctxkit', ...argv],
    { cwd, stdout: stdout.stream, stderr: stderr.stream, readStdin: async () => '' },
    {},
  );
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
