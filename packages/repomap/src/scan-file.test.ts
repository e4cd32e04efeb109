import { describe, expect, it } from 'vitest';
import { scanBytes } from './scan-file.js';

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
