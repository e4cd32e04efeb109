import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, parseJson, runCli } from './run-cli.js';

// The README is the CLI's contract with its users: every subcommand is listed with an example,
// and every example runs. Examples run from apps/cli (so `src` and `README.md` exist); the
// transcript examples run against a small session.json in a temporary directory.

const cliRoot = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(join(cliRoot, 'README.md'), 'utf8');
const EXAMPLE_ROW = /^\| `([a-z-]+)` \| [^|]+ \| `ctxkit ([^`]+)` \|$/gm;
const examples = [...readme.matchAll(EXAMPLE_ROW)].map((match) => ({ command: match[1]!, line: match[2]! }));

/** Split an example's arguments the way a shell would for plain words and "double quotes". */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!);
}

describe('the CLI README', () => {
  let transcripts: string;
  beforeAll(() => {
    transcripts = makeTempDirectory('readme');
    const session = [
      { role: 'user', content: 'List the files.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'a.ts\nb.ts' },
      { role: 'assistant', content: 'Two files: a.ts and b.ts.' },
    ];
    writeFileSync(join(transcripts, 'session.json'), JSON.stringify(session));
  });

  // The inspect example reads a trace: one written by a compaction of that session.
  beforeAll(async () => {
    const traced = await runCli(
      [
        '--cwd',
        transcripts,
        'compact',
        'session.json',
        '--format',
        'openai',
        '--window',
        '8000',
        '--trace',
        'trace.jsonl',
      ],
      { cwd: cliRoot },
    );
    expect(traced.code, traced.stderr).toBe(0);
  }, 60_000);

  it('lists every subcommand of ctxkit --help with an example', async () => {
    const help = await runCli(['--help']);
    const section = help.stdout.slice(help.stdout.indexOf('Commands:'), help.stdout.indexOf('\nExamples:'));
    const commands = [...section.matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((match) => match[1]!);
    const listed = commands.filter((name) => name !== 'help').sort();
    expect(examples.map((example) => example.command).sort()).toEqual(listed);
    for (const example of examples) expect(example.line.split(' ')[0]).toBe(example.command);
  });

  it('has examples that run', { timeout: 180_000 }, async () => {
    for (const example of examples) {
      const words = shellWords(example.line);
      const usesTranscript = words.includes('session.json') || words.includes('trace.jsonl');
      let args = usesTranscript ? ['--cwd', transcripts, ...words] : words;
      // A server runs until stopped: here it stops itself after a moment, on a socket of its own.
      if (example.command === 'serve') {
        args = [...words, '--idle-timeout', '0.01', '--socket', join(transcripts, 'readme.sock')];
      }
      const result = await runCli(args, { cwd: cliRoot });
      expect(result.stderr, `ctxkit ${example.line}`).not.toContain('internal error');
      expect(result.code, `ctxkit ${example.line}: ${result.stderr}`).toBe(0);
    }
  });

  it('has a main-job line that packs this repository for a named local model', {
    timeout: 120_000,
  }, async () => {
    const line = /^npx ctxkit (pack .+)$/m.exec(readme)?.[1];
    expect(line).toBeDefined();
    const result = await runCli([...shellWords(line!), '--json'], { cwd: cliRoot });
    expect(result.code, result.stderr).toBe(0);
    const document = parseJson(result) as { budget: { used: number; available: number } };
    expect(document.budget.used).toBeGreaterThan(0);
    expect(document.budget.used).toBeLessThanOrEqual(document.budget.available);
  });
});
