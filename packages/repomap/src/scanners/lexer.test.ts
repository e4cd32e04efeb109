// The lexer's one piece of kept state is the token buffers: lexing into fresh buffers gives the
// same tokens as the shared ones, and a small file after a large one reads none of its tokens.
import { describe, expect, it } from 'vitest';
import { lex, type TokenList } from './lexer.js';
import { createTokenBuffers, sharedBuffers } from './token-list.js';

const OPTIONS = { cComments: true, javascriptLiterals: true, keywords: new Set(['const', 'return']) };

/** A token list as plain data, up to its count and a lookahead margin past it. */
function snapshot(tokens: TokenList, margin = 16) {
  const end = tokens.count + margin;
  return {
    count: tokens.count,
    kinds: [...tokens.kinds.subarray(0, end)],
    flags: [...tokens.flags.subarray(0, end)],
    starts: [...tokens.starts.subarray(0, end)],
    ends: [...tokens.ends.subarray(0, end)],
    lines: [...tokens.lines.subarray(0, end)],
    columns: [...tokens.columns.subarray(0, end)],
    references: [...tokens.references].sort(),
  };
}

describe('lex', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal is the input
  const small = 'const a = `x${b}y` / 2; // c\nreturn /re/g;\n';
  const large = 'let value = other(1, "two");\n'.repeat(2000);

  it('gives the same tokens in fresh buffers as in the shared ones', () => {
    const fresh = snapshot(lex(small, OPTIONS, createTokenBuffers()));
    expect(snapshot(lex(small, OPTIONS))).toEqual(fresh);
  });

  it('reads nothing of a larger file lexed before into the same buffers', () => {
    const buffers = createTokenBuffers();
    const alone = snapshot(lex(small, OPTIONS, createTokenBuffers()));
    lex(large, OPTIONS, buffers);
    expect(buffers.kinds.length).toBeGreaterThan(4096);
    expect(snapshot(lex(small, OPTIONS, buffers))).toEqual(alone);
  });

  it('keeps grown shared buffers for the next file', () => {
    lex(large, OPTIONS);
    const grown = sharedBuffers.kinds;
    expect(lex(small, OPTIONS).kinds).toBe(grown);
  });
});
