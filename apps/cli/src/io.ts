import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from './errors.js';

/** Where a command writes and reads; tests pass their own. */
export interface CommandIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Reads all of standard input (for the `-` argument). */
  readStdin(): Promise<string>;
  /** The directory relative paths are resolved against. */
  cwd: string;
}

/** Read a text input named on the command line: a path, or `-` for standard input. */
export async function readTextInput(io: CommandIO, path: string): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    return readFileSync(resolve(io.cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new UserError(`no such file: ${path}`);
    if (code === 'EISDIR') throw new UserError(`is a directory, expected a file: ${path}`);
    if (code === 'EACCES') throw new UserError(`permission denied: ${path}`);
    throw error;
  }
}

/** Write one JSON document (pretty, newline-terminated) to stdout. */
export function writeJson(io: CommandIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
