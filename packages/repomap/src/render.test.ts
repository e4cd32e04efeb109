import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOC_BUDGET_SHARE,
  DOC_SEPARATOR,
  documentedWithin,
  ELISION_MARKER,
  formatDefinition,
  MAX_SIGNATURE_LENGTH,
  type RenderSymbol,
  renderRepoMap,
  renderSymbols,
  shortenSignature,
} from './render.js';
import type { Definition } from './types.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });

const definitionArbitrary: fc.Arbitrary<Definition> = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }),
  kind: fc.constantFrom('class', 'function', 'method', 'constant', 'interface' as const),
  line: fc.integer({ min: 1, max: 5000 }),
  signature: fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 80 })),
  scope: fc.option(fc.constantFrom('Parser', 'Store'), { nil: undefined }),
  endLine: fc.option(fc.integer({ min: 1, max: 5100 }), { nil: undefined }),
  // Doc lines count in the budget like everything else, control characters and all.
  doc: fc.option(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 100 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    ),
    {
      nil: undefined,
    },
  ),
});

const mapInput = fc
  .array(fc.tuple(fc.constantFrom('a.ts', 'src/b.py', 'c/d/e.go', 'ünï/cödé.rs'), definitionArbitrary), {
    maxLength: 60,
  })
  .map((pairs) => {
    const symbols: RenderSymbol[] = pairs.map(([path, definition]) => ({ path, definition }));
    const byFile = new Map<string, Definition[]>();
    for (const symbol of symbols)
      byFile.set(symbol.path, [...(byFile.get(symbol.path) ?? []), symbol.definition!]);
    const paths = [...byFile.keys()].sort();
    return { symbols, byFile, fileRank: new Map(paths.map((path, index) => [path, index])) };
  });

