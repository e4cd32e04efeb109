import { createTokenizer } from '@ctxkit/tokenize';
import { describe, expect, it } from 'vitest';
import { assemble } from './assemble.js';
import { computeBudget } from './budget.js';
import { composePack, planPack } from './compose-pack.js';
import { excerptFile } from './excerpt.js';
import { announceFill, fillFraction } from './fill.js';
import { buildPack } from './pack.js';
import { resolveProfile } from './profiles.js';
import type { ExcerptMode } from './roles.js';

// A caller's mistake is a clear error naming the option, never a silent wrong result.

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const { profile } = resolveProfile('qwen2.5-coder:7b');
const budget = computeBudget({ profile });
const text = Array.from({ length: 12 }, (_, index) =>
  index === 5 ? 'const x = parseDate(input);' : `line ${index + 1}`,
).join('\n');

describe('option checks', () => {
  it('knows a role only by its own name, not by what every object inherits', () => {
    for (const role of ['toString', 'constructor', '__proto__']) {
      expect(() => computeBudget({ profile, role })).toThrow(
        /^budget: role must be one of .*, found the string/,
      );
    }
  });

  it('refuses a pack budget that is not a whole number of tokens ≥ 0', () => {
    for (const available of [Number.NaN, -5, 1.5]) {
      expect(() => buildPack({ budget: { ...budget, available }, tokenizer, task: 'x' })).toThrow(
        /^buildPack: budget.available must be a whole number of tokens ≥ 0, found/,
      );
      expect(() => planPack({ available })).toThrow(/^planPack: budget.available/);
    }
  });

  it('refuses attribute names that would forge markup', () => {
    const chunks = [{ path: 'a.ts', text: 'x', rank: 0, attributes: { 'x="1" onload': 'v' } }];
    expect(() => buildPack({ budget, tokenizer, task: 'x', chunks })).toThrow(
      'buildPack: attribute name "x=\\"1\\" onload" is not a valid name (letters, digits, _ . -)',
    );
  });

  it('checks excerpt line counts, modes and definitions instead of eliding everything', () => {
    expect(() => excerptFile({ path: 'a.ts', text, query: '`parseDate`', contextLines: 1.5 })).toThrow(
      'excerptFile: contextLines must be a whole number, found 1.5',
    );
    expect(() => excerptFile({ path: 'a.ts', text, mode: 'whole' as ExcerptMode })).toThrow(
      'excerptFile: mode must be one of bodies, signatures, found whole',
    );
    expect(() =>
      excerptFile({
        path: 'a.ts',
        text,
        query: '`parseDate`',
        definitions: [{ name: 'f', line: 6, endLine: 2 }],
      }),
    ).toThrow(/^excerptFile: definitions\[0\] \(f\) needs whole line numbers with endLine ≥ line/);
    expect(() =>
      composePack({
        task: 'x',
        budget,
        tokenizer,
        excerpts: 'full' as ExcerptMode,
        files: [{ path: 'a.ts', text }],
      }),
    ).toThrow('composePack: excerpts must be one of bodies, signatures, found full');
  });

  it('ignores an empty identifier instead of matching every line', () => {
    const excerpt = excerptFile({
      path: 'a.ts',
      text,
      identifiers: [{ name: '', strong: true }, 'parseDate'],
    });
    expect(excerpt.hitLines).toEqual([6]);
  });

  it('checks the session it assembles', () => {
    expect(() => assemble({ instructions: 'x', history: [], tools: [{} as { name: string }] })).toThrow(
      'assemble: tools[0] needs a name (a non-empty string)',
    );
    expect(() => assemble({ instructions: 'x' } as never)).toThrow(
      /^assemble: session.history must be an array/,
    );
    expect(assemble({ instructions: 'x', history: [], summary: null as unknown as string })).toEqual([
      { role: 'system', text: 'x' },
    ]);
  });

  it('keeps the fill fraction in [0, 1] and announcements honest', () => {
    expect(() => fillFraction([], Number.POSITIVE_INFINITY, tokenizer)).toThrow(
      /^fillFraction: window must be/,
    );
    const negative = { countMessages: () => -50 } as unknown as Parameters<typeof fillFraction>[2];
    expect(fillFraction([{ role: 'user', text: 'hi' }], 100, negative)).toBe(0);
    for (const previousBand of [undefined as unknown as number, Number.NaN, -1]) {
      expect(() => announceFill(previousBand, 0.9)).toThrow(/^announceFill: previousBand must be a band/);
    }
  });
});
