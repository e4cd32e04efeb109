import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Channel, encodeFrame, FrameReader, servedCommand } from './protocol.js';

describe('servedCommand', () => {
  it('finds the subcommand behind program options, values included', () => {
    expect(servedCommand(['pack', '.', '--task', 'x'])).toBe('pack');
    expect(servedCommand(['--json', '--cwd', 'map', 'compose', '--task', 'x'])).toBe('compose');
    expect(servedCommand(['--model', 'symbols', 'map'])).toBe('map');
    expect(servedCommand(['--quiet', 'symbols'])).toBe('symbols');
  });

  it('keeps standard input, help, version and other commands local', () => {
    expect(servedCommand(['pack', '--task-file', '-'])).toBeUndefined();
    expect(servedCommand(['pack', '--task-file=-'])).toBeUndefined();
    expect(servedCommand(['map', '--query-file', '/dev/stdin'])).toBeUndefined();
    expect(servedCommand(['map', '--query-file=/proc/self/fd/0'])).toBeUndefined();
    expect(servedCommand(['pack', '--task', 'a-b', '--task-file=notes.md'])).toBe('pack');
    expect(servedCommand(['pack', '--help'])).toBeUndefined();
    expect(servedCommand(['map', '-h'])).toBeUndefined();
    expect(servedCommand(['--version'])).toBeUndefined();
    expect(servedCommand(['budget', '--model', 'x'])).toBeUndefined();
    expect(servedCommand(['mcp'])).toBeUndefined();
    expect(servedCommand(['serve'])).toBeUndefined();
    expect(servedCommand([])).toBeUndefined();
  });
});

describe('FrameReader', () => {
  it('yields the frames that were written, however the bytes are split', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ channel: fc.constantFrom(0, 1, 2, 3, 4), bytes: fc.uint8Array({ maxLength: 40 }) }),
          {
            maxLength: 8,
          },
        ),
        fc.array(fc.nat(60), { maxLength: 10 }),
        (frames, cuts) => {
          const stream = Buffer.concat(
            frames.map((frame) =>
              encodeFrame(frame.channel as (typeof Channel)[keyof typeof Channel], frame.bytes),
            ),
          );
          const points = [...new Set(cuts.map((cut) => cut % (stream.length + 1)))].sort((a, b) => a - b);
          const reader = new FrameReader();
          const read: { channel: number; bytes: number[] }[] = [];
          let from = 0;
          for (const point of [...points, stream.length]) {
            for (const frame of reader.push(stream.subarray(from, point))) {
              read.push({ channel: frame.channel, bytes: [...frame.payload] });
            }
            from = point;
          }
          expect(read).toEqual(frames.map((frame) => ({ channel: frame.channel, bytes: [...frame.bytes] })));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('carries text as UTF-8', () => {
    const [frame] = new FrameReader().push(encodeFrame(Channel.stdout, 'café ✓'));
    expect(frame?.payload.toString('utf8')).toBe('café ✓');
  });
});
