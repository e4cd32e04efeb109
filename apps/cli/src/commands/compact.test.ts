import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromAnthropic, fromOpenAI, toAnthropic, validate } from '@ctxkit/compact';
import { describe, expect, it } from 'vitest';
import { runInProcess } from './command-test-io.js';

const fixtures = join(import.meta.dirname, '../../../../packages/compact/src/__fixtures__/swe-agent');
const session = join(fixtures, 'marshmallow-1867-str-replace.json');

function writeTemp(name: string, value: unknown): string {
  const directory = mkdtempSync(join(tmpdir(), 'ctxkit-compact-'));
  writeFileSync(join(directory, name), JSON.stringify(value));
  return directory;
}

describe('ctxkit compact', () => {
  it('writes the compacted transcript in the same format, valid, under target', async () => {
    const result = await runInProcess(
      ['compact', session, '--format', 'openai', '--window', '8000', '--json'],
      '/',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as {
      messages: { role: string }[];
      report: { before: number; after: number; stages: { stage: string }[]; digest: unknown };
    };
    expect(Object.keys(document)).toEqual(['messages', 'report']);
    expect(document.report.before).toBeGreaterThan(0.8 * 8000);
    expect(document.report.after).toBeLessThan(document.report.before);
    expect(document.report.stages.length).toBeGreaterThan(0);
    expect(document.messages[0]?.role).toBe('system');

    const bare = await runInProcess(['compact', session, '--format', 'openai', '--window', '8000'], '/');
    expect(JSON.parse(bare.stdout)).toEqual(document.messages);
  });

  it('notes on stderr when the untouchable tail alone is over the budget', async () => {
    const huge = 'line of tool output\n'.repeat(2000);
    const directory = writeTemp('huge.json', [
      { role: 'user', content: 'Run the tests.' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'shell', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: huge },
    ]);
    const result = await runInProcess(
      ['compact', 'huge.json', '-f', 'openai', '--window', '1000'],
      directory,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^ctxkit: note: target not reached, still over the 1000-token budget: [\d,]+ tokens no stage could change anything; target 500\. Protected [\d,]+: latest user message \(the task\) \d+, recency window \(last 3 model turns\) [\d,]+ — over the target by itself\.\n$/,
    );
    const required = await runInProcess(
      ['compact', 'huge.json', '-f', 'openai', '--window', '1000', '--require-target'],
      directory,
    );
    expect(required.code).toBe(2);
    expect(JSON.parse(required.stdout)).toHaveLength(3);
    expect(required.stderr).toMatch(/--require-target: [\d,]+ tokens is above the 500-token target\n$/);
    const quiet = await runInProcess(
      ['--quiet', 'compact', 'huge.json', '-f', 'openai', '--window', '1000'],
      directory,
    );
    expect(quiet.stderr).toBe('');
  });

  it('reports the cache impact, and --min-savings skips a compaction that removes too little', async () => {
    const run = async (extra: string[]) =>
      runInProcess(['compact', session, '--format', 'openai', '--window', '8000', '--json', ...extra], '/');
    const plain = JSON.parse((await run([])).stdout) as {
      report: { before: number; after: number; cache: { savedTokens: number; breakEvenRequests: number } };
    };
    expect(plain.report.cache.savedTokens).toBe(plain.report.before - plain.report.after);
    const skipped = await run(['--min-savings', String(plain.report.cache.savedTokens + 1)]);
    expect(skipped.code).toBe(0);
    const document = JSON.parse(skipped.stdout) as { report: { skipped: string; cache: unknown } };
    expect(document.report).toMatchObject({ skipped: 'below-min-savings', cache: null });
    expect((await run(['--min-savings', 'lots'])).code).toBe(2);
  });

  it('keeps Anthropic system text as a parameter', async () => {
    const directory = writeTemp('anthropic.json', {
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'hello' },
        { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
      ],
    });
    const result = await runInProcess(
      ['compact', 'anthropic.json', '-f', 'anthropic', '--window', '100000', '--json'],
      directory,
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { system: string; report: { skipped: string } };
    expect(document.system).toBe('Be brief.');
    expect(document.report.skipped).toBe('below-trigger');
    expect(validate(fromAnthropic(document), 'anthropic')).toEqual([]);
  });

  it('rejects an invalid transcript with one line naming the index, exit 2', async () => {
    const directory = writeTemp('broken.json', [
      { role: 'user', content: 'go' },
      { role: 'tool', tool_call_id: 'call_1', content: 'orphan' },
    ]);
    const result = await runInProcess(
      ['compact', 'broken.json', '--format', 'openai', '--window', '1000'],
      directory,
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'ctxkit: broken.json: invalid openai transcript: message 1 (tool): tool result for "call_1" does not follow an assistant message that called it\n',
    );
  });

  it('repairs an invalid transcript with --repair and says what it changed', async () => {
    const directory = writeTemp('broken.json', [
      { role: 'user', content: 'go' },
      { role: 'tool', tool_call_id: 'call_1', content: 'orphan' },
    ]);
    const result = await runInProcess(
      ['compact', 'broken.json', '--format', 'openai', '--window', '1000', '--repair'],
      directory,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'ctxkit: repaired message 1: dropped — tool result for "call_1" has no call before it\n',
    );
    expect(JSON.parse(result.stdout)).toEqual([{ role: 'user', content: 'go' }]);
  });

  it('says which format a transcript reads as when --format is wrong', async () => {
    const directory = writeTemp('anthropic.json', [
      { role: 'user', content: 'list files' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.ts' }] },
    ]);
    const result = await runInProcess(['validate', 'anthropic.json', '--format', 'openai'], directory);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'ctxkit: anthropic.json: not a valid openai transcript: message 1: content part 0: expected a text part, found type "tool_use" (it reads as anthropic: pass --format anthropic)\n',
    );
  });

  it('gives no hint when no other format reads the transcript whole', async () => {
    const directory = writeTemp('call.json', [
      { role: 'assistant', content: [{ type: 'tool_use', id: 't', name: 'n', input: {} }] },
    ]);
    const result = await runInProcess(['validate', 'call.json', '--format', 'openai'], directory);
    expect(result.stderr).toBe(
      'ctxkit: call.json: not a valid openai transcript: message 0: content part 0: expected a text part, found type "tool_use"\n',
    );
  });

  it('names the index of a message of the wrong shape', async () => {
    const directory = writeTemp('shape.json', [
      { role: 'user', content: 'go' },
      { role: 'robot', content: 'x' },
    ]);
    const result = await runInProcess(
      ['compact', 'shape.json', '--format', 'ai-sdk', '--window', '1000'],
      directory,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'ctxkit: shape.json: not a valid ai-sdk transcript: message 1: expected role system, user, assistant or tool, found the string "robot"\n',
    );
  });

  it('needs a budget and a target below the trigger', async () => {
    const noBudget = await runInProcess(['compact', session, '--format', 'openai'], '/');
    expect(noBudget.code).toBe(2);
    expect(noBudget.stderr).toContain('expected --window N');
    const inverted = await runInProcess(
      ['compact', session, '-f', 'openai', '--window', '10', '--target', '0.9'],
      '/',
    );
    expect(inverted.code).toBe(2);
    expect(inverted.stderr).toContain('expected --target below --trigger');
  });

  it('sizes the budget from a model profile', async () => {
    const result = await runInProcess(
      ['compact', session, '--format', 'openai', '--model', 'gpt-4o', '--json'],
      '/',
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as { report: { budget: number; model: string } };
    expect(document.report.model).toBe('gpt-4o');
    expect(document.report.budget).toBeGreaterThan(100_000);
  });

  it('writes a bare Anthropic array back as an array when there is no system text', async () => {
    const messages = [
      { role: 'user', content: 'hello' },
      { role: 'assistant', content: [{ type: 'text', text: 'hi' }] },
    ];
    const directory = writeTemp('array.json', messages);
    const result = await runInProcess(
      ['compact', 'array.json', '-f', 'anthropic', '--window', '100000'],
      directory,
    );
    expect(JSON.parse(result.stdout)).toEqual(messages);
  });

  it('keeps the other fields of a request body, in order, and compacts its messages', async () => {
    const openai = JSON.parse(readFileSync(session, 'utf8')) as unknown[];
    const body = { model: 'gpt-4o', temperature: 0, messages: openai, tools: [{ type: 'function' }] };
    const directory = writeTemp('request.json', body);
    const result = await runInProcess(
      ['compact', 'request.json', '-f', 'openai', '--window', '8000'],
      directory,
    );
    expect(result.code).toBe(0);
    const written = JSON.parse(result.stdout) as typeof body;
    expect(Object.keys(written)).toEqual(['model', 'temperature', 'messages', 'tools']);
    expect(written.tools).toEqual(body.tools);
    expect(written.messages.length).toBeLessThanOrEqual(openai.length);
    expect(validate(fromOpenAI(written), 'openai')).toEqual([]);

    const anthropic = {
      model: 'claude-sonnet-4-5',
      max_tokens: 1024,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'hello' }],
    };
    const anthropicDirectory = writeTemp('request.json', anthropic);
    const again = await runInProcess(
      ['compact', 'request.json', '-f', 'anthropic', '--window', '100000'],
      anthropicDirectory,
    );
    expect(JSON.parse(again.stdout)).toEqual(anthropic);
  });
});

