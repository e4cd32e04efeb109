// The reference: OpenAI's tokenizer compiled to WASM (the `tiktoken` dev dependency).
import { createRequire } from 'node:module';
import type { Tiktoken } from 'tiktoken';

const require = createRequire(import.meta.url);
const encoders = new Map<string, Tiktoken>();

/** Token ids the reference gives for `text` as ordinary text (`encode_ordinary`). */
export function referenceEncode(encoding: 'cl100k_base' | 'o200k_base', text: string): number[] {
  let encoder = encoders.get(encoding);
  if (!encoder) {
    const { get_encoding } = require('tiktoken') as typeof import('tiktoken');
    encoder = get_encoding(encoding);
    encoders.set(encoding, encoder);
  }
  return Array.from(encoder.encode_ordinary(text));
}
