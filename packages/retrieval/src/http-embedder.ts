import { assertNumber, assertString, assertWholeNumber } from '@ctxkit/internal';
import type { Embedder } from './types.js';
import { normalize } from './vector.js';

/** Options of {@link createHttpEmbedder}. */
export interface HttpEmbedderOptions {
  /**
   * The server: a base URL (`http://127.0.0.1:11434`, `https://api.openai.com/v1`) or the full
   * `…/embeddings` URL. `/v1/embeddings` is appended to a base URL, `/embeddings` to one ending in `/v1`.
   */
  endpoint: string;
  /** Model name sent as `model`; part of the embedder id. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. Never part of the id. */
  apiKey?: string;
  /** Expected vector length; a response of another length is an error. Default: learned from the first response. */
  dimension?: number;
  /** Texts per request (default 64): local servers choke on huge batches. */
  batchSize?: number;
  /** Milliseconds before a request is aborted (default 30000). */
  timeoutMs?: number;
  /**
   * Times a batch is retried after HTTP 429 (rate limited) or 503 (model loading), waiting as the
   * server's `Retry-After` says (at most {@link MAX_RETRY_WAIT_MS}) or 1 s, 2 s, … (default 2).
   */
  retries?: number;
  /**
   * Characters of one text sent at most (default {@link DEFAULT_HTTP_MAX_INPUT_CHARS}). Servers
   * reject an input over their context length, which would fail the whole batch; a chunk can be
   * that long when it is one huge line (minified JSON, a long table row). The head carries the topic.
   */
  maxInputChars?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** The fetch to use (default the global one); tests and proxies pass their own. */
  fetch?: typeof fetch;
}

/** An embedding request failed; `message` names the endpoint and what went wrong. */
export class EmbeddingRequestError extends Error {
  override name = 'EmbeddingRequestError';
  /** The URL that was called. */
  readonly endpoint: string;
  /** HTTP status when the server answered, otherwise undefined. */
  readonly status: number | undefined;
  /** The server's `Retry-After` header, when it sent one. */
  retryAfter: string | undefined;

  constructor(message: string, endpoint: string, status?: number) {
    super(message);
    this.endpoint = endpoint;
    this.status = status;
  }
}

/** Default texts per request. */
export const DEFAULT_HTTP_BATCH_SIZE = 64;
/** Default cap on the characters of one input: under 8192 tokens (OpenAI's limit) for any text. */
export const DEFAULT_HTTP_MAX_INPUT_CHARS = 8000;
/** Default retries of a rate-limited (429) or unavailable (503) batch. */
export const DEFAULT_HTTP_RETRIES = 2;
/** Longest wait before a retry, whatever `Retry-After` asks: past this, TF-IDF now beats embeddings later. */
export const MAX_RETRY_WAIT_MS = 10_000;
/** Default request timeout in milliseconds. */
export const DEFAULT_HTTP_TIMEOUT_MS = 30_000;
// setTimeout fires at once for anything longer, which would time out every request.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
// Enough of an error body to see the server's reason, not so much that one line becomes a page.
const ERROR_BODY_CHARS = 200;

/** The `/embeddings` URL an endpoint option stands for. */
export function embeddingsUrl(endpoint: string): string {
  const trimmed = endpoint.trim().replace(/\/+$/, '');
  if (/\/embeddings$/.test(trimmed)) return trimmed;
  if (/\/v\d+$/.test(trimmed)) return `${trimmed}/embeddings`;
  return `${trimmed}/v1/embeddings`;
}

/**
 * An embedder for any OpenAI-compatible `/v1/embeddings` server (OpenAI, Ollama, llama.cpp
 * server, vLLM, LM Studio). Texts go in sequential batches; each request has a timeout; a batch
 * refused with 429 or 503 is retried a few times; vectors are L2-normalised here because not
 * every server normalises them.
 */
