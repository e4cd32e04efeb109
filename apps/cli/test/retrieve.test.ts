import { cpSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, parseJson, runCli, STACK_FRAME } from './run-cli.js';

// The retrieval package's own memory fixture: a MEMORY.md and two notes.
const fixture = fileURLToPath(
  new URL('../../../packages/retrieval/test/__fixtures__/memory', import.meta.url),
);

describe('ctxkit retrieve', () => {
  let directory: string;
  beforeAll(() => {
    directory = makeTempDirectory('retrieve');
    cpSync(fixture, directory, { recursive: true });
  });

  it('prints the calibrated threshold and the hits as one JSON document', async () => {
    const result = await runCli(
      ['retrieve', '--query', 'why are invoice totals rounded per line?', '--json'],
      {
        cwd: directory,
      },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const document = parseJson(result) as {
      threshold: { floor: number; baseline: number | null; effective: number };
      hits: { path: string; lines: [number, number]; score: number }[];
      dropped: number;
    };
    expect(Object.keys(document)).toEqual(['ranker', 'threshold', 'hits', 'dropped', 'skipped']);
    expect(document.threshold.floor).toBe(0.24);
    expect(document.threshold.effective).toBeGreaterThanOrEqual(0.24);
    expect(document.hits.map((hit) => [hit.path, hit.lines])).toEqual([['MEMORY.md', [15, 19]]]);
    expect(document.dropped).toBe(10);
  });

  it('searches only the paths given and explains every decision', async () => {
    const result = await runCli(
      ['retrieve', 'notes', '-q', 'rotate the payment provider keys', '--explain', '--json'],
      {
        cwd: directory,
      },
    );
    const document = parseJson(result) as { candidates: { path: string; reason: string }[] };
    expect(new Set(document.candidates.map((candidate) => candidate.path))).toEqual(
      new Set(['notes/api-keys.md', 'notes/meeting-2024-05.txt']),
    );
    expect(document.candidates[0]).toMatchObject({ path: 'notes/api-keys.md', reason: 'above-threshold' });
    expect(document.candidates.at(-1)!.reason).toBe('below-floor');
  });

  it('names each file it left out on stderr', async () => {
    const notes = makeTempDirectory('retrieve-skips');
    writeFileSync(join(notes, 'blob.md'), Buffer.from([0x61, 0x00, 0x62]));
    writeFileSync(join(notes, 'notes.md'), '# Uploads\n\nRetry uploads three times.\n');
    const result = await runCli(['retrieve', 'blob.md', 'notes.md', '-q', 'retry uploads'], { cwd: notes });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('ctxkit: note: left out blob.md: binary\n');
    const quiet = await runCli(['retrieve', 'blob.md', '-q', 'retry uploads', '--quiet'], { cwd: notes });
    expect(quiet.stderr).toBe('');
  });

  it('says so when nothing is relevant, for people', async () => {
    const result = await runCli(['retrieve', '-q', 'sourdough starter feeding schedule'], { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('nothing above the threshold: nothing would be injected\n');
  });

  it('prints the block that would be injected, byte for byte the same on every run', async () => {
    const first = await runCli(['retrieve', '-q', 'deploy to production', '--block'], { cwd: directory });
    const second = await runCli(['retrieve', '-q', 'deploy to production', '--block'], { cwd: directory });
    expect(first.stdout.startsWith('## Retrieved prior knowledge\n\n### MEMORY.md:27-35')).toBe(true);
    expect(second.stdout).toBe(first.stdout);
  });

  it('ranks with TF-IDF on request', async () => {
    const result = await runCli(['retrieve', '-q', 'flaky webhook tests', '--embedder', 'tfidf', '--json'], {
      cwd: directory,
    });
    expect(parseJson(result)).toMatchObject({ ranker: 'tfidf', threshold: { floor: 0.1 } });
  });

  it.each([
    [['retrieve', 'missing', '-q', 'x'], 'ctxkit: no such file or directory: missing\n'],
    [['retrieve', '-q', ' '], 'ctxkit: --query is empty; expected the text to search for\n'],
    [
      ['retrieve', '-q', 'x', '--embedder', 'http'],
      'ctxkit: --embedder http needs --endpoint URL (an OpenAI-compatible server, e.g. http://127.0.0.1:11434)\n',
    ],
    [
      ['retrieve', '-q', 'x', '--embedding-model', 'm'],
      'ctxkit: --embedding-model only applies to --embedder http, not --embedder hash\n',
    ],
    [['retrieve', '-q', 'x', '--max-bytes', '-5'], 'ctxkit: --max-bytes expects a whole number, got "-5"\n'],
    [
      ['retrieve', '-q', 'x', '--min-score', 'high'],
      'ctxkit: --min-score expects a number between -1 and 1, got "high"\n',
    ],
  ])('exits 2 with one line for %j', async (args, message) => {
    const result = await runCli(args, { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expect(result.stderr).not.toMatch(STACK_FRAME);
  });
});

describe('ctxkit retrieve --embedder http', () => {
  let server: Server;
  let base: string;
  let requests = 0;
  let directory: string;

  beforeAll(async () => {
    directory = makeTempDirectory('retrieve-http');
    cpSync(fixture, directory, { recursive: true });
    // A fake OpenAI-compatible model on 127.0.0.1: vectors from letter counts, good enough to rank.
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (part) => {
        raw += part;
      });
      request.on('end', () => {
        requests += 1;
        if (request.url !== '/v1/embeddings') {
          response.writeHead(404).end('not found');
          return;
        }
        const { input } = JSON.parse(raw) as { input: string[] };
        const data = input.map((text, index) => ({
          index,
          embedding: Array.from(
            { length: 26 },
            (_, letter) => text.toLowerCase().split(String.fromCharCode(97 + letter)).length - 1,
          ),
        }));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('embeds through the server, calibrates it, and caches the vectors on disk', async () => {
    const args = [
      'retrieve',
      '-q',
      'invoice rounding',
      '--embedder',
      'http',
      '--endpoint',
      base,
      '--embedding-model',
      'letters',
      '--json',
    ];
    const cold = await runCli(args, { cwd: directory });
    expect(cold.stderr).toBe('');
    expect(cold.code).toBe(0);
    const coldRequests = requests;
    expect(coldRequests).toBeGreaterThan(0);
    expect(existsSync(join(directory, '.ctxkit', 'cache', 'embeddings'))).toBe(true);
    const warm = await runCli(args, { cwd: directory });
    expect(warm.stdout).toBe(cold.stdout);
    expect(requests).toBe(coldRequests);
    expect(readdirSync(join(directory, '.ctxkit', 'cache', 'embeddings'))).toHaveLength(1);
  });

  it('falls back to TF-IDF with a one-line warning when the server fails', async () => {
    const args = [
      'retrieve',
      '-q',
      'invoice rounding',
      '--embedder',
      'http',
      '--endpoint',
      `${base}/wrong`,
      '--embedding-model',
      'm',
      '--json',
    ];
    const result = await runCli(args, { cwd: directory });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      `ctxkit: embedding request to ${base}/wrong/v1/embeddings failed: HTTP 404 Not Found: not found; ranked with TF-IDF instead\n`,
    );
    expect(parseJson(result)).toMatchObject({ ranker: 'tfidf' });
  });

  it('exits 2 naming the endpoint with --no-fallback', async () => {
    const args = [
      'retrieve',
      '-q',
      'x',
      '--embedder',
      'http',
      '--endpoint',
      `${base}/wrong`,
      '--embedding-model',
      'm',
      '--no-fallback',
    ];
    const result = await runCli(args, { cwd: directory });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `ctxkit: embedding request to ${base}/wrong/v1/embeddings failed: HTTP 404 Not Found: not found\n`,
    );
  });
});
