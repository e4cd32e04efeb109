import { Writable } from 'node:stream';
import { run } from '../cli.js';

/** Run the CLI in-process with captured output (no build needed), for command tests. */
export async function runInProcess(
  argv: string[],
  cwd: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) =>
    new Writable({
      write(chunk, _encoding, callback) {
        append(String(chunk));
        callback();
      },
    });
  const code = await run(
    ['node', 'ctxkit', ...argv],
    {
      cwd,
      stdout: capture((text) => {
        stdout += text;
      }),
      stderr: capture((text) => {
        stderr += text;
      }),
      readStdin: async () => '',
    },
    {},
  );
  return { code, stdout, stderr };
}
