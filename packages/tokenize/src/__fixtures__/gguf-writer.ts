// Writes small GGUF files for tests (format v3, little-endian): metadata only, plus a fake tensor
// section so a reader that went past the metadata would notice. No weights are shipped or downloaded.
import { GGUF_TYPE } from '../gguf-metadata.js';

/** A metadata value to write: typed explicitly where the format has several candidates. */
export type GgufEntry =
  | { type: 'string'; value: string }
  | { type: 'uint32'; value: number }
  | { type: 'int32'; value: number }
  | { type: 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string[]'; value: string[] }
  | { type: 'int32[]'; value: number[] }
  | { type: 'float32[]'; value: number[] };

/** The bytes of a GGUF file with `entries` as metadata, then `trailer` bytes where tensor data would be. */
export function writeGguf(entries: [string, GgufEntry][], trailer = new Uint8Array(64).fill(0xee)): Uint8Array {
  const chunks: Uint8Array[] = [];
  const encoder = new TextEncoder();
  const u32 = (value: number) => {
    const bytes = new Uint8Array(4);
    new DataView(bytes.buffer).setUint32(0, value, true);
    chunks.push(bytes);
  };
  const u64 = (value: number) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, BigInt(value), true);
    chunks.push(bytes);
  };
  const string = (value: string) => {
    const bytes = encoder.encode(value);
    u64(bytes.length);
    chunks.push(bytes);
  };
  const number = (type: 'int32' | 'float32', value: number) => {
    const bytes = new Uint8Array(4);
    const view = new DataView(bytes.buffer);
    if (type === 'int32') view.setInt32(0, value, true);
    else view.setFloat32(0, value, true);
    chunks.push(bytes);
  };
  chunks.push(encoder.encode('GGUF'));
  u32(3);
  u64(1); // one tensor, whose data is the trailer
  u64(entries.length);
  for (const [key, entry] of entries) {
    string(key);
    switch (entry.type) {
      case 'string':
        u32(GGUF_TYPE.string);
        string(entry.value);
        break;
      case 'uint32':
        u32(GGUF_TYPE.uint32);
        u32(entry.value);
        break;
      case 'int32':
        u32(GGUF_TYPE.int32);
        number('int32', entry.value);
        break;
      case 'float32':
        u32(GGUF_TYPE.float32);
        number('float32', entry.value);
        break;
      case 'bool':
        u32(GGUF_TYPE.bool);
        chunks.push(Uint8Array.of(entry.value ? 1 : 0));
        break;
      case 'string[]':
        u32(GGUF_TYPE.array);
        u32(GGUF_TYPE.string);
        u64(entry.value.length);
        for (const item of entry.value) string(item);
        break;
      case 'int32[]':
      case 'float32[]':
        u32(GGUF_TYPE.array);
        u32(entry.type === 'int32[]' ? GGUF_TYPE.int32 : GGUF_TYPE.float32);
        u64(entry.value.length);
        for (const item of entry.value) number(entry.type === 'int32[]' ? 'int32' : 'float32', item);
        break;
    }
  }
  chunks.push(trailer);
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** GGUF tokenizer metadata equivalent to a byte-level tokenizer.json (tokens, merges, types, pre). */
export function byteLevelGgufEntries(
  json: { model: { vocab: Record<string, number>; merges: (string | [string, string])[] }; added_tokens: { id: number; content: string; special: boolean }[] },
  pre: string,
): [string, GgufEntry][] {
  const tokens: string[] = [];
  const types: number[] = [];
  for (const [entry, id] of Object.entries(json.model.vocab)) {
    tokens[id] = entry;
    types[id] = 1;
  }
  for (const token of json.added_tokens) {
    tokens[token.id] = token.content;
    types[token.id] = token.special ? 3 : 4;
  }
  for (let id = 0; id < tokens.length; id++) {
    if (tokens[id] === undefined) {
      tokens[id] = `[PAD${id}]`;
      types[id] = 5;
    }
  }
  return [
    ['general.architecture', { type: 'string', value: 'qwen2' }],
    ['general.name', { type: 'string', value: 'Test Model' }],
    ['tokenizer.ggml.model', { type: 'string', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'string', value: pre }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'int32[]', value: types }],
    [
      'tokenizer.ggml.merges',
      { type: 'string[]', value: json.model.merges.map((merge) => (typeof merge === 'string' ? merge : merge.join(' '))) },
    ],
    ['tokenizer.chat_template', { type: 'string', value: '{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>\n{% endfor %}' }],
  ];
}

/**
 * GGUF metadata (`tokenizer.ggml.model` `llama`) for a SentencePiece-style tokenizer.json: `<unk>` is
 * the unknown token, other added tokens control tokens, `<0xNN>` byte tokens. A GGUF carries scores,
 * not merges, and tokenizer.json has no scores, so each piece scores minus the rank of the first merge
 * that makes it (pieces no merge makes score below all): ranking by score is the file's merge order.
 */
export function sentencePieceGgufEntries(json: {
  model: { vocab: Record<string, number>; merges: (string | [string, string])[]; unk_token: string };
  added_tokens: { id: number; content: string }[];
}): [string, GgufEntry][] {
  const tokens: string[] = [];
  for (const [entry, id] of Object.entries(json.model.vocab)) tokens[id] = entry;
  const firstRank = new Map<string, number>();
  json.model.merges.forEach((merge, rank) => {
    const joined = typeof merge === 'string' ? merge.replace(' ', '') : merge.join('');
    if (!firstRank.has(joined)) firstRank.set(joined, rank);
  });
  const added = new Set(json.added_tokens.map((token) => token.content));
  const types = tokens.map((token) =>
    token === json.model.unk_token ? 2 : added.has(token) ? 3 : /^<0x[0-9A-F]{2}>$/.test(token) ? 6 : 1,
  );
  const scores = tokens.map((token) => -(firstRank.get(token) ?? json.model.merges.length));
  return [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'Test Model' }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'string[]', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'int32[]', value: types }],
    ['tokenizer.ggml.scores', { type: 'float32[]', value: scores }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: json.model.vocab[json.model.unk_token] ?? 0 }],
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: true }],
  ];
}