describe('renderRepoMap', () => {
  it('never exceeds the budget and reports the exact token count', () => {
    fc.assert(
      fc.property(mapInput, fc.integer({ min: 0, max: 1500 }), ({ symbols, byFile, fileRank }, budget) => {
        const rendered = renderRepoMap({
          symbols,
          fileRank,
          fileDefinitions: (path) =>
            [...(byFile.get(path) ?? [])].sort((left, right) => left.line - right.line),
          budget,
          tokenizer,
        });
        expect(rendered.tokens).toBeLessThanOrEqual(budget);
        expect(rendered.tokens).toBe(rendered.text === '' ? 0 : tokenizer.count(rendered.text));
      }),
      { numRuns: 300 },
    );
  });

  it('takes the longest prefix of the ranking that fits', () => {
    const definitions: Definition[] = Array.from({ length: 40 }, (_, index) => ({
      name: `function${index}`,
      kind: 'function',
      line: index + 1,
      signature: `function function${index}(value: number): number`,
    }));
    const symbols = definitions.map((definition) => ({ path: 'file.ts', definition }));
    const options = {
      symbols,
      fileRank: new Map([['file.ts', 0]]),
      fileDefinitions: () => definitions,
      tokenizer,
    };
    const all = renderRepoMap({ ...options, budget: 100_000 });
    expect(all.symbolCount).toBe(40);
    const some = renderRepoMap({ ...options, budget: Math.floor(all.tokens / 2) });
    expect(some.symbolCount).toBeGreaterThan(0);
    expect(some.symbolCount).toBeLessThan(40);
    const oneMore = renderRepoMap({ ...options, budget: 100_000 });
    expect(oneMore.text.startsWith('file.ts:\n')).toBe(true);
    // One more symbol would not have fitted.
    const next = renderRepoMap({
      ...options,
      symbols: symbols.slice(0, some.symbolCount + 1),
      budget: 100_000,
    });
    expect(next.tokens).toBeGreaterThan(Math.floor(all.tokens / 2));
  });

  it('marks left-out definitions where they are, indents members and shows their class header', () => {
    const definitions: Definition[] = [
      { name: 'Parser', kind: 'class', line: 1, signature: 'class Parser:' },
      { name: 'parse', kind: 'method', line: 2, signature: 'def parse(self):', scope: 'Parser' },
      { name: 'Parser', kind: 'constructor', line: 5, signature: 'def Parser(self):', scope: 'Parser' },
      { name: 'helper', kind: 'function', line: 9, signature: 'def helper():' },
      { name: 'main', kind: 'function', line: 12, signature: 'def main():' },
    ];
    const rendered = renderRepoMap({
      symbols: [definitions[4]!, definitions[1]!].map((definition) => ({ path: 'tool.py', definition })),
      fileRank: new Map([['tool.py', 0]]),
      fileDefinitions: () => definitions,
      budget: 1000,
      tokenizer,
    });
    expect(rendered.text).toBe(
      `tool.py:\n  1: class Parser:\n    2: def parse(self):\n${ELISION_MARKER}\n  12: def main():\n`,
    );
  });

  it('takes a class header for its member, not a constructor named like the class', () => {
    const definitions: Definition[] = [
      { name: 'Greeter', kind: 'class', line: 1, signature: 'public class Greeter' },
      { name: 'Greeter', kind: 'constructor', line: 3, signature: 'public Greeter()', scope: 'Greeter' },
      { name: 'greet', kind: 'method', line: 7, signature: 'public void greet()', scope: 'Greeter' },
    ];
    const rendered = renderRepoMap({
      symbols: [{ path: 'G.java', definition: definitions[2]! }],
      fileRank: new Map([['G.java', 0]]),
      fileDefinitions: () => definitions,
      budget: 1000,
      tokenizer,
    });
    expect(rendered.text).toBe(
      `G.java:\n  1: public class Greeter\n${ELISION_MARKER}\n    7: public void greet()\n`,
    );
  });

  it('cuts overlong signatures inside their parameters, keeping what follows them', () => {
    const cut = shortenSignature(`def f(${'x, '.repeat(200)}y) -> Dict[str, int]:`);
    expect(cut.length).toBe(MAX_SIGNATURE_LENGTH);
    expect(cut.startsWith('def f(x, x,')).toBe(true);
    expect(cut.endsWith('…) -> Dict[str, int]:')).toBe(true);
    // No parameter list, or a tail too long to keep: the end is cut.
    const plain = shortenSignature(`const table = ${'1 + '.repeat(100)}1`);
    expect(plain.length).toBe(MAX_SIGNATURE_LENGTH);
    expect(plain.endsWith('…')).toBe(true);
    const line = formatDefinition({
      name: 'f',
      kind: 'function',
      line: 3,
      signature: `f(${'x, '.repeat(200)})`,
    });
    expect(line.length).toBeLessThan(200);
    expect(shortenSignature('def short(a, b):')).toBe('def short(a, b):');
  });

  it('never makes a signature longer than the limit, whatever its brackets', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('(', ')', 'a', ' ', ','), maxLength: 600 }), (text) => {
        const cut = shortenSignature(text);
        expect(cut.length).toBeLessThanOrEqual(MAX_SIGNATURE_LENGTH);
        if (text.length <= MAX_SIGNATURE_LENGTH) expect(cut).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('shows paths and signatures with control characters escaped, ordinary ones as they are', () => {
    const hostile = 'src/ctl\nname\x01\x1b[31mred.ts';
    const symbols: RenderSymbol[] = [
      {
        path: hostile,
        definition: { name: 'red', kind: 'constant', line: 1, signature: 'const red = "\x1b[31m"' },
      },
      {
        path: 'src\\plain.ts',
        definition: { name: 'plain', kind: 'function', line: 2, signature: 'function plain()' },
      },
    ];
    const rendered = renderRepoMap({
      symbols,
      fileRank: new Map([
        [hostile, 0],
        ['src\\plain.ts', 1],
      ]),
      fileDefinitions: (path) =>
        symbols.filter((symbol) => symbol.path === path).map((symbol) => symbol.definition!),
      budget: 1000,
      tokenizer,
    });
    expect(rendered.text).toBe(
      'src/ctl\\nname\\x01\\x1b[31mred.ts:\n  1: const red = "\\x1b[31m"\nsrc\\plain.ts:\n  2: function plain()\n',
    );
    expect(rendered.tokens).toBe(tokenizer.count(rendered.text));
  });
});

