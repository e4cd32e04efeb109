import { readFileSync } from 'node:fs';
import { InvalidTokenizerError } from './tokenizer-errors.js';

/** The shell around `parseTokenizerJson`: read and parse the tokenizer.json at `path`. */
export function readTokenizerJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new InvalidTokenizerError(path, '(file)', `cannot be read: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InvalidTokenizerError(path, '(file)', `is not JSON: ${(error as Error).message}`);
  }
}
