import type { AddedToken } from './added-tokens.js';

/**
 * A byte-pair-encoding tokenizer, whatever file it came from (a Hugging Face tokenizer.json, a GGUF
 * model's metadata): the vocabulary, the ranked merges and the steps around them. Built by
 * `parseTokenizerJson` / `parseGgufTokenizer`, run by `BpeVocabularyEncoder`.
 */
export interface BpeDefinition {
  /** Where it came from, for error messages and `Tokenizer.name`. */
  readonly source: string;
  /**
   * `bytes`: byte-level BPE (GPT-2 style): the text's UTF-8 bytes are the initial symbols and every
   * entry is written in the byte-to-character alphabet. `characters`: SentencePiece-style BPE:
   * characters are the initial symbols, and a character outside the vocabulary falls back to its
   * UTF-8 bytes as `<0xXX>` tokens when `byteFallback` is set.
   */
  readonly symbols: 'bytes' | 'characters';
  /** Entry text by token id; holes are ids no entry uses. */
  readonly entries: readonly (string | undefined)[];
  /** Merges in rank order, each the two entries it joins. */
  readonly merges: readonly (readonly [string, string])[];
  /**
   * The rank of each merge when it is not its index: merges that make the same token share one
   * (SentencePiece vocabularies ranked by score, from GGUF).
   */
  readonly mergeRanks?: readonly number[];
  /** Tokens matched in the raw text before normalization (and, if `normalized`, after it). */
  readonly addedTokens: readonly DefinedAddedToken[];
  /** Text transforms applied, in order, to each stretch of text between added tokens. */
  readonly normalize: readonly TextTransform[];
  /** How normalized text is cut into pieces that merge independently. */
  readonly preTokenize: readonly PreTokenizeStep[];
  /** Prepend a space to each piece that does not start with one (ByteLevel `add_prefix_space`). */
  readonly addPrefixSpace: boolean;
  /** A piece that is itself an entry is that token, without merging (tokenizer.json `ignore_merges`). */
  readonly ignoreMerges: boolean;
  /** Characters outside the vocabulary become `<0xXX>` byte tokens. */
  readonly byteFallback: boolean;
  /** Entry emitted for what cannot be encoded otherwise, if any. */
  readonly unknownToken?: string;
  /** Leading spaces the decoder strips from decoded text (SentencePiece's dummy prefix). */
  readonly decodeStripLeadingSpaces: number;
  /** Why decoding is not available, when the definition's decoder is not supported. */
  readonly decodeUnsupported?: string;
}

/** An added token and whether it is also matched in normalized text. */
export interface DefinedAddedToken extends AddedToken {
  /** Matched after normalization, against its normalized content, instead of in the raw text. */
  readonly normalized: boolean;
  /** Strip whitespace on its left / right (tokenizer.json `lstrip` / `rstrip`). */
  readonly lstrip: boolean;
  readonly rstrip: boolean;
}

/** A normalizer step. */
export type TextTransform = (text: string) => string;

/** A pre-tokenizer step: cut each piece by a pattern, or rewrite it. */
export type PreTokenizeStep =
  | {
      readonly kind: 'split';
      /** Global Unicode RegExp whose matches are delimiters. */
      readonly pattern: RegExp;
      /** What happens to a delimiter: its own piece, dropped, or joined to the piece before / after. */
      readonly behavior: 'isolated' | 'removed' | 'merged-with-previous' | 'merged-with-next';
    }
  | {
      readonly kind: 'metaspace';
      /** Spaces become this (▁). */
      readonly replacement: string;
      /** When the replacement is also prepended: always, only to the first stretch, or never. */
      readonly prepend: 'always' | 'first' | 'never';
    };
