import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTokenizer } from '@ctxkit/tokenize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLines } from './excerpt.js';
import { type PlannedFile, planExcerpts } from './excerpt-plan.js';

const tokenizer = createTokenizer({ encoding: 'o200k_base' });
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '__fixtures__', name), 'utf8');

// A long module: many functions, one of which the task names.
function longModule(functions: number, named: string): string {
  const out: string[] = ['"""Helpers."""', ''];
  for (let index = 0; index < functions; index += 1) {
    const name = index === Math.floor(functions / 2) ? named : `helper_${index}`;
    out.push(`def ${name}(value):`);
    for (let line = 0; line < 8; line += 1) out.push(`    value = value + ${index * 10 + line}`);
    out.push('    return value', '', '');
  }
  return out.join('\n');
}

const big: PlannedFile = { path: 'pkg/helpers.py', text: longModule(120, 'normalize_header') };
const small: PlannedFile = { path: 'app/tokenizer.py', text: fixture('tokenizer.py') };
const server: PlannedFile = { path: 'web/server.ts', text: fixture('server.ts') };

// Python functions of 12 body lines (`lineOf` gives one, else a plain sum) and a return, then 40
// one-line fillers.
function bodiesModule(bodies: [string, (index: number) => string | undefined][]): string {
  const out: string[] = [];
  for (const [name, lineOf] of bodies) {
    out.push(`def ${name}(value):`);
    for (let index = 0; index < 12; index += 1)
      out.push(`    ${lineOf(index) ?? `value = value + ${index}`}`);
    out.push('    return value', '', '');
  }
  for (let index = 0; index < 40; index += 1)
    out.push(`def filler_${index}(value):`, '    return value + 1', '', '');
  return out.join('\n');
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}

// Every numbered line of a rendered excerpt is the file's own line under its real number.
function expectRealLines(text: string, source: string) {
  const lines = splitLines(source);
  for (const line of text.split('\n')) {
    const match = /^(\d+)(?:\t(.*))?$/.exec(line);
    if (!match) continue;
    expect(
      (lines[Number(match[1]) - 1] ?? '')
        .trimEnd()
        .startsWith((match[2] ?? '').replace(/ \.\.\. \(\d+ more characters\)$/, '')),
    ).toBe(true);
  }
}

