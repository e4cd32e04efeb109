import { describe, expect, it } from 'vitest';
import { loadTokenizerJson, VOCABULARIES } from './__fixtures__/vocabularies.js';
import {
  DEEPSEEK_V3_SPLITS,
  LLAMA3_SPLIT,
  O200K_SPLIT,
  QWEN_SPLIT,
  TEKKEN_SPLIT,
} from './family-split-patterns.js';

// The patterns a GGUF `tokenizer.ggml.pre` name stands for must be the ones the family's own
// tokenizer.json spells out.
function splitPatterns(family: string): string[] {
  const fixture = VOCABULARIES.find((candidate) => candidate.family === family);
  if (!fixture) throw new Error(`no fixture for ${family}`);
  const json = loadTokenizerJson(fixture) as {
    pre_tokenizer: { pretokenizers: { type: string; pattern?: { Regex: string } }[] };
  };
  return json.pre_tokenizer.pretokenizers.flatMap((step) => (step.pattern ? [step.pattern.Regex] : []));
}

describe('family split patterns', () => {
  it.each([
    ['Qwen 3', [QWEN_SPLIT]],
    ['Llama 3', [LLAMA3_SPLIT]],
    ['GPT-OSS', [O200K_SPLIT]],
    ['DeepSeek V3', DEEPSEEK_V3_SPLITS],
    ['Mistral Nemo', [TEKKEN_SPLIT]],
  ])('%s', (family, patterns) => {
    expect(splitPatterns(family)).toEqual(patterns);
  });
});
