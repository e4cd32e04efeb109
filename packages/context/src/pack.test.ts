import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Budget, computeBudget } from './budget.js';
import { buildPack, type PackChunk, type PackDoc, SECTION_ORDER } from './pack.js';
import { resolveProfile } from './profiles.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const profile = resolveProfile('qwen2.5-coder:7b').profile;

function budgetOf(available: number): Budget {
  return { ...computeBudget({ profile }), available };
}

const docs: PackDoc[] = [
  {
    title: 'Release process',
    text: 'Tag from main.\nChangesets decide the bump.',
    source: 'docs/release.md',
  },
  { title: 'Architecture', text: 'Pure cores, thin shells.', source: 'docs/architecture.md' },
];
const chunks: PackChunk[] = [
  {
    path: 'src/pack.ts',
    text: '10 | export function buildPack() {\n11 |   return 1;\n12 | }',
    attributes: { lines: '10-12' },
  },
  { path: 'src/budget.ts', text: '1 | export const MIN = 512;', attributes: { lines: '1' } },
];

const fullInput = {
  task: 'Make buildPack report dropped chunks.',
  instructions: 'Use pnpm. Never commit generated files.',
  skills: '- release: how to cut a release',
  repoMap: 'src/pack.ts:\n  buildPack(options)\nsrc/budget.ts:\n  computeBudget(options)',
  docs,
  chunks,
};

