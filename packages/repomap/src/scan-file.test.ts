import { messageFragments } from '@ctxkit/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileMessages, scanBytes } from './scan-file.js';

const bytes = (text: string) => new TextEncoder().encode(text);

/** `lines` lines of JavaScript, each `width` characters before its newline (the last has none). */
function fileOf(lines: number, width: number): string {
  const line = `x=${'1'.repeat(width - 2)}`;
  return Array.from({ length: lines }, () => line).join('\n');
}

describe('scanBytes', () => {
  it('calls a file minified exactly when its average line is over 300 characters', () => {
    // 20 lines of 300 characters and 19 newlines: 6,019 characters, an average just over 300.
    expect(scanBytes(bytes(fileOf(20, 300)), 'javascript')).toEqual({
      skipped: 'minified or generated file',
    });
    // One line more brings the average under 300.
    expect(scanBytes(bytes(fileOf(21, 286)), 'javascript')).toHaveProperty('scan');
    // 6,000 characters in 20 lines is an average of exactly 300: not over it.
    const exact = `${fileOf(19, 300)}\n${'y'.repeat(300 - 19)}`;
    expect(exact.length).toBe(6000);
    expect(scanBytes(bytes(exact), 'javascript')).toHaveProperty('scan');
  });

  it('judges only files of at least 4096 characters', () => {
    expect(scanBytes(bytes('x'.repeat(4095)), 'javascript')).toHaveProperty('scan');
    expect(scanBytes(bytes('x'.repeat(4096)), 'javascript')).toEqual({
      skipped: 'minified or generated file',
    });
  });

  it('skips binary and undecodable bytes with a reason', () => {
    expect(scanBytes(new Uint8Array([97, 0, 98]), 'python')).toEqual({ skipped: 'binary file' });
    expect(scanBytes(new Uint8Array([0xc3, 0x28]), 'python')).toEqual({ skipped: 'not valid UTF-8 text' });
  });
});

describe('fileMessages', () => {
  it('keeps the fixed fragments of message literals, once each, in order of first appearance', () => {
    const text = [
      'def load(path):',
      '    raise ValueError(f"cannot read the configuration file {path}: it is empty")',
      "    log.warn('retrying the upload after a timeout')",
      '    log.warn("retrying the upload after a timeout")',
      '    key = "retry_max_times"  # an identifier in quotes is not a message',
    ].join('\n');
    expect(fileMessages(text)).toEqual(
      ['cannot read the configuration file', 'it is empty', 'retrying the upload after a timeout'].filter(
        (fragment) => fragment.length >= 16,
      ),
    );
    const scan = scanBytes(bytes(text), 'python');
    expect('scan' in scan && scan.scan.messages).toEqual([
      'cannot read the configuration file',
      'retrying the upload after a timeout',
    ]);
  });

  it('leaves files without messages without the field', () => {
    const scan = scanBytes(bytes('def f():\n    return 1\n'), 'python');
    expect(scan).toHaveProperty('scan');
    expect('scan' in scan && 'messages' in scan.scan).toBe(false);
  });

  it('keeps the first 256 messages of a file, each cut to 160 characters', () => {
    const lines = Array.from(
      { length: 300 },
      (_, line) => `print("message number ${'x'.repeat(line % 7)} ${line} was printed")`,
    );
    const messages = fileMessages(lines.join('\n'));
    expect(messages).toHaveLength(256);
    expect(messages[0]).toBe('message number 0 was printed');
    const long = fileMessages(`say("${'word '.repeat(100)}end")`);
    expect(long).toEqual([`${'word '.repeat(32)}`.slice(0, 160)]);
  });

  it('equals the fragments of each line in turn, de-duplicated, capped and cut', () => {
    const word = fc.constantFrom(
      'read',
      'the',
      'file',
      'failed',
      'to',
      'open',
      'cannot',
      'x',
      '%s',
      '{}',
      'timeout',
    );
    const literal = fc
      .tuple(fc.constantFrom('"', "'", '`'), fc.array(word, { maxLength: 12 }))
      .map(([quote, words]) => `${quote}${words.join(' ')}${quote}`);
    const line = fc.array(fc.oneof(literal, word, fc.constantFrom('(', ')', ', ', ' = ', '\\"')), {
      maxLength: 6,
    });
    const text = fc
      .array(
        line.map((parts) => parts.join('')),
        { maxLength: 40 },
      )
      .map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(text, (source) => {
        const naive: string[] = [];
        for (const sourceLine of source.split('\n')) {
          for (const fragment of messageFragments(sourceLine)) {
            const cut = fragment.slice(0, 160);
            if (!naive.includes(cut) && naive.length < 256) naive.push(cut);
          }
        }
        expect(fileMessages(source)).toEqual(naive);
      }),
      { numRuns: 2000 },
    );
  });
});
