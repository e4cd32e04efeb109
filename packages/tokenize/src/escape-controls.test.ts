import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls, hasControlCharacters, unescapeControls } from './escape-controls.js';

describe('escapeControls', () => {
  it('leaves a name without control characters as it is, backslashes included', () => {
    expect(escapeControls('src/app.ts')).toBe('src/app.ts');
    expect(escapeControls('src\\windows\\path.ts')).toBe('src\\windows\\path.ts');
    expect(escapeControls('naïve/日本語.ts')).toBe('naïve/日本語.ts');
  });

  it('escapes C0, DEL, C1 and line separators C-style, and backslashes alongside them', () => {
    expect(escapeControls('src/ctl\nname\x01\x1b[31mred.ts')).toBe('src/ctl\\nname\\x01\\x1b[31mred.ts');
    expect(escapeControls('a\tb\rc\\d\x7f\x85')).toBe('a\\tb\\rc\\\\d\\x7f\\x85');
    expect(escapeControls('x\u2028y\u2029')).toBe('x\\u2028y\\u2029');
    expect(escapeControls('\0')).toBe('\\x00');
  });

  it('never leaves a control character in its output', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => !hasControlCharacters(escapeControls(text))),
    );
  });

  it('is undone by unescapeControls', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(unescapeControls(escapeControls(text))).toBe(text);
      }),
    );
    expect(unescapeControls('src/ctl\\nname\\x01\\x1b[31mred.ts')).toBe('src/ctl\nname\x01\x1b[31mred.ts');
  });

  it('unescapeControls leaves text that escapeControls could not have made alone', () => {
    expect(unescapeControls('src\\windows\\path.ts')).toBe('src\\windows\\path.ts');
    // Escaped form of nothing: `\\q` is no escape, so the whole text is taken as written.
    expect(unescapeControls('a\\nb\\q')).toBe('a\\nb\\q');
    expect(unescapeControls('plain.ts')).toBe('plain.ts');
  });
});
