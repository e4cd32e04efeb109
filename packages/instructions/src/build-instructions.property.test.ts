import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildInstructions, renderOpeningTag, renderTruncationMarker } from './build-instructions.js';
import { byteLength } from './truncate.js';

const paths = [
  'AGENTS.md',
  'CLAUDE.md',
  'AGENT.md',
  '.cursorrules',
  '.cursor/rules/a.mdc',
  '.ctxkit/AGENTS.md',
  '.ctxkit/PROJECT.md',
  'pkg/AGENTS.md',
  'pkg/sub/CLAUDE.md',
  'README.md',
];
const line = fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'é', '字', '`', '-'), maxLength: 200 });
const section = fc
  .tuple(
    fc.constantFrom('#', '##', '###'),
    fc.constantFrom('Go', 'Web', 'Docs', 'Rules'),
    fc.option(fc.constantFrom('**/*.go', 'web/**', 'docs/*.md'), { nil: undefined }),
    fc.array(line, { maxLength: 8 }),
  )
  .map(
    ([marks, title, glob, lines]) =>
      `${marks} ${title}${glob ? ` <!-- paths: ${glob} -->` : ''}\n${lines.join('\n')}\n`,
  );
const fileText = fc
  .tuple(
    fc.option(fc.constantFrom('paths: pkg/**', 'alwaysApply: true', 'globs: "*.go"', 'bad: [', ''), {
      nil: undefined,
    }),
    fc.array(section, { maxLength: 12 }),
  )
  .map(([front, sections]) => `${front === undefined ? '' : `---\n${front}\n---\n`}${sections.join('\n')}`);
const sources = fc.uniqueArray(fc.record({ path: fc.constantFrom(...paths), text: fileText }), {
  selector: (source) => source.path,
  maxLength: paths.length,
});
const scope = fc.array(fc.constantFrom('pkg/sub/main.go', 'web/app.tsx', 'docs/intro.md'), { maxLength: 3 });

