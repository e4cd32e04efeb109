import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHttpEmbedder,
  EmbeddingRequestError,
  embeddingsUrl,
  type HttpEmbedderOptions,
} from './http-embedder.js';
import { retrieve } from './retrieve.js';

interface Recorded {
  url: string;
  authorization: string | undefined;
  body: { model: string; input: string[] };
}

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A tiny OpenAI-compatible server on 127.0.0.1; `handle` decides each answer. */
async function startServer(
  handle: (request: Recorded, response: ServerResponse) => void,
): Promise<{ base: string; requests: Recorded[] }> {
  const requests: Recorded[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (part) => {
      raw += part;
    });
    request.on('end', () => {
      const recorded = {
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: JSON.parse(raw),
      };
      requests.push(recorded);
      handle(recorded, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

// A deterministic fake model: the vector of a text is [length, 1, 0], unnormalised on purpose.
function answerWithVectors(request: Recorded, response: ServerResponse, reversed = false): void {
  const data = request.body.input.map((text, index) => ({
    object: 'embedding',
    index,
    embedding: [text.length, 1, 0],
  }));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify({ object: 'list', data: reversed ? data.reverse() : data, model: request.body.model }),
  );
}

describe('embeddingsUrl', () => {
  it('accepts a base URL, a /v1 URL or the full endpoint', () => {
    expect(embeddingsUrl('http://127.0.0.1:11434')).toBe('http://127.0.0.1:11434/v1/embeddings');
    expect(embeddingsUrl('https://api.example.com/v1/')).toBe('https://api.example.com/v1/embeddings');
    expect(embeddingsUrl('http://host/custom/embeddings')).toBe('http://host/custom/embeddings');
  });
});

describe('createHttpEmbedder', () => {
  it('posts batches to /v1/embeddings and returns normalised vectors in input order', async () => {
    const { base, requests } = await startServer((request, response) =>
      answerWithVectors(request, response, true),
    );
    const embedder = createHttpEmbedder({
      endpoint: base,
      model: 'nomic-embed-text',
      apiKey: 'secret',
      batchSize: 2,
    });
    expect(embedder.dimension).toBe(0);
    const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee']);
    expect(requests.map((request) => request.body.input)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']]);
    expect(requests.every((request) => request.url === '/v1/embeddings')).toBe(true);
    expect(requests[0]!.authorization).toBe('Bearer secret');
    expect(requests[0]!.body.model).toBe('nomic-embed-text');
    expect(vectors.map((vector) => vector[0]! / vector[1]!)).toEqual(
      [1, 2, 3, 4, 5].map((value) => expect.closeTo(value, 5)),
    );
    for (const vector of vectors) expect(Math.hypot(...vector)).toBeCloseTo(1, 5);
    expect(embedder.dimension).toBe(3);
    expect(embedder.id).toBe(`openai:nomic-embed-text@${base}/v1/embeddings`);
    expect(embedder.id).not.toContain('secret');
  });

  it('names the endpoint and the HTTP status when the server refuses', async () => {
    const { base } = await startServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end('{"error":{"message":"model \\"nope\\" not found"}}');
    });
    const embedder = createHttpEmbedder({ endpoint: base, model: 'nope' });
    const failure = embedder.embed(['text']);
    await expect(failure).rejects.toThrow(EmbeddingRequestError);
    await expect(failure).rejects.toThrow(
      `embedding request to ${base}/v1/embeddings failed: HTTP 404 Not Found: {"error":{"message":"model \\"nope\\" not found"}}`,
    );
    await expect(failure).rejects.toMatchObject({ status: 404, endpoint: `${base}/v1/embeddings` });
  });

  it('retries a rate-limited batch as Retry-After says, then gives up with the status', async () => {
    let refusals = 1;
    const { base, requests } = await startServer((request, response) => {
      if (refusals > 0) {
        refusals -= 1;
        response.writeHead(429, { 'retry-after': '0' });
        response.end('slow down');
      } else answerWithVectors(request, response);
    });
    const embedder = createHttpEmbedder({ endpoint: base, model: 'm' });
    expect(await embedder.embed(['a'])).toHaveLength(1);
    expect(requests).toHaveLength(2);

    const { base: busy, requests: busyRequests } = await startServer((_request, response) => {
      response.writeHead(503, { 'retry-after': '0' });
      response.end('loading model');
    });
    const failure = createHttpEmbedder({ endpoint: busy, model: 'm', retries: 1 }).embed(['a']);
    await expect(failure).rejects.toMatchObject({ status: 503 });
    expect(busyRequests).toHaveLength(2);
  });

  it('rejects an answer whose index fields repeat or leave the range', async () => {
    const { base } = await startServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ data: request.body.input.map(() => ({ index: 0, embedding: [1, 0] })) }));
    });
    await expect(createHttpEmbedder({ endpoint: base, model: 'm' }).embed(['a', 'b'])).rejects.toThrow(
      `embedding endpoint ${base}/v1/embeddings returned embeddings whose index fields are not 0..1 once each`,
    );
  });

  it('cuts an input longer than maxInputChars (one huge line) instead of failing the batch', async () => {
    const { base, requests } = await startServer(answerWithVectors);
    const embedder = createHttpEmbedder({ endpoint: base, model: 'm', maxInputChars: 10 });
    await embedder.embed(['short', `${'x'.repeat(9)}\u{1F600}tail`]);
    expect(requests[0]?.body.input).toEqual(['short', 'x'.repeat(9)]);
  });

  it('aborts a request that takes longer than the timeout', async () => {
    const { base } = await startServer(() => {
      // Never answers.
    });
    const embedder = createHttpEmbedder({ endpoint: base, model: 'slow', timeoutMs: 100 });
    await expect(embedder.embed(['text'])).rejects.toThrow(
      `embedding request to ${base}/v1/embeddings timed out after 100 ms`,
    );
  });

  it('reports an unreachable server by its address', async () => {
    const { base } = await startServer(answerWithVectors);
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
    const embedder = createHttpEmbedder({ endpoint: base, model: 'gone' });
    await expect(embedder.embed(['text'])).rejects.toThrow(
      `embedding request to ${base}/v1/embeddings failed: ECONNREFUSED`,
    );
  });

  it('rejects malformed answers and vectors of the wrong dimension', async () => {
    const { base } = await startServer((request, response) => {
      if (request.body.input[0] === 'html') response.writeHead(200).end('<html>proxy login</html>');
      else if (request.body.input[0] === 'short') response.writeHead(200).end('{"data":[]}');
      else answerWithVectors(request, response);
    });
    const embedder = createHttpEmbedder({ endpoint: base, model: 'm', dimension: 4 });
    await expect(embedder.embed(['html'])).rejects.toThrow(
      `embedding endpoint ${base}/v1/embeddings did not return JSON`,
    );
    await expect(embedder.embed(['short'])).rejects.toThrow('returned 0 embeddings, expected 1');
    await expect(embedder.embed(['fine'])).rejects.toThrow('returned a vector of 3 dimensions, expected 4');
  });

  it('rejects an endpoint that is not a URL', () => {
    expect(() => createHttpEmbedder({ endpoint: 'not a url', model: 'm' })).toThrow(
      'embedding endpoint is not a URL: "not a url"',
    );
  });

  it('refuses a batch size, timeout or count that would send nothing or time out at once', () => {
    const make = (extra: Partial<HttpEmbedderOptions>) => () =>
      createHttpEmbedder({ endpoint: 'http://127.0.0.1:1', model: 'm', ...extra });
    expect(make({ batchSize: Number.NaN })).toThrow(
      new RangeError('createHttpEmbedder: batchSize must be a whole number ≥ 1, found NaN'),
    );
    expect(make({ batchSize: 0 })).toThrow('batchSize must be a whole number ≥ 1, found 0');
    expect(make({ batchSize: 2.5 })).toThrow('batchSize must be a whole number ≥ 1, found 2.5');
    expect(make({ timeoutMs: Number.NaN })).toThrow(
      new RangeError(
        'createHttpEmbedder: timeoutMs must be a number of milliseconds > 0 and ≤ 2147483647, found NaN',
      ),
    );
    expect(make({ timeoutMs: -5 })).toThrow('timeoutMs must be a number of milliseconds > 0');
    expect(make({ timeoutMs: 2 ** 31 })).toThrow('found 2147483648');
    expect(make({ timeoutMs: '500' as unknown as number })).toThrow(TypeError);
    expect(make({ retries: Number.NaN })).toThrow('retries must be a whole number ≥ 0, found NaN');
    expect(make({ maxInputChars: Number.NaN })).toThrow(
      'maxInputChars must be a whole number ≥ 1, found NaN',
    );
    expect(make({ dimension: Number.NaN })).toThrow('dimension must be a whole number ≥ 0, found NaN');
    expect(() => createHttpEmbedder({ endpoint: 'http://127.0.0.1:1' } as HttpEmbedderOptions)).toThrow(
      new TypeError('createHttpEmbedder: model must be a string, found undefined'),
    );
    // Valid values are taken as they are.
    expect(make({ batchSize: 1, timeoutMs: 0.5, retries: 0, dimension: 0 })).not.toThrow();
  });

  it('rejects an embedding holding a number too large for a vector (1e999 parses as Infinity)', async () => {
    const embedder = createHttpEmbedder({
      endpoint: 'http://127.0.0.1:1',
      model: 'm',
      fetch: async () => new Response('{"data":[{"index":0,"embedding":[1e999,1]}]}'),
    });
    await expect(embedder.embed(['a'])).rejects.toThrow(
      'returned an embedding that is not a list of numbers',
    );
  });

  it('lets retrieve fall back to TF-IDF when the endpoint fails, and say so', async () => {
    const { base } = await startServer((_request, response) => {
      response.writeHead(503);
      response.end('loading model');
    });
    const result = await retrieve({
      query: 'invoice rounding',
      documents: [
        {
          path: 'notes.md',
          text: '# Invoices\nInvoice totals use rounding per line.\n# Other\nUnrelated words.',
        },
      ],
      ranker: createHttpEmbedder({ endpoint: base, model: 'm' }),
      calibration: { floor: 0.9, margin: 0.5 },
    });
    expect(result.ranker).toBe('tfidf');
    expect(result.calibration).toEqual({ floor: 0.1, margin: 0.09, source: 'pinned' });
    expect(result.fallback).toEqual({
      from: `openai:m@${base}/v1/embeddings`,
      reason: `embedding request to ${base}/v1/embeddings failed: HTTP 503 Service Unavailable: loading model`,
    });
    expect(result.hits.map((hit) => hit.path)).toEqual(['notes.md']);
    await expect(
      retrieve({
        query: 'x',
        documents: [],
        ranker: createHttpEmbedder({ endpoint: base, model: 'm' }),
        fallbackToTfidf: false,
      }),
    ).rejects.toThrow('HTTP 503');
  });

  it('is calibrated on first use when no floor is pinned for it', async () => {
    const { base } = await startServer(answerWithVectors);
    const result = await retrieve({
      query: 'abc',
      documents: [{ path: 'n.txt', text: 'abc' }],
      ranker: createHttpEmbedder({ endpoint: base, model: 'm' }),
    });
    expect(result.calibration.source).toBe('measured');
    // This fake model maps every text near [n, 1, 0]: all pairs look alike, so the floor is high.
    expect(result.calibration.floor).toBeGreaterThan(0.9);
  });
});
