import type { Encoding } from '@ctxkit/tokenize';
import type { ModelProfile } from './profile-types.js';

// Local models budget their answer with the package-wide default reserve; the window numbers are
// each model's native (trained / config.json) context length, not a runtime's `num_ctx` default and
// not a RoPE-scaled maximum, because a prompt past the native length degrades silently.
const LOCAL_RESERVE = 2048;
// Llama 3, Qwen and most open BPE vocabularies are cl100k-like; cl100k_base is the closest bundled one.
const LOCAL_ENCODING: Encoding = 'cl100k_base';
/** Where a local model's own tokenizer is looked for: its GGUF in the Ollama store. */
const LOCAL_TOKENIZER = 'ollama';

function local(family: string, window: number, sizes: (number | [number, string])[]): ModelProfile[] {
  return sizes.map((size) => {
    const [sizeB, tag] = Array.isArray(size) ? size : [size, `${size}b`];
    return {
      name: `${family}:${tag}`,
      family,
      sizeB,
      contextWindow: window,
      // A quarter of the window at most, so a 2K–4K model still has room for a prompt.
      completionReserve: Math.min(LOCAL_RESERVE, window / 4),
      encoding: LOCAL_ENCODING,
      // Counted exactly when the model is pulled into the local Ollama store (its GGUF's metadata).
      tokenizer: LOCAL_TOKENIZER,
      hosting: 'local' as const,
    };
  });
}

function hosted(
  name: string,
  contextWindow: number,
  completionReserve: number,
  encoding: Encoding,
  aliases: string[] = [],
): ModelProfile {
  return {
    name,
    family: name,
    contextWindow,
    completionReserve,
    encoding,
    ...(aliases.length > 0 ? { aliases } : {}),
    hosting: 'hosted',
  };
}

/** An OpenAI model: its bundled encoding is its own tokenizer, so its counts are exact. */
function openai(
  name: string,
  contextWindow: number,
  completionReserve: number,
  encoding: Encoding,
  aliases: string[] = [],
): ModelProfile {
  return { ...hosted(name, contextWindow, completionReserve, encoding, aliases), tokenizer: encoding };
}

// Anthropic and Google do not publish their vocabularies; o200k_base is the closest bundled one and
// the budget's slack absorbs the disagreement.
const APPROXIMATE: Encoding = 'o200k_base';

/**
 * The profiles ctxkit ships. Within a family the first entry is the one a bare family name means
 * (Ollama's `latest` tag), which is why entries are listed in that order rather than by size.
 */
