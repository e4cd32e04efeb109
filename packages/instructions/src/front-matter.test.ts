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
