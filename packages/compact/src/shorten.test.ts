import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OLD_INPUT_FIELD_BYTES, OLD_RESULT_BYTES, TRUNCATION_MARKER } from './constants.js';
import { buildDigest } from './digest.js';
import { shortenCallInput, shortenResult, shortenText, truncationMarker } from './shorten.js';
import type { ToolCall } from './types.js';

// No lone surrogate (String.prototype.isWellFormed is ES2024).
const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
const markerPattern = new RegExp(`\\n\\[(\\d+) bytes ${TRUNCATION_MARKER}\\]\\n`);

describe('shortenResult', () => {
  it('keeps the head and the tail with one marker saying how much is missing', () => {
    const output = `${'collecting tests\n'.repeat(200)}FAILED tests/test_date.py::test_utc\nexit code 1`;
    const shortened = shortenResult(output);
    expect(Buffer.byteLength(shortened)).toBeLessThanOrEqual(OLD_RESULT_BYTES);
    expect(shortened.startsWith('collecting tests\n')).toBe(true);
    expect(shortened.endsWith('FAILED tests/test_date.py::test_utc\nexit code 1')).toBe(true);
    const missing = Number(markerPattern.exec(shortened)?.[1]);
    expect(Buffer.byteLength(shortened.replace(markerPattern, ''))).toBe(Buffer.byteLength(output) - missing);
    expect(shortened.match(new RegExp(TRUNCATION_MARKER, 'g'))).toHaveLength(1);
    expect(shortenResult('short')).toBe('short');
  });

  it('for any text: within the limit, head and tail of the original, never a split character', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 900 }),
          fc.string({ unit: fc.constantFrom('a', 'é', '中', '😀', '\n'), maxLength: 900 }),
        ),
        (content) => {
          const shortened = shortenResult(content);
          if (Buffer.byteLength(content) <= OLD_RESULT_BYTES) {
            expect(shortened).toBe(content);
            return;
          }
          expect(Buffer.byteLength(shortened)).toBeLessThanOrEqual(OLD_RESULT_BYTES);
          const match = markerPattern.exec(shortened);
          expect(match).not.toBeNull();
          const head = shortened.slice(0, match?.index);
          const tail = shortened.slice((match?.index ?? 0) + (match?.[0].length ?? 0));
          expect(content.startsWith(head)).toBe(true);
          expect(content.endsWith(tail)).toBe(true);
          expect(Number(match?.[1])).toBe(
            Buffer.byteLength(content) - Buffer.byteLength(head) - Buffer.byteLength(tail),
          );
          // Whole characters only: well-formed text stays well-formed.
          if (wellFormed(content)) expect(wellFormed(shortened)).toBe(true);
          expect(tail.length + head.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names the files a shortened patch no longer shows', () => {
    expect(truncationMarker(12, ['a.ts', 'b.ts'])).toBe(`[12 bytes ${TRUNCATION_MARKER}; files: a.ts, b.ts]`);
    expect(shortenText('x'.repeat(200), 120)).toMatch(/^x+\n\[\d+ bytes [^\n]+\]\nx+$/);
  });
});

describe('shortenCallInput', () => {
  it('shortens a whole file written, keeping id, name, path and the shape of the input', () => {
    const input = {
      path: 'src/date.ts',
      content: `${'export const a = 1;\n'.repeat(300)}export default a;\n`,
    };
    const call: ToolCall = {
      id: 'call_7',
      name: 'write_file',
      input,
      rawInput: JSON.stringify(input, null, 1),
    };
    const shortened = shortenCallInput(call);
    expect(shortened?.id).toBe('call_7');
    expect(shortened?.name).toBe('write_file');
    expect(shortened?.rawInput).toBeUndefined();
    const kept = shortened?.input as { path: string; content: string };
    expect(Object.keys(kept)).toEqual(['path', 'content']);
    expect(kept.path).toBe('src/date.ts');
    expect(Buffer.byteLength(kept.content)).toBeLessThanOrEqual(OLD_INPUT_FIELD_BYTES);
    expect(kept.content.endsWith('export default a;\n')).toBe(true);
    expect(kept.content).toContain(TRUNCATION_MARKER);
  });

  it('keeps the head of a long bash heredoc, and leaves short inputs alone', () => {
    const command = `cat > fix.py <<'EOF'\n${'print("x")\n'.repeat(200)}EOF\npython fix.py`;
    const shortened = shortenCallInput({ id: 'b', name: 'bash', input: { command } });
    const kept = ((shortened as ToolCall).input as { command: string }).command;
    expect(kept.startsWith("cat > fix.py <<'EOF'\n")).toBe(true);
    expect(kept.endsWith('EOF\npython fix.py')).toBe(true);
    expect(shortenCallInput({ id: 'c', name: 'bash', input: { command: 'ls' } })).toBeUndefined();
  });

  it('keeps every file a long patch touches findable for the digest', () => {
    const hunk = `@@\n${'-old line\n+new line\n'.repeat(60)}`;
    const patch = `*** Begin Patch\n*** Update File: src/a.ts\n${hunk}*** Update File: src/b.ts\n${hunk}*** Add File: src/c.ts\n${hunk}*** End Patch`;
    const call: ToolCall = { id: 'p', name: 'apply_patch', input: { input: patch } };
    const shortened = shortenCallInput(call) as ToolCall;
    expect(Buffer.byteLength((shortened.input as { input: string }).input)).toBeLessThanOrEqual(
      OLD_INPUT_FIELD_BYTES + 40,
    );
    const digest = buildDigest([
      { role: 'assistant', toolCalls: [shortened] },
      { role: 'tool', toolResult: { callId: 'p', content: 'Done' } },
    ]);
    expect(digest.filesEdited).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);
  });
});
