import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { goldenCorpus } from './__fixtures__/corpus.js';
import { byteLevelGgufEntries, sentencePieceGgufEntries, writeGguf } from './__fixtures__/gguf-writer.js';
import { mistralV0TokenizerJson } from './__fixtures__/mistral-v0.js';
import { loadTokenizerJson, VOCABULARIES } from './__fixtures__/vocabularies.js';
import {
  createTokenizer,
  findOllamaModel,
  GgufFormatError,
  ggufChatTemplate,
  ollamaManifestParts,
  parseGgufMetadata,
  readGgufMetadata,
  UnsupportedTokenizerError,
} from './index.js';

const scratch = mkdtempSync(join(tmpdir(), 'ctxkit-gguf-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const qwen = VOCABULARIES.find((fixture) => fixture.family === 'Qwen 2.5');
if (!qwen) throw new Error('the Qwen 2.5 fixture is missing');
const qwenJson = loadTokenizerJson(qwen) as Parameters<typeof byteLevelGgufEntries>[0];

function memoryReader(bytes: Uint8Array) {
  const reads: [number, number][] = [];
  const read = (offset: number, length: number) => {
    reads.push([offset, length]);
    return bytes.subarray(offset, Math.min(bytes.length, offset + length));
  };
  return { read, reads };
}

// A GGUF file and the tokenizer.json it was written from must be one tokenizer: same ids and counts
// on the golden corpus, special tokens included.
function expectSameTokenizer(path: string, json: object) {
  const fromGguf = createTokenizer({ gguf: path });
  const fromJson = createTokenizer({ tokenizerJson: json });
  expect(fromGguf.encoding).toBe('gguf');
  expect(fromGguf.name).toBe('Test Model');
  for (const { text } of goldenCorpus()) {
    expect(fromGguf.encode(text, { allowedSpecial: 'all' })).toEqual(
      fromJson.encode(text, { allowedSpecial: 'all' }),
    );
    expect(fromGguf.count(text)).toBe(fromJson.count(text));
  }
  return { fromGguf, fromJson };
}

describe('GGUF metadata', () => {
  it('reads header and metadata, and nothing past them', () => {
    const bytes = writeGguf(
      [
        ['general.name', { type: 'string', value: 'tiny' }],
        ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
        ['x.count', { type: 'uint32', value: 7 }],
        ['x.scores', { type: 'float32[]', value: [0.5, -1] }],
      ],
      new Uint8Array(3 << 20),
    );
    const { read, reads } = memoryReader(bytes);
    const metadata = parseGgufMetadata(read);
    expect(metadata.version).toBe(3);
    expect(metadata.tensorCount).toBe(1n);
    expect(metadata.values.get('general.name')).toBe('tiny');
    expect(metadata.values.get('tokenizer.ggml.add_space_prefix')).toBe(false);
    expect(metadata.values.get('x.count')).toBe(7);
    expect(metadata.values.get('x.scores')).toEqual([0.5, -1]);
    // One chunk from the start covers it all: the 3 MB "tensor data" after it is never asked for.
    expect(reads).toEqual([[0, 1 << 20]]);
    expect(metadata.metadataBytes).toBeLessThan(200);
  });

  it('says what is wrong with a file that is not GGUF', () => {
    const notGguf = new TextEncoder().encode('PK\u0003\u0004 a zip file');
    expect(() => parseGgufMetadata(memoryReader(notGguf).read, 'model.zip')).toThrow(GgufFormatError);
    expect(() => parseGgufMetadata(memoryReader(notGguf).read, 'model.zip')).toThrow(
      /model\.zip: not a readable GGUF file at byte 0: the file does not start with "GGUF"/,
    );
    const truncated = writeGguf([['general.name', { type: 'string', value: 'tiny' }]]).subarray(0, 30);
    expect(() => parseGgufMetadata(memoryReader(truncated).read)).toThrow(/ends inside the metadata/);
  });

  // Each byte-level family's vocabulary written into a GGUF file under its `tokenizer.ggml.pre` name:
  // the named split (and normalization, ignore_merges) must be what its tokenizer.json spells out.
  it.each([
    ['Qwen 2.5', 'qwen2'],
    ['Mistral Nemo', 'tekken'],
  ])(
    'defines the same tokenizer as tokenizer.json (%s vocabulary in a GGUF file, pre %s)',
    (family, pre) => {
      const fixture = VOCABULARIES.find((candidate) => candidate.family === family);
      if (!fixture) throw new Error(`the ${family} fixture is missing`);
      const json =
        family === 'Qwen 2.5'
          ? qwenJson
          : (loadTokenizerJson(fixture) as Parameters<typeof byteLevelGgufEntries>[0]);
      const path = join(scratch, `${pre}.gguf`);
      writeFileSync(path, writeGguf(byteLevelGgufEntries(json, pre)));
      expectSameTokenizer(path, json);
      expect(ggufChatTemplate(readGgufMetadata(path))).toContain('<|im_start|>');
    },
    120_000,
  );

  // Mistral 7B v0.x's vocabulary (rebuilt from mistral-tokenizer-js, see mistral-v0.parity.test.ts) in
  // a `llama` GGUF file: SentencePiece merges ranked by score must give what the tokenizer.json gives.
  it('defines the same tokenizer as tokenizer.json (Mistral 7B v0.x vocabulary in a GGUF file, model llama)', () => {
    const json = mistralV0TokenizerJson();
    const path = join(scratch, 'mistral-v0.gguf');
    writeFileSync(path, writeGguf(sentencePieceGgufEntries(json)));
    const { fromGguf, fromJson } = expectSameTokenizer(path, json);
    // U+FEFF is a piece of its own (31759); a GGUF string must keep it rather than read it as a BOM.
    expect(fromGguf.encode('\ufeffx')).toEqual(fromJson.encode('\ufeffx'));
    expect(fromGguf.encode('\ufeffx')).toContain(31759);
  }, 120_000);

  it('names an unsupported pre-tokenizer or model', () => {
    const entries: Parameters<typeof writeGguf>[0] = [
      ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
      ['tokenizer.ggml.pre', { type: 'string', value: 'starcoder' }],
      ['tokenizer.ggml.tokens', { type: 'string[]', value: ['a'] }],
      ['tokenizer.ggml.merges', { type: 'string[]', value: [] }],
    ];
    expect(() => createTokenizer({ gguf: parseGgufMetadata(memoryReader(writeGguf(entries)).read) })).toThrow(
      UnsupportedTokenizerError,
    );
    expect(() => createTokenizer({ gguf: parseGgufMetadata(memoryReader(writeGguf(entries)).read) })).toThrow(
      /tokenizer\.ggml\.pre: "starcoder".*supported: .*qwen2/,
    );
    const bert = writeGguf([
      ['tokenizer.ggml.model', { type: 'string', value: 'bert' }],
      ['tokenizer.ggml.tokens', { type: 'string[]', value: ['a'] }],
    ]);
    expect(() => createTokenizer({ gguf: parseGgufMetadata(memoryReader(bert).read) })).toThrow(
      /tokenizer\.ggml\.model: "bert"/,
    );
  });

  it('counts a SentencePiece GGUF vocabulary ranked by score, with byte fallback', () => {
    const tokens = ['<unk>', '<s>', '</s>', '<0x41>', '<0xC3>', '<0xA9>', '▁', 'a', 'b', '▁a', 'ab', '▁ab'];
    const types = [2, 3, 3, 6, 6, 6, 1, 1, 1, 1, 1, 1];
    // Higher score merges first: "▁a" (-1) before "ab" (-2), then "▁ab" (-3).
    const scores = [0, 0, 0, 0, 0, 0, -10, -10, -10, -1, -2, -3];
    const metadata = parseGgufMetadata(
      memoryReader(
        writeGguf([
          ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
          ['tokenizer.ggml.tokens', { type: 'string[]', value: tokens }],
          ['tokenizer.ggml.token_type', { type: 'int32[]', value: types }],
          ['tokenizer.ggml.scores', { type: 'float32[]', value: scores }],
          ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
        ]),
      ).read,
    );
    const tokenizer = createTokenizer({ gguf: metadata, name: 'toy' });
    expect(tokenizer.encode('ab')).toEqual([11]);
    expect(tokenizer.encode('b ab')).toEqual([6, 8, 11]);
    expect(tokenizer.encode('é')).toEqual([6, 4, 5]);
    expect(tokenizer.encode('<s>a', { allowedSpecial: 'all' })).toEqual([1, 9]);
    expect(tokenizer.decode(tokenizer.encode('b ab'))).toBe('b ab');
  });
});

describe('the Ollama store', () => {
  it('resolves a model name through its manifest to the GGUF blob and template', () => {
    const models = join(scratch, 'ollama');
    const gguf = writeGguf(byteLevelGgufEntries(qwenJson, 'qwen2'));
    const digest = `sha256:${'ab'.repeat(32)}`;
    const templateDigest = `sha256:${'cd'.repeat(32)}`;
    mkdirSync(join(models, 'blobs'), { recursive: true });
    writeFileSync(join(models, 'blobs', digest.replace(':', '-')), gguf);
    writeFileSync(join(models, 'blobs', templateDigest.replace(':', '-')), '{{ .System }}<|im_start|>');
    const manifestDirectory = join(models, 'manifests', 'registry.ollama.ai', 'library', 'qwen2.5-coder');
    mkdirSync(manifestDirectory, { recursive: true });
    writeFileSync(
      join(manifestDirectory, '7b'),
      JSON.stringify({
        schemaVersion: 2,
        layers: [
          { mediaType: 'application/vnd.ollama.image.model', digest, size: gguf.length },
          { mediaType: 'application/vnd.ollama.image.template', digest: templateDigest, size: 24 },
        ],
      }),
    );
    const found = findOllamaModel('qwen2.5-coder:7b', models);
    expect(found?.reference).toBe('registry.ollama.ai/library/qwen2.5-coder:7b');
    expect(found?.template).toBe('{{ .System }}<|im_start|>');
    const tokenizer = createTokenizer({ gguf: found?.gguf ?? '' });
    expect(tokenizer.count('def main(): pass')).toBe(
      createTokenizer({ tokenizerJson: qwenJson }).count('def main(): pass'),
    );
    expect(findOllamaModel('qwen2.5-coder:14b', models)).toBeUndefined();
    expect(findOllamaModel('llama3', models)).toBeUndefined();
  });

  it('parses model names as Ollama does', () => {
    expect(ollamaManifestParts('llama3')).toEqual(['registry.ollama.ai', 'library', 'llama3', 'latest']);
    expect(ollamaManifestParts('me/model:q4')).toEqual(['registry.ollama.ai', 'me', 'model', 'q4']);
    expect(ollamaManifestParts('hf.co/org/model:Q8_0')).toEqual(['hf.co', 'org', 'model', 'Q8_0']);
    expect(ollamaManifestParts('../etc/passwd')).toBeUndefined();
  });
});
