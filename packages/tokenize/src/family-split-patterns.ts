/**
 * The split patterns of the byte-level families, as their tokenizer.json files spell them (Oniguruma
 * syntax). GGUF files name the pattern instead of containing it (`tokenizer.ggml.pre`), so these are
 * the patterns those names stand for, in llama.cpp's naming.
 */

/** Qwen 2 / 2.5 / 3 (and Qwen2.5-Coder): cl100k's pattern with single digits. */
export const QWEN_SPLIT =
  "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
/** Llama 3.x: cl100k_base's pattern. */
export const LLAMA3_SPLIT =
  "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
/** GPT-OSS: o200k_base's pattern. */
export const O200K_SPLIT =
  "[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
/** Mistral Tekken (Nemo and later): o200k's word forms without contractions, single digits. */
export const TEKKEN_SPLIT =
  '[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+|[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+';
/** DeepSeek V3 / R1: three splits in sequence (digits, CJK runs, then words and punctuation). */
export const DEEPSEEK_V3_SPLITS = [
  '\\p{N}{1,3}',
  '[一-龥぀-ゟ゠-ヿ]+',
  '[!"#$%&\'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+|[^\r\n\\p{L}\\p{P}\\p{S}]?[\\p{L}\\p{M}]+| ?[\\p{P}\\p{S}]+[\r\n]*|\\s*[\r\n]+|\\s+(?!\\S)|\\s+',
];

/** What a GGUF `tokenizer.ggml.pre` name means: its splits, normalization and `ignore_merges`. */
export interface FamilyPreTokenizer {
  splits: readonly string[];
  /** Unicode normalization the family's tokenizer.json applies first. */
  normalization?: 'NFC';
  ignoreMerges: boolean;
}

/** The `tokenizer.ggml.pre` names of the supported byte-level families. */
export const GGUF_PRE_TOKENIZERS: Readonly<Record<string, FamilyPreTokenizer>> = {
  qwen2: { splits: [QWEN_SPLIT], normalization: 'NFC', ignoreMerges: false },
  'llama-bpe': { splits: [LLAMA3_SPLIT], ignoreMerges: true },
  llama3: { splits: [LLAMA3_SPLIT], ignoreMerges: true },
  'gpt-4o': { splits: [O200K_SPLIT], ignoreMerges: true },
  tekken: { splits: [TEKKEN_SPLIT], ignoreMerges: true },
  'deepseek-v3': { splits: DEEPSEEK_V3_SPLITS, ignoreMerges: false },
};
