import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_MESSAGE_FRAGMENT,
  messageFragments,
  normalizeMessageText,
  quotedMessageLines,
} from './quoted-messages.js';

describe('messageFragments', () => {
  it('splits templated messages at their placeholders, in every quoting style', () => {
    expect(
      messageFragments('  log.warn "failed to flush the buffer, and hit limit for retries.", x'),
    ).toEqual(['failed to flush the buffer, and hit limit for retries']);
    expect(
      messageFragments('raise ValueError(f"cannot convert {value!r} to a timezone-aware datetime")'),
    ).toEqual(
      ['cannot convert', 'to a timezone-aware datetime'].filter((f) => f.length >= MIN_MESSAGE_FRAGMENT),
    );
    expect(messageFragments('return fmt.Errorf("unable to parse duration %q: %w", s, err)')).toEqual([
      'unable to parse duration',
    ]);
    // The task's own source text holds `${`: built from parts so no linter takes it for a template.
    const interpolated = ['throw new Error(`Unknown option $', '{name} passed to the map command`)'].join('');
    expect(messageFragments(interpolated)).toEqual(['passed to the map command']);
    expect(messageFragments("raise TypeError('argument %(name)s must be a mapping, not a list')")).toEqual([
      'must be a mapping, not a list',
    ]);
    expect(
      messageFragments('panic!("index out of bounds: the len is {} but the index is {}", len, index)'),
    ).toEqual(
      ['index out of bounds: the len is', 'but the index is'].filter((f) => f.length >= MIN_MESSAGE_FRAGMENT),
    );
  });

  it('ignores short literals, identifiers in quotes and lines without literals', () => {
    expect(messageFragments('const key = "retry_max_times_exceeded_total";')).toEqual([]);
    expect(messageFragments('print("done")')).toEqual([]);
    expect(messageFragments('x = compute(a, b) # no literal at all here, only a comment')).toEqual([]);
  });
});

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
