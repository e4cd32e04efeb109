import { describe, expect, it } from 'vitest';
import { buildDigest } from './digest.js';
import { acceptSummary } from './summary-gate.js';
import type { Message } from './types.js';

const span: Message[] = [
  { role: 'assistant', toolCalls: [{ id: '1', name: 'read_file', input: { path: 'src/date.ts' } }] },
  { role: 'tool', toolResult: { callId: '1', content: 'export function parse() {}' } },
  {
    role: 'assistant',
    toolCalls: [{ id: '2', name: 'write_file', input: { path: 'src/date.ts', content: 'x' } }],
  },
  { role: 'tool', toolResult: { callId: '2', content: 'ok' } },
  { role: 'assistant', toolCalls: [{ id: '3', name: 'bash', input: { command: 'pnpm test' } }] },
  { role: 'tool', toolResult: { callId: '3', content: 'FAIL src/date.test.ts\nexit code 1' } },
];
const digest = buildDigest(span);

describe('acceptSummary', () => {
  it('accepts a summary that keeps the paths and every edited file', () => {
    const verdict = acceptSummary(
      'Read src/date.ts, rewrote parse() in src/date.ts; `pnpm test` still fails in src/date.test.ts (exit 1).',
      digest,
      { maxTokens: 200 },
    );
    expect(verdict).toMatchObject({ accepted: true, reasons: [], missingEditedPaths: [] });
  });

  it('rejects empty, preamble-only, too long and path-losing summaries, saying why', () => {
    expect(acceptSummary('  ', digest, { maxTokens: 200 }).reasons[0]).toBe('the summary is empty');
    const preamble = acceptSummary('Sure! Here is a summary of the conversation so far:', digest, {
      maxTokens: 200,
    });
    expect(preamble.accepted).toBe(false);
    expect(preamble.reasons.some((reason) => reason.startsWith('chat preamble'))).toBe(true);
    expect(preamble.reasons.some((reason) => reason.startsWith('does not name every edited file'))).toBe(
      true,
    );
    const long = acceptSummary(`src/date.ts ${'word '.repeat(400)}`, digest, { maxTokens: 100 });
    expect(long.reasons).toContain(`too long: ${long.tokens} tokens, expected at most 100`);
    expect(() => acceptSummary('x', digest, { maxTokens: -1 })).toThrow(RangeError);
  });
});
