import { compact, type Message } from '@ctxkit/compact';
import { describe, expect, it } from 'vitest';
import { compactionTrace } from './compaction.js';
import { transcriptTrace } from './transcript.js';

const count = (text: string) => Math.ceil(text.length / 4);

const transcript: Message[] = [
  { role: 'system', text: 'You are a coding agent.' },
  { role: 'user', text: 'Fix the bug in parse.ts' },
  { role: 'assistant', toolCalls: [{ id: 'c1', name: 'read_file', input: { path: 'parse.ts' } }] },
  { role: 'tool', toolResult: { callId: 'c1', content: 'export function parse() {}' } },
  { role: 'assistant', text: 'Done.' },
];

describe('transcriptTrace', () => {
  it('renders each message, names tool results after their tool and splits the request by section', () => {
    const traced = transcriptTrace(transcript, count, { toolTokens: 40 });
    expect(traced.messages.map((message) => [message.role, message.name])).toEqual([
      ['system', undefined],
      ['user', undefined],
      ['assistant', undefined],
      ['tool', 'read_file'],
      ['assistant', undefined],
    ]);
    expect(traced.messages[2]!.text).toBe('→ read_file({"path":"parse.ts"}) [c1]');
    expect(traced.messages[3]!.text).toBe('← [c1] export function parse() {}');
    const total = traced.messages.reduce((sum, message) => sum + message.tokens, 0);
    expect(traced.sections.map((section) => section.kind)).toEqual([
      'tools',
      'system',
      'history',
      'tool-results',
    ]);
    expect(traced.sections.slice(1).reduce((sum, section) => sum + section.tokens, 0)).toBe(total);
    expect(traced.sections[3]!.items).toEqual([{ name: 'read_file', tokens: traced.messages[3]!.tokens }]);
  });
});

describe('compactionTrace', () => {
  it('records each stage with the tokens it removed and the digest of a cut', async () => {
    const long: Message[] = [{ role: 'system', text: 'agent' }];
    for (let turn = 0; turn < 12; turn++) {
      long.push({ role: 'user', text: `step ${turn}` });
      long.push({
        role: 'assistant',
        toolCalls: [{ id: `c${turn}`, name: 'bash', input: { command: `make ${turn}` } }],
      });
      long.push({ role: 'tool', toolResult: { callId: `c${turn}`, content: 'x'.repeat(3000) } });
    }
    const result = await compact(long, { budget: 4000, countTokens: count });
    const traced = compactionTrace(result, { budget: 4000, trigger: 0.8, target: 0.5 });
    expect(traced.before).toBe(result.before);
    expect(traced.after).toBe(result.after);
    expect(traced.stages.length).toBeGreaterThan(0);
    expect(traced.stages.reduce((sum, stage) => sum + stage.removed, 0)).toBe(result.before - result.after);
    expect(traced.stages.at(-1)!.tokensAfter).toBe(result.after);
  });
});
