import { createTokenizer, type Encoding } from '@ctxkit/tokenize';

/** The vocabularies `count_tokens` accepts, in the order its schema lists them. */
export const TOKEN_ENCODINGS = [
  'o200k_base',
  'cl100k_base',
  'estimate',
] as const satisfies readonly Encoding[];

/** What `count_tokens` reports. */
export interface TokenCount {
  /** Number of tokens in the text. */
  tokens: number;
  /** The vocabulary counted with. */
  encoding: Encoding;
  /** False for the chars/4 estimate. */
  exact: boolean;
  /** UTF-8 bytes of the text, for the ratio. */
  bytes: number;
}

/** Count `text` with `encoding` (o200k_base when omitted). */
export function countTokens(text: string, encoding: Encoding = 'o200k_base'): TokenCount {
  const tokenizer = createTokenizer({ encoding });
  return {
    tokens: tokenizer.count(text),
    encoding,
    exact: tokenizer.exact,
    bytes: Buffer.byteLength(text, 'utf8'),
  };
}
