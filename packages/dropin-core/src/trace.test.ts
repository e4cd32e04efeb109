import type { Message } from '@ctxkit/compact';
import { formatTraceLine, parseTrace, type TraceRecord } from '@ctxkit/trace';
import { describe, expect, it } from 'vitest';
import { type ContextState, prepareMessages } from './prepare.js';
import { neutralCodec } from './testing/neutral-codec.js';

function step(history: Message[], turn: number): Message[] {
  const id = `call_${turn}`;
  return [
    ...history,
    { role: 'assistant', toolCalls: [{ id, name: 'read_file', input: { path: `src/file-${turn}.ts` } }] },
    { role: 'tool', toolResult: { callId: id, content: `${id}\n${'a line of the file\n'.repeat(60)}` } },
  ];
}

describe('onTrace', () => {
  it('records every request: composition, compaction and the prefix shared with the one before', async () => {
    const records: TraceRecord[] = [];
    let history: Message[] = [
      { role: 'system', text: 'You are a coding agent.' },
      { role: 'user', text: 'Fix the parser.' },
    ];
    let state: ContextState<Message> | undefined;
    for (let turn = 0; turn < 30; turn++) {
      history = step(history, turn);
      const prepared = await prepareMessages(
        history,
        neutralCodec,
        { budget: 6000, system: 'Repo map here.', onTrace: (record) => records.push(record) },
        state,
        { reservedTokens: 100, source: 'test' },
      );
      state = prepared.state;
      const record = records.at(-1)!;
      expect(record.seq).toBe(turn);
      expect(record.budget.used).toBe(prepared.report.tokensOut);
      expect(record.tokens + 100).toBe(prepared.report.tokensOut);
      expect(record.sections.reduce((sum, section) => sum + section.tokens, 0)).toBe(
        prepared.report.tokensOut,
      );
      expect(record.compaction?.stages.map((stage) => stage.stage)).toEqual(
        prepared.report.stages.map((stage) => stage.stage),
      );
    }
    expect(records[0]!.prefix.previous).toBeNull();
    // Appending a turn keeps the previous request whole until elision or a compaction rewrites it.
    expect(records[1]!.prefix).toMatchObject({ previous: 0, brokeAt: null });
    expect(records.some((record) => record.prefix.brokeAt !== null)).toBe(true);
    expect(records.some((record) => (record.compaction?.stages.length ?? 0) > 0)).toBe(true);
    const text = records.map(formatTraceLine).join('');
    expect(parseTrace(text)).toEqual({ records, problems: [] });
  });

  it('leaves texts out when redacting', async () => {
    const records: TraceRecord[] = [];
    await prepareMessages([{ role: 'user', text: 'the secret plan' }], neutralCodec, {
      budget: 1000,
      onTrace: (record) => records.push(record),
      traceRedact: true,
    });
    expect(records[0]!.redacted).toBe(true);
    expect(formatTraceLine(records[0]!)).not.toContain('secret');
  });
});
