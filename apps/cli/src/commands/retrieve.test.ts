import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An OpenAI-compatible embeddings server whose vector is a text's letter counts (a–z). */
async function startEmbeddingServer(): Promise<string> {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (part) => {
      raw += part;
    });
    request.on('end', () => {
      const input = (JSON.parse(raw) as { input: string[] }).input;
      const data = input.map((text, index) => {
        const counts = new Array<number>(26).fill(0);
        for (const letter of text.toLowerCase()) {
          const at = letter.charCodeAt(0) - 97;
          if (at >= 0 && at < 26) counts[at] = (counts[at] ?? 0) + 1;
        }
        return { index, embedding: counts };
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data }));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('ctxkit retrieve', () => {
  it('ranks with the HTTP embedder uncached, with one notice, when the cache directory cannot be written', async () => {
    const endpoint = await startEmbeddingServer();
    const project = mkdtempSync(join(tmpdir(), 'ctxkit-retrieve-cli-'));
    writeFileSync(join(project, 'MEMORY.md'), '# Invoices\n\nTotals are rounded per line item.\n');
    writeFileSync(join(project, 'blocked'), 'a file where the cache directory should be');
    const result = await runInProcess(
      [
        'retrieve',
        '.',
        '-q',
        'invoice rounding',
        '--embedder',
        'http',
        '--endpoint',
        endpoint,
        '--embedding-model',
        'm',
      ].concat(['--cache-dir', 'blocked/cache', '--json']),
      project,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('ctxkit: embedding cache could not be written (ENOTDIR); working uncached\n');
    const document = JSON.parse(result.stdout) as { ranker: string; fallback?: unknown };
    expect(document.ranker).toBe(`openai:m@${endpoint}/v1/embeddings`);
    expect(document.fallback).toBeUndefined();
  });

  it('is not broken by the global --model, and names the embedding model --embedding-model', async () => {
    const project = mkdtempSync(join(tmpdir(), 'ctxkit-retrieve-model-'));
    writeFileSync(join(project, 'MEMORY.md'), '# Invoices\n\nTotals are rounded per line item.\n');
    for (const argv of [
      ['--model', 'qwen2.5-coder:7b', 'retrieve', '-q', 'invoice rounding', '--json'],
      ['retrieve', '-q', 'invoice rounding', '--model', 'qwen2.5-coder:7b', '--json'],
    ]) {
      const result = await runInProcess(argv, project);
      expect(result.code, result.stderr).toBe(0);
      expect((JSON.parse(result.stdout) as { hits: unknown[] }).hits.length).toBeGreaterThan(0);
    }
    const http = await runInProcess(
      [
        '--model',
        'qwen2.5-coder:7b',
        'retrieve',
        '-q',
        'x',
        '--embedder',
        'http',
        '--endpoint',
        'http://127.0.0.1:9',
      ],
      project,
    );
    expect(http).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'ctxkit: --embedder http needs --embedding-model NAME (e.g. nomic-embed-text); --model qwen2.5-coder:7b names a model profile, not an embedding model\n',
    });
    const misplaced = await runInProcess(['retrieve', '-q', 'x', '--embedding-model', 'm'], project);
    expect(misplaced.stderr).toBe(
      'ctxkit: --embedding-model only applies to --embedder http, not --embedder hash\n',
    );
  });
});
