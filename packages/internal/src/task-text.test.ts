import { describe, expect, it } from 'vitest';
import { withoutHtmlComments, withoutWebAddresses } from './task-text.js';

describe('withoutHtmlComments', () => {
  it('drops issue-template comments and keeps the rest as written', () => {
    const task = '<!-- Thanks for submitting an issue!\nTemplate text -->\nRewrite fails <!-- x -->here.';
    expect(withoutHtmlComments(task)).toBe(' \nRewrite fails  here.');
    expect(withoutHtmlComments('no comments')).toBe('no comments');
  });

  it('keeps comments inside fenced code and an unclosed comment', () => {
    const task = 'a <!--b--> c\n```xml\n<root><!-- kept --></root>\n```\nd <!-- e --> f <!-- open';
    expect(withoutHtmlComments(task)).toBe('a   c\n```xml\n<root><!-- kept --></root>\n```\nd   f <!-- open');
  });

  it('is linear: a megabyte of unclosed comment openers', () => {
    const started = Date.now();
    const text = '<!--```'.repeat(150_000);
    expect(withoutHtmlComments(text)).toBe(text);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('withoutWebAddresses', () => {
  it("keeps only a web address's query words, in links, angle brackets and prose", () => {
    const task =
      'See [repro](https://github.com/org/repo/blob/main/a.rs#L8) or <http://x.dev/p>, ' +
      'card https://stats.app/api?user=me&show_icons=true#top fails.';
    expect(withoutWebAddresses(task)).toBe('See [repro]( ) or < >, card  user me show_icons true  fails.');
    expect(withoutWebAddresses('no links; ftp://a.b stays')).toBe('no links; ftp://a.b stays');
  });

  it('is linear: a megabyte-long address', () => {
    const started = Date.now();
    expect(withoutWebAddresses(`a https://${'x'.repeat(1_000_000)} b`)).toBe('a   b');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
