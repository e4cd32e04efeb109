import { ELIDED_MARKER, findLatestUserIndex, type Message, validate } from '@ctxkit/compact';
import { writeBack } from '@ctxkit/dropin-core';
import type { AgentInputItem } from '@openai/agents';
import { describe, expect, it } from 'vitest';
import { itemCodec, readItems } from './item-codec.js';

// One model turn as the SDK records it: text, reasoning, two parallel calls, a hosted call, then results.
const items = [
  { role: 'user', content: 'Make the date tests pass.' },
  {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Looking.' }],
  },
  { type: 'reasoning', content: [{ type: 'input_text', text: 'read then test' }] },
  {
    type: 'function_call',
    callId: 'a',
    name: 'read_file',
    arguments: '{"path":"src/date.ts"}',
    status: 'completed',
  },
  {
    type: 'function_call',
    callId: 'b',
    name: 'bash',
    arguments: '{"command":"pytest"}',
    status: 'completed',
  },
  { type: 'hosted_tool_call', name: 'web_search', status: 'completed', id: 'ws_1' },
  {
    type: 'function_call_result',
    callId: 'a',
    name: 'read_file',
    status: 'completed',
    output: { type: 'text', text: 'export const x = 1;' },
  },
  { type: 'function_call_result', callId: 'b', name: 'bash', status: 'completed', output: '1 failed' },
] as unknown as AgentInputItem[];

describe('readItems', () => {
  it('reads a model turn kept as several items as one assistant message with its calls', () => {
    const read = readItems(items);
    expect(read.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(read.owners).toEqual([0, 1, 6, 7]);
    expect(read.messages[1]?.toolCalls?.map((call) => call.id)).toEqual(['a', 'b']);
    expect(read.messages[1]?.reasoning?.text).toBe('read then test');
    expect(read.messages[1]?.text).toContain('hosted_tool_call');
    expect(read.messages[2]?.toolResult?.content).toBe('export const x = 1;');
    expect(validate(read.messages, 'openai')).toEqual([]);
  });

  it('writes an elided result back in the shape it came in, every other item untouched', () => {
    const read = readItems(items);
    const output = read.messages.map((message) =>
      message.toolResult
        ? { ...message, toolResult: { ...message.toolResult, content: ELIDED_MARKER } }
        : message,
    );
    const out = writeBack(items, read, output, itemCodec) as unknown as Record<string, unknown>[];
    expect(out[6]?.output).toEqual({ type: 'text', text: ELIDED_MARKER });
    expect(out[7]?.output).toBe(ELIDED_MARKER);
    for (const index of [0, 1, 2, 3, 4, 5]) expect(out[index]).toBe(items[index]);
    expect((items[6] as unknown as { output: unknown }).output).toEqual({
      type: 'text',
      text: 'export const x = 1;',
    });
  });

  it('writes a shortened call input back into its own function_call item, the other calls untouched', () => {
    const read = readItems(items);
    const turn = read.messages[1] as Message;
    const shortened: Message = {
      ...turn,
      toolCalls: (turn.toolCalls ?? []).map((call) =>
        call.id === 'b' ? { id: call.id, name: call.name, input: { command: 'py[…]st' } } : call,
      ),
    };
    const output = read.messages.map((message) => (message === turn ? shortened : message));
    const out = writeBack(items, read, output, itemCodec) as unknown as Record<string, unknown>[];
    expect(out[4]).toEqual({ ...(items[4] as object), arguments: '{"command":"py[…]st"}' });
    for (const index of [0, 1, 2, 3, 5, 6, 7]) expect(out[index]).toBe(items[index]);
    expect((items[4] as unknown as { arguments: string }).arguments).toBe('{"command":"pytest"}');
  });

  it('reads a summary written back as a reminder as one, so the task stays the latest user message', () => {
    const reminder = itemCodec.reminderMessage('[summary] earlier steps');
    const read = readItems([items[0] as AgentInputItem, reminder]);
    expect(read.messages[1]).toEqual({ role: 'user', text: '[summary] earlier steps', reminder: true });
    expect(findLatestUserIndex(read.messages)).toBe(0);
  });
});