export function createHttpEmbedder(options: HttpEmbedderOptions): Embedder {
  const where = 'createHttpEmbedder';
  assertString(where, 'endpoint', options.endpoint);
  assertString(where, 'model', options.model);
  const url = embeddingsUrl(options.endpoint);
  try {
    new URL(url);
  } catch {
    throw new TypeError(`embedding endpoint is not a URL: "${options.endpoint}"`);
  }
  if (options.model.trim() === '') throw new TypeError('embedding model name is empty');
  const batchSize = options.batchSize ?? DEFAULT_HTTP_BATCH_SIZE;
  assertWholeNumber(where, 'batchSize', batchSize, 1);
  const timeoutMs = options.timeoutMs ?? DEFAULT_HTTP_TIMEOUT_MS;
  assertNumber(
    where,
    'timeoutMs',
    timeoutMs,
    `a number of milliseconds > 0 and ≤ ${MAX_TIMEOUT_MS}`,
    (number) => number > 0 && number <= MAX_TIMEOUT_MS,
  );
  const fetchImpl = options.fetch ?? globalThis.fetch;
  // 0 means "learn it from the first response".
  let dimension = options.dimension ?? 0;
  assertWholeNumber(where, 'dimension', dimension, 0);

  const retries = options.retries ?? DEFAULT_HTTP_RETRIES;
  assertWholeNumber(where, 'retries', retries, 0);
  const maxInputChars = options.maxInputChars ?? DEFAULT_HTTP_MAX_INPUT_CHARS;
  assertWholeNumber(where, 'maxInputChars', maxInputChars, 1);

  async function requestBatch(texts: string[]): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await requestBatchOnce(texts);
      } catch (error) {
        const status = error instanceof EmbeddingRequestError ? error.status : undefined;
        if ((status !== 429 && status !== 503) || attempt >= retries) throw error;
        await delay(retryWaitMs((error as EmbeddingRequestError).retryAfter, attempt));
      }
    }
  }

  async function requestBatchOnce(texts: string[]): Promise<Float32Array[]> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...options.headers,
        },
        body: JSON.stringify({ model: options.model, input: texts.map((text) => clip(text, maxInputChars)) }),
        signal: controller.signal,
      });
      body = await response.text();
    } catch (error) {
      if (controller.signal.aborted)
        throw new EmbeddingRequestError(`embedding request to ${url} timed out after ${timeoutMs} ms`, url);
      throw new EmbeddingRequestError(
        `embedding request to ${url} failed: ${describeNetworkError(error)}`,
        url,
      );
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok) {
      const excerpt = body.replace(/\s+/g, ' ').trim().slice(0, ERROR_BODY_CHARS);
      const failure = new EmbeddingRequestError(
        `embedding request to ${url} failed: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${excerpt ? `: ${excerpt}` : ''}`,
        url,
        response.status,
      );
      failure.retryAfter = response.headers.get('retry-after') ?? undefined;
      throw failure;
    }
    return parseEmbeddings(body, texts.length, url);
  }

  return {
    id: `openai:${options.model}@${url}`,
    get dimension() {
      return dimension;
    },
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        for (const vector of await requestBatch(texts.slice(start, start + batchSize))) {
          if (dimension === 0) dimension = vector.length;
          else if (vector.length !== dimension)
            throw new EmbeddingRequestError(
              `embedding endpoint ${url} returned a vector of ${vector.length} dimensions, expected ${dimension}`,
              url,
            );
          vectors.push(vector);
        }
      }
      return vectors;
    },
  };
}

function parseEmbeddings(body: string, expected: number, url: string): Float32Array[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new EmbeddingRequestError(`embedding endpoint ${url} did not return JSON`, url);
  }
  const data = (parsed as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length !== expected)
    throw new EmbeddingRequestError(
      `embedding endpoint ${url} returned ${Array.isArray(data) ? `${data.length} embeddings` : 'no data array'}, expected ${expected}`,
      url,
    );
  // Servers may answer out of order; `index` says which input each vector belongs to — so the
  // indices must name each input exactly once, or vectors would silently land on the wrong text.
  const indices = data.map((entry) => (entry as { index?: unknown }).index);
  if (indices.every((index) => typeof index === 'number')) {
    const seen = new Set(indices);
    if (
      seen.size !== expected ||
      indices.some(
        (index) => !Number.isInteger(index) || (index as number) < 0 || (index as number) >= expected,
      )
    )
      throw new EmbeddingRequestError(
        `embedding endpoint ${url} returned embeddings whose index fields are not 0..${expected - 1} once each`,
        url,
      );
  }
  const ordered = data
    .map((entry, position) => ({ entry: entry as { index?: unknown; embedding?: unknown }, position }))
    .sort(
      (left, right) =>
        (typeof left.entry.index === 'number' ? left.entry.index : left.position) -
        (typeof right.entry.index === 'number' ? right.entry.index : right.position),
    );
  return ordered.map(({ entry }) => {
    const embedding = entry.embedding;
    if (
      !Array.isArray(embedding) ||
      embedding.length === 0 ||
      // JSON has no NaN, but 1e999 parses as Infinity and would normalise to NaN.
      !embedding.every((value) => typeof value === 'number' && Number.isFinite(value))
    )
      throw new EmbeddingRequestError(
        `embedding endpoint ${url} returned an embedding that is not a list of numbers`,
        url,
      );
    return normalize(embedding as number[]);
  });
}

/** Milliseconds to wait before retry `attempt` (0-based): `Retry-After` seconds or date, else 1 s, 2 s, … */
function retryWaitMs(retryAfter: string | undefined, attempt: number): number {
  let wait = 1000 * 2 ** attempt;
  if (retryAfter !== undefined && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) wait = seconds * 1000;
    else {
      // The HTTP-date form; an unparsable value keeps the default back-off.
      const at = Date.parse(retryAfter);
      if (Number.isFinite(at)) wait = at - Date.now();
    }
  }
  return Math.min(Math.max(wait, 0), MAX_RETRY_WAIT_MS);
}

/** `text` cut to at most `maxChars` UTF-16 units, never inside a surrogate pair. */
function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const code = text.charCodeAt(maxChars - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? maxChars - 1 : maxChars);
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function describeNetworkError(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
