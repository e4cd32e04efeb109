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

  it('names the line of malformed YAML and keeps the whole file as body', () => {
    const text = '---\nname: x\ndescription: Use when: editing\n---\nbody\n';
    const parsed = parseFrontMatter(text);
    expect(parsed.body).toBe(text);
    expect(parsed.problem?.line).toBe(3);
    expect(parsed.problem?.message).toMatch(/^malformed front matter: /);
  });

  it('reports a block that is never closed and a non-mapping block', () => {
    expect(parseFrontMatter('---\nname: x\n').problem).toEqual({
      line: 1,
      message: "front matter opened with '---' is never closed (expected a '---' line)",
    });
    expect(parseFrontMatter('---\n- a\n- b\n---\nbody').problem?.message).toBe(
      'malformed front matter: expected key: value pairs, found a list',
    );
  });
});
