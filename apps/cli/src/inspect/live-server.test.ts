import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTraceRecord, formatTraceLine, type TraceRecord } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { startLiveServer } from './live-server.js';

function records(count: number): TraceRecord[] {
  const list: TraceRecord[] = [];
  for (let seq = 0; seq < count; seq++) {
    const record = createTraceRecord(
      {
        source: 'test',
        kind: 'chat',
        model: { name: 'tiny' },
        tokenizer: { name: 'estimate', exact: false },
        budget: { window: 100, available: 80, used: 1 },
        messages: [{ role: 'user', text: `message ${seq}`, tokens: 1 }],
        sections: [{ kind: 'history', tokens: 1 }],
      },
      list.length > 0 ? { previous: list.at(-1)! } : {},
    );
    list.push(record);
  }
  return list;
}

/** The first `count` events of a Server-Sent Events stream, parsed. */
function events(url: string, count: number, headers: Record<string, string> = {}) {
  return new Promise<{ id: string; data: { records: TraceRecord[]; problems: unknown[] } }[]>(
    (resolve, reject) => {
      const received: { id: string; data: { records: TraceRecord[]; problems: unknown[] } }[] = [];
      const call = request(url, { headers }, (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id !== undefined && data !== undefined) received.push({ id, data: JSON.parse(data) });
            if (received.length === count) {
              call.destroy();
              resolve(received);
              return;
            }
            end = buffer.indexOf('\n\n');
          }
        });
      });
      call.on('error', (error) => {
        if (received.length < count) reject(error);
      });
      call.end();
    },
  );
}

describe('startLiveServer', () => {
  it('serves the page on 127.0.0.1 and streams what is appended, resuming from the last event id', async () => {
    const all = records(6);
    const path = join(mkdtempSync(join(tmpdir(), 'ctxkit-live-')), 't.jsonl');
    writeFileSync(path, all.slice(0, 2).map(formatTraceLine).join(''));
    const server = await startLiveServer({ path, title: 't.jsonl', port: 0, pollMs: 20 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(server.url).then((response) => response.text());
      expect(page).toContain('"events":"/events?after=2&problems=0"');
      const stream = events(`${server.url}events?after=2&problems=0`, 2);
      appendFileSync(path, formatTraceLine(all[2]!));
      // A line still being written waits for its newline.
      const half = formatTraceLine(all[3]!);
      appendFileSync(path, half.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      appendFileSync(path, `${half.slice(10)}oops\n`);
      const received = await stream;
      expect(received[0]!.data.records.map((record) => record.seq)).toEqual([2]);
      expect(received[1]!.data.records.map((record) => record.seq)).toEqual([3]);
      expect(received[1]!.data.problems).toEqual([
        { line: 5, message: expect.stringMatching(/^expected JSON/) },
      ]);
      expect(received[1]!.id).toBe('4.1');
      appendFileSync(path, all.slice(4).map(formatTraceLine).join(''));
      const resumed = await events(`${server.url}events?after=0&problems=0`, 1, { 'last-event-id': '4.1' });
      expect(resumed[0]!.data.records.map((record) => record.seq)).toEqual([4, 5]);
      expect((await fetch(`${server.url}nope`)).status).toBe(404);
      // Another name for this address (a rebound domain) gets nothing.
      const rebound = await new Promise<number>((resolve, reject) => {
        const call = request(server.url, { headers: { host: 'attacker.example' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        call.on('error', reject);
        call.end();
      });
      expect(rebound).toBe(403);
    } finally {
      await server.close();
    }
  });
});
