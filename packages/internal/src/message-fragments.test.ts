import { describe, expect, it } from 'vitest';
import { MIN_MESSAGE_FRAGMENT, messageFragments, normalizeMessageText } from './message-fragments.js';

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

  it("reads Ruby's named placeholders and drops backticks, as a printed message shows neither", () => {
    const [fragment] = messageFragments("MSG = 'Use `File::NULL` instead of `%<source>s`.'");
    expect(fragment).toBe('use file::null instead of');
    const printed = 'test.rb:3:5: C: [Correctable] Style/FileNull: Use File::NULL instead of nul.';
    expect(normalizeMessageText(printed)).toContain(fragment);
    expect(normalizeMessageText('It says `Use File::NULL instead of` here')).toContain(fragment);
  });

  it('ignores short literals, identifiers in quotes and lines without literals', () => {
    expect(messageFragments('const key = "retry_max_times_exceeded_total";')).toEqual([]);
    expect(messageFragments('print("done")')).toEqual([]);
    expect(messageFragments('x = compute(a, b) # no literal at all here, only a comment')).toEqual([]);
  });
});
