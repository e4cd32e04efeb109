import { countTranscriptTokens, findLatestUserIndex } from '@ctxkit/compact';
import { keyOf } from '@ctxkit/dropin-core';
import { MockLanguageModelV3 } from 'ai/test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContextBudgetError, contextMiddleware } from './index.js';
import { readPrompt } from './prompt-codec.js';
import type { CallOptions, Prompt, PromptMessage } from './types.js';

// Generated AI SDK provider prompts: user turns, tool steps with results of any size (text, error, JSON),
// provider options on parts (cache marks), images as bytes, and approval responses beside results.
const step = fc.record({
  text: fc.option(fc.lorem({ maxCount: 20 }), { nil: undefined }),
  calls: fc.array(
    fc.record({
      size: fc.integer({ min: 0, max: 6000 }),
      kind: fc.constantFrom('text', 'error-text', 'json'),
      cache: fc.boolean(),
      approval: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});
const turn = fc.record({
  text: fc.lorem({ maxCount: 30 }),
  image: fc.boolean(),
  steps: fc.array(step, { maxLength: 6 }),
  reply: fc.boolean(),
});
const conversation = fc.record({
  turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
  budget: fc.integer({ min: 1500, max: 20_000 }),
});

type Conversation = typeof conversation extends fc.Arbitrary<infer T> ? T : never;

/** The prompt before every model call of the conversation (the history up to each assistant message). */
function requests(input: Conversation): Prompt[] {
  const prompt: PromptMessage[] = [{ role: 'system', content: 'You are a coding agent.' }];
  const out: Prompt[] = [];
  let id = 0;
  for (const [turnIndex, entry] of input.turns.entries()) {
    prompt.push({
      role: 'user',
      content: [
        ...(entry.image
          ? [{ type: 'file' as const, mediaType: 'image/png', data: new Uint8Array([turnIndex, 1, 2, 3]) }]
          : []),
        { type: 'text' as const, text: `task ${turnIndex}: ${entry.text}` },
      ],
    });
    for (const { text, calls } of entry.steps) {
      out.push([...prompt]);
      const ids = calls.map(() => `call_${id++}`);
      prompt.push({
        role: 'assistant',
        content: [
          ...(text ? [{ type: 'text' as const, text }] : []),
          ...ids.map((toolCallId) => ({
            type: 'tool-call' as const,
            toolCallId,
            toolName: 'bash',
            input: { command: `run ${toolCallId}` },
          })),
        ],
      });
      prompt.push({
        role: 'tool',
        content: calls.flatMap((call, at) => {
          const toolCallId = ids[at] as string;
          const body = `${toolCallId}: ${'x'.repeat(call.size)}`;
          const output =
            call.kind === 'json'
              ? { type: 'json' as const, value: { body } }
              : { type: call.kind as 'text' | 'error-text', value: body };
          return [
            ...(call.approval
              ? [
                  {
                    type: 'tool-approval-response' as const,
                    approvalId: `approval_${toolCallId}`,
                    approved: true,
                  },
                ]
              : []),
            {
              type: 'tool-result' as const,
              toolCallId,
              toolName: 'bash',
              output,
              ...(call.cache
                ? { providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }
                : {}),
            },
          ];
        }),
      });
    }
    out.push([...prompt]);
    if (entry.reply)
      prompt.push({ role: 'assistant', content: [{ type: 'text', text: `done with ${turnIndex}` }] });
  }
  return out;
}

function pairsWhole(prompt: Prompt): boolean {
  return prompt.every((message, index) => {
    if (message.role !== 'assistant') return true;
    const next = prompt[index + 1];
    return message.content
      .filter((part) => part.type === 'tool-call')
      .every(
        (call) =>
          next?.role === 'tool' &&
          next.content.filter((part) => part.type === 'tool-result' && part.toolCallId === call.toolCallId)
            .length === 1,
      );
  });
}

const model = new MockLanguageModelV3();

async function run(prompts: readonly Prompt[], budget: number) {
  const middleware = contextMiddleware({ budget, countTools: false });
  const out: (Prompt | 'over budget')[] = [];
  for (const prompt of prompts) {
    const params = { prompt } as CallOptions;
    try {
      out.push((await middleware.transformParams?.({ type: 'generate', params, model }))?.prompt as Prompt);
    } catch (error) {
      if (!(error instanceof ContextBudgetError)) throw error;
      out.push('over budget');
    }
  }
  return out;
}

let checked = 0;
let overBudget = 0;
let compacted = 0;

describe('contextMiddleware on generated prompts', () => {
  it('pairs whole, within budget, task kept, input untouched, same input same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(conversation, async (input) => {
        const prompts = requests(input);
        const before = prompts.map((prompt) => keyOf(prompt));
        const sent = await run(prompts, input.budget);
        if (sent.length === 0) return;
        for (const [at, prompt] of prompts.entries()) {
          expect(keyOf(prompt)).toBe(before[at]);
          const out = sent[at] as Prompt | 'over budget';
          checked++;
          if (out === 'over budget') {
            overBudget++;
            // Only an image (1,600 tokens unsized) still in the recency window can make a request too big:
            // every tool result can be elided, and older turns cut.
            expect(readPrompt(prompt).messages.some((message) => message.attachments)).toBe(true);
            continue;
          }
          if (keyOf(out) !== keyOf(prompt)) compacted++;
          expect(pairsWhole(out)).toBe(true);
          const neutral = readPrompt(out).messages;
          expect(countTranscriptTokens(neutral)).toBeLessThanOrEqual(input.budget);
          const latest = readPrompt(prompt).messages[findLatestUserIndex(readPrompt(prompt).messages)];
          expect(neutral.map((message) => keyOf(message))).toContain(keyOf(latest));
          // Approval responses and cache marks survive on every result that is still sent.
          const parts = new Map(
            prompt.flatMap((message) =>
              message.role === 'tool'
                ? message.content.flatMap((part) =>
                    part.type === 'tool-result' ? [[part.toolCallId, { part, message }] as const] : [],
                  )
                : [],
            ),
          );
          for (const message of out) {
            if (message.role !== 'tool') continue;
            for (const part of message.content) {
              if (part.type !== 'tool-result') continue;
              const original = parts.get(part.toolCallId);
              expect(keyOf(part.providerOptions)).toBe(keyOf(original?.part.providerOptions));
              const approvals = (entry: PromptMessage | undefined) =>
                entry?.role === 'tool'
                  ? entry.content.filter((other) => other.type === 'tool-approval-response').length
                  : 0;
              expect(approvals(message)).toBe(approvals(original?.message));
              if (keyOf(part) === keyOf(original?.part)) expect(part).toBe(original?.part);
            }
          }
        }
        const again = await run(prompts, input.budget);
        expect(again.map((prompt) => keyOf(prompt))).toEqual(sent.map((prompt) => keyOf(prompt)));
      }),
      { numRuns: 150 },
    );
    // Not vacuous: most requests are sent, and many of them needed work.
    expect(overBudget).toBeLessThan(checked / 4);
    expect(compacted).toBeGreaterThan(checked / 10);
  });
});
