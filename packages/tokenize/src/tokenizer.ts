import { failType } from '@ctxkit/internal';
import { BpeVocabularyEncoder } from './bpe-vocabulary-encoder.js';
import { type AllowedSpecial, bytePairEncoder } from './byte-pair-encoder.js';
import { checkAllowedSpecial, checkText } from './check-input.js';
import { estimateChecked } from './estimate.js';
import type { GgufMetadata } from './gguf-metadata.js';
import { parseGgufTokenizer } from './gguf-tokenizer.js';
import { type CountableMessage, countMessagesFor } from './messages.js';
import type { ExactEncoding } from './ranks.js';
import { readGgufMetadata } from './read-gguf.js';
import { readTokenizerJson } from './read-tokenizer-json.js';
import { parseTokenizerJson } from './tokenizer-json.js';

/** Which token vocabulary to count with. `estimate` needs no ranks at all. */
export type Encoding = ExactEncoding | 'estimate';

/** The encodings {@link createTokenizer} accepts, exact ones first. */
export const ENCODINGS: readonly Encoding[] = ['o200k_base', 'cl100k_base', 'estimate'];

/**
 * Where a tokenizer's vocabulary came from: one of the built-in {@link Encoding}s, or a model's own
 * tokenizer loaded from a Hugging Face `tokenizer.json` or a GGUF file's metadata.
 */
export type TokenizerSource = Encoding | 'tokenizer.json' | 'gguf';

/** Options for {@link createTokenizer}. */
export interface TokenizerOptions {
  /** The vocabulary; `o200k_base` (GPT-4o and later) when omitted. Not combined with `tokenizerJson`. */
  encoding?: Encoding;
  /**
   * A model's own tokenizer: a parsed Hugging Face `tokenizer.json` object, or the path of one. Byte-level
   * BPE (Qwen 2/2.5/3, Llama 3, DeepSeek V3, Mistral Tekken, GPT-OSS) and SentencePiece-style BPE with
   * byte fallback (Gemma, Llama 2, Mistral 7B) are supported; anything else throws
   * `UnsupportedTokenizerError` naming the component.
   */
  tokenizerJson?: object | string;
  /**
   * A model's own tokenizer from the metadata of its GGUF file (llama.cpp, Ollama's blobs): a path, or
   * metadata already read with `readGgufMetadata`. Only the metadata is read, never the weights.
   */
  gguf?: string | GgufMetadata;
  /** What to call the tokenizer in reports (`Tokenizer.name`); defaults to the path or `tokenizer.json`. */
  name?: string;
}

/** Options for a single count or encode. */
export interface EncodeOptions {
  /**
   * Special-token strings (such as `<|endoftext|>`) to treat as special tokens, or `'all'`. By default
   * they are ordinary text, like tiktoken's `encode_ordinary`: a file or tool result that contains one is
   * counted as the characters it is. Ignored by the estimate.
   */
  allowedSpecial?: AllowedSpecial;
}

/** Counts (and for exact encodings, encodes and decodes) text and messages. */
export interface Tokenizer {
  /** The vocabulary this tokenizer counts with: a built-in encoding or `tokenizer.json`. */
  readonly encoding: TokenizerSource;
  /** A readable name of the vocabulary for reports: the encoding, or the tokenizer's name or path. */
  readonly name: string;
  /** Whether counts are exact (`false` for `estimate`). */
  readonly exact: boolean;
  /** Number of tokens in `text`. */
  count(text: string, options?: EncodeOptions): number;
  /** Token ids of `text`; throws for the `estimate` encoding, which has no ids. */
  encode(text: string, options?: EncodeOptions): number[];
  /** Text of token ids; throws for the `estimate` encoding. A leading BOM is kept. */
  decode(tokens: readonly number[]): string;
  /** Tokens `messages` take in a request, framing and attachments included (see `countPromptTokens`). */
  countMessages(messages: readonly CountableMessage[]): number;
}

/**
 * Create a tokenizer for `options.encoding` (default `o200k_base`). Exact encodings load their ranks on
 * the first count, once per process; creating a tokenizer is free.
 */
