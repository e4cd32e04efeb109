import { describe, expect, it } from 'vitest';
import { parseGlobList, splitSections } from './markdown-sections.js';

describe('splitSections', () => {
  it('splits at headings outside code fences and reads paths comments', () => {
    const markdown = [
      'intro',
      '## Go <!-- paths: **/*.go, cmd/** -->',
      '```sh',
      '# not a heading',
      '```',
      '### Deeper',
      '<!-- paths: web/** -->',
      'text',
      '',
    ].join('\n');
    const sections = splitSections(markdown);
    expect(sections.map(({ heading, level, paths, line }) => ({ heading, level, paths, line }))).toEqual([
      { heading: '', level: 0, paths: undefined, line: 1 },
      { heading: 'Go', level: 2, paths: ['**/*.go', 'cmd/**'], line: 2 },
      { heading: 'Deeper', level: 3, paths: ['web/**'], line: 6 },
    ]);
    expect(sections[1]?.text).toBe('## Go\n```sh\n# not a heading\n```\n');
    expect(sections.map((section) => section.text).join('')).toBe(
      markdown.replace(' <!-- paths: **/*.go, cmd/** -->', '').replace('<!-- paths: web/** -->\n', ''),
    );
  });
});

describe('splitSections with setext headings', () => {
  it('starts a section at a one-line paragraph underlined with === or ---, paths comment included', () => {
    const markdown = [
      'Rules',
      '=====',
      'Test first.',
      '',
      'Go <!-- paths: **/*.go -->',
      '---',
      'Wrap errors.',
      '',
      '- a list item',
      '---',
      '| a | b |',
      '---',
      '```',
      'code',
      '---',
      '```',
      '',
    ].join('\r\n');
    const sections = splitSections(markdown);
    expect(sections.map(({ heading, level, paths, line }) => ({ heading, level, paths, line }))).toEqual([
      { heading: 'Rules', level: 1, paths: undefined, line: 1 },
      { heading: 'Go', level: 2, paths: ['**/*.go'], line: 5 },
    ]);
    expect(sections.map((section) => section.text).join('')).toBe(
      // As for an ATX heading, a line that carried a paths comment is rewritten with a plain '\n'.
      markdown.replace(' <!-- paths: **/*.go -->\r\n', '\n'),
    );
  });

  it('leaves a thematic break after a blank line, and multi-line paragraphs, alone', () => {
    const markdown = 'Intro\n\n---\n\nOne\nTwo\n---\n';
    expect(splitSections(markdown).map((section) => section.heading)).toEqual(['']);
  });
});

describe('parseGlobList', () => {
  it('reads comma, space and YAML lists without splitting braces', () => {
    expect(parseGlobList('pkg/**/*.go, cmd/**')).toEqual(['pkg/**/*.go', 'cmd/**']);
    expect(parseGlobList('src/**/*.{ts,tsx} docs/*')).toEqual(['src/**/*.{ts,tsx}', 'docs/*']);
    expect(parseGlobList(['a/**', 'b/*, c/*'])).toEqual(['a/**', 'b/*', 'c/*']);
    expect(parseGlobList(undefined)).toEqual([]);
    // A YAML list item keeps its spaces: it names one path.
    expect(parseGlobList(['docs/release notes/**', ' "x/*" '])).toEqual(['docs/release notes/**', 'x/*']);
  });
});