describe('buildPack', () => {
  it('renders sections in the fixed order (golden)', async () => {
    const pack = buildPack({ budget: computeBudget({ profile }), tokenizer, ...fullInput });
    await expect(pack.text).toMatchFileSnapshot('__goldens__/pack-full.txt');
    expect(pack.sections.map((section) => section.kind)).toEqual([...SECTION_ORDER]);
    expect(pack.budget.used).toBe(tokenizer.count(pack.text));
    expect(pack.budget.dropped).toEqual({ count: 0, tokens: 0 });
    expect(pack.budget).toMatchObject({
      window: 32_768,
      reserves: { system: 500, tools: 900, response: 2048, slack: 3276, total: 6724 },
      available: 26_044,
    });
    expect(Object.keys(pack.budget.perSection)).toEqual([...SECTION_ORDER]);
  });

  it('truncates a too-big first chunk on a line boundary and drops the rest, counted', async () => {
    const big = Array.from(
      { length: 200 },
      (_, index) => `${index + 1} | const value${index} = compute(${index});`,
    );
    const pack = buildPack({
      budget: budgetOf(400),
      tokenizer,
      task: 'Fix compute.',
      chunks: [
        { path: 'src/big.ts', text: big.join('\n') },
        { path: 'src/small.ts', text: '1 | export {};' },
      ],
    });
    await expect(pack.text).toMatchFileSnapshot('__goldens__/pack-truncated.txt');
    expect(pack.sections.find((section) => section.kind === 'files')?.items).toEqual([
      { name: 'src/big.ts', tokens: expect.any(Number), truncated: true },
    ]);
    expect(pack.text).toMatch(
      /\.\.\. \(truncated to fit the token budget: \d+ more lines not shown\)\n<\/file>/,
    );
    expect(pack.dropped).toEqual([{ kind: 'files', name: 'src/small.ts', tokens: expect.any(Number) }]);
    expect(pack.budget.dropped.count).toBe(1);
    expect(pack.budget.truncated.count).toBe(1);
    expect(pack.budget.used).toBeLessThanOrEqual(400);
  });

  it('cuts inside the first line when not even that fits: a minified file, a one-line task', () => {
    const minified = `var a=${'f(1);'.repeat(20_000)}`;
    const pack = buildPack({
      budget: budgetOf(300),
      tokenizer,
      task: 'Fix f.',
      chunks: [{ path: 'dist/app.min.js', text: `${minified}\n//# sourceMappingURL=app.js.map\n` }],
    });
    expect(pack.sections.find((section) => section.kind === 'files')?.items).toEqual([
      { name: 'dist/app.min.js', tokens: expect.any(Number), truncated: true },
    ]);
    expect(pack.text).toMatch(
      /<file path="dist\/app\.min\.js">\nvar a=f\(1\);.*\n\.\.\. \(truncated to fit the token budget: \d+ more characters and 1 more line not shown\)\n<\/file>/,
    );
    expect(pack.dropped).toEqual([]);
    expect(pack.budget.used).toBeLessThanOrEqual(300);

    const task = buildPack({ budget: budgetOf(100), tokenizer, task: 'word '.repeat(5_000) });
    expect(task.sections.map((section) => section.kind)).toEqual(['task']);
    expect(task.text).toMatch(/more characters not shown\)\n<\/task>\n$/);
    expect(task.budget.used).toBeLessThanOrEqual(100);
  });

  it('shortens a task over maxTaskTokens to its head and tail, the lines between counted in a marker', () => {
    const log = Array.from({ length: 400 }, (_, index) => `DEBUG step ${index} ok`);
    const task = ['TypeError in parse() when the input is empty', 'Log:', ...log, 'Expected: no error'].join(
      '\n',
    );
    const pack = buildPack({ budget: budgetOf(2000), tokenizer, task, maxTaskTokens: 300, chunks });
    const shown = pack.text.slice(pack.text.indexOf('<task>'));
    expect(shown.startsWith('<task>\nTypeError in parse() when the input is empty\nLog:\n')).toBe(true);
    expect(shown).toMatch(/\nExpected: no error\n<\/task>\n$/);
    const marker = shown.match(
      /\n\.\.\. \(shortened to fit the token budget: (\d+) lines of the task not shown here\)\n/,
    );
    expect(marker).not.toBeNull();
    const keptLines = shown.split('\n').length - 4; // the tags, the marker and the final newline
    expect(keptLines + Number(marker![1])).toBe(task.split('\n').length);
    const taskItem = pack.sections.find((section) => section.kind === 'task')!.items[0]!;
    expect(taskItem).toEqual({ name: 'task', tokens: expect.any(Number), truncated: true });
    expect(taskItem.tokens).toBeLessThanOrEqual(300);
    // The room the task gave back goes to the files.
    expect(pack.sections.find((section) => section.kind === 'files')?.items).toHaveLength(2);
    expect(pack.budget.truncated.count).toBe(1);

    // Under the cap, or without one, a task that fits is placed whole.
    const whole = buildPack({ budget: budgetOf(8000), tokenizer, task, chunks });
    expect(whole.text).toContain(`<task>\n${task}\n</task>`);
    expect(() => buildPack({ budget: budgetOf(100), tokenizer, task, maxTaskTokens: 0 })).toThrow(
      /buildPack: maxTaskTokens must be a whole number of tokens ≥ 1, found 0/,
    );
  });

  it('keeps both ends of any task cut to maxTaskTokens, exactly within it (property)', () => {
    const line = fc.constantFrom('trace line', 'x', '', 'δέλτα εψιλον', '  at f (a.js:1:2)', '{}');
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 3, maxLength: 200 }),
        fc.integer({ min: 1, max: 400 }),
        (lines, cap) => {
          const task = ['HEAD', ...lines, 'TAIL'].join('\n');
          const pack = buildPack({ budget: budgetOf(1000), tokenizer, task, maxTaskTokens: cap });
          const item = pack.sections.find((section) => section.kind === 'task')?.items[0];
          expect(pack.budget.used).toBe(tokenizer.count(pack.text));
          if (item === undefined) return;
          expect(item.tokens).toBeLessThanOrEqual(cap);
          if (item.truncated && pack.text.includes('of the task not shown here')) {
            expect(pack.text.startsWith('<task>\nHEAD\n')).toBe(true);
            expect(pack.text.endsWith('\nTAIL\n</task>\n')).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('does not nest text that already carries its own section tag, and closes it when cut', () => {
    const pack = buildPack({
      budget: budgetOf(1000),
      tokenizer,
      task: 't',
      instructions: '<instructions source="AGENTS.md">\nUse pnpm.\n</instructions>\n',
    });
    expect(pack.text).toBe(
      '<instructions source="AGENTS.md">\nUse pnpm.\n</instructions>\n\n<task>\nt\n</task>\n',
    );
    const cut = buildPack({
      budget: budgetOf(80),
      tokenizer,
      task: 't',
      instructions: `<instructions>\n${'a rule line\n'.repeat(100)}</instructions>`,
    });
    expect(cut.text).toMatch(/lines not shown\)\n<\/instructions>\n\n<task>\nt\n<\/task>\n$/);
    expect(cut.budget.used).toBeLessThanOrEqual(80);
  });

  it('never lets a lower-ranked chunk displace a higher-ranked one', () => {
    const pack = buildPack({
      budget: budgetOf(120),
      tokenizer,
      task: 't',
      chunks: [
        { path: 'a.ts', text: 'x'.repeat(200) },
        { path: 'b.ts', text: 'y '.repeat(300) },
        { path: 'c.ts', text: 'z' },
      ],
    });
    expect(pack.sections.find((section) => section.kind === 'files')?.items.map((item) => item.name)).toEqual(
      ['a.ts'],
    );
    expect(pack.dropped.map((item) => item.name)).toEqual(['b.ts', 'c.ts']);
  });

  it('escapes control characters in a file path or doc title, leaves ordinary ones as they are', () => {
    const pack = buildPack({
      budget: budgetOf(1000),
      tokenizer,
      task: 't',
      docs: [{ title: 'Notes\x1b[2J', text: 'n' }],
      chunks: [
        { path: 'src/ctl\nname\x01\x1b[31mred.ts', text: 'x', rank: 0 },
        { path: 'src\\plain "q".ts', text: 'y', rank: 1 },
      ],
    });
    expect(pack.text).toContain('<doc title="Notes\\x1b[2J">');
    expect(pack.text).toContain('<file path="src/ctl\\nname\\x01\\x1b[31mred.ts">');
    expect(pack.text).toContain('<file path="src\\plain &quot;q&quot;.ts">');
    expect(pack.text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  });

  it('orders chunks by explicit rank, then path, whatever the input order', () => {
    const ranked: PackChunk[] = [
      { path: 'z.ts', text: 'z', rank: 0 },
      { path: 'b.ts', text: 'b', rank: 1 },
      { path: 'a.ts', text: 'a', rank: 1 },
    ];
    const forward = buildPack({ budget: budgetOf(1000), tokenizer, task: 't', chunks: ranked });
    const backward = buildPack({
      budget: budgetOf(1000),
      tokenizer,
      task: 't',
      chunks: [...ranked].reverse(),
    });
    expect(backward.text).toBe(forward.text);
    expect(forward.sections.at(-2)?.items.map((item) => item.name)).toEqual(['z.ts', 'a.ts', 'b.ts']);
  });

  it('is byte-identical whatever the order of unranked docs, and never exceeds the budget', () => {
    const text = fc.array(fc.constantFrom('alpha', 'beta', 'gamma\n', 'δέλτα', '{}', '  ', '\n\n', '<x>'), {
      maxLength: 30,
    });
    const doc = fc.record({
      title: fc.constantFrom('A', 'B', 'C', 'Notes'),
      text: text.map((parts) => parts.join(' ')),
    });
    const chunk = fc.record({
      path: fc.constantFrom('a.ts', 'b/c.py', 'd.go'),
      text: text.map((parts) => parts.join('')),
    });
    fc.assert(
      fc.property(
        fc.array(doc, { maxLength: 6 }),
        fc.array(chunk, { maxLength: 6 }),
        fc.integer({ min: 0, max: 600 }),
        fc.string({ maxLength: 80 }),
        fc.boolean(),
        (docList, chunkList, available, task, withInstructions) => {
          const input = {
            budget: budgetOf(available),
            tokenizer,
            task,
            ...(withInstructions ? { instructions: 'Be brief.\nUse tabs.' } : {}),
            docs: docList,
            chunks: chunkList.map((entry, index) => ({ ...entry, rank: index })),
          };
          const pack = buildPack(input);
          expect(pack.budget.used).toBe(tokenizer.count(pack.text));
          expect(pack.budget.used).toBeLessThanOrEqual(available);
          const shuffled = buildPack({
            ...input,
            docs: [...docList].reverse(),
            chunks: [...input.chunks].reverse(),
          });
          expect(shuffled.text).toBe(pack.text);
          expect(shuffled.budget).toEqual(pack.budget);
          const considered =
            pack.sections.reduce((sum, section) => sum + section.items.length, 0) + pack.dropped.length;
          const nonEmpty =
            [task, withInstructions ? 'x' : ''].filter((entry) => entry.trim() !== '').length +
            docList.filter((entry) => entry.text.trim() !== '').length +
            chunkList.filter((entry) => entry.text.trim() !== '').length;
          expect(considered).toBe(nonEmpty);
        },
      ),
      { numRuns: 400 },
    );
  });
});