describe('buildInstructions invariants', () => {
  it('never exceeds the total or per-file budget, whatever the files', () => {
    fc.assert(
      fc.property(
        sources,
        scope,
        fc.integer({ min: 0, max: 6000 }),
        fc.integer({ min: 0, max: 3000 }),
        (files, filesInScope, maxTotalBytes, maxFileBytes) => {
          const result = buildInstructions(files, { scope: filesInScope, maxTotalBytes, maxFileBytes });
          expect(result.bytes).toBe(byteLength(result.text));
          expect(result.bytes).toBeLessThanOrEqual(maxTotalBytes);
          for (const file of result.files) expect(file.bytes).toBeLessThanOrEqual(maxFileBytes);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the same result for the same files in any order', () => {
    fc.assert(
      fc.property(sources, scope, (files, filesInScope) => {
        const forward = buildInstructions(files, {
          scope: filesInScope,
          maxTotalBytes: 3000,
          maxFileBytes: 1200,
        });
        const backward = buildInstructions([...files].reverse(), {
          scope: [...filesInScope].reverse(),
          maxTotalBytes: 3000,
          maxFileBytes: 1200,
        });
        expect(backward).toEqual(forward);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps every section when nothing is gated and the budget is ample', () => {
    fc.assert(
      fc.property(sources, (files) => {
        const result = buildInstructions(files, { maxTotalBytes: 1_000_000, maxFileBytes: 1_000_000 });
        expect(result.files.every((file) => !file.truncated)).toBe(true);
        expect(result.sections.dropped.every((section) => section.heading === null)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('buildInstructions details', () => {
  it('reads front matter behind a byte-order mark', () => {
    const result = buildInstructions(
      [{ path: 'AGENTS.md', text: '\uFEFF---\npaths: docs/**\n---\n# Docs\n' }],
      {
        scope: ['src/a.ts'],
      },
    );
    expect(result.sections.dropped).toEqual([
      { path: 'AGENTS.md', heading: null, reason: 'paths docs/** match no file in scope' },
    ]);
  });

  it('cuts a single huge line at a character boundary and keeps multi-byte characters whole', () => {
    const result = buildInstructions([{ path: '.cursorrules', text: `${'字'.repeat(3000)}\n` }], {
      maxFileBytes: 400,
    });
    expect(result.files[0]?.truncated).toBe(true);
    expect(result.files[0]?.bytes).toBeLessThanOrEqual(400);
    expect(result.text).not.toContain('\uFFFD');
    expect(result.text).toMatch(
      /^<instructions source="\.cursorrules">\n字+\n\[ctxkit: truncated \.cursorrules here;/,
    );
  });
});

describe('buildInstructions budget report', () => {
  it('drops a whole file once the total budget is spent and says which budget', () => {
    const section = (title: string) => `## ${title}\n\n${'x'.repeat(900)}\n`;
    const text = ['A', 'B', 'C'].map(section).join('\n');
    const result = buildInstructions(
      [
        { path: 'AGENTS.md', text },
        { path: 'AGENT.md', text: text.replace(/x/g, 'y') },
        { path: '.ctxkit/PROJECT.md', text: text.replace(/x/g, 'z') },
      ],
      { maxTotalBytes: 4000, maxFileBytes: 4000 },
    );
    expect(result.files.map((file) => [file.path, file.truncated])).toEqual([
      ['AGENTS.md', false],
      ['AGENT.md', true],
    ]);
    expect(result.sections.dropped).toContainEqual({
      path: '.ctxkit/PROJECT.md',
      heading: null,
      reason: 'budget: no room left in the 4000-byte total budget',
    });
    expect(result.bytes).toBeLessThanOrEqual(4000);
  });
});

describe('buildInstructions input checks', () => {
  it('reports a second source with the same path as dropped instead of losing it silently', () => {
    const sources = [
      { path: 'A.md', text: '# a\nx' },
      { path: './A.md', text: '# b\ny' },
    ];
    for (const order of [sources, [...sources].reverse()]) {
      const result = buildInstructions(order);
      expect(result.files.map((file) => file.path)).toEqual(['A.md']);
      expect(result.text).toContain('# a\nx');
      expect(result.sections.dropped).toEqual([
        { path: 'A.md', heading: null, reason: 'same path as another source' },
      ]);
    }
  });

  it('escapes &, ", <, > and control characters in the source attribute; ordinary paths render as before', () => {
    expect(buildInstructions([{ path: 'a"b<c>&d.md', text: 'x' }]).text).toBe(
      '<instructions source="a&quot;b&lt;c&gt;&amp;d.md">\nx\n</instructions>\n',
    );
    expect(renderOpeningTag('a\nb.md')).toBe('<instructions source="a\\nb.md">\n');
    expect(renderOpeningTag('src/ctl\nname\x01\x1b[31mred.md')).toBe(
      '<instructions source="src/ctl\\nname\\x01\\x1b[31mred.md">\n',
    );
    expect(renderTruncationMarker('a\x1b.md', 1, 10, 'budget')).toBe(
      '[ctxkit: truncated a\\x1b.md here; 1 section (10 bytes) left out by the budget]\n',
    );
    for (const path of paths) expect(renderOpeningTag(path)).toBe(`<instructions source="${path}">\n`);
    expect(renderOpeningTag("docs/it's [v2] (draft) #1 ü.md")).toBe(
      '<instructions source="docs/it\'s [v2] (draft) #1 ü.md">\n',
    );
  });

  it('rejects malformed sources and budgets with the field named', () => {
    expect(() => buildInstructions([{ path: 'A.md', text: 'x' }], { maxTotalBytes: Number.NaN })).toThrow(
      new RangeError('buildInstructions: maxTotalBytes must be a whole number ≥ 0, found NaN'),
    );
    expect(() => buildInstructions([{ path: 'A.md' } as never])).toThrow(
      new TypeError('buildInstructions: sources[0].text must be a string, found undefined'),
    );
    expect(() => buildInstructions('A.md' as never)).toThrow(
      new TypeError('buildInstructions: sources must be an array of { path, text }, found the string "A.md"'),
    );
    expect(() => buildInstructions([], { scope: 'src/a.ts' as never })).toThrow(
      new TypeError('buildInstructions: scope must be an array of paths, found the string "src/a.ts"'),
    );
  });
});
