import { buildPack, computeBudget, resolveProfile } from '@ctxkit/context';
import { createTokenizer } from '@ctxkit/tokenize';
import { describe, expect, it } from 'vitest';
import { packMessages, taskLabel } from './pack-trace.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const budget = computeBudget({ profile: resolveProfile('qwen2.5-coder:7b').profile });

function pack(instructions: string) {
  const built = buildPack({
    budget,
    tokenizer,
    task: 'fix parseHeader',
    instructions,
    repoMap: 'src/header.ts\n  parseHeader(line)',
    docs: [{ title: 'design', text: 'Headers are split on the first colon.' }],
    chunks: [
      { path: 'src/header.ts', text: '1 | export function parseHeader() {}' },
      { path: 'src/request.ts', text: '1 | import { parseHeader } from "./header.js";' },
    ],
  });
  return { ...built, excerpts: [] };
}

describe('packMessages', () => {
  it('splits a pack into its blocks, in order, with their exact tokens', () => {
    const built = pack('Run the tests.');
    const messages = packMessages({ pack: built });
    expect(messages.map((message) => message.name)).toEqual([
      'instructions',
      'repo-map',
      'docs: design',
      'files: src/header.ts',
      'files: src/request.ts',
      'task',
    ]);
    expect(messages.map((message) => message.text).join('\n\n')).toBe(built.text);
    expect(messages.reduce((sum, message) => sum + message.tokens, 0)).toBe(
      built.sections.reduce((sum, section) => sum + section.tokens, 0),
    );
  });

  it('tells an opening tag quoted in a block from the start of the next block', () => {
    const built = pack('Rules.\n\n<repo-map> is what the map looks like.');
    const messages = packMessages({ pack: built });
    expect(messages[0]!.text).toBe(
      '<instructions>\nRules.\n\n<repo-map> is what the map looks like.\n</instructions>',
    );
    expect(messages.map((message) => message.name)).toHaveLength(6);
  });

  it('keeps the pack whole when its text does not show its blocks', () => {
    const built = { ...pack('Run the tests.'), text: 'one plain prompt' };
    expect(packMessages({ pack: built })).toEqual([
      { role: 'user', name: 'pack', text: 'one plain prompt', tokens: built.budget.used },
    ]);
  });
});

describe('taskLabel', () => {
  it('is the first line, shortened', () => {
    expect(taskLabel('  Fix the bug\nmore detail')).toBe('Fix the bug');
    expect(taskLabel('x'.repeat(100))).toHaveLength(80);
  });
});
