import type { BpeDefinition, DefinedAddedToken, PreTokenizeStep, TextTransform } from './bpe-definition.js';
import { GGUF_PRE_TOKENIZERS } from './family-split-patterns.js';
import type { GgufMetadata, GgufValue } from './gguf-metadata.js';
import { translateSplitPattern } from './split-pattern.js';
import { InvalidTokenizerError, UnsupportedTokenizerError } from './tokenizer-errors.js';

/** llama.cpp's token types (`tokenizer.ggml.token_type`). */
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, userDefined: 4, unused: 5, byte: 6 } as const;
const WORD_MARK = '\u2581';

/**
 * The {@link BpeDefinition} of a GGUF model's tokenizer metadata: `tokenizer.ggml.model` `gpt2`
 * (byte-level BPE, its split named by `tokenizer.ggml.pre`) or `llama` (SentencePiece BPE ranked by
 * score, with byte fallback). Control tokens become special added tokens, user-defined ones ordinary
 * added tokens, as llama.cpp matches them.
 */
export function parseGgufTokenizer(metadata: GgufMetadata, source = 'gguf'): BpeDefinition {
  const values = metadata.values;
  const invalid = (field: string, detail: string): never => {
    throw new InvalidTokenizerError(source, field, detail);
  };
  const model = values.get('tokenizer.ggml.model');
  const tokens = stringArray(values.get('tokenizer.ggml.tokens'), 'tokenizer.ggml.tokens', invalid);
  const types = values.get('tokenizer.ggml.token_type');
  const typeOf = (id: number): number =>
    Array.isArray(types) && typeof types[id] === 'number' ? (types[id] as number) : TOKEN_TYPE.normal;
  const addedTokens: DefinedAddedToken[] = [];
  const entries: (string | undefined)[] = [];
  for (let id = 0; id < tokens.length; id++) {
    const type = typeOf(id);
    const content = tokens[id] as string;
    if (type === TOKEN_TYPE.control || type === TOKEN_TYPE.userDefined) {
      addedTokens.push({
        content,
        id,
        special: type === TOKEN_TYPE.control,
        normalized: false,
        lstrip: false,
        rstrip: false,
      });
    }
    entries[id] = content;
  }
  const unknownId = values.get('tokenizer.ggml.unknown_token_id');

  if (model === 'gpt2') {
    const pre = String(values.get('tokenizer.ggml.pre') ?? 'default');
    const family = Object.hasOwn(GGUF_PRE_TOKENIZERS, pre) ? GGUF_PRE_TOKENIZERS[pre] : undefined;
    if (!family) {
      throw new UnsupportedTokenizerError(
        'tokenizer.ggml.pre',
        `${JSON.stringify(pre)} in ${source}; supported: ${Object.keys(GGUF_PRE_TOKENIZERS).sort().join(', ')}`,
      );
    }
    const merges = stringArray(values.get('tokenizer.ggml.merges'), 'tokenizer.ggml.merges', invalid).map(
      (merge, rank): readonly [string, string] => {
        const space = merge.indexOf(' ', 1);
        return space > 0
          ? [merge.slice(0, space), merge.slice(space + 1)]
          : invalid(
              `tokenizer.ggml.merges[${rank}]`,
              `expected "left right", found ${JSON.stringify(merge)}`,
            );
      },
    );
    const preTokenize: PreTokenizeStep[] = family.splits.map((pattern) => ({
      kind: 'split',
      pattern: translateSplitPattern(pattern, `tokenizer.ggml.pre ${pre}`),
      behavior: 'isolated',
    }));
    const normalize: TextTransform[] = family.normalization ? [(text) => text.normalize('NFC')] : [];
    return {
      source,
      symbols: 'bytes',
      entries,
      merges,
      addedTokens,
      normalize,
      preTokenize,
      addPrefixSpace: false,
      ignoreMerges: family.ignoreMerges,
      byteFallback: false,
      decodeStripLeadingSpaces: 0,
    };
  }

  if (model === 'llama') {
    const scores = values.get('tokenizer.ggml.scores');
    if (!Array.isArray(scores) || scores.length !== tokens.length)
      invalid('tokenizer.ggml.scores', `expected ${tokens.length} scores`);
    const byId = new Map<string, number>();
    for (let id = 0; id < tokens.length; id++) {
      const type = typeOf(id);
      if (type === TOKEN_TYPE.normal || type === TOKEN_TYPE.userDefined) byId.set(tokens[id] as string, id);
    }
    // SentencePiece merges the adjacent pair whose joined text is the highest-scoring token. As ranked
    // merges: every split of every token into two tokens is a merge, ranked by the token's score
    // (higher first); the splits of one token share its rank.
    const order = [...byId.values()].sort(
      (left, right) => (scores as number[])[right]! - (scores as number[])[left]! || left - right,
    );
    const merges: (readonly [string, string])[] = [];
    const mergeRanks: number[] = [];
    for (let rank = 0; rank < order.length; rank++) {
      const text = tokens[order[rank] as number] as string;
      const characters = Array.from(text);
      let prefix = '';
      for (let split = 1; split < characters.length; split++) {
        prefix += characters[split - 1];
        const rest = text.slice(prefix.length);
        if (byId.has(prefix) && byId.has(rest)) {
          merges.push([prefix, rest]);
          mergeRanks.push(rank);
        }
      }
    }
    const addSpacePrefix = values.get('tokenizer.ggml.add_space_prefix') !== false;
    const normalize: TextTransform[] = [
      ...(addSpacePrefix ? [(text: string) => (text.length === 0 ? text : WORD_MARK + text)] : []),
      (text: string) => text.replaceAll(' ', WORD_MARK),
    ];
    return {
      source,
      symbols: 'characters',
      entries,
      merges,
      mergeRanks,
      addedTokens,
      normalize,
      preTokenize: [],
      addPrefixSpace: false,
      ignoreMerges: false,
      byteFallback: tokens.some((_, id) => typeOf(id) === TOKEN_TYPE.byte),
      ...(typeof unknownId === 'number' && tokens[unknownId] !== undefined
        ? { unknownToken: tokens[unknownId] }
        : {}),
      decodeStripLeadingSpaces: addSpacePrefix ? 1 : 0,
    };
  }
  throw new UnsupportedTokenizerError(
    'tokenizer.ggml.model',
    `${JSON.stringify(model)} in ${source}; supported: gpt2 (byte-level BPE), llama (SentencePiece BPE)`,
  );
}

function stringArray(
  value: GgufValue | undefined,
  field: string,
  invalid: (field: string, detail: string) => never,
): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    return invalid(field, 'expected an array of strings');
  return value as string[];
}

/** The chat template a GGUF file carries (`tokenizer.chat_template`), if any. */
export function ggufChatTemplate(metadata: GgufMetadata): string | undefined {
  const template = metadata.values.get('tokenizer.chat_template');
  return typeof template === 'string' ? template : undefined;
}