describe('ctxkit validate', () => {
  it('says a valid transcript is valid', async () => {
    const result = await runInProcess(['validate', session, '--format', 'openai'], '/');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${session}: valid openai transcript (28 messages)\n`);
  });

  it('lists every violation with its index and exits 2', async () => {
    // SWE-agent's replayed demonstrations reuse tool call ids: fine for OpenAI, rejected by Anthropic.
    const openai = JSON.parse(readFileSync(session, 'utf8')) as unknown;
    const directory = writeTemp('anthropic.json', toAnthropic(fromOpenAI(openai)));
    const result = await runInProcess(['validate', 'anthropic.json', '--format', 'anthropic'], directory);
    expect(result.code).toBe(2);
    // Numbered as in the file's `messages` array (its system prompt is not one of them).
    expect(result.stdout.split('\n')[0]).toMatch(
      /^duplicate-call-id\tmessage 13 \(assistant\): tool call id "call_5iDdbOYybq7L19vqXmR0DPaU" is already used$/,
    );
    expect(result.stderr).toMatch(/violations for anthropic; first at message 13\n$/);
  });

  it('prints every violation as JSON with --json', async () => {
    const directory = writeTemp('broken.json', [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'a', type: 'function', function: { name: 'ls', arguments: '{}' } }],
      },
      { role: 'user', content: 'hm' },
    ]);
    const result = await runInProcess(['validate', 'broken.json', '--format', 'openai', '--json'], directory);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toEqual({
      valid: false,
      messages: 2,
      violations: [
        {
          kind: 'missing-result',
          index: 0,
          callId: 'a',
          message: 'message 0 (assistant): tool call "a" has no result right after it',
        },
      ],
    });
  });
});
