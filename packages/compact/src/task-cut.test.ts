import { describe, expect, it } from 'vitest';
import { compact } from './compact.js';
import { TASK_SUMMARY_HEADER } from './constants.js';
import { planTaskCut } from './task-cut.js';
import { countTranscriptTokens } from './tokens.js';
import type { Message, Provider } from './types.js';
import { validate } from './validate.js';

const PROVIDERS: Provider[] = ['openai', 'anthropic', 'ai-sdk'];
const task: Message = {
  role: 'user',
  text: 'Make the date tests in src/date.ts pass without changing the API.',
};

/** One user task, then `turns` tool rounds: reads, edits and test runs with a few KB of output each. */
function singleTaskRun(turns: number): Message[] {
  const messages: Message[] = [{ role: 'system', text: 'You are a coding agent.' }, task];
  for (let turn = 0; turn < turns; turn++) {
    const id = `call_${turn}`;
    const kind = turn % 3;
    const call =
      kind === 0
        ? { id, name: 'read_file', input: { path: `src/module${turn}.ts` } }
        : kind === 1
          ? {
              id,
              name: 'write_file',
              input: { path: `src/module${turn}.ts`, content: 'export const x = 1;\n'.repeat(40) },
            }
          : { id, name: 'bash', input: { command: 'pnpm test' } };
    const output = `${`line ${turn} of the output of ${call.name}\n`.repeat(60)}exit code ${turn % 5 === 0 ? 1 : 0}`;
    messages.push(
      {
        role: 'assistant',
        text: turn % 4 === 0 ? `Turn ${turn}: next I will look at src/module${turn}.ts.` : undefined,
        toolCalls: [call],
      },
      { role: 'tool', toolResult: { callId: id, content: output } },
    );
  }
  return messages.map((message) =>
    message.text === undefined && message.role === 'assistant'
      ? { role: message.role, toolCalls: message.toolCalls }
      : message,
  );
}

describe('planTaskCut', () => {
  it('plans a span right after the task message that ends before the recency window and on no tool result', () => {
    const messages = singleTaskRun(30);
    const plan = planTaskCut({ messages }, { budget: 6000 });
    expect(plan).toBeDefined();
    expect(plan?.from).toBe(2);
    expect(messages[plan?.to ?? 0]?.role).toBe('assistant');
    expect(plan?.to).toBeLessThanOrEqual(messages.length - 6);
    expect(plan?.fits).toBe(true);
  });

  it('returns nothing when the task has no model turn outside the recency window', () => {
    expect(planTaskCut({ messages: singleTaskRun(3) }, { budget: 100 })).toBeUndefined();
  });

  it('rejects a bad budget with a message naming it', () => {
    expect(() => planTaskCut({ messages: singleTaskRun(3) }, { budget: 0 })).toThrow(
      'planTaskCut: budget must be a positive number of tokens, found 0',
    );
  });
});

describe('compact on one task with hundreds of tool rounds', () => {
  it('reaches the target for 300 tool rounds under a 32k budget, keeping the task message itself', async () => {
    const messages = singleTaskRun(300);
    const budget = 32_000;
    const result = await compact(messages, { budget });
    expect(result.before).toBeGreaterThan(3 * budget);
    expect(result.after).toBeLessThanOrEqual(0.5 * budget);
    expect(result.stages.map((stage) => stage.stage)).toContain('cut-in-task');
    expect(result.messages[0]).toEqual(messages[0]);
    expect(result.messages[1]).toEqual(task);
    expect(result.messages[2]).toMatchObject({ role: 'user', reminder: true });
    expect(result.messages[2]?.text?.startsWith(TASK_SUMMARY_HEADER)).toBe(true);
    expect(result.messages.slice(-6)).toEqual(messages.slice(-6));
    for (const provider of PROVIDERS) expect(validate(result.messages, provider)).toEqual([]);
    // Every file the cut span edited is still named, in the summary.
    const edited = messages
      .flatMap((message) => message.toolCalls ?? [])
      .filter((call) => call.name === 'write_file')
      .map((call) => (call.input as { path: string }).path);
    const kept = JSON.stringify(result.messages);
    const digestEdited = result.digest?.filesEdited ?? [];
    for (const path of edited) expect(kept.includes(path) || digestEdited.includes(path)).toBe(true);
    expect(result.after).toBe(countTranscriptTokens(result.messages));
  });

  it('folds the earlier task summary into the next one as the run grows', async () => {
    const run = singleTaskRun(400);
    const first = await compact(run.slice(0, 2 + 2 * 200), { budget: 20_000 });
    const grown = [...first.messages, ...run.slice(2 + 2 * 200)];
    const again = await compact(grown, { budget: 20_000 });
    const summaries = again.messages.filter((message) => message.text?.startsWith(TASK_SUMMARY_HEADER));
    expect(summaries).toHaveLength(1);
    expect(again.messages[1]).toEqual(task);
    for (const provider of PROVIDERS) expect(validate(again.messages, provider)).toEqual([]);
    // The second summary stands for both spans: more tool calls than the second span alone holds.
    const calls = Number(/(\d+) tool calls\)/.exec(summaries[0]?.text ?? '')?.[1]);
    const secondSpan = again.stages.find((stage) => stage.stage === 'cut-in-task')?.indices.length ?? 0;
    expect(calls).toBeGreaterThan(secondSpan / 2);
    expect(again.after).toBeLessThanOrEqual(10_000);
  });

  it('hands the callback the span and says where its summary goes', async () => {
    const positions: string[] = [];
    const result = await compact(singleTaskRun(100), {
      budget: 8000,
      summarize: async (dropped, digest, context) => {
        positions.push(context.position);
        return `Earlier: ${dropped.length} messages, ${digest.filesEdited.length} files edited.`;
      },
    });
    expect(positions).toEqual(['within-task']);
    expect(result.messages[2]?.text).toMatch(new RegExp(`^\\${TASK_SUMMARY_HEADER}\nEarlier: \\d+ messages`));
  });
});
