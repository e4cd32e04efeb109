import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

type Mode = 'good' | 'empty' | 'preamble' | 'truncated' | 'error';

// A stand-in for an OpenAI-compatible server, on 127.0.0.1 only, answering each request at once.
let server: Server;
let baseUrl = '';
let mode: Mode = 'good';
const requests: { model: string; maxTokens: number; prompt: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += String(chunk);
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as {
        model: string;
        max_tokens: number;
        messages: { role: string; content: string }[];
      };
      const prompt = parsed.messages.at(-1)?.content ?? '';
      requests.push({
        model: parsed.model,
        maxTokens: parsed.max_tokens,
        prompt,
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      });
      if (request.url !== '/v1/chat/completions' || mode === 'error') {
        response.writeHead(500).end('{}');
        return;
      }
      // A good model keeps the must-preserve list; the others fail the gate in their own way.
      const list =
        /Must-preserve list:\n[^\n]*\n([\s\S]*?)\n\nTranscript to summarize:/.exec(prompt)?.[1] ?? '';
      const content =
        mode === 'good'
          ? `Work so far:\n${list}`
          : mode === 'empty'
            ? ''
            : mode === 'preamble'
              ? 'Sure! Here is a summary of the conversation so far:'
              : list.slice(0, Math.floor(list.length / 2));
      const finish = mode === 'truncated' ? 'length' : 'stop';
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ choices: [{ message: { role: 'assistant', content }, finish_reason: finish }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// One task, twelve tool rounds that write files and run tests: enough for a cut inside the task.
function writeRun(): string {
  const messages: unknown[] = [
    { role: 'system', content: 'You are a coding agent.' },
    { role: 'user', content: 'Make the tests pass.' },
  ];
  for (let turn = 0; turn < 12; turn++) {
    const id = `call_${turn}`;
    const write = turn % 2 === 0;
    const args = write ? { path: `src/file${turn}.ts`, content: 'x' } : { command: 'pnpm test' };
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: write ? 'write_file' : 'bash', arguments: JSON.stringify(args) },
          },
        ],
      },
      {
        role: 'tool',
        tool_call_id: id,
        content: `${'output line\n'.repeat(120)}exit code ${turn % 4 === 1 ? 1 : 0}`,
      },
    );
  }
  const directory = mkdtempSync(join(tmpdir(), 'ctxkit-summarizer-'));
  writeFileSync(join(directory, 'run.json'), JSON.stringify(messages));
  return directory;
}

interface Report {
  after: number;
  summaries: { position: string; source: string; reasons: string[] }[];
}

async function compactWith(
  current: Mode,
  extra: string[] = [],
): Promise<{ report: Report; summary: string; code: number }> {
  mode = current;
  const directory = writeRun();
  const result = await runInProcess(
    [
      'compact',
      'run.json',
      '-f',
      'openai',
      '--window',
      '4000',
      '--json',
      '--summarizer',
      baseUrl,
      '--summarizer-model',
      'stub-model',
      ...extra,
    ],
    directory,
  );
  const document = JSON.parse(result.stdout) as {
    messages: { role: string; content: string }[];
    report: Report;
  };
  const summary =
    document.messages.find((message) => message.content?.includes('[ctxkit] Summary'))?.content ?? '';
  return { report: document.report, summary, code: result.code };
}

describe('ctxkit compact --summarizer', () => {
  it('uses a model summary that passes the gate, and says so', async () => {
    const { report, summary, code } = await compactWith('good');
    expect(code).toBe(0);
    expect(report.summaries).toEqual([{ position: 'within-task', source: 'model', reasons: [] }]);
    expect(summary).toContain('Work so far:');
    expect(summary).toContain('src/file0.ts');
    expect(requests.at(-1)?.model).toBe('stub-model');
    expect(requests.at(-1)?.prompt).toContain('Must-preserve list:');
  });

  for (const [current, reason] of [
    ['empty', /the summary is empty/],
    ['preamble', /chat preamble/],
    ['truncated', /truncated: the model hit its token limit/],
    ['error', /HTTP 500/],
  ] as const) {
    it(`falls back to the digest when the model's summary is ${current}`, async () => {
      const { report, summary, code } = await compactWith(current);
      expect(code).toBe(0);
      expect(report.summaries).toHaveLength(1);
      expect(report.summaries[0]?.source).toBe('digest');
      expect(report.summaries[0]?.reasons.join('; ')).toMatch(reason);
      expect(summary).toContain('Files edited:');
    });
  }

  it('sends the key from the environment variable --summarizer-key-env names, and only then', async () => {
    await compactWith('good');
    expect(requests.at(-1)?.authorization).toBeUndefined();
    process.env.CTXKIT_TEST_SUMMARIZER_KEY = 'sk-test';
    try {
      const { code } = await compactWith('good', ['--summarizer-key-env', 'CTXKIT_TEST_SUMMARIZER_KEY']);
      expect(code).toBe(0);
      expect(requests.at(-1)?.authorization).toBe('Bearer sk-test');
    } finally {
      delete process.env.CTXKIT_TEST_SUMMARIZER_KEY;
    }
    const directory = writeRun();
    const unset = await runInProcess(
      [
        'compact',
        'run.json',
        '-f',
        'openai',
        '--window',
        '4000',
        '--summarizer',
        baseUrl,
        '--summarizer-model',
        'm',
        '--summarizer-key-env',
        'CTXKIT_TEST_SUMMARIZER_KEY',
      ],
      directory,
    );
    expect(unset.code).toBe(2);
    expect(unset.stderr).toContain('the environment variable CTXKIT_TEST_SUMMARIZER_KEY is not set');
  });

  it('asks for the model name and an http(s) URL', async () => {
    const directory = writeRun();
    const missing = await runInProcess(
      ['compact', 'run.json', '-f', 'openai', '--window', '4000', '--summarizer', baseUrl],
      directory,
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('expected --summarizer-model NAME with --summarizer');
    const wrong = await runInProcess(
      [
        'compact',
        'run.json',
        '-f',
        'openai',
        '--window',
        '4000',
        '--summarizer',
        'ftp://x',
        '--summarizer-model',
        'm',
      ],
      directory,
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('--summarizer: expected an http(s) base URL, found "ftp://x"');
  });
});
