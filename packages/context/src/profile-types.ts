import type { Encoding } from '@ctxkit/tokenize';

/** Where a model runs: on the user's machine (Ollama, llama.cpp, MLX…) or behind a hosted API. */
export type ModelHosting = 'local' | 'hosted';

/**
 * What ctxkit needs to know about a model to budget its window honestly.
 * Numbers are the model's real limits, not what a runtime happens to default to.
 */
export interface ModelProfile {
  /** Canonical name, Ollama-style for local models (`qwen2.5-coder:7b`), API id for hosted ones (`gpt-4o`). */
  name: string;
  /** Family key matched as a substring of unknown names (`qwen2.5-coder`, `claude-sonnet-4`). */
  family: string;
  /** Parameter count in billions, when the model publishes one; drives size-bucket matching. */
  sizeB?: number;
  /** Total context window in tokens (prompt + completion). */
  contextWindow: number;
  /** Tokens kept free for the model's answer; the default `reserveResponse` of a budget. */
  completionReserve: number;
  /** The token vocabulary to count with; the closest available one when the model's own is not bundled. */
  encoding: Encoding;
  /**
   * The model's own tokenizer, when a shell can load it for exact counts: `ollama` (the GGUF of the
   * model in the local Ollama store, found by its name), or the path of a Hugging Face tokenizer.json
   * or a GGUF file. Without one (or when it is not on the machine), `encoding` counts approximately.
   */
  tokenizer?: string;
  /** Other exact names this profile answers to (`claude-3.5-sonnet` for `claude-3-5-sonnet`). */
  aliases?: string[];
  /** Local or hosted; informational. */
  hosting?: ModelHosting;
}

/** Which resolution rule produced a profile, in the order they are tried. */
export type ResolutionRule = 'exact' | 'family' | 'size' | 'default';

/** The outcome of resolving a model name: the profile and why it was chosen. */
export interface ProfileResolution {
  /** The name that was asked for, as given. */
  query: string;
  /** The profile to budget with. */
  profile: ModelProfile;
  /** The rule that matched. */
  rule: ResolutionRule;
  /** What matched: the exact name/alias, the family key, the size bucket label, or `default`. */
  matched: string;
}
