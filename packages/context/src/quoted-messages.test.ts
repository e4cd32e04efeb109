import { MIN_MESSAGE_FRAGMENT, messageFragments, normalizeMessageText } from '@ctxkit/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quotedMessageLines } from './quoted-messages.js';

describe('quotedMessageLines', () => {
  const file = [
    'def update_retry_state(chunk_id)',
    '  if @retry.limit?',
    '    msg = "failed to flush the buffer, and hit limit for retries. dropping all chunks in the buffer queue."',
    '    log.error msg, retry_times: @retry.steps',
    '  else',
    '    log.warn "failed to flush the buffer.", retry_times: @retry.steps',
    '  end',
  ];

  it('finds the lines whose literals the task quotes, case and spacing aside', () => {
    const task = normalizeMessageText(
      '2020-10-26 12:15:42 +0000 [error]: #0 Failed to flush the buffer,  and hit limit for retries. dropping all chunks in the buffer queue. retry_times=0',
    );
    // The shorter message is part of the quoted one, so the task holds it too: both places print it.
    expect([...quotedMessageLines(file, task)]).toEqual([
      ['failed to flush the buffer, and hit limit for retries. dropping all chunks in the buffer queue', [3]],
      ['failed to flush the buffer', [6]],
    ]);
  });

  it('finds nothing for a task that quotes no message of the file', () => {
    expect(quotedMessageLines(file, normalizeMessageText('Retries ignore retry_max_times 0'))).toEqual(
      new Map(),
    );
  });

  it('never throws and returns ascending line numbers of lines holding the fragment', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', "'", '`', '%', 's', '{', '}', '\\', 'x') }),
          {
            maxLength: 20,
          },
        ),
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'x', 's') }),
        (lines, task) => {
          const normalized = normalizeMessageText(task);
          for (const [fragment, found] of quotedMessageLines(lines, normalized)) {
            expect(normalized.includes(fragment)).toBe(true);
            expect(fragment.length).toBeGreaterThanOrEqual(MIN_MESSAGE_FRAGMENT);
            expect([...found].sort((a, b) => a - b)).toEqual(found);
            for (const line of found) expect(messageFragments(lines[line - 1]!)).toContain(fragment);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('passes over a megabyte line of quotes and backslashes (data, not a message)', () => {
    const line = `"${'\\"'.repeat(200_000)}${"'".repeat(200_000)}`;
    expect(quotedMessageLines([line], normalizeMessageText('x'.repeat(40)))).toEqual(new Map());
  });
});
