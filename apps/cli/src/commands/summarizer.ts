import {
  acceptSummary,
  type CountTokens,
  type Digest,
  type DigestPosition,
  type Message,
  renderDigest,
  type Summarize,
  shortenText,
} from '@ctxkit/compact';

/** Where a cut's summary came from, and why the model's was not used when it was not. */
export interface SummaryRecord {
  /** Where the summary goes (before the task message, or right after it). */
  position: DigestPosition;
  /** `model`: the model's summary passed the gate; `digest`: the deterministic digest stood in. */
  source: 'model' | 'digest';
  /** Why the model's summary was not used (failed gate checks, an HTTP or network error); empty when it was. */
  reasons: string[];
}

/** How to reach an OpenAI-compatible chat-completions server (Ollama, llama.cpp server, vLLM, OpenAI). */
export interface ModelSummarizerOptions {
  /** Base URL of the API, up to and including its version segment, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Model name as the server knows it. */
  model: string;
  /** Token counter for the gate's length check. */
  countTokens: CountTokens;
  /** Sent as a bearer token when given. */
  apiKey?: string;
  /** Milliseconds before a request is abandoned (and the digest used); 60 s by default. */
  timeoutMs?: number;
  /** The fetch to use; the global one by default (tests pass their own only to count calls). */
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 60_000;
// The span as the model reads it: enough to summarize, bounded so a huge span cannot blow the request.
const SPAN_CHARACTERS = 60_000;
const MESSAGE_BYTES = 1_500;

const INSTRUCTIONS =
  "You compress the earlier part of a coding agent's transcript so the agent can continue its task. " +
  'Write only the summary: no greeting, no preamble, no closing remark. Keep every file path, every ' +
  'command with how it ended, every error and every decision from the must-preserve list, as short ' +
  'list-shaped lines. Do not invent work that is not in the transcript.';

function renderSpan(messages: readonly Message[]): string {
  const lines: string[] = [];
  let length = 0;
  for (const message of messages) {
    const parts: string[] = [];
    if (message.text) parts.push(message.text);
    for (const call of message.toolCalls ?? []) parts.push(`call ${call.name} ${JSON.stringify(call.input)}`);
    if (message.toolResult) {
      parts.push(`${message.toolResult.isError ? 'error' : 'result'}: ${message.toolResult.content}`);
    }
    const line = `${message.role}: ${shortenText(parts.join('\n'), MESSAGE_BYTES)}`;
    if (length + line.length > SPAN_CHARACTERS) {
      lines.push('[… later messages left out]');
      break;
    }
    lines.push(line);
    length += line.length;
  }
  return lines.join('\n\n');
}

async function requestSummary(
  options: ModelSummarizerOptions,
  dropped: readonly Message[],
  digest: Digest,
  maxTokens: number,
): Promise<{ text: string } | { error: string }> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const body = {
    model: options.model,
    temperature: 0,
    max_tokens: Math.max(16, maxTokens),
    messages: [
      { role: 'system', content: INSTRUCTIONS },
      {
        role: 'user',
        content: `Must-preserve list:\n${renderDigest(digest)}\n\nTranscript to summarize:\n${renderSpan(dropped)}`,
      },
    ],
  };
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    if (!response.ok) return { error: `${url}: HTTP ${response.status}` };
    const json = (await response.json()) as {
      choices?: { message?: { content?: unknown }; finish_reason?: unknown }[];
    };
    const choice = json.choices?.[0];
    const content = choice?.message?.content;
    if (typeof content !== 'string')
      return { error: `${url}: expected choices[0].message.content, found none` };
    // Cut off by the token limit: the end of the summary (often the latest work) is missing.
    if (choice?.finish_reason === 'length') return { error: 'truncated: the model hit its token limit' };
    return { text: content.trim() };
  } catch (error) {
    return { error: `${url}: ${(error as Error).message}` };
  }
}

/**
 * A {@link Summarize} callback that asks a model for the summary of a cut span, with the digest as its
 * must-preserve list, and uses it only if it passes {@link acceptSummary}; otherwise — or when the
 * server cannot be reached — the deterministic digest. `records` says, per cut, which one was used.
 */
export function createModelSummarizer(options: ModelSummarizerOptions): {
  summarize: Summarize;
  records: SummaryRecord[];
} {
  const records: SummaryRecord[] = [];
  const summarize: Summarize = async (dropped, digest, context) => {
    const fallback = () =>
      renderDigest(digest, {
        maxTokens: context.maxTokens,
        countTokens: options.countTokens,
        position: context.position,
      });
    const answer = await requestSummary(options, dropped, digest, context.maxTokens);
    if ('error' in answer) {
      records.push({ position: context.position, source: 'digest', reasons: [answer.error] });
      return fallback();
    }
    const verdict = acceptSummary(answer.text, digest, {
      maxTokens: context.maxTokens,
      countTokens: options.countTokens,
    });
    if (!verdict.accepted) {
      records.push({ position: context.position, source: 'digest', reasons: verdict.reasons });
      return fallback();
    }
    records.push({ position: context.position, source: 'model', reasons: [] });
    return answer.text;
  };
  return { summarize, records };
}