export function createTokenizer(options: TokenizerOptions = {}): Tokenizer {
  if (typeof options !== 'object' || options === null)
    failType('createTokenizer', 'options', 'an object such as { encoding }', options);
  const sources = [options.encoding, options.tokenizerJson, options.gguf].filter(
    (value) => value !== undefined,
  );
  if (sources.length > 1)
    failType('createTokenizer', 'options', 'one of { encoding }, { tokenizerJson } or { gguf }', options);
  if (options.tokenizerJson !== undefined) return vocabularyTokenizer(options.tokenizerJson, options.name);
  if (options.gguf !== undefined) return ggufTokenizer(options.gguf, options.name);
  const encoding = options.encoding ?? 'o200k_base';
  if (encoding === 'estimate') {
    const noIds = (): never => {
      throw new Error('The estimate encoding has no token ids; use cl100k_base or o200k_base.');
    };
    return {
      encoding,
      name: encoding,
      exact: false,
      count: (text, countOptions) => {
        checkText('count', text);
        // Ignored, but checked: code that runs on the estimate must also run on an exact encoding.
        checkAllowedSpecial('count', countOptions);
        return estimateChecked(text);
      },
      encode: noIds,
      decode: noIds,
      // countMessagesFor checks every field, so the counters below need not check again.
      countMessages: (messages) => countMessagesFor('countMessages', messages, estimateChecked),
    };
  }
  if (encoding !== 'cl100k_base' && encoding !== 'o200k_base') {
    throw new Error(`Unknown encoding "${String(encoding)}"; expected ${ENCODINGS.join(', ')}.`);
  }
  const count = (text: string, countOptions?: EncodeOptions): number => {
    checkText('count', text);
    return bytePairEncoder(encoding).count(
      text,
      countOptions === undefined ? undefined : checkAllowedSpecial('count', countOptions),
    );
  };
  return {
    encoding,
    name: encoding,
    exact: true,
    count,
    encode: (text, encodeOptions) => {
      checkText('encode', text);
      return bytePairEncoder(encoding).encode(text, checkAllowedSpecial('encode', encodeOptions));
    },
    decode: (tokens) => {
      // Any iterable of ids decodes (a Uint32Array too); a string or undefined is a mistake.
      if (typeof tokens === 'string' || typeof tokens?.[Symbol.iterator] !== 'function')
        failType('decode', 'tokens', 'an array of token ids', tokens);
      return bytePairEncoder(encoding).decode(tokens);
    },
    countMessages: (messages) =>
      countMessagesFor('countMessages', messages, (text) => bytePairEncoder(encoding).count(text)),
  };
}

/** A tokenizer over a model's own vocabulary; the definition is parsed and checked now, once. */
function vocabularyTokenizer(tokenizerJson: object | string, name: string | undefined): Tokenizer {
  let parsed: unknown = tokenizerJson;
  let source = 'tokenizerJson';
  if (typeof tokenizerJson === 'string') {
    parsed = readTokenizerJson(tokenizerJson);
    source = tokenizerJson;
  } else if (typeof tokenizerJson !== 'object' || tokenizerJson === null) {
    failType('createTokenizer', 'tokenizerJson', 'a parsed tokenizer.json object or a path', tokenizerJson);
  }
  const encoder = new BpeVocabularyEncoder(parseTokenizerJson(parsed, source));
  return tokenizerFor(
    encoder,
    'tokenizer.json',
    name ?? (source === 'tokenizerJson' ? 'tokenizer.json' : source),
  );
}

/** A tokenizer from GGUF metadata; named after the model (`general.name`) unless `name` is given. */
function ggufTokenizer(gguf: string | GgufMetadata, name: string | undefined): Tokenizer {
  if (typeof gguf !== 'string' && !(typeof gguf === 'object' && gguf !== null && gguf.values instanceof Map))
    failType('createTokenizer', 'gguf', 'a GGUF file path or metadata from readGgufMetadata', gguf);
  const source = typeof gguf === 'string' ? gguf : 'gguf';
  const metadata = typeof gguf === 'string' ? readGgufMetadata(gguf) : gguf;
  const encoder = new BpeVocabularyEncoder(parseGgufTokenizer(metadata, source));
  const modelName = metadata.values.get('general.name');
  return tokenizerFor(encoder, 'gguf', name ?? (typeof modelName === 'string' ? modelName : source));
}

/** The {@link Tokenizer} surface over an exact encoder of a model's own vocabulary. */
export function tokenizerFor(
  encoder: BpeVocabularyEncoder,
  encoding: TokenizerSource,
  name: string,
): Tokenizer {
  return {
    encoding,
    name,
    exact: true,
    count: (text, countOptions) => {
      checkText('count', text);
      return encoder.count(text, checkAllowedSpecial('count', countOptions));
    },
    encode: (text, encodeOptions) => {
      checkText('encode', text);
      return encoder.encode(text, checkAllowedSpecial('encode', encodeOptions));
    },
    decode: (tokens) => {
      if (typeof tokens === 'string' || typeof tokens?.[Symbol.iterator] !== 'function')
        failType('decode', 'tokens', 'an array of token ids', tokens);
      return encoder.decode(tokens);
    },
    countMessages: (messages) => countMessagesFor('countMessages', messages, (text) => encoder.count(text)),
  };
}
