import { describe, expect, it } from 'vitest';
import { createColors, shouldUseColor, stripAnsi, visibleWidth } from './color.js';

describe('shouldUseColor', () => {
  const terminal = { isTTY: true, colorFlag: true, noColorEnv: undefined };

  it('colours a terminal', () => {
    expect(shouldUseColor(terminal)).toBe(true);
  });

  it('never colours a pipe', () => {
    expect(shouldUseColor({ ...terminal, isTTY: false })).toBe(false);
  });

  it('obeys --no-color and a non-empty NO_COLOR, but not an empty one', () => {
    expect(shouldUseColor({ ...terminal, colorFlag: false })).toBe(false);
    expect(shouldUseColor({ ...terminal, noColorEnv: '1' })).toBe(false);
    expect(shouldUseColor({ ...terminal, noColorEnv: '' })).toBe(true);
  });
});

describe('colors', () => {
  it('pass text through untouched when disabled', () => {
    expect(createColors(false).red('x')).toBe('x');
  });

  it('wrap text in escape codes that stripAnsi removes', () => {
    const red = createColors(true).red('ok');
    expect(red).toBe('\u001b[31mok\u001b[39m');
    expect(stripAnsi(red)).toBe('ok');
    expect(visibleWidth(red)).toBe(2);
  });
});
