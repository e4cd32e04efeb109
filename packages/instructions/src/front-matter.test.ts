import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontMatter } from './front-matter.js';

describe('parseFrontMatter', () => {
  it('splits YAML from the body and says where the body starts', () => {
    expect(parseFrontMatter('---\npaths: src/**\n---\n# Title\n')).toEqual({
      data: { paths: 'src/**' },
      body: '# Title\n',
      bodyLine: 4,
    });
    expect(parseFrontMatter('# Just markdown\n')).toEqual({
      data: {},
      body: '# Just markdown\n',
      bodyLine: 1,
    });
  });

  it('names the line of malformed YAML and re-reads the block as plain key: value lines', () => {
    const text = '---\nname: x\ndescription: Use when: editing\n---\nbody\n';
    const parsed = parseFrontMatter(text);
    expect(parsed.data).toEqual({ name: 'x', description: 'Use when: editing' });
    expect(parsed.body).toBe('body\n');
    expect(parsed.bodyLine).toBe(5);
    expect(parsed.problem?.line).toBe(3);
    expect(parsed.problem?.message).toMatch(/^malformed front matter: .*; read as plain key: value lines$/);
  });

  it("reads Cursor's unquoted globs, which YAML takes for an alias", () => {
    const parsed = parseFrontMatter(
      '---\ndescription: React\nglobs: *.tsx, src/**/*.ts\nalwaysApply: false\n---\n# R\n',
    );
    expect(parsed.data).toEqual({ description: 'React', globs: '*.tsx, src/**/*.ts', alwaysApply: 'false' });
    expect(parsed.body).toBe('# R\n');
    const list = parseFrontMatter('---\npaths:\n  - **/*.go\n  - "cmd/*"\n---\nbody\n');
    expect(list.data).toEqual({ paths: ['**/*.go', 'cmd/*'] });
  });

  it('keeps the whole file as body when a malformed block has no key: value line', () => {
    const text = '---\n[unclosed\n---\nbody\n';
    const parsed = parseFrontMatter(text);
    expect(parsed.data).toEqual({});
    expect(parsed.body).toBe(text);
    expect(parsed.problem?.message).toMatch(/^malformed front matter: /);
  });

  it('handles CRLF line endings, a byte-order mark and an empty block', () => {
    expect(parseFrontMatter('\uFEFF---\r\npaths: src/**\r\n---\r\n# T\r\n')).toEqual({
      data: { paths: 'src/**' },
      body: '# T\r\n',
      bodyLine: 4,
    });
    expect(parseFrontMatter('---\r\nglobs: *.ts\r\n---\r\nx').data).toEqual({ globs: '*.ts' });
    expect(parseFrontMatter('---\n---\nbody\n')).toEqual({ data: {}, body: 'body\n', bodyLine: 3 });
  });

  it('reports a block that is never closed and a non-mapping block', () => {
    expect(parseFrontMatter('---\nname: x\n').problem).toEqual({
      line: 1,
      message: "front matter opened with '---' is never closed (expected a '---' line)",
    });
    expect(
      parseFrontMatter('---\nname: x\ndescription: y\n# Body\n', { unclosed: 'leading-key-values' }),
    ).toEqual({
      data: { name: 'x', description: 'y' },
      body: '# Body\n',
      bodyLine: 4,
      problem: {
        line: 1,
        message:
          "front matter opened with '---' is never closed (expected a '---' line); read its key: value lines",
      },
    });
    expect(parseFrontMatter('---\n- a\n- b\n---\nbody').problem?.message).toBe(
      'malformed front matter: expected key: value pairs, found a list',
    );
  });
});

describe('parseFrontMatter on arbitrary input', () => {
  const line = fc.oneof(
    fc.constantFrom(
      '---',
      '--- ',
      'paths: src/**',
      'globs: *.ts',
      '- **/*.go',
      'a: [b',
      'x: "y"',
      '',
      '\r',
      '# H',
    ),
    fc.string({ maxLength: 20 }),
  );
  it('never throws, and its body is the end of the text (the whole text when there is no data)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), fc.boolean(), fc.boolean(), (lines, bom, leading) => {
        const text = `${bom ? '\uFEFF' : ''}${lines.join(leading ? '\r\n' : '\n')}`;
        for (const unclosed of ['plain-text', 'leading-key-values'] as const) {
          const parsed = parseFrontMatter(text, { unclosed });
          const withoutBom = text.replace(/^\uFEFF/, '');
          expect(withoutBom.endsWith(parsed.body)).toBe(true);
          expect(parsed.bodyLine).toBeGreaterThanOrEqual(1);
          // The body starts on line bodyLine: the lines before it are exactly the front matter.
          expect(
            withoutBom
              .split('\n')
              .slice(parsed.bodyLine - 1)
              .join('\n'),
          ).toBe(parsed.body);
        }
      }),
      { numRuns: 500 },
    );
  });
});