export const BUILTIN_PROFILES: readonly ModelProfile[] = Object.freeze([
  // Qwen
  ...local('qwen2.5-coder', 32_768, [7, [0.5, '0.5b'], [1.5, '1.5b'], 3, 14, 32]),
  ...local('qwen2.5', 32_768, [7, [0.5, '0.5b'], [1.5, '1.5b'], 3, 14, 32, 72]),
  ...local('qwen3-coder', 262_144, [
    [30, '30b'],
    [480, '480b'],
  ]),
  ...local('qwen3', 40_960, [8, [0.6, '0.6b'], [1.7, '1.7b'], 4, 14, 30, 32, 235]),
  ...local('qwen2', 32_768, [7, [0.5, '0.5b'], [1.5, '1.5b'], 72]),
  // Meta Llama
  ...local('llama2', 4_096, [7, 13, 70]),
  ...local('llama3', 8_192, [8, 70]),
  ...local('llama3.1', 131_072, [8, 70, 405]),
  ...local('llama3.2', 131_072, [3, 1]),
  ...local('llama3.3', 131_072, [70]),
  ...local('codellama', 16_384, [7, 13, 34]),
  // DeepSeek
  ...local('deepseek-coder', 16_384, [[1.3, '1.3b'], [6.7, '6.7b'], 33]),
  ...local('deepseek-coder-v2', 163_840, [16, 236]),
  ...local('deepseek-r1', 131_072, [8, [1.5, '1.5b'], 7, 14, 32, 70, 671]),
  // Mistral
  ...local('mistral', 32_768, [7]),
  ...local('mistral-nemo', 131_072, [12]),
  ...local('mistral-small', 131_072, [24]),
  ...local('mistral-small', 32_768, [22]),
  ...local('codestral', 32_768, [22]),
  ...local('mixtral', 32_768, [[46.7, '8x7b']]),
  ...local('mixtral', 65_536, [[141, '8x22b']]),
  ...local('devstral', 131_072, [24]),
  // Microsoft Phi (phi3 tags without "128k" are the 4k-context builds)
  ...local('phi3', 4_096, [
    [3.8, '3.8b'],
    [14, '14b'],
  ]),
  ...local('phi3.5', 131_072, [[3.8, '3.8b']]),
  ...local('phi4', 16_384, [14]),
  ...local('phi4-mini', 131_072, [[3.8, '3.8b']]),
  // Google Gemma
  ...local('gemma', 8_192, [7, 2]),
  ...local('gemma2', 8_192, [9, 2, 27]),
  ...local('gemma3', 131_072, [4, 12, 27]),
  ...local('gemma3', 32_768, [1]),
  ...local('codegemma', 8_192, [7, 2]),
  // Others
  ...local('tinyllama', 2_048, [[1.1, '1.1b']]),
  ...local('smollm2', 8_192, [
    [1.7, '1.7b'],
    [0.36, '360m'],
    [0.135, '135m'],
  ]),
  ...local('starcoder2', 16_384, [3, 7, 15]),
  ...local('gpt-oss', 131_072, [20, 120]).map((profile) => ({ ...profile, encoding: 'o200k_base' as const })),

  // OpenAI
  openai('gpt-4o', 128_000, 16_384, 'o200k_base', ['chatgpt-4o-latest']),
  openai('gpt-4o-mini', 128_000, 16_384, 'o200k_base'),
  openai('gpt-4.1', 1_047_576, 32_768, 'o200k_base'),
  openai('gpt-4.1-mini', 1_047_576, 32_768, 'o200k_base'),
  openai('gpt-4.1-nano', 1_047_576, 32_768, 'o200k_base'),
  // GPT-5 accepts at most 272k input tokens of its 400k window: reserving the full 128k output
  // allowance makes the budget land exactly on that cap.
  openai('gpt-5', 400_000, 128_000, 'o200k_base'),
  openai('gpt-5-mini', 400_000, 128_000, 'o200k_base'),
  openai('gpt-5-nano', 400_000, 128_000, 'o200k_base'),
  // Reasoning tokens are billed against the completion, so o-series models need a large reserve.
  openai('o1', 200_000, 32_768, 'o200k_base'),
  openai('o1-mini', 128_000, 32_768, 'o200k_base'),
  openai('o1-preview', 128_000, 32_768, 'o200k_base'),
  openai('o3', 200_000, 32_768, 'o200k_base'),
  openai('o3-mini', 200_000, 32_768, 'o200k_base'),
  openai('o4-mini', 200_000, 32_768, 'o200k_base'),
  openai('gpt-4-turbo', 128_000, 4_096, 'cl100k_base'),
  openai('gpt-4.5-preview', 128_000, 16_384, 'o200k_base'),
  openai('gpt-4', 8_192, 2_048, 'cl100k_base'),
  openai('gpt-4-32k', 32_768, 4_096, 'cl100k_base'),
  openai('gpt-3.5-turbo', 16_385, 4_096, 'cl100k_base'),

  // Anthropic (every current model has a 200k window; the 1M Sonnet window is an opt-in beta)
  hosted('claude-3-haiku', 200_000, 4_096, APPROXIMATE),
  hosted('claude-3-opus', 200_000, 4_096, APPROXIMATE),
  hosted('claude-3-5-haiku', 200_000, 8_192, APPROXIMATE),
  hosted('claude-3-5-sonnet', 200_000, 8_192, APPROXIMATE),
  hosted('claude-3-7-sonnet', 200_000, 16_384, APPROXIMATE),
  hosted('claude-sonnet-4', 200_000, 16_384, APPROXIMATE, ['claude-4-sonnet']),
  hosted('claude-opus-4', 200_000, 16_384, APPROXIMATE, ['claude-4-opus']),
  hosted('claude-opus-4-1', 200_000, 16_384, APPROXIMATE),
  hosted('claude-sonnet-4-5', 200_000, 16_384, APPROXIMATE),
  hosted('claude-haiku-4-5', 200_000, 16_384, APPROXIMATE),
  hosted('claude-opus-4-5', 200_000, 16_384, APPROXIMATE),

  // Other hosted APIs
  hosted('mistral-large', 131_072, 8_192, 'cl100k_base'),
  hosted('deepseek-chat', 131_072, 8_192, 'cl100k_base'),
  hosted('deepseek-reasoner', 131_072, 32_768, 'cl100k_base'),

  // Google Gemini
  hosted('gemini-1.5-pro', 2_097_152, 8_192, APPROXIMATE),
  hosted('gemini-1.5-flash', 1_048_576, 8_192, APPROXIMATE),
  hosted('gemini-1.5-flash-8b', 1_048_576, 8_192, APPROXIMATE),
  hosted('gemini-2.0-flash', 1_048_576, 8_192, APPROXIMATE),
  hosted('gemini-2.0-flash-lite', 1_048_576, 8_192, APPROXIMATE),
  hosted('gemini-2.5-pro', 1_048_576, 16_384, APPROXIMATE),
  hosted('gemini-2.5-flash', 1_048_576, 16_384, APPROXIMATE),
  hosted('gemini-2.5-flash-lite', 1_048_576, 16_384, APPROXIMATE),
]);

/** A size bucket: models of up to `maxSizeB` billion parameters whose family is unknown. */
export interface SizeBucket {
  /** Label reported as the match, e.g. `7b`. */
  label: string;
  /** Inclusive upper bound in billions of parameters. */
  maxSizeB: number;
  /** The window assumed for an unknown model of this size. */
  contextWindow: number;
}

/**
 * Windows assumed for an unknown model of a known size. 8K is what every mainstream open model
 * since 2024 ships at minimum; larger models of unknown lineage get a little more, never the
 * 128K that only some families have, because over-packing a window fails silently.
 */
export const SIZE_BUCKETS: readonly SizeBucket[] = Object.freeze([
  { label: '1b', maxSizeB: 2, contextWindow: 8_192 },
  { label: '3b', maxSizeB: 4.5, contextWindow: 8_192 },
  { label: '7b', maxSizeB: 10, contextWindow: 8_192 },
  { label: '14b', maxSizeB: 20, contextWindow: 16_384 },
  { label: '32b', maxSizeB: 40, contextWindow: 16_384 },
  { label: '70b', maxSizeB: 80, contextWindow: 32_768 },
  { label: '100b+', maxSizeB: Number.POSITIVE_INFINITY, contextWindow: 32_768 },
]);

/** The profile used when nothing about a name is recognised: a conservative 8K local model. */
export const DEFAULT_PROFILE: ModelProfile = Object.freeze({
  name: 'default',
  family: 'default',
  contextWindow: 8_192,
  completionReserve: LOCAL_RESERVE,
  encoding: LOCAL_ENCODING,
});
