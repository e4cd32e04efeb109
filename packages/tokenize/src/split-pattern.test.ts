import { describe, expect, it } from 'vitest';
import { translateSplitPattern } from './split-pattern.js';

const split = (pattern: RegExp, text: string): string[] => text.match(pattern) ?? [];

describe('translateSplitPattern', () => {
  it('reads \\s as Unicode White_Space (NEL yes, BOM no) and (?i:…) as ASCII case folding', () => {
    const whitespace = translateSplitPattern('\\s+', 'test');
    expect(split(whitespace, 'a\u0085b\ufeffc')).toEqual(['\u0085']);
    const contraction = translateSplitPattern("(?i:'s|'ll)", 'test');
    expect(split(contraction, "it's IT'S we'LL \u017f'\u017f")).toEqual(["'s", "'S", "'LL"]);
  });

  it('keeps Qwen, Llama 3 and DeepSeek patterns meaning what they say', () => {
    const qwen = translateSplitPattern(
      "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+",
      'qwen',
    );
    expect(split(qwen, "Don't 123 foo()\n\n  x")).toEqual([
      'Don',
      "'t",
      ' ',
      '1',
      '2',
      '3',
      ' foo',
      '()\n\n',
      ' ',
      ' x',
    ]);
    const deepseek = translateSplitPattern(
      '[!"#$%&\'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~][A-Za-z]+',
      'deepseek',
    );
    expect(split(deepseek, 'a.b -x [y')).toEqual(['.b', '-x', '[y']);
  });

  it('names the construct it cannot translate exactly', () => {
    expect(() => translateSplitPattern('\\w+', 'pre_tokenizer.pattern')).toThrow(
      /pre_tokenizer\.pattern.*the word class \\w/,
    );
    expect(() => translateSplitPattern('a++', 'p')).toThrow(/possessive quantifier/);
    expect(() => translateSplitPattern('(?>a)', 'p')).toThrow(/the group "\(\?>"/);
    expect(() => translateSplitPattern('^a', 'p')).toThrow(/the anchor \^/);
    expect(() => translateSplitPattern('[[:alpha:]]', 'p')).toThrow(/nested character class|POSIX/);
  });
});
