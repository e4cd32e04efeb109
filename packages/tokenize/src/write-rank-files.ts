/**
 * Build step (run after tsup, see package.json): writes each encoding's rank table beside the
 * built module as `dist/ranks/<encoding>.bin`, so a process's first count loads a table instead of
 * parsing js-tiktoken's base64 rank text. Not part of the public API.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExactEncoding, encodeRankFile, parseRanks, prebuiltRankUrl } from './ranks.js';

const ENCODINGS: readonly ExactEncoding[] = ['cl100k_base', 'o200k_base'];

/** Writes the prebuilt tables where `loadRanks` looks for them. */
export function writeRankFiles(): string[] {
  return ENCODINGS.map((encoding) => {
    const file = fileURLToPath(prebuiltRankUrl(encoding));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, encodeRankFile(parseRanks(encoding)));
    return file;
  });
}
