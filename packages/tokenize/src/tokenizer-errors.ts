/**
 * A tokenizer definition (tokenizer.json, GGUF metadata) uses a component this package does not
 * implement exactly. Thrown when the tokenizer is created, never as a silent approximation at count
 * time. `component` is where in the definition (`pre_tokenizer.pretokenizers[1].type`), `detail` what
 * was found and what is supported.
 */
export class UnsupportedTokenizerError extends Error {
  override readonly name = 'UnsupportedTokenizerError';
  constructor(
    /** Path of the offending field inside the definition, such as `model.type`. */
    readonly component: string,
    /** What was found there and what would be accepted. */
    readonly detail: string,
  ) {
    super(`Unsupported tokenizer component ${component}: ${detail}`);
  }
}

/** A tokenizer definition that is malformed (missing fields, wrong types, merges naming unknown tokens). */
export class InvalidTokenizerError extends Error {
  override readonly name = 'InvalidTokenizerError';
  constructor(
    /** Where the definition came from (a file path, or `tokenizerJson` for an object). */
    readonly source: string,
    /** Path of the offending field inside the definition. */
    readonly field: string,
    /** What was expected and what was found. */
    readonly detail: string,
  ) {
    super(`${source}: ${field}: ${detail}`);
  }
}
