import { describe, expect, it } from 'vitest';
import { createTraceRecord } from '../create-record.js';
import { renderTracePage } from './render-page.js';

const records = [0, 1].map((seq) =>
  createTraceRecord(
    {
      source: 'test',
      kind: 'chat',
      model: { name: 'tiny' },
      tokenizer: { name: 'estimate', exact: false },
      budget: { window: 100, available: 80, used: 6 },
      messages: [
        { role: 'system', text: 'same every time', tokens: 3 },
        { role: 'user', text: `</script><script>alert(${seq})</script>`, tokens: 3 },
      ],
      sections: [{ kind: 'history', tokens: 6 }],
    },
    seq === 0 ? {} : { previous: { seq: 0, messages: [] } },
  ),
);

describe('renderTracePage', () => {
  const page = renderTracePage(records, { title: 'session.jsonl' });

  it('is one self-contained document: nothing fetched from anywhere', () => {
    expect(page.startsWith('<!doctype html>')).toBe(true);
    expect(page).not.toMatch(/\b(?:src|href)=["']?(?:https?:)?\/\//);
    expect(page).not.toMatch(/<link\b/);
    expect(page).toContain("default-src 'none'");
  });

  it('embeds texts once each, and never lets one close the script element', () => {
    expect(page.match(/same every time/g)).toHaveLength(1);
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });

  it('gives the same bytes for the same records', () => {
    expect(renderTracePage(records, { title: 'session.jsonl' })).toBe(page);
  });

  it('connects to the live stream only when given one', () => {
    expect(page).not.toContain('"events"');
    expect(renderTracePage(records, { events: '/events' })).toContain('"events":"/events"');
  });
});

describe('the page for a small trace', () => {
  it('is the golden page, byte for byte', async () => {
    await expect(
      renderTracePage(records, { title: 'session.jsonl', problems: [{ line: 3, message: 'expected JSON' }] }),
    ).toMatchFileSnapshot('../__goldens__/page.html');
  });
});