describe('planExcerpts', () => {
  it("follows the ranking's scores: a file scored far below the first waits for the first's bodies", () => {
    // Two bodies call `resolve_alias` in the first file (four times, once), one in the second (four times).
    const module = (bodies: [string, number][]) =>
      bodiesModule(
        bodies.map(([name, hits]) => [
          name,
          (line) => (line < hits ? `value = resolve_alias(value, ${line})` : undefined),
        ]),
      );
    const first = {
      path: 'pkg/aliases.py',
      text: module([
        ['first_pass', 4],
        ['second_pass', 1],
      ]),
    };
    const second = { path: 'pkg/other.py', text: module([['other_pass', 4]]) };
    const plan = (scores?: [number, number]) =>
      planExcerpts({
        files: scores
          ? [
              { ...first, score: scores[0] },
              { ...second, score: scores[1] },
            ]
          : [first, second],
        query: 'resolve_alias loses the alias',
        budget: 300,
        tokenizer,
      }).excerpts.map((excerpt) => excerpt.spans.map((span) => [span.start, span.end]));
    // By rank alone the second file is worth half the first: its body beats the first's weaker one.
    expect(plan()).toEqual([[[1, 14]], [[1, 14]]]);
    expect(plan([2, 1.5])).toEqual(plan());
    // Scored at a tenth of the first, it gets its glimpse only, after both of the first's bodies.
    expect(plan([1, 0.1])).toEqual([[[1, 30]], [[1, 3]]]);
  });

  it('weighs each file by how surely the task pins a place in it: a defined name beats a passing word', () => {
    const module = (bodies: [string, string][]) =>
      bodiesModule(bodies.map(([name, line]) => [name, (index) => (index === 5 ? line : undefined)]));
    // Ranked first, the command only passes a charset along, twice; the second file defines the
    // function the task names.
    const command = {
      path: 'pkg/command.py',
      text: module([
        ['run', 'value = encode(value, charset)'],
        ['rerun', 'value = decode(value, charset)'],
      ]),
    };
    const headers = {
      path: 'pkg/headers.py',
      text: module([['parse_content_type', 'value = value.strip()']]),
    };
    const plan = planExcerpts({
      files: [command, headers],
      query: 'Headers are parsed wrong\n\n`parse_content_type` ignores the charset parameter.',
      budget: 330,
      tokenizer,
    });
    const spans = plan.excerpts.map((excerpt) => excerpt.spans.map((span) => [span.start, span.end]));
    // The defining body is bought whole before the first file's second body, which room lacks for.
    expect(spans[1]).toEqual([[1, 14]]);
    expect(spans[0]).toEqual([[1, 14]]);
  });

  it('shows the places the task points at: a frame by its function, a file:line, a quoted line', () => {
    const text = longModule(120, 'normalize_header');
    const lines = splitLines(text);
    // helper_7 (by a frame naming it), line 1001 (by file:line), the line quoting helper_99's body.
    const header = (name: string) => lines.findIndex((line) => line.startsWith(`def ${name}(`)) + 1;
    const quoted = lines.findIndex((line) => line.includes('value = value + 993')) + 1;
    const task = [
      'Crash:',
      '  File "/opt/site-packages/pkg/helpers.py", line 9999, in helper_7',
      'and something is off near helpers.py:1001, where it does',
      '`value = value + 993`.',
    ].join('\n');
    const plan = planExcerpts({
      files: [big, { path: 'lib/other/helpers.py', text }],
      query: task,
      budget: 2000,
      tokenizer,
    });
    const shown = new Set(plan.excerpts[0]!.spans.flatMap((span) => range(span.start, span.end)));
    expect(shown.has(header('helper_7'))).toBe(true);
    expect(shown.has(header('helper_7') + 9)).toBe(true);
    expect(shown.has(1001)).toBe(true);
    expect(shown.has(quoted)).toBe(true);
    expectRealLines(plan.excerpts[0]!.text, text);
  });

  it('shows the places the task points at before a body that only gathers its names', () => {
    // `describe` uses the names the task spells on every line; the task links two lines of a
    // function too long to show whole, which name nothing of the task.
    const long = Array.from({ length: 150 }, (_, index) => `    total = total + ${index}`);
    const text = [
      'def accumulate(total):',
      ...long.slice(0, 40),
      '    total = rescale(total)',
      ...long.slice(40, 110),
      '    total = clamp(total)',
      ...long.slice(110),
      '    return total',
      '',
      'def describe(up_at, b_no, min_v):',
      ...Array.from({ length: 6 }, () => '    f(up_at, b_no, min_v)'),
      '',
    ].join('\n');
    const lines = splitLines(text);
    const linked = [
      lines.indexOf('    total = rescale(total)') + 1,
      lines.indexOf('    total = clamp(total)') + 1,
    ];
    const task = [
      'With `up_at`, `b_no` and `min_v` set, builds are still scanned. The loop',
      `(https://github.com/acme/lib/blob/0123abc/pkg/total.py#L${linked[0]}) should stop`,
      `[here](https://github.com/acme/lib/blob/0123abc/pkg/total.py#L${linked[1]}).`,
    ].join(' ');
    const plan = planExcerpts({
      files: [{ path: 'pkg/total.py', text }],
      query: task,
      budget: 240,
      tokenizer,
    });
    const shown = new Set(plan.excerpts[0]!.spans.flatMap((span) => range(span.start, span.end)));
    expect(shown.has(linked[0]!)).toBe(true);
    expect(shown.has(linked[1]!)).toBe(true);
    expect(plan.tokens).toBeLessThanOrEqual(240);
  });

  it('shows the body that prints a message the task quotes, though the task names none of its code', () => {
    // helper_40 raises a templated message; the task pastes it as the program printed it.
    const source = longModule(120, 'normalize_header').replace(
      'def helper_40(value):\n',
      'def helper_40(value):\n    raise ValueError(f"cannot fold {value!r} into a header line")\n',
    );
    const lines = splitLines(source);
    const raising = lines.findIndex((line) => line.includes('cannot fold')) + 1;
    const task = 'Upgrading broke our importer. The log says: ValueError: cannot fold 42 into a header line';
    const plan = planExcerpts({
      files: [{ path: 'pkg/helpers.py', text: source }],
      query: task,
      budget: 600,
      tokenizer,
    });
    const shown = new Set(plan.excerpts[0]!.spans.flatMap((span) => range(span.start, span.end)));
    // The whole body: its header above the message and its return below it.
    expect(shown.has(raising - 1)).toBe(true);
    expect(shown.has(raising + 9)).toBe(true);
    const without = planExcerpts({
      files: [{ path: 'pkg/helpers.py', text: source }],
      query: 'Upgrading broke our importer.',
      budget: 600,
      tokenizer,
    });
    expect(without.excerpts[0]!.spans.some((span) => span.start <= raising && span.end >= raising)).toBe(
      false,
    );
    expectRealLines(plan.excerpts[0]!.text, source);
  });

  it('shows the definition the task names whole, and a small file whole', () => {
    const plan = planExcerpts({
      files: [big, small],
      query: 'normalize_header drops the value; see parse_header too',
      budget: 3000,
      tokenizer,
    });
    const [helpers, tokenizerFile] = plan.excerpts;
    const start = splitLines(big.text).findIndex((line) => line.startsWith('def normalize_header')) + 1;
    // The whole body of the named function: header through its return.
    expect(helpers!.spans.some((span) => span.start <= start && span.end >= start + 9)).toBe(true);
    expect(helpers!.text).toContain('def normalize_header(value):');
    expect(tokenizerFile!.spans).toEqual([{ start: 1, end: splitLines(small.text).length }]);
    expect(plan.tokens).toBeLessThanOrEqual(3000);
    expectRealLines(helpers!.text, big.text);
  });

  it("shows a long docstring's first line with the code, and the rest only when there is room", () => {
    const text = [
      'def frame(size):',
      '    """Frame a widget.',
      ...range(1, 30).map((index) => `    Paragraph ${index} on how widgets are framed and sealed.`),
      '    """',
      ...range(1, 12).map((index) => `    size = seal(size, ${index})`),
      '    return size',
    ].join('\n');
    const file: PlannedFile = {
      path: 'pkg/widget.py',
      text,
      definitions: [{ name: 'frame', kind: 'function', line: 1, endLine: 46 }],
    };
    const query = 'frame returns the wrong size';
    const tight = planExcerpts({ files: [file], query, budget: 150, tokenizer });
    const shown = tight.excerpts[0]!;
    expect(shown.text).toContain('"""Frame a widget.');
    expect(shown.text).toContain('size = seal(size, 1)');
    expect(shown.text).toContain('return size');
    expect(shown.text).not.toContain('Paragraph 10 ');
    expectRealLines(shown.text, text);
    const roomy = planExcerpts({ files: [file], query, budget: 5000, tokenizer });
    expect(roomy.excerpts[0]!.spans).toEqual([{ start: 1, end: 46 }]);
  });

  it("shows first the place of the name in the task's title", () => {
    const body = (name: string) => [
      `def ${name}(size):`,
      ...range(1, 20).map((index) => `    size = step(size, ${index})`),
      '    return size',
      '',
    ];
    const text = [...body('frame'), ...body('seal')].join('\n');
    const file: PlannedFile = {
      path: 'pkg/widget.py',
      text,
      definitions: [
        { name: 'frame', kind: 'function', line: 1, endLine: 22 },
        { name: 'seal', kind: 'function', line: 24, endLine: 45 },
      ],
    };
    const query = 'seal is wrong\nThe frame helper runs first, then the seal helper.';
    // Room for one window: the title's name gets it, though the body names both as often.
    const plan = planExcerpts({ files: [file], query, budget: 100, tokenizer });
    expect(plan.excerpts[0]!.text).toContain('24\tdef seal(size):');
    expect(plan.excerpts[0]!.text).not.toContain('def frame(size):');
  });

  it('spends the budget on the top of the ranking first', () => {
    const query = 'normalize_header and parse_header and RequestRouter';
    const tight = planExcerpts({ files: [big, small, server], query, budget: 240, tokenizer });
    // With little room the top file gets its named body before lower files get anything whole.
    expect(tight.excerpts[0]!.text).toContain('def normalize_header(value):');
    expect(
      tight.excerpts[2]!.spans.length === 0 || tight.excerpts[2]!.shownLines < splitLines(server.text).length,
    ).toBe(true);
    const roomy = planExcerpts({ files: [big, small, server], query, budget: 20_000, tokenizer });
    expect(roomy.excerpts.map((excerpt) => excerpt.shownLines > 0)).toEqual([true, true, true]);
    expect(roomy.tokens).toBeGreaterThan(tight.tokens);
  });

  it('says why budget is left: everything relevant shown, or nothing else fits', () => {
    const roomy = planExcerpts({ files: [small], query: 'parse_header', budget: 50_000, tokenizer });
    expect(roomy.unused.reason).toBe('everything-shown');
    expect(roomy.unused.tokens).toBe(50_000 - roomy.tokens);
    const tight = planExcerpts({
      files: [big],
      query: 'helper_3 helper_70 helper_100',
      budget: 120,
      tokenizer,
    });
    expect(tight.unused.reason).toBe('nothing-else-fits');
  });

  it('gives a file without hits one line per definition when room remains', () => {
    const plan = planExcerpts({ files: [small, server], query: 'parse_header', budget: 240, tokenizer });
    expect(plan.excerpts[1]!.mode).toBe('signatures');
    expect(plan.excerpts[1]!.text).toContain('RequestRouter');
  });

  it('never exceeds the budget by exact count, with the overhead it is told of (property)', () => {
    const names = ['normalize_header', 'parse_header', 'RequestRouter', 'helper_7', 'tokenize', 'missing'];
    fc.assert(
      fc.property(
        fc.subarray([big, small, server], { minLength: 1 }),
        fc.subarray(names, { minLength: 1 }),
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 0, max: 30 }),
        (files, words, budget, overhead) => {
          const plan = planExcerpts({
            files,
            query: words.join(' '),
            budget,
            tokenizer,
            overheadOf: () => overhead,
          });
          let exact = 0;
          for (const excerpt of plan.excerpts)
            if (excerpt.text !== '') exact += tokenizer.count(excerpt.text) + overhead;
          expect(exact).toBe(plan.tokens);
          expect(plan.tokens).toBeLessThanOrEqual(budget);
          for (const [index, excerpt] of plan.excerpts.entries())
            expectRealLines(excerpt.text, files[index]!.text);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is deterministic', () => {
    const options = {
      files: [big, small, server],
      query: 'normalize_header RequestRouter',
      budget: 2500,
      tokenizer,
    };
    expect(planExcerpts(options)).toEqual(planExcerpts(options));
  });
});
