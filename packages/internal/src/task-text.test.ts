import { describe, expect, it } from 'vitest';
import { withoutHtmlComments } from './task-text.js';

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
