import { createRequire } from 'node:module';
import { Tiktoken, type TiktokenBPE } from 'js-tiktoken/lite';
import { estimateTokens } from './estimate.js';

/** Which token vocabulary to count with. `estimate` needs no ranks at all. */
export type Encoding = 'cl100k_base' | 'o200k_base' | 'estimate';

/** Options for {@link createTokenizer}. */
export interface TokenizerOptions {
  /** The vocabulary; `o200k_base` (GPT-4o and later) when omitted. */
  encoding?: Encoding;
}

/** Counts (and for exact encodings, encodes) text. */
export interface Tokenizer {
  /** The vocabulary this tokenizer counts with. */
  readonly encoding: Encoding;
  /** Whether counts are exact (`false` for `estimate`). */
  readonly exact: boolean;
  /** Number of tokens in `text`, counted as ordinary text (special-token strings are plain text). */
  count(text: string): number;
  /** Token ids of `text`; throws for the `estimate` encoding, which has no ids. */
  encode(text: string): number[];
}

const require = createRequire(import.meta.url);
const encoders = new Map<string, Tiktoken>();

// Ranks are several MB; load them on first use, once per encoding.
function loadEncoder(encoding: 'cl100k_base' | 'o200k_base'): Tiktoken {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    const ranks = require(`js-tiktoken/ranks/${encoding}`) as TiktokenBPE | { default: TiktokenBPE };
    encoder = new Tiktoken('default' in ranks ? ranks.default : ranks);
    encoders.set(encoding, encoder);
  }
  return encoder;
}

/** Create a tokenizer for `options.encoding`. Ranks load lazily on the first count. */
export function createTokenizer(options: TokenizerOptions = {}): Tokenizer {
  const encoding = options.encoding ?? 'o200k_base';
  if (encoding === 'estimate') {
    return {
      encoding,
      exact: false,
      count: estimateTokens,
      encode() {
        throw new Error('The estimate encoding has no token ids; use cl100k_base or o200k_base.');
      },
    };
  }
  if (encoding !== 'cl100k_base' && encoding !== 'o200k_base') {
    throw new Error(`Unknown encoding "${String(encoding)}"; expected cl100k_base, o200k_base or estimate.`);
  }
  const encode = (text: string) => loadEncoder(encoding).encode(text, [], []);
  return { encoding, exact: true, count: (text) => encode(text).length, encode };
}