describe('doc lines', () => {
  const doc = 'Reads --tokens as a positive integer.';
  it('follow the signature of a short definition, on its line', () => {
    const definition: Definition = {
      name: 'parse',
      kind: 'function',
      line: 31,
      endLine: 40,
      signature: 'function parse(value)',
      doc,
    };
    expect(formatDefinition(definition)).toBe(`  31: function parse(value)${DOC_SEPARATOR}${doc}`);
    expect(formatDefinition({ ...definition, endLine: undefined, kind: 'method', scope: 'Parser' })).toBe(
      `    31: function parse(value) — ${doc}`,
    );
  });

  it('are left out for long definitions and for non-functions of unknown length', () => {
    const long: Definition = {
      name: 'Parser',
      kind: 'class',
      line: 1,
      endLine: 200,
      signature: 'class Parser',
      doc,
    };
    expect(formatDefinition(long)).toBe('  1: class Parser');
    expect(formatDefinition({ ...long, endLine: undefined })).toBe('  1: class Parser');
    expect(formatDefinition({ ...long, endLine: 30 })).toBe(`  1: class Parser — ${doc}`);
    expect(formatDefinition({ ...long, endLine: 31 })).toBe('  1: class Parser');
  });

  it('are shown with control characters escaped', () => {
    const definition: Definition = {
      name: 'f',
      kind: 'function',
      line: 2,
      signature: 'def f():',
      doc: 'Bell\x07 and \x1b[31mred',
    };
    expect(formatDefinition(definition)).toBe('  2: def f(): — Bell\\x07 and \\x1b[31mred');
  });

  it('count in the budget, and go to the best-ranked definitions within their share of it', () => {
    const definitions: Definition[] = Array.from({ length: 80 }, (_, index) => ({
      name: `step${index}`,
      kind: 'function',
      line: index * 3 + 1,
      endLine: index * 3 + 2,
      signature: `function step${index}(input: Buffer): Buffer`,
      doc: `Applies transformation number ${index} to the input buffer and returns the result.`,
    }));
    // Ranked last line first, so "best-ranked" and "first in the file" differ.
    const ranked = (list: Definition[]) =>
      [...list].reverse().map((definition) => ({ path: 'src/steps.ts', definition }));
    const render = (list: Definition[]) =>
      renderRepoMap({
        symbols: ranked(list),
        fileRank: new Map([['src/steps.ts', 0]]),
        fileDefinitions: () => list,
        budget: 1000,
        tokenizer,
      });
    const withDocs = render(definitions);
    const withoutDocs = render(definitions.map(({ doc: _, ...rest }) => rest));
    expect(withDocs.tokens).toBeLessThanOrEqual(1000);
    expect(withDocs.tokens).toBe(tokenizer.count(withDocs.text));
    expect(withDocs.symbolCount).toBeLessThan(withoutDocs.symbolCount);

    const documented = documentedWithin(ranked(definitions), 1000 * DOC_BUDGET_SHARE, tokenizer);
    expect(documented.size).toBeGreaterThan(0);
    expect([...documented]).toEqual(definitions.slice(-documented.size).reverse());
    const docLines = withDocs.text.split('\n').filter((line) => line.includes(DOC_SEPARATOR));
    expect(docLines).toHaveLength(documented.size);
    expect(docLines.at(-1)).toContain(
      `step79(input: Buffer): Buffer${DOC_SEPARATOR}Applies transformation number 79 `,
    );
    const docTokens = [...documented].reduce(
      (sum, definition) => sum + tokenizer.count(`${DOC_SEPARATOR}${definition.doc}`),
      0,
    );
    expect(docTokens).toBeLessThanOrEqual(1000 * DOC_BUDGET_SHARE);
  });
});

describe('files without definitions', () => {
  it('are listed by their path alone, in rank order among the others', () => {
    const definition: Definition = { name: 'run', kind: 'function', line: 3, signature: 'def run():' };
    const text = renderSymbols(
      [{ path: 'lib/worker.ex' }, { path: 'app/main.py', definition }],
      2,
      new Map([
        ['lib/worker.ex', 0],
        ['app/main.py', 1],
      ]),
      (path) => (path === 'app/main.py' ? [definition] : []),
    );
    expect(text).toBe('lib/worker.ex:\napp/main.py:\n  3: def run():\n');
  });
});
