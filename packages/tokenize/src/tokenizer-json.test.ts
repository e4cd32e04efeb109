import { describe, expect, it } from 'vitest';
import { createTokenizer, InvalidTokenizerError, UnsupportedTokenizerError } from './index.js';

// A tiny byte-level vocabulary: every byte-level character of "a", "b", " " plus merges, so the
// engine's pieces can be followed by hand. Ġ is the space byte.
function byteLevelJson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    model: {
      type: 'BPE',
      vocab: { a: 0, b: 1, Ġ: 2, ab: 3, Ġab: 4, aa: 5 },
      merges: ['a b', 'Ġ ab', 'a a'],
      ignore_merges: false,
    },
    normalizer: null,
    pre_tokenizer: {
      type: 'Sequence',
      pretokenizers: [
        { type: 'Split', pattern: { Regex: ' ?\\p{L}+|\\s+' }, behavior: 'Isolated', invert: false },
        { type: 'ByteLevel', add_prefix_space: false, use_regex: false },
      ],
    },
    decoder: { type: 'ByteLevel' },
    added_tokens: [
      { id: 6, content: '<|end|>', special: true },
      { id: 7, content: '<tool>', special: false },
    ],
    ...overrides,
  };
}

function sentencePieceJson(): Record<string, unknown> {
  return {
    model: {
      type: 'BPE',
      vocab: { '<unk>': 0, '<0x41>': 1, '<0xC3>': 2, '<0xA9>': 3, '▁': 4, a: 5, b: 6, '▁a': 7, '▁ab': 8 },
      merges: [
        ['▁', 'a'],
        ['▁a', 'b'],
      ],
      byte_fallback: true,
      unk_token: '<unk>',
    },
    normalizer: {
      type: 'Sequence',
      normalizers: [
        { type: 'Prepend', prepend: '▁' },
        { type: 'Replace', pattern: { String: ' ' }, content: '▁' },
      ],
    },
    pre_tokenizer: null,
    decoder: {
      type: 'Sequence',
      decoders: [
        { type: 'Replace', pattern: { String: '▁' }, content: ' ' },
        { type: 'ByteFallback' },
        { type: 'Fuse' },
        { type: 'Strip', content: ' ', start: 1, stop: 0 },
      ],
    },
    added_tokens: [{ id: 0, content: '<unk>', special: true }],
  };
}

describe('createTokenizer({ tokenizerJson })', () => {
  it('merges byte-level pieces, matches added tokens and keeps special ones as text unless allowed', () => {
    const tokenizer = createTokenizer({ tokenizerJson: byteLevelJson() });
    expect(tokenizer.encoding).toBe('tokenizer.json');
    expect(tokenizer.name).toBe('tokenizer.json');
    expect(tokenizer.encode('ab ab aaa')).toEqual([3, 4, 2, 5, 0]);
    expect(tokenizer.encode('a<tool>b')).toEqual([0, 7, 1]);
    expect(tokenizer.encode('a<|end|>', { allowedSpecial: 'all' })).toEqual([0, 6]);
    expect(tokenizer.encode('a<|end|>', { allowedSpecial: ['<|end|>'] })).toEqual([0, 6]);
    // As text, "<|end|>" has bytes the toy vocabulary lacks and no unknown token: dropped, as the reference does.
    expect(tokenizer.count('a<|end|>')).toBe(1);
    expect(tokenizer.decode([3, 4, 7])).toBe('ab ab<tool>');
  });

  it('falls back to bytes for characters outside a SentencePiece vocabulary', () => {
    const tokenizer = createTokenizer({ tokenizerJson: sentencePieceJson(), name: 'toy' });
    expect(tokenizer.name).toBe('toy');
    // "▁ab▁é": é is not a token, so its UTF-8 bytes are; "A" is a byte token too.
    expect(tokenizer.encode('ab é')).toEqual([8, 4, 2, 3]);
    expect(tokenizer.encode('A')).toEqual([4, 1]);
    expect(tokenizer.decode(tokenizer.encode('ab é'))).toBe('ab é');
  });

  it('stays near-linear on a megabyte without pre-tokenization (one SentencePiece word)', () => {
    const tokenizer = createTokenizer({ tokenizerJson: sentencePieceJson() });
    const text = 'ab '.repeat(350_000);
    expect(tokenizer.count(text)).toBe(350_001);
  });

  it('names the unsupported component instead of approximating', () => {
    const unigram = { ...byteLevelJson(), model: { type: 'Unigram', vocab: [] } };
    expect(() => createTokenizer({ tokenizerJson: unigram })).toThrow(UnsupportedTokenizerError);
    expect(() => createTokenizer({ tokenizerJson: unigram })).toThrow(/model\.type: "Unigram"/);
    const bert = byteLevelJson({ normalizer: { type: 'BertNormalizer' } });
    expect(() => createTokenizer({ tokenizerJson: bert })).toThrow(
      /normalizer\.type: "BertNormalizer".*supported: NFC/,
    );
    const digits = byteLevelJson({
      pre_tokenizer: { type: 'Sequence', pretokenizers: [{ type: 'Digits' }] },
    });
    expect(() => createTokenizer({ tokenizerJson: digits })).toThrow(
      /pre_tokenizer\.pretokenizers\[0\]\.type: "Digits"/,
    );
    const wordClass = byteLevelJson({
      pre_tokenizer: { type: 'Split', pattern: { Regex: '\\w+' }, behavior: 'Isolated' },
    });
    expect(() => createTokenizer({ tokenizerJson: wordClass })).toThrow(/the word class \\w/);
    try {
      createTokenizer({ tokenizerJson: unigram });
    } catch (error) {
      expect((error as UnsupportedTokenizerError).component).toBe('model.type');
    }
  });

  it('rejects malformed files with where and what', () => {
    const badMerge = byteLevelJson();
    (badMerge.model as { merges: string[] }).merges.push('a zz');
    expect(() => createTokenizer({ tokenizerJson: badMerge })).toThrow(InvalidTokenizerError);
    expect(() => createTokenizer({ tokenizerJson: badMerge })).toThrow(
      /tokenizerJson: merges\[3\]: "a zz" names a token/,
    );
    expect(() => createTokenizer({ tokenizerJson: '/nonexistent/tokenizer.json' })).toThrow(
      /\/nonexistent\/tokenizer\.json: \(file\): cannot be read/,
    );
    expect(() => createTokenizer({ tokenizerJson: byteLevelJson(), encoding: 'o200k_base' })).toThrow(
      /one of { encoding }, { tokenizerJson } or { gguf }/,
    );
    expect(() => createTokenizer({ tokenizerJson: 42 as unknown as object })).toThrow(
      /tokenizerJson must be/,
    );
  });
});
