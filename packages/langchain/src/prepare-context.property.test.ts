import { countTranscriptTokens, findLatestUserIndex } from '@ctxkit/compact';
import { keyOf } from '@ctxkit/dropin-core';
import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContextBudgetError, prepareContext, readMessages } from './index.js';

// Generated LangChain histories: user turns, AIMessages with text or content blocks and parallel tool
// calls, ToolMessages of any size (some failed), the history before every model call.
const step = fc.record({
  text: fc.option(fc.lorem({ maxCount: 15 }), { nil: undefined }),
  blocks: fc.boolean(),
  calls: fc.array(fc.record({ size: fc.integer({ min: 0, max: 6000 }), failed: fc.boolean() }), {
    minLength: 1,
    maxLength: 3,
  }),
});
const conversation = fc.record({
  turns: fc.array(fc.record({ text: fc.lorem({ maxCount: 20 }), steps: fc.array(step, { maxLength: 6 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  budget: fc.integer({ min: 1200, max: 20_000 }),
});
type Conversation = typeof conversation extends fc.Arbitrary<infer T> ? T : never;

function histories(input: Conversation): BaseMessage[][] {
  const history: BaseMessage[] = [new SystemMessage('You are a coding agent.')];
  const out: BaseMessage[][] = [];
  let id = 0;
  for (const [index, entry] of input.turns.entries()) {
    history.push(new HumanMessage(`task ${index}: ${entry.text}`));
    for (const { text, blocks, calls } of entry.steps) {
      out.push([...history]);
      const ids = calls.map(() => `call_${id++}`);
      const toolCalls = ids.map((callId) => ({
        id: callId,
        name: 'bash',
        args: { command: `run ${callId}` },
        type: 'tool_call' as const,
      }));
      const content = blocks
        ? [
            ...(text ? [{ type: 'text', text }] : []),
            ...toolCalls.map((call) => ({
              type: 'tool_use',
              id: call.id,
              name: call.name,
              input: call.args,
            })),
          ]
        : (text ?? '');
      history.push(new AIMessage({ content: content as AIMessage['content'], tool_calls: toolCalls }));
      for (const [at, call] of calls.entries()) {
        history.push(
          new ToolMessage({
            content: `${ids[at]}: ${'y'.repeat(call.size)}`,
            tool_call_id: ids[at] as string,
            status: call.failed ? 'error' : 'success',
          }),
        );
      }
    }
    out.push([...history]);
    history.push(new AIMessage(`done with ${index}`));
  }
  return out;
}

function pairsWhole(messages: readonly BaseMessage[]): boolean {
  return messages.every((message, index) => {
    if (!AIMessage.isInstance(message)) return true;
    const block: ToolMessage[] = [];
    for (let next = index + 1; next < messages.length && ToolMessage.isInstance(messages[next]); next++)
      block.push(messages[next] as ToolMessage);
    return (message.tool_calls ?? []).every(
      (call) => block.filter((result) => result.tool_call_id === call.id).length === 1,
    );
  });
}

describe('prepareContext on generated LangChain histories', () => {
  it('pairs whole, one leading system message, within budget, task kept, history untouched, deterministic', async () => {
    let checked = 0;
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(conversation, async (input) => {
        const calls = histories(input);
        const before = calls.map((history) => history.map((message) => keyOf(message)));
        const run = async () => {
          let state: Awaited<ReturnType<typeof prepareContext>>['state'] | undefined;
          const out: string[] = [];
          for (const history of calls) {
            try {
              const prepared = await prepareContext(history, { budget: input.budget, state });
              state = prepared.state;
              out.push(keyOf(prepared.messages));
              checked++;
              sent++;
              const messages = prepared.messages;
              expect(pairsWhole(messages)).toBe(true);
              expect(messages.slice(1).some((message) => SystemMessage.isInstance(message))).toBe(false);
              const neutral = readMessages(messages).messages;
              expect(countTranscriptTokens(neutral)).toBeLessThanOrEqual(input.budget);
              const latest = history[findLatestUserIndex(readMessages(history).messages)];
              expect(messages).toContain(latest);
            } catch (error) {
              if (!(error instanceof ContextBudgetError)) throw error;
              checked++;
              out.push('over budget');
            }
          }
          return out;
        };
        const first = await run();
        calls.forEach((history, at) => {
          expect(history.map((message) => keyOf(message))).toEqual(before[at]);
        });
        expect(await run()).toEqual(first);
      }),
      { numRuns: 100 },
    );
    // Not vacuous: with images out of the picture, nearly every call fits.
    expect(sent).toBeGreaterThan(checked * 0.95);
  });
});
